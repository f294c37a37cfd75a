#!/usr/bin/env bash
# The assembler matrix for the aarch64 Keccak kernels,
# crypto/sha/asm/keccak1600x2-armv8.pl (Armv8.0 Advanced SIMD, "neon") and
# crypto/sha/asm/keccak1600x2-armv8-sha3.pl (the SHA-3 extension, "sha3");
# parts 1 and 2 run for each, with its rows prefixed neon / sha3.
#
#  1. Detection: for Debian's cross GNU as (through CC), clang and forced
#     old and minimum versions (MLDSA_ASM), the sha3 file is full or stubs
#     as expected, the neon file always full.
#  2. Every flavour, full and (sha3) stubs, assembled by a real assembler
#     for its target: linux64 by aarch64-linux-gnu-as (the neon file and
#     the stubs with -march=armv8-a: nothing newer than Armv8.0) and by
#     clang --target=aarch64-linux-gnu, ios64 by clang
#     --target=arm64-apple-macos, win64 by clang --target=aarch64-windows;
#     only the API symbols global (hidden on ELF); the ELF notes (GNU-stack,
#     BTI and PAC) and an FDE for every function; Mach-O unwind entries;
#     the Windows unwind data (.pdata/.xdata: every entry point with a
#     prologue that saves what it says, and epilogues); util/asm-prefix
#     renaming every external name; backtrace() through the call frame
#     information (from ossl_armcap, and from a fault in absorb, under
#     RUNNER); every entry point keeping the AAPCS64 callee-saved
#     registers (x19-x28, d8-d15, sp) through a trampoline, under RUNNER;
#     the stubs' capable() 0 and trap.
#  3. The library for aarch64 built with both kernels full and with the
#     sha3 stubs (MLDSA_ASM="gnu-as 2.29"), every suite passing with each
#     under RUNNER (qemu-aarch64; its default CPU has the SHA-3 extension).
#
# Run by `make test-asm` for an aarch64 CC (test/cross.sh aarch64 test-asm
# sets CC, RUNNER and Check's pkg-config).  Prints one row per check and
# "N passed, N failed (N skipped)"; exits non-zero on any failure.  A
# missing tool is a SKIP row, not a failure.
set -u
CC=${CC:-aarch64-linux-gnu-gcc}
PERL=${PERL:-perl}
MAKE=${MAKE:-make}
EXE=
. "$(dirname "$0")/../util/runner.sh"
runner_start
. "$(dirname "$0")/asm_lib.sh"
trap 'rm -rf "$tmp"; runner_stop' EXIT
GAS=aarch64-linux-gnu-as
GENS="crypto/sha/asm/keccak1600x2-armv8.pl crypto/sha/asm/keccak1600x2-armv8-sha3.pl"
# Per generator: the row prefix, whether it can be stubs, its symbols (API
# sorted, as globals_ok compares), how many of its entry points are
# kernels (saving d8-d15).
use_gen() {
    GEN=$1
    case $GEN in
    *-sha3.pl)
        X=sha3 STUBS=1 CAPABLE=SHA3_armv8_sha3_capable PERMUTE=KECCAK1600_x2_permute_armv8_sha3
        ABSORB=SHA3_x2_absorb_armv8_sha3 SQUEEZE=SHA3_x2_squeeze_armv8_sha3
        SQABS=SHA3_x2_squeeze_absorb_armv8_sha3 PERMUTE1=KECCAK1600_permute_armv8_sha3
        API="KECCAK1600_permute_armv8_sha3 KECCAK1600_x2_permute_armv8_sha3 SHA3_armv8_sha3_capable SHA3_armv8_sha3_info SHA3_x2_absorb_armv8_sha3 SHA3_x2_squeeze_absorb_armv8_sha3 SHA3_x2_squeeze_armv8_sha3"
        KERNELS=5
        ;;
    *)
        X=neon STUBS=0 CAPABLE=SHA3_armv8_capable PERMUTE=KECCAK1600_x2_permute_armv8
        ABSORB=SHA3_x2_absorb_armv8 SQUEEZE=SHA3_x2_squeeze_armv8
        SQABS=SHA3_x2_squeeze_absorb_armv8 PERMUTE1=
        API="KECCAK1600_x2_permute_armv8 SHA3_armv8_capable SHA3_armv8_info SHA3_x2_absorb_armv8 SHA3_x2_squeeze_absorb_armv8 SHA3_x2_squeeze_armv8"
        KERNELS=4
        ;;
    esac
    INFO=${CAPABLE%_capable}_info
}
# What a forced or detected assembler gives the sha3 file (neon: full).
expect() { if [ "$STUBS" = 1 ]; then echo "$1"; else echo full; fi; }

elf_notes() {
    readelf -nW "$1" | grep -q 'AArch64 feature: BTI, PAC' &&
        readelf -SW "$1" | grep -q '\.note\.GNU-stack'
}
# elf_fdes OBJ: one FDE per function (each entry point and the helper).
elf_fdes() {
    local want got
    want=$(readelf -sW "$1" | awk '$4 == "FUNC"' | wc -l)
    got=$(readelf --debug-dump=frames "$1" 2>/dev/null | grep -c ' FDE ')
    echo "FDEs: $got, functions: $want"
    [ "$got" -eq "$want" ]
}
coff_arm64_globals() { llvm-nm "$1" | awk '$2 == "T" {print $3}'; }
# win_unwind OBJ: every entry point has a RuntimeFunction; those that save
# d8-d15 (the KERNELS kernels) have the four save_fregp codes in the
# prologue and again in an epilogue scope.
win_unwind() {
    local dump n f
    dump=$(llvm-readobj --unwind "$1") || return 1
    for f in $API; do
        grep -q "Function: $f " <<<"$dump" || { echo "no unwind entry for $f"; return 1; }
    done
    n=$(grep -c 'stp d14, d15, \[sp, #' <<<"$dump")
    echo "kernel prologues saving d8-d15: $n; epilogues: $(grep -c 'ldp d14, d15' <<<"$dump")"
    [ "$STUBS_FILE" = 1 ] && return 0
    [ "$n" -eq "$KERNELS" ] && [ "$(grep -c 'ldp d14, d15' <<<"$dump")" -ge "$KERNELS" ]
}
macho_unwind() {
    local n
    n=$(llvm-objdump --unwind-info "$1" 2>/dev/null | grep -c 'start:')
    echo "compact unwind entries: $n"
    [ "$n" -ge "$(wc -w <<<"$API")" ]
}

echo "assembler matrix for $GENS (CC=$CC)"
row "check" result
row "--------------------------------------------------------------" -----

for gen in $GENS; do
use_gen "$gen"
rm -f "$tmp"/full-* "$tmp"/stubs-*

# ---------------------------------------------------------------------
# 1. Detection
# ---------------------------------------------------------------------
for cc in "$CC" "clang --target=aarch64-linux-gnu"; do
    if have "${cc%% *}"; then
        check "$X detect: CC=$cc, linux64 -> full" gen_expect full linux64 "$tmp/d.s" CC="$cc"
    else
        skip_row "$X detect: CC=$cc" "not installed"
    fi
done
check "$X detect: unparsable assembler (CC=true) -> $(expect stubs)" \
    gen_expect "$(expect stubs)" linux64 "$tmp/d.s" CC=true
for forced in "gnu-as 2.29:stubs" "gnu-as 2.30:full" "llvm 6.0:stubs" "llvm 7.0:full" \
              "nasm 2.16:stubs" "gnu-as two:stubs"; do
    want=$(expect "${forced#*:}")
    check "$X detect: MLDSA_ASM=\"${forced%:*}\" -> $want" \
        gen_expect "$want" linux64 "$tmp/d.s" MLDSA_ASM="${forced%:*}"
done

# ---------------------------------------------------------------------
# 2. Every flavour, full and stubs, through a real assembler
# ---------------------------------------------------------------------
kinds=full
[ "$STUBS" = 1 ] && kinds="full stubs"
for k in $kinds; do
    if [ $k = full ]; then force="gnu-as 2.30"; else force="gnu-as 2.29"; fi
    STUBS_FILE=0
    [ $k = stubs ] && STUBS_FILE=1
    for fl in linux64 ios64 win64; do
        MLDSA_ASM="$force" "$PERL" "$GEN" $fl "$tmp/$k-$fl.s" || true
    done

    f="$tmp/$k-linux64"
    if have "$GAS"; then
        check "$X linux64 $k: $GAS" "$GAS" -o "$f.o" "$f.s"
        if [ $X = neon ] || [ $k = stubs ]; then
            check "$X linux64 $k: $GAS -march=armv8-a (Armv8.0 only)" \
                "$GAS" -march=armv8-a -o "$tmp/v80.o" "$f.s"
        fi
        check "$X linux64 $k: only the API global, all hidden" \
            eval 'globals_ok elf_globals '"$f.o"' && elf_hidden '"$f.o"
        check "$X linux64 $k: .note.GNU-stack and the BTI, PAC property" elf_notes "$f.o"
        check "$X linux64 $k: an FDE for every function" elf_fdes "$f.o"
    else
        skip_row "$X linux64 $k: GNU as" "no $GAS"
    fi
    if have clang; then
        check "$X linux64 $k: clang --target=aarch64-linux-gnu -c" \
            clang --target=aarch64-linux-gnu -c -o "$tmp/c.o" "$f.s"
        f="$tmp/$k-ios64"
        check "$X ios64 $k: clang --target=arm64-apple-macos -c" \
            clang --target=arm64-apple-macos -c -o "$f.o" "$f.s"
        f="$tmp/$k-win64"
        check "$X win64 $k: clang --target=aarch64-windows -c" \
            clang --target=aarch64-windows -c -o "$f.o" "$f.s"
        if have llvm-nm && have llvm-readobj && have llvm-objdump; then
            check "$X ios64 $k: only the API global (_-prefixed)" globals_ok macho_globals "$tmp/$k-ios64.o"
            check "$X ios64 $k: an unwind entry for every entry point" macho_unwind "$tmp/$k-ios64.o"
            check "$X win64 $k: only the API global" globals_ok coff_arm64_globals "$f.o"
            check "$X win64 $k: .pdata/.xdata unwind data for every entry point" win_unwind "$f.o"
        else
            skip_row "$X ios64/win64 $k: symbols and unwind data" "no llvm-nm, llvm-readobj, llvm-objdump"
        fi
    else
        skip_row "$X linux64/ios64/win64 $k: clang" "no clang"
    fi
    if [ $k = full ] && have "${CC%% *}"; then
        # The call frame information unwinds: from ossl_armcap, called by
        # capable(), and from a fault inside absorb (a read past a guard
        # page), backtrace() reaches main through the kernel's frame.
        cat >"$tmp/unwind.c" <<'EOF_C'
#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int CAPABLE(void);
void ABSORB(uint64_t *A, const uint8_t *const in[2], size_t nblocks, size_t r);
static int reached;
static void trace_reaches_main(void)
{
    void *pcs[32];
    int n = backtrace(pcs, 32);
    char **s = backtrace_symbols(pcs, n);

    for (int i = 0; s != NULL && i < n; i++)
        if (strstr(s[i], "(main+") != NULL) {
            reached++;
            return;
        }
}
uint32_t ossl_armcap(void) { trace_reaches_main(); return 3; }
static void on_fault(int sig) { (void)sig; trace_reaches_main(); _exit(reached == 2 ? 0 : 1); }
int main(void)
{
    static uint64_t A[50];
    uint8_t *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    const uint8_t *in[2];

    if (p == MAP_FAILED || mprotect(p + 4096, 4096, PROT_NONE) != 0 || CAPABLE() != 1)
        return 2;
    in[0] = in[1] = p + 4096 - 136;
    signal(SIGSEGV, on_fault);
    ABSORB(A, in, 2, 136);
    return 3;
}
EOF_C
        check "$X linux64 full: backtrace from ossl_armcap and from a fault in absorb reaches main" \
            eval '${CC} -O1 -rdynamic -DCAPABLE=$CAPABLE -DABSORB=$ABSORB -o "$tmp/unwind" "$tmp/unwind.c" "$tmp/full-linux64.o" && "${runner[@]}" "$tmp/unwind"'
    fi
    if [ $k = full ] && have "${CC%% *}"; then
        # AAPCS64: every entry point keeps x19-x28, the low halves d8-d15
        # and sp (called through a trampoline that sets them and reads them
        # back), and gives the results of a direct call.
        cat >"$tmp/abi_call.s" <<'EOF_S'
// abi_call(fn, a0, a1, a2, a3, out): calls fn(a0..a3) with x19-x28 and
// d8-d15 set to known values; writes them after the call to out[0..17]
// and sp before/after to out[18], out[19].
	.text
	.globl	abi_call
	.type	abi_call,%function
abi_call:
	stp	x29, x30, [sp, #-176]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	str	x5, [sp, #160]
	mov	x16, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	mov	x19, #0x1901
	mov	x20, #0x2002
	mov	x21, #0x2103
	mov	x22, #0x2204
	mov	x23, #0x2305
	mov	x24, #0x2406
	mov	x25, #0x2507
	mov	x26, #0x2608
	mov	x27, #0x2709
	mov	x28, #0x280a
	fmov	d8, x19
	fmov	d9, x20
	fmov	d10, x21
	fmov	d11, x22
	fmov	d12, x23
	fmov	d13, x24
	fmov	d14, x25
	fmov	d15, x26
	mov	x17, sp
	str	x17, [sp, #168]
	blr	x16
	mov	x17, sp
	ldr	x5, [sp, #160]
	stp	x19, x20, [x5]
	stp	x21, x22, [x5, #16]
	stp	x23, x24, [x5, #32]
	stp	x25, x26, [x5, #48]
	stp	x27, x28, [x5, #64]
	stp	d8, d9, [x5, #80]
	stp	d10, d11, [x5, #96]
	stp	d12, d13, [x5, #112]
	stp	d14, d15, [x5, #128]
	ldr	x6, [sp, #168]
	stp	x6, x17, [x5, #144]
	ldp	d14, d15, [sp, #144]
	ldp	d12, d13, [sp, #128]
	ldp	d10, d11, [sp, #112]
	ldp	d8, d9, [sp, #96]
	ldp	x27, x28, [sp, #80]
	ldp	x25, x26, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #176
	ret
	.size	abi_call,.-abi_call
	.section .note.GNU-stack,"",%progbits
EOF_S
        cat >"$tmp/abi.c" <<'EOF_C'
#include <stdint.h>
#include <stdio.h>
#include <string.h>
void abi_call(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
              uint64_t out[20]);
uint32_t ossl_armcap(void) { return 3; }
int CAPABLE(void);
const char *INFO(void);
void PERMUTE(uint64_t A[50]);
void ABSORB(uint64_t A[50], const uint8_t *const in[2], size_t nblocks, size_t r);
void SQUEEZE(uint64_t A[50], uint8_t *const out[2], size_t nblocks, size_t r);
void SQABS(uint64_t A[50], uint8_t *const out[2], const uint8_t *const in[2],
           const size_t shape[12]);
#ifdef PERMUTE1
void PERMUTE1(uint64_t A[25]);
#endif
static const uint64_t want[18] = {
    0x1901, 0x2002, 0x2103, 0x2204, 0x2305, 0x2406, 0x2507, 0x2608, 0x2709, 0x280a,
    0x1901, 0x2002, 0x2103, 0x2204, 0x2305, 0x2406, 0x2507, 0x2608 };
static int bad;
/* The stack below us filled with other values, so that a restore of a
 * register the callee did not save reads something else. */
static __attribute__((noinline)) void scrub(void)
{
    volatile uint8_t junk[4096];

    for (size_t i = 0; i < sizeof(junk); i++)
        junk[i] = (uint8_t)(0x5a ^ i);
}
static void kept(const char *what, const uint64_t out[20])
{
    if (memcmp(out, want, sizeof(want)) != 0 || out[18] != out[19]) {
        printf("%s: a callee-saved register or sp changed\n", what);
        bad = 1;
    }
}
int main(void)
{
    static uint64_t A[50], B[50], out[20];
    static uint8_t m0[2 * 168], m1[2 * 168], s[4][2 * 168];
    const uint8_t *in[2] = { m0, m1 };
    uint8_t *o1[2] = { s[0], s[1] }, *o2[2] = { s[2], s[3] };

    for (size_t i = 0; i < sizeof(m0); i++) {
        m0[i] = (uint8_t)(i * 7 + 1);
        m1[i] = (uint8_t)(i * 13 + 5);
    }
    scrub();
    abi_call((void *)CAPABLE, 0, 0, 0, 0, out);
    kept("capable", out);
    scrub();
    abi_call((void *)INFO, 0, 0, 0, 0, out);
    kept("info", out);
    scrub();
    abi_call((void *)ABSORB, (uint64_t)A, (uint64_t)in, 2, 168, out);
    kept("absorb", out);
    ABSORB(B, in, 2, 168);
    scrub();
    abi_call((void *)PERMUTE, (uint64_t)A, 0, 0, 0, out);
    kept("permute", out);
    PERMUTE(B);
    scrub();
    abi_call((void *)SQUEEZE, (uint64_t)A, (uint64_t)o1, 2, 136, out);
    kept("squeeze", out);
    SQUEEZE(B, o2, 2, 136);
    {
        /* zero some words of both states, then squeeze and absorb a block */
        static const size_t shape[12] = { 1, 136, 136, 3, 0x1f00f, 0x3 };

        scrub();
        abi_call((void *)SQABS, (uint64_t)A, (uint64_t)o1, (uint64_t)in,
                 (uint64_t)shape, out);
        kept("squeeze_absorb", out);
        SQABS(B, o2, in, shape);
    }
#ifdef PERMUTE1
    scrub();
    abi_call((void *)PERMUTE1, (uint64_t)A, 0, 0, 0, out);
    kept("one-state permute", out);
    PERMUTE1(B);
#endif
    if (memcmp(A, B, sizeof(A)) != 0 || memcmp(s[0], s[2], sizeof(s[0])) != 0
        || memcmp(s[1], s[3], sizeof(s[1])) != 0) {
        printf("results through the trampoline differ from direct calls\n");
        bad = 1;
    }
    return bad;
}
EOF_C
        check "$X linux64 full: every entry point keeps x19-x28, d8-d15 and sp (AAPCS64)" \
            eval '${CC} -O1 -DCAPABLE=$CAPABLE -DINFO=$INFO -DPERMUTE=$PERMUTE -DABSORB=$ABSORB -DSQUEEZE=$SQUEEZE -DSQABS=$SQABS ${PERMUTE1:+-DPERMUTE1=$PERMUTE1} -o "$tmp/abi" "$tmp/abi.c" "$tmp/abi_call.s" "$tmp/full-linux64.o" && "${runner[@]}" "$tmp/abi"'
    fi
    if [ $k = stubs ] && have "${CC%% *}"; then
        # The stubs say no, and trap if called anyway.
        stub_program "$tmp/stub.c" ossl_armcap 3 50
        check "$X linux64 stubs: capable() is 0, info says stubs, entry traps" \
            eval '${CC} -DCAPABLE=$CAPABLE -DINFO=$INFO -DPERMUTE=$PERMUTE -o "$tmp/stub" "$tmp/stub.c" "$tmp/stubs-linux64.o" && "${runner[@]}" "$tmp/stub"'
    fi
done

# The full files renamed for embedding (util/asm-prefix my_): every
# external name, defined or called, carries the prefix.
if have llvm-nm && have clang; then
    for fl in linux64 ios64 win64; do
        us=
        case $fl in
        linux64) as=(clang --target=aarch64-linux-gnu -c) ;;
        ios64) as=(clang --target=arm64-apple-macos -c) us=_ ;;
        win64) as=(clang --target=aarch64-windows -c) ;;
        esac
        check "$X $fl: util/asm-prefix my_ renames every entry point and ossl_armcap" \
            prefixed "$tmp/full-$fl.s" ossl_armcap "$us" "${as[@]}"
    done
else
    skip_row "$X util/asm-prefix" "no llvm-nm or clang"
fi
done

# ---------------------------------------------------------------------
# 3. The library with both kernels full and with the sha3 stubs
# ---------------------------------------------------------------------
build_and_test full MLDSA_ASM=
build_and_test stubs MLDSA_ASM="gnu-as 2.29"
for b in full stubs; do
    for k in keccak1600x2-armv8-sha3:$b keccak1600x2-armv8:full; do
        o="$tmp/$b/crypto/sha/${k%:*}.o"
        [ -f "$o" ] && check "$b: library object ${k%:*} is ${k#*:}" \
            eval 'strings '"$o"' | grep "'"${k%:*} ${k#*:}"'"'
    done
done

echo
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
