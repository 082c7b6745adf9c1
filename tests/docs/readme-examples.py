#!/usr/bin/env python3
"""Runs the commands a Markdown page shows and checks they do what it says.

    readme-examples.py CLI_DIR PAGE...

In a ```console block, each `$ ` line is a command; the lines after it, up
to the next `$ ` line or the block's end, are what it prints (standard
output and error together). The command runs through sh, in a temporary
folder shared by the whole page (so a file one example writes, a later one
reads), with CLI_DIR first on PATH (so `kripkeviz-cli` is the one just
built), and must print exactly that. In a ```sh block, each line that
starts with `kripkeviz-cli` must run with exit status 0. Other blocks, and
lines of other programs (tools/dev.sh, meson), are not run.
Exits 1 and shows the difference when a page has drifted from the program.
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile


def blocks(text):
    """(language, first line number, lines) of each fenced block."""
    found = []
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        m = re.match(r'^```(\w*)\s*$', lines[i])
        if m:
            start = i + 1
            j = start
            while j < len(lines) and not lines[j].startswith('```'):
                j += 1
            found.append((m.group(1), start + 1, lines[start:j]))
            i = j + 1
        else:
            i += 1
    return found


def run(command, cwd, env):
    done = subprocess.run(['sh', '-c', command], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=120)
    return done.returncode, done.stdout


def check_page(page, cli_dir):
    text = open(page, encoding='utf-8').read()
    env = dict(os.environ, PATH=cli_dir + os.pathsep + os.environ.get('PATH', ''),
               LC_ALL='C.UTF-8', LANG='C.UTF-8', LANGUAGE='')
    env.pop('KRIPKEVIZ_ENGINE', None)
    env.pop('KRIPKEVIZ_WORLD_LIMIT', None)
    failures = 0
    ran = 0
    with tempfile.TemporaryDirectory() as cwd:
        for language, first, lines in blocks(text):
            if language == 'console':
                i = 0
                while i < len(lines):
                    if not lines[i].startswith('$ '):
                        print(f'{page}:{first + i}: output without a command', file=sys.stderr)
                        failures += 1
                        i += 1
                        continue
                    command, line = lines[i][2:], first + i
                    i += 1
                    shown = []
                    while i < len(lines) and not lines[i].startswith('$ '):
                        shown.append(lines[i])
                        i += 1
                    _, printed = run(command, cwd, env)
                    ran += 1
                    got = printed.rstrip('\n').split('\n') if printed.strip('\n') else []
                    while shown and shown[-1] == '':
                        shown.pop()
                    if got != shown:
                        failures += 1
                        print(f'{page}:{line}: `{command}` prints something else:', file=sys.stderr)
                        sys.stderr.writelines(l + '\n' for l in difflib.unified_diff(
                            shown, got, 'shown', 'printed', lineterm=''))
            elif language == 'sh':
                for n, command in enumerate(lines):
                    command = re.sub(r'\s+#.*$', '', command).strip()
                    if not command.startswith('kripkeviz-cli'):
                        continue
                    status, printed = run(command, cwd, env)
                    ran += 1
                    if status != 0:
                        failures += 1
                        print(f'{page}:{first + n}: `{command}` exits {status}:\n{printed}',
                              file=sys.stderr)
    print(f'{page}: {ran} commands, {failures} drifted')
    return failures


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli_dir = os.path.abspath(sys.argv[1])
    failures = sum(check_page(page, cli_dir) for page in sys.argv[2:])
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
