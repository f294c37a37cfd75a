#!/usr/bin/env bash
# The build on CPUs with and without its instruction set extensions, under
# qemu-user's emulated CPU models, every Check suite passing on each (an
# instruction the model lacks would stop a suite with SIGILL):
#   x86-64   Nehalem (SSE4.2, no AVX2) must choose the generic backend and
#            Haswell (AVX2, no AVX-512) x86_64-avx2-x4.  (Child processes a
#            suite starts run natively.)  qemu-user (7.2) emulates no
#            AVX-512, so its Skylake-Server and Cascadelake-Server models
#            are Haswell here; AVX-512 without VBMI is this CPU with VBMI
#            masked off instead (MLDSA_IA32CAP=~0x40, natively), where the
#            CPU has AVX-512BW: it must choose x86_64-avx512bw-x8.
#   aarch64  -cpu max (Advanced SIMD and the SHA-3 extension: both x2
#            Keccak kernels usable), -cpu cortex-a72 (Armv8.0: the NEON
#            kernel only), and -cpu max with MLDSA_ARMCAP masking the SHA-3
#            extension (~0x2: the NEON kernel only) and both (~0x3: none);
#            `mldsa info` must list exactly those kernels as usable.  Child
#            processes run under the same qemu (MLDSA_TEST_RUNNER).
# The architecture is the tool's (its ELF machine).
# Usage: test/cpu_matrix.sh BINDIR APP    (make test-cpu; for aarch64
# test/cross.sh aarch64 test-cpu)
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

# suites WHAT QEMU...: every suite of BINDIR under QEMU.
suites() {
    local what=$1 t
    shift
    for t in "$bindir"/test_*; do
        [ -x "$t" ] || continue
        check "$what: $(basename "$t")" "$@" "$t"
    done
}

# usable_kernels QEMU...: the Keccak kernels `mldsa info` says run here.
usable_kernels() {
    "$@" "$app" info | sed -n 's/^keccak: *//p' | tr ';' '\n' |
        sed -n 's/^ *\(.*\) ([0-9]* states\{0,1\})$/\1/p' | tr '\n' ',' | sed 's/,$//'
}

case $(readelf -h "$app" 2>/dev/null | sed -n 's/^ *Machine: *//p') in
AArch64)
    if ! command -v qemu-aarch64 >/dev/null 2>&1; then
        echo "cpu-matrix: qemu-aarch64 missing (apt-get install qemu-user): skipped"
        echo "cpu-matrix: 0 passed, 0 failed, 1 skipped"
        exit 0
    fi
    export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-20}
    # model | MLDSA_ARMCAP | the kernels usable
    for row in "max||scalar,x2 neon,x2 sha3,x1 sha3" "cortex-a72||scalar,x2 neon" \
               "max|~0x2|scalar,x2 neon" "max|~0x3|scalar"; do
        IFS='|' read -r model mask want <<<"$row"
        qemu=(qemu-aarch64 -L "${QEMU_LD_PREFIX:-/usr/aarch64-linux-gnu}" -cpu "$model")
        what="$model${mask:+ MLDSA_ARMCAP=$mask}"
        if [ -n "$mask" ]; then export MLDSA_ARMCAP="$mask"; else unset MLDSA_ARMCAP; fi
        export MLDSA_TEST_RUNNER="${qemu[*]}"
        check "$what: mldsa info lists the kernels $want as usable" \
            eval '[ "$(usable_kernels "${qemu[@]}")" = "$want" ]'
        suites "$what" "${qemu[@]}"
    done
    ;;
*)
    if ! command -v qemu-x86_64 >/dev/null 2>&1; then
        echo "cpu-matrix: qemu-x86_64 missing (apt-get install qemu-user): skipped"
        echo "cpu-matrix: 0 passed, 0 failed, 1 skipped"
        exit 0
    fi
    for cpu in Nehalem:generic Haswell:x86_64-avx2-x4; do
        model=${cpu%%:*}
        want=${cpu#*:}
        check "$model: mldsa info chooses $want" \
            bash -c "qemu-x86_64 -cpu $model '$app' info | grep -qx 'backend: *$want'"
        suites "$model" qemu-x86_64 -cpu "$model"
    done
    if "$app" info | grep -q '^backends:.* x86_64-avx512bw-x8'; then
        export MLDSA_IA32CAP='~0x40'
        check "native MLDSA_IA32CAP=~0x40: mldsa info chooses x86_64-avx512bw-x8" \
            bash -c "'$app' info | grep -qx 'backend: *x86_64-avx512bw-x8'"
        suites "native MLDSA_IA32CAP=~0x40" env
        unset MLDSA_IA32CAP
    else
        echo "skip native MLDSA_IA32CAP=~0x40: this CPU has no AVX-512BW"
    fi
    ;;
esac
echo "cpu-matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
