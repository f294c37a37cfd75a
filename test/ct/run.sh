#!/usr/bin/env bash
# Run the constant-time harness (test/ct/ct_check.c) of each CT=1 build
# folder under valgrind memcheck: every group of operations with the
# secrets poisoned must run without a single report, and the self-test's
# leaky function must be reported.  Each build runs on the generic backend
# (MLDSA_BACKEND=generic, pure C) and, on x86-64, on x86_64-avx2 too (the
# AVX2 NTT, row ops and encoders).  Valgrind cannot run AVX-512: a build
# with clang's MemorySanitizer (build-ct-msan, the same annotations as
# __msan_poison) runs the x86_64-avx512vl-x4 backend natively instead
# (skipped on a machine that cannot run it); the x86_64-avx512-x8 backend is
# left unchecked (see README.md).
# Prints "ct: N passed, N failed, N skipped" over operations.
# Usage: test/ct/run.sh BUILD...   (from the repository root)
set -uo pipefail
pass=0
fail=0
skip=0
ops=0
msan=0
if ! command -v valgrind >/dev/null 2>&1; then
    echo "ct: skipped, needs valgrind (apt-get install valgrind)"
    echo "ct: 0 passed, 0 failed, 1 skipped"
    exit 0
fi

# one group under valgrind (or, in a MemorySanitizer build, natively): its
# lines, then a verdict; counts operations
run() {
    local build=$1 backend=$2 group=$3 out rc n ok bad caught
    if [ "$msan" = 1 ]; then
        out=$(MLDSA_BACKEND=$backend "$build/ct/ct_check" "$group" 2>&1)
    else
        out=$(MLDSA_BACKEND=$backend valgrind -q --error-exitcode=99 \
              --track-origins=yes "$build/ct/ct_check" "$group" 2>&1)
    fi
    rc=$?
    if ! grep -qx "backend: $backend" <<<"$out"; then
        if [ "$msan" = 1 ]; then
            echo "skip $build $group: this machine does not run $backend"
            skip=$((skip + 1))
            return
        fi
        printf '%s\n' "$out" | head -n 3
        echo "FAIL $build $group: not run on the $backend backend"
        fail=$((fail + 1))
        return
    fi
    n=$(grep -cE '^(ok|LEAK|FAIL) ' <<<"$out")
    ok=$(grep -c '^ok ' <<<"$out")
    bad=$((n - ok))
    if [ "$msan" = 1 ] && grep -q 'WARNING: MemorySanitizer' <<<"$out"; then
        # MemorySanitizer stops at its first report, in the operation after
        # the last line printed
        bad=$((bad + 1))
    fi
    ops=$((ops + n))
    if [ "$group" = selftest ]; then
        # the leaky function must be reported (valgrind: exit 99; MSan: a
        # report from ct_leaky)
        if [ "$msan" = 1 ]; then
            caught=$(grep -A3 'WARNING: MemorySanitizer' <<<"$out" | grep -c ct_leaky)
        else
            caught=$(( rc == 99 && ok == 1 ))
        fi
        if [ "$caught" -ge 1 ]; then
            echo "ok   $build $backend selftest: the leaky function is reported"
            pass=$((pass + 1))
            [ "$msan" = 1 ] && ops=$((ops + 1))
        else
            printf '%s\n' "$out"
            echo "FAIL $build $backend selftest: the leaky function is not reported (exit $rc)"
            fail=$((fail + 1))
        fi
        return
    fi
    if [ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$n" -gt 0 ]; then
        echo "ok   $build $backend $group: $n operations, no report"
        pass=$((pass + n))
    else
        printf '%s\n' "$out" | head -n 60
        echo "FAIL $build $backend $group: exit $rc"
        pass=$((pass + ok))
        fail=$((fail + (bad > 0 ? bad : 1)))
    fi
}

for build in "$@"; do
    if [ ! -x "$build/ct/ct_check" ]; then
        echo "FAIL $build: no $build/ct/ct_check (make test-ct builds it)"
        fail=$((fail + 1))
        continue
    fi
    backend_list=(generic)
    msan=0
    if grep -q -- '-fsanitize=memory' "$build/config" 2>/dev/null; then
        # MemorySanitizer: the AVX-512 backends, which valgrind cannot run
        msan=1
        # (x86_64-avx512-x8 is not: clang 14's MemorySanitizer does not
        # model its 512-bit pack intrinsics and reports their secret data)
        backend_list=(x86_64-avx512vl-x4)
    elif grep -q -- '-DKECCAK1600_ASM' "$build/config" 2>/dev/null; then
        # a build with the x86-64 kernels also runs its AVX2 backend
        backend_list+=(x86_64-avx2)
    fi
    for backend in "${backend_list[@]}"; do
        for group in core der pem selftest; do
            run "$build" "$backend" "$group"
        done
    done
done
echo "ct: $ops operations run under valgrind or MemorySanitizer"
echo "ct: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
