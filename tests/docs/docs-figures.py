#!/usr/bin/env python3
"""The tournament and search figures the docs quote are what the CLI prints.

    docs-figures.py CLI_DIR SOURCE_ROOT

docs/players.md and docs/experiments.md quote, in Markdown tables, what
`kripkeviz-cli play` and `search` print for a seed. This runs the cheap ones
(100 mixed games of Clue 11, the unsuccessful-endmove count over 1000
games, Aartun's set-up on Clue 11 and the probabilities example) with the CLI just built and checks that each table row quoting them
holds exactly the printed figures, so a change in the players, the deals or
the seeding cannot leave the docs behind. The longer commands on those
pages are not run here (minutes each); they are played from the same code.
Exits 1 naming each row that drifted.
"""
import os
import re
import subprocess
import sys


def cli(cli_dir, *args):
    env = dict(os.environ, LC_ALL='C.UTF-8', LANG='C.UTF-8', LANGUAGE='')
    env.pop('KRIPKEVIZ_ENGINE', None)
    env.pop('KRIPKEVIZ_WORLD_LIMIT', None)
    done = subprocess.run([os.path.join(cli_dir, 'kripkeviz-cli'), *args],
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f'kripkeviz-cli {" ".join(args)} exits {done.returncode}:\n{done.stderr}')
    return done.stdout


def play_cells(output):
    """strategy -> "W wins, R rounds", from play's table."""
    cells = {}
    for line in output.splitlines():
        m = re.match(r'^(\S+)\s+\d+\s+(\d+)\s+[\d.]+%\s+([\d.]+)', line)
        if m:
            cells[m.group(1)] = f'{m.group(2)} wins, {m.group(3)} rounds'
    return cells


def rows(page, prefix):
    """The cells of each table row of PAGE that starts with PREFIX."""
    found = []
    for n, line in enumerate(open(page, encoding='utf-8'), 1):
        if line.startswith(prefix):
            found.append((n, [c.strip() for c in line.strip().strip('|').split('|')]))
    return found


def expect(page, prefix, first, wanted):
    """Every row of PAGE starting with PREFIX has WANTED from cell FIRST on;
    there must be at least one such row."""
    name = os.path.relpath(page)
    found = rows(page, prefix)
    if not found:
        print(f'{name}: no table row starts with {prefix!r}', file=sys.stderr)
        return 1
    failures = 0
    for n, cells in found:
        got = cells[first:first + len(wanted)]
        if got != wanted:
            print(f'{name}:{n}: the table says {got}, the CLI prints {wanted}',
                  file=sys.stderr)
            failures += 1
    return failures


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cli_dir, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    players = os.path.join(root, 'docs', 'players.md')
    experiments = os.path.join(root, 'docs', 'experiments.md')
    failures = 0

    mixed = play_cells(cli(cli_dir, 'play', 'clue11', '--agents', 'naive,del,del+',
                           '--games', '100', '--seed', '1', '--jobs', '2'))
    wanted = [mixed.get(s, '(missing)') for s in ('naive', 'del', 'del+')]
    failures += expect(players, '| 100 |', 1, wanted)
    failures += expect(experiments, '| `play clue11 --agents naive,del,del+ --seed 1` | 100 |',
                       2, wanted)

    printed = cli(cli_dir, 'search', 'unsuccessful', 'clue11', '--seed', '1',
                  '--count', '--games', '1000')
    first = re.search(r'^game (\d+): nobody knew δ; after (“[^”]*”) \(step (\d+)\) (.*)$',
                      printed, re.M)
    count = re.search(r'^(\d+) of 1000 games', printed, re.M)
    if not first or not count:
        sys.exit(f'search prints something this test does not read:\n{printed}')
    game, action, step, who = first.groups()
    failures += expect(players, '| `del` (default) |', 1,
                       [count.group(1), f'game {game}, step {step}'])
    failures += expect(experiments, '| `del` |', 1,
                       [count.group(1), f'game {game}: after {action} (step {step}) {who}'])

    for strategy in ('naive', 'del', 'random'):
        printed = cli(cli_dir, 'play', 'clue11', '--agents', f'{strategy},uniform,uniform',
                      '--fixed-seats', '--end-when-asked', '--games', '100', '--seed', '1',
                      '--jobs', '2')
        seat = re.search(r'^ +1  \S+ +\d+  ([\d.]+)$', printed, re.M)
        asked = re.search(r'^(\d+) games ended when agent 1 asked', printed, re.M)
        if not seat:
            sys.exit(f'play prints no seat table this test reads:\n{printed}')
        failures += expect(experiments, f'| `clue11` | `{strategy}` |', 2,
                           [seat.group(1), asked.group(1) if asked else '0'])

    example = os.path.join(root, 'docs', 'examples', 'probabilities.kvg')
    quoted = open(experiments, encoding='utf-8').read()
    for engine in ('explicit', 'symbolic'):
        printed = cli(cli_dir, 'run', example, '--probabilities', '--engine', engine)
        for line in printed.splitlines():
            if re.match(r'^(card|Scarlet|worlds) ', line) and line not in quoted:
                print(f'docs/experiments.md does not quote run --probabilities --engine {engine}: {line}',
                      file=sys.stderr)
                failures += 1

    print(f'{failures} table rows drifted')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
