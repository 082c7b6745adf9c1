#!/usr/bin/env python3
"""Prints the longest C functions under the given folders (default src).

  tools/longest-functions.py [--over N] [--top K] [DIR…]

A function is a definition whose name starts a line and whose body opens
with a brace alone on the next line, as the project writes them (GNU
style); its length counts from the name to the closing brace. With
--over N, exits 1 when any function is longer than N lines.
"""
import argparse
import pathlib
import re
import sys

parser = argparse.ArgumentParser()
parser.add_argument('--over', type=int)
parser.add_argument('--top', type=int, default=20)
parser.add_argument('dirs', nargs='*', default=['src'])
args = parser.parse_args()

definition = re.compile(r'^([A-Za-z_]\w*) \(')
functions = []
for top in args.dirs:
    for path in sorted(pathlib.Path(top).rglob('*.c')):
        lines = path.read_text(errors='replace').splitlines()
        i = 0
        while i < len(lines):
            m = definition.match(lines[i])
            if m and i + 1 < len(lines) and lines[i + 1].startswith('{') is False:
                # the parameter list may wrap: find the line that opens the body
                j = i
                while j < len(lines) and not lines[j].startswith('{') and not lines[j].rstrip().endswith(';'):
                    j += 1
                if j < len(lines) and lines[j].startswith('{'):
                    k = j + 1
                    while k < len(lines) and not lines[k].startswith('}'):
                        k += 1
                    functions.append((k - i + 1, f'{path}:{i + 1}', m.group(1)))
                    i = k
            elif m and i + 1 < len(lines) and lines[i + 1].startswith('{'):
                k = i + 2
                while k < len(lines) and not lines[k].startswith('}'):
                    k += 1
                functions.append((k - i + 1, f'{path}:{i + 1}', m.group(1)))
                i = k
            i += 1

functions.sort(reverse=True)
for length, where, name in functions[:args.top]:
    print(f'{length:5d}  {name}  {where}')
if args.over is not None:
    over = [f for f in functions if f[0] > args.over]
    if over:
        print(f'{len(over)} functions over {args.over} lines', file=sys.stderr)
        sys.exit(1)
