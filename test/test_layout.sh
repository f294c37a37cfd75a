#!/usr/bin/env bash
# The layout of the tree: no two source files of apps/, crypto/ml_dsa/ or
# providers/ need each other, directly or around a circle (test/circles.py:
# calls between .c files, includes between headers), so that each part
# only calls downward; the check itself finds a circle it is shown; and
# doc/architecture.md names every folder of the tree.  One line per case,
# then "N passed, N failed, N skipped".
# Usage: bash test/test_layout.sh [PATH_TO_mldsa]  (the tool is not used)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/test
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$HERE/cases.sh"

if ! command -v python3 >/dev/null 2>&1; then
    skip "circles between files" "needs python3"
else
    # a made-up tree: a.c and b.c call each other; c.c calls down only
    mkdir -p "$T/circle" "$T/down"
    printf 'int b(void);\nint a(void)\n{\n    return b();\n}\n' >"$T/circle/a.c"
    printf 'int a(void);\nint b(void)\n{\n    return a();\n}\n' >"$T/circle/b.c"
    printf 'static int a(void)\n{\n    return 0;\n}\nint c(void)\n{\n    return a();\n}\n' >"$T/down/c.c"
    printf 'int a(void)\n{\n    return 1;\n}\n' >"$T/down/a.c"
    if out=$(cd "$T" && python3 "$HERE/circles.py" circle 2>&1); then
        bad "test/circles.py finds two files calling each other" "$out"
    else
        ok "test/circles.py finds two files calling each other"
    fi
    if out=$(cd "$T" && python3 "$HERE/circles.py" down 2>&1); then
        ok "test/circles.py passes a tree that calls downward only"
    else
        bad "test/circles.py passes a tree that calls downward only" "$out"
    fi
    for d in apps crypto/ml_dsa providers; do
        if out=$(cd "$ROOT" && python3 "$HERE/circles.py" "$d" 2>&1); then
            ok "no circle between the files of $d/"
        else
            bad "no circle between the files of $d/" "$(printf '%s\n' "$out" | sed '$d')"
        fi
    done
fi

doc=$ROOT/doc/architecture.md
if [ ! -f "$doc" ]; then
    bad "doc/architecture.md names every folder" "no doc/architecture.md"
else
    missing=
    for d in $(cd "$ROOT" && find apps crypto include perlasm providers test util doc \
                   -type d ! -path 'test/vectors/*' ! -name __pycache__ | sort); do
        grep -qF "$d/" "$doc" || missing="$missing $d/"
    done
    if [ -z "$missing" ]; then
        ok "doc/architecture.md names every folder"
    else
        bad "doc/architecture.md names every folder" "not named:$missing"
    fi
fi

echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
