#!/usr/bin/env bash
# The self-tests and the pairwise consistency test can fail: the library
# built in build-faults/ with PCT=1 and -DML_DSA_SELF_TEST_FAULTS (a test
# build: fault injection exists nowhere else), and its
# test/faults/selftest_faults run (through RUNNER), which corrupts each
# self-test's expected value in turn and the PCT's signature, and must see
# MLDSA_ERR_SELF_TEST each time.  CC and LDFLAGS from the environment, as
# make test passes them.  Its own lines, then "N passed, N failed".
# Usage (from the repository root): bash test/test_selftest_faults.sh [PATH_TO_mldsa]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
read -r -a runner <<<"${RUNNER:-}"
B=build-faults
log=$(mktemp)
trap 'rm -f "$log"' EXIT
. "$ROOT/test/tree.sh"
# (only CC and LDFLAGS of the make that runs the test, none of its settings)
if ! tree_make "$ROOT" -j2 CC="${CC:-cc}" LDFLAGS="${LDFLAGS:-}" BUILD=$B OUT=$B/ \
        PCT=1 CPPFLAGS=-DML_DSA_SELF_TEST_FAULTS faults-bins >"$log" 2>&1; then
    tail -n 20 "$log"
    echo "FAIL the fault-injection build (make BUILD=$B PCT=1 ... faults-bins)"
    echo "0 passed, 1 failed"
    exit 1
fi
prog=$(ls "$ROOT/$B/faults/selftest_faults" "$ROOT/$B/faults/selftest_faults.exe" 2>/dev/null | head -n 1)
"${runner[@]}" "$prog"
