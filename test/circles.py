#!/usr/bin/env python3
"""Circles between source files: which files need each other.

Usage: test/circles.py DIR...   (from the repository root)

A .c file needs another when it names a function the other defines with
external linkage (a call, or a pointer taken); a .inc file counts as part
of the file that includes it, and a name a file defines itself is its own
(the platform alternatives, apps_posix.c and apps_win32.c or the backends
of each architecture, define the same names).  A header needs the headers
it includes.  Prints each circle, with the names that close it, and exits 1
when there is one; a tree whose layers only call downward has none.
"""
import os
import re
import sys


def strip(text):
    """Text without comments and string or character literals (lines kept)."""
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.S)
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", text)


def read_tree(roots):
    files = {}
    for root in roots:
        for d, dirs, names in os.walk(root):
            dirs.sort()
            for n in sorted(names):
                if n.endswith(('.c', '.h', '.inc')):
                    p = os.path.normpath(os.path.join(d, n))
                    with open(p, encoding='utf-8', errors='replace') as f:
                        files[p] = f.read()
    return files


def includes(files, p):
    """The files of the tree that p includes ("..." includes only)."""
    out = []
    for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', files[p], re.M):
        for q in (os.path.normpath(os.path.join(os.path.dirname(p), m.group(1))),
                  os.path.normpath(m.group(1))):
            if q in files:
                out.append(q)
                break
    return out


def top_level_definitions(text):
    """Names of the functions text defines with external linkage."""
    names = []
    depth = 0
    for m in re.finditer(r'[{}]', text):
        if m.group(0) == '}':
            depth -= 1
            continue
        depth += 1
        if depth != 1:
            continue
        head = text[:m.start() + 1]
        d = re.search(r'\b([A-Za-z_]\w*)\s*\(([^;{}()]|\([^;{}()]*\))*\)\s*'
                      r'(__attribute__\s*\(\(.*?\)\)\s*)?\{$', head, re.S)
        if d is None or d.group(1) in ('if', 'for', 'while', 'switch'):
            continue
        start = max(head.rfind(';', 0, d.start()), head.rfind('}', 0, d.start()))
        decl = '\n'.join(line for line in head[start + 1:d.start()].split('\n')
                         if not line.lstrip().startswith('#'))
        if not re.search(r'\b(static|typedef|struct|enum|union)\b|=', decl):
            names.append(d.group(1))
    return names


def graphs(files):
    # a .inc belongs to the file that includes it
    owner = {}
    for p in files:
        for q in includes(files, p):
            if q.endswith('.inc'):
                owner.setdefault(q, []).append(p)

    def roots_of(q):
        if q not in owner:
            return [q]
        return [r for p in owner[q] for r in roots_of(p)]

    text = {p: strip(files[p]) for p in files if p.endswith('.c')}
    for q in files:
        if q.endswith('.inc'):
            for r in roots_of(q):
                if r in text:
                    text[r] += '\n' + strip(files[q])
    defs = {}
    for p, t in text.items():
        for name in top_level_definitions(t):
            defs.setdefault(name, set()).add(p)
    calls = {p: {} for p in text}
    for p, t in text.items():
        for w in set(re.findall(r'\b[A-Za-z_]\w*\b', t)):
            if p in defs.get(w, ()):
                continue
            for q in defs.get(w, ()):
                calls[p].setdefault(q, []).append(w)
    heads = {p: {q: [] for q in includes(files, p) if q.endswith('.h')}
             for p in files if p.endswith('.h')}
    return calls, heads


def circles(g):
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            c = []
            while True:
                w = stack.pop()
                on.discard(w)
                c.append(w)
                if w == v:
                    break
            if len(c) > 1:
                out.append(sorted(c))

    sys.setrecursionlimit(10000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def main(roots):
    files = read_tree(roots)
    found = 0
    for kind, g in zip(("call", "include"), graphs(files)):
        for c in circles(g):
            found += 1
            print("circle (%s): %s" % (kind, " ".join(c)))
            for a in c:
                for b in sorted(g[a]):
                    if b in c:
                        names = sorted(g[a][b])
                        print("  %s -> %s%s" % (a, b, " (%s)" % ", ".join(names[:5])
                                                if names else ""))
    print("%d circles in %d files of %s" % (found, len(files), " ".join(roots)))
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or ["apps", "crypto/ml_dsa", "providers"]))
