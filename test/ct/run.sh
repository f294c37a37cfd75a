#!/usr/bin/env bash
# Run the constant-time harness (test/ct/ct_check.c) of each CT=1 build
# folder: every group of operations with the secrets poisoned must run
# without a single report, and each self-test's leak must be reported.
# A valgrind build (memcheck) runs the generic backend (MLDSA_BACKEND=
# generic, pure C) and, on x86-64, x86_64-avx2 and x86_64-avx2-x4 too (the
# AVX2 NTT, row ops, encoders, packers and sample parsers).  Valgrind
# cannot run AVX-512: a build with clang's MemorySanitizer (the same
# annotations as __msan_poison, and the vector steps it does not model
# through ML_DSA_CT_VEC, include/internal/ct.h) runs x86_64-avx2-x4,
# x86_64-avx512vl-x4, x86_64-avx512-x8 and x86_64-avx512bw-x8 natively
# instead (skipped, counted, on a machine that cannot run them, and when
# CT_MSAN=none says there is no MemorySanitizer build).
# Prints a line per backend and "ct: N passed, N failed, N skipped" over
# operations and self-tests.
# Usage: test/ct/run.sh BUILD...   (from the repository root)
set -uo pipefail
pass=0
fail=0
skip=0
ops=0
msan=0
groups=(core der pem selftest plant-permute plant-y255)
if ! command -v valgrind >/dev/null 2>&1; then
    echo "ct: skipped, needs valgrind (apt-get install valgrind)"
    echo "ct: 0 passed, 0 failed, 1 skipped"
    exit 0
fi

# The function whose branch a self-test group's report must name.
leak_function() {
    case $1 in
        plant-y255) echo ct_plant_y255 ;;
        *) echo ct_leaky ;;
    esac
}

# one group under valgrind (or, in a MemorySanitizer build, natively): its
# lines, then a verdict; counts operations (b_ops, b_self: this backend's)
run() {
    local build=$1 backend=$2 group=$3 out rc n ok bad caught fn
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
    case $group in selftest|plant-*)
        # the leak must be reported (valgrind: exit 99 and the harness saw
        # the report; MSan: a report whose first frame is the branch)
        fn=$(leak_function "$group")
        if [ "$msan" = 1 ]; then
            caught=$(grep -A1 'WARNING: MemorySanitizer' <<<"$out" | grep -c " in $fn ")
        else
            caught=$(( rc == 99 && ok == 1 ))
        fi
        if [ "$caught" -ge 1 ]; then
            echo "ok   $build $backend $group: the leak in $fn is reported"
            pass=$((pass + 1))
            b_self=$((b_self + 1))
        else
            printf '%s\n' "$out"
            echo "FAIL $build $backend $group: the leak in $fn is not reported (exit $rc)"
            fail=$((fail + 1))
        fi
        return
    esac
    ops=$((ops + n))
    b_ops=$((b_ops + n))
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

summary=()
if [ "${CT_MSAN:-}" = none ]; then
    echo "skip: no clang with MemorySanitizer: x86_64-avx2-x4, x86_64-avx512vl-x4, x86_64-avx512-x8 and x86_64-avx512bw-x8 are not checked there"
    skip=$((skip + 4 * ${#groups[@]}))
fi
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
        backend_list=(x86_64-avx2-x4 x86_64-avx512vl-x4 x86_64-avx512-x8 x86_64-avx512bw-x8)
    elif grep -q -- '-DKECCAK1600_ASM' "$build/config" 2>/dev/null; then
        # a build with the x86-64 kernels also runs its AVX2 backend
        backend_list+=(x86_64-avx2 x86_64-avx2-x4)
    fi
    for backend in "${backend_list[@]}"; do
        b_ops=0
        b_self=0
        for group in "${groups[@]}"; do
            run "$build" "$backend" "$group"
        done
        summary+=("$(printf '%-15s %-19s %-15s %3d operations clean, %d of 3 leaks reported' \
            "$build" "$backend" "$([ "$msan" = 1 ] && echo MemorySanitizer || echo valgrind)" \
            "$b_ops" "$b_self")")
    done
done
echo "ct: per backend:"
printf '  %s\n' "${summary[@]}"
echo "ct: $ops operations run under valgrind or MemorySanitizer"
echo "ct: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
