#!/usr/bin/env bash
# Reproducible build: the tree copied to two folders at different paths
# (different depths too), `make lib apps/mldsa` in each with the same
# settings, must give byte-identical libmldsa.a, libmldsa.so and tool.
# CC and CFLAGS from the environment pick the compiler and flags (default
# cc, -O2 -g: with debug info, where build paths would show).  One line per
# case, then "N passed, N failed".
# Usage: bash test/test_reproducible.sh [PATH_TO_mldsa]  (the tool is not used)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); }

. "$ROOT/test/tree.sh"
not_for_windows_cc "the ELF libmldsa.so and tool"

# Each copy built with only CC and CFLAGS given (from this test's
# environment), nothing of the make that runs the test.
build() {
    tree_make "$1" -j2 CC="${CC:-cc}" CFLAGS="${CFLAGS:--O2 -g}" \
        lib apps/mldsa >"$1.log" 2>&1
}

a="$T/a"
b="$T/other/deeper/tree-b"
copy_tree "$a" && copy_tree "$b" && ok "two copies of the tree" || bad "two copies of the tree"
for d in "$a" "$b"; do
    if build "$d"; then
        ok "make lib apps/mldsa in $d"
    else
        bad "make lib apps/mldsa in $d" "$(tail -n 5 "$d.log")"
    fi
done
for f in libmldsa.a libmldsa.so apps/mldsa; do
    if [ ! -f "$a/$f" ] || [ ! -f "$b/$f" ]; then
        bad "$f is the same in both" "not built"
    elif cmp -s "$a/$f" "$b/$f"; then
        ok "$f is the same in both"
    else
        bad "$f is the same in both" "$(cmp "$a/$f" "$b/$f" 2>&1)"
    fi
    if [ -f "$a/$f" ] && grep -qaF "$T" "$a/$f"; then
        bad "$f does not hold the build path"
    else
        ok "$f does not hold the build path"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
