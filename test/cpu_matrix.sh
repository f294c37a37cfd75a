#!/usr/bin/env bash
# The x86-64 build on CPUs without AVX-512 and without AVX2, under
# qemu-user's emulated CPU models: Nehalem (SSE4.2, no AVX2) must choose
# the generic backend and Haswell (AVX2, no AVX-512) x86_64-avx2, and every
# Check suite must pass on each: an instruction the model lacks would stop
# the suite with SIGILL.  (Child processes a suite starts run natively.)
# Usage: test/cpu_matrix.sh BINDIR APP    (make test-cpu)
set -u
bindir=$1
app=$2
pass=0
fail=0

check() {
    local what=$1
    shift
    if "$@" >/dev/null 2>&1; then
        echo "ok   $what"
        pass=$((pass + 1))
    else
        echo "FAIL $what"
        fail=$((fail + 1))
    fi
}

if ! command -v qemu-x86_64 >/dev/null 2>&1; then
    echo "cpu-matrix: qemu-x86_64 missing (apt-get install qemu-user): skipped"
    echo "cpu-matrix: 0 passed, 0 failed, 1 skipped"
    exit 0
fi
for cpu in Nehalem:generic Haswell:x86_64-avx2; do
    model=${cpu%%:*}
    want=${cpu#*:}
    check "$model: mldsa info chooses $want" \
        bash -c "qemu-x86_64 -cpu $model '$app' info | grep -qx 'backend: *$want'"
    for t in "$bindir"/test_*; do
        [ -x "$t" ] || continue
        check "$model: $(basename "$t")" qemu-x86_64 -cpu "$model" "$t"
    done
done
echo "cpu-matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
