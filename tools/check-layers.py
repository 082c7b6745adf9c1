#!/usr/bin/env python3
"""Checks that the engine's rooms use one another one way.

src/engine/meson.build lists the rooms in order (engine_rooms); a file may
include headers of its own room and of the rooms before it, never after.
explicit/ and symbolic/ are siblings: neither includes the other. Only
symbolic/ includes BuDDy. Prints each breach and exits 1 when there is one.
"""
import pathlib
import re
import sys

engine = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'src/engine')
rooms = re.search(r"engine_rooms = \[([^\]]*)\]", (engine / 'meson.build').read_text())
rooms = re.findall(r"'(\w+)'", rooms.group(1))
rank = {room: i for i, room in enumerate(rooms)}
siblings = {('explicit', 'symbolic'), ('symbolic', 'explicit')}

home = {}
for room in rooms:
    for header in (engine / room).glob('*.h'):
        home[header.name] = room

breaches = []
for room in rooms:
    for source in sorted((engine / room).glob('*.[ch]')):
        for n, line in enumerate(source.read_text().splitlines(), 1):
            m = re.match(r'#include [<"]([^">]+)[">]', line)
            if not m:
                continue
            name = m.group(1)
            where = f'{source}:{n}'
            if name == 'bdd.h' and room != 'symbolic':
                breaches.append(f'{where}: only symbolic/ includes BuDDy')
            other = home.get(name)
            if other is None:
                continue
            if rank[other] > rank[room] or (room, other) in siblings:
                breaches.append(f'{where}: {room}/ includes {other}/{name}')

for line in breaches:
    print(line)
sys.exit(1 if breaches else 0)
