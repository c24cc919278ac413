#!/usr/bin/env python3
"""Lists the functions of src/ longer than a threshold (default 100 lines), longest first.

A light brace matcher, not a parser: comments, string and character literals are blanked,
then every `{` at namespace depth whose preceding declaration has a parameter list (and is not
a class, struct, enum, namespace or initializer) opens a function; its length is the number of
lines from its signature's first line to the matching `}`. Lambdas and nested classes count as
part of the function they are in.
Usage: scripts/function-sizes.py [--min N] [--count] [paths...]  (default: src)
"""
import argparse
import pathlib
import re
import sys

BLANK = re.compile(r'//[^\n]*|/\*.*?\*/|R"(\w*)\((?:.|\n)*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                   re.S)


def blank(text):
    return BLANK.sub(lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text)


def functions(text):
    code = blank(text)
    out = []
    depth_kinds = []  # for each open brace: 'ns' (namespace/class/extern) or 'fn' or 'other'
    decl_start = 0
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == '{':
            head = code[decl_start:i]
            in_fn = any(k == 'fn' for k in depth_kinds)
            kind = 'other'
            if not in_fn:
                h = ' '.join(head.split())
                if re.search(r'\b(namespace|class|struct|union|enum)\b', h) and '(' not in h.split('{')[0]:
                    kind = 'ns'
                elif re.match(r'^extern\s+"', h) or h.startswith('extern'):
                    kind = 'ns'
                elif '(' in h and ')' in h and not h.rstrip().endswith('=') and not re.search(r'=\s*$', h):
                    kind = 'fn'
                    name = re.findall(r'([~\w:<>]+)\s*\(', h)
                    start_line = code.count('\n', 0, decl_start + (len(head) - len(head.lstrip()))) + 1
                    out.append([name[0] if name else '?', start_line, None, len(depth_kinds)])
            depth_kinds.append(kind)
            decl_start = i + 1
        elif c == '}':
            if depth_kinds:
                kind = depth_kinds.pop()
                if kind == 'fn':
                    for f in reversed(out):
                        if f[2] is None and f[3] == len(depth_kinds):
                            f[2] = code.count('\n', 0, i) + 1
                            break
            decl_start = i + 1
        elif c == ';':
            if not any(k == 'fn' for k in depth_kinds):
                decl_start = i + 1
        elif c == '#' and (i == 0 or code[i - 1] == '\n'):
            j = code.find('\n', i)
            while j != -1 and code[j - 1] == '\\':
                j = code.find('\n', j + 1)
            i = n if j == -1 else j
            decl_start = i
            continue
        i += 1
    return [(name, a, b - a + 1) for name, a, b, _ in out if b is not None]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--min', type=int, default=100)
    ap.add_argument('--count', action='store_true', help='print only how many')
    ap.add_argument('paths', nargs='*', default=['src'])
    args = ap.parse_args()
    rows = []
    for p in args.paths:
        root = pathlib.Path(p)
        files = [root] if root.is_file() else sorted(root.rglob('*.cpp')) + sorted(root.rglob('*.hpp'))
        for f in files:
            for name, line, length in functions(f.read_text(errors='replace')):
                if length > args.min:
                    rows.append((length, f'{f}:{line}', name))
    rows.sort(key=lambda r: (-r[0], r[1]))
    if args.count:
        print(len(rows))
        return 0
    for length, where, name in rows:
        print(f'{length:5d}  {where}  {name}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
