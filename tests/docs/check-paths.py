#!/usr/bin/env python3
"""Every file a document names is there.

    check-paths.py SOURCE_ROOT [PAGE...]

Without PAGEs: README.md, HACKING.md and docs/*.md of SOURCE_ROOT.

A page names a file in backticks (`src/engine/game/kv-step.c`) or links a
picture (![…](screenshots/hexa-nocard.png)); when the file moves or goes,
the page must follow. Paths are taken from the source root, links from the
page's folder. Patterns (`tests/engine/test-*.c`, `kv-thing`, the example
of a new file) are not checked. Exits 1 naming each missing file.
"""
import pathlib
import re
import sys

CODE = re.compile(r'`((?:src|tests|tools|data|ui|help|bench|po|docs|screenshots)/[^`\s]*)`')
PICTURE = re.compile(r'!\[[^\]]*\]\(([^)\s]+)\)')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1])
    pages = [pathlib.Path(p) for p in sys.argv[2:]] or \
        [root / 'README.md', root / 'HACKING.md'] + sorted((root / 'docs').glob('*.md'))
    missing = 0
    for page in pages:
        for n, line in enumerate(page.read_text(encoding='utf-8').splitlines(), 1):
            for m in CODE.finditer(line):
                path = m.group(1).rstrip('/.,;:')
                if any(c in path for c in '*{}…<>') or 'kv-thing' in path:
                    continue
                if not (root / path).exists():
                    print(f'{page}:{n}: no such file: {path}', file=sys.stderr)
                    missing += 1
            for m in PICTURE.finditer(line):
                if '://' not in m.group(1) and not (page.parent / m.group(1)).exists():
                    print(f'{page}:{n}: no such picture: {m.group(1)}', file=sys.stderr)
                    missing += 1
    print(f'{len(pages)} pages, {missing} missing files')
    sys.exit(1 if missing else 0)


if __name__ == '__main__':
    main()
