#!/usr/bin/env bash
# The assembler matrix for the Keccak kernels,
# crypto/sha/asm/keccak1600x4-avx512vl.pl (x4, ymm),
# crypto/sha/asm/keccak1600x8-avx512.pl (x8, zmm) and
# crypto/sha/asm/keccak1600x4-avx2.pl (x4 avx2, AVX2: older assemblers
# encode it); parts 1 and 2 run for each, with its rows prefixed x4 / x8 /
# x4avx2.
#
#  1. Detection: for GNU as (through $CC), clang, nasm, yasm and forced old
#     and minimum versions of each (MLDSA_ASM), the generated file is full or
#     stubs as expected.
#  2. Every flavour, full and stubs, assembled by a real assembler for its
#     target (GNU as for elf, clang -target x86_64-apple-macos for macosx,
#     x86_64-w64-mingw32-as for mingw64, nasm -f win64 and yasm -f win64 for
#     nasm); only the API symbols global; ELF notes present; util/asm-prefix
#     renaming every external name of each full file.
#  3. The library linked with the full kernels, with the AVX-512 ones
#     stubs (GNU as 2.25: the AVX2 kernel full), and with all stubs (GNU as
#     2.21), and every test suite (the known-answer suite included) passing
#     with each.
#
# Run from the top of the tree by `make test-asm` (CC, PERL and RUNNER from
# the environment: RUNNER, a command prefix such as wine, runs the built
# programs).  Prints one row per check and "N passed, N failed"; exits
# non-zero on any failure.  A missing tool is a SKIP row, not a failure.
set -u
CC=${CC:-cc}
PERL=${PERL:-perl}
MAKE=${MAKE:-make}
. "$(dirname "$0")/../util/runner.sh"
runner_start
# ELF_CC assembles the elf flavour of part 2 and builds its stub program:
# CC, unless CC targets Windows (then the host's cc; part 3 builds for CC).
# EXE is the suffix of CC's programs.
ELF_CC=$CC EXE=
case $(${CC} -dumpmachine 2>/dev/null) in
*mingw* | *windows*) ELF_CC=${HOST_CC:-cc} EXE=.exe ;;
esac
# ELF_CC's programs run natively when CC's are Windows ones under RUNNER.
elf_runner=("${runner[@]}")
[ -n "$EXE" ] && elf_runner=()
GENS="crypto/sha/asm/keccak1600x4-avx512vl.pl crypto/sha/asm/keccak1600x8-avx512.pl crypto/sha/asm/keccak1600x4-avx2.pl"
# Per generator (set by use_gen): the file, its row prefix, its API
# symbols (sorted), its capability and info functions and its permutation;
# the assembler versions forced with the kind expected (FORCED), the
# versions that give full and stubs files (FULL_AT, STUBS_AT), and what a
# yasm gets (YASM).
use_gen() {
    GEN=$1
    FORCED="gnu-as 2.25:stubs|gnu-as 2.26:full|llvm 3.8:stubs|llvm 3.9:full|nasm 2.11.08:stubs|nasm 2.12:full|yasm 1.3.0:stubs|gnu-as two:stubs"
    FULL_AT="gnu-as 2.26" STUBS_AT="gnu-as 2.25" YASM=stubs
    case $GEN in
    *x4-avx2*)
        X=x4avx2
        CAPABLE=SHA3_avx2_capable INFO=SHA3_avx2_info
        PERMUTE=KECCAK1600_x4_permute_avx2
        API="KECCAK1600_x4_permute_avx2 SHA3_avx2_capable SHA3_avx2_info SHA3_x4_absorb_avx2 SHA3_x4_squeeze_absorb_avx2 SHA3_x4_squeeze_avx2"
        FORCED="gnu-as 2.21:stubs|gnu-as 2.22:full|llvm 3.0:stubs|llvm 3.1:full|nasm 2.09.10:stubs|nasm 2.10:full|yasm 1.1.0:stubs|yasm 1.2.0:full|gnu-as two:stubs"
        FULL_AT="gnu-as 2.22" STUBS_AT="gnu-as 2.21" YASM=full
        ;;
    *x4*)
        X=x4
        CAPABLE=SHA3_avx512vl_capable INFO=SHA3_avx512vl_info
        PERMUTE=KECCAK1600_x4_permute_avx512vl
        API="KECCAK1600_x4_permute_avx512vl SHA3_avx512vl_capable SHA3_avx512vl_info SHA3_x4_absorb_avx512vl SHA3_x4_squeeze_absorb_avx512vl SHA3_x4_squeeze_avx512vl"
        ;;
    *)
        X=x8
        CAPABLE=SHA3_avx512_capable INFO=SHA3_avx512_info
        PERMUTE=KECCAK1600_x8_permute_avx512
        API="KECCAK1600_x8_permute_avx512 SHA3_avx512_capable SHA3_avx512_info SHA3_x8_absorb_avx512 SHA3_x8_squeeze_absorb_avx512 SHA3_x8_squeeze_avx512"
        ;;
    esac
}

. "$(dirname "$0")/asm_lib.sh"
trap 'rm -rf "$tmp"; runner_stop' EXIT

elf_notes() {
    readelf -nW "$1" | grep -q 'IBT, SHSTK' &&
        readelf -SW "$1" | grep -q '\.note\.GNU-stack'
}

echo "assembler matrix for $GENS (CC=$CC)"
row "check" result
row "--------------------------------------------------------------" -----

# Parts 1 and 2, once per generator (the loop body is not indented).
for gen in $GENS; do
use_gen "$gen"
rm -f "$tmp"/full-* "$tmp"/stubs-*

# ---------------------------------------------------------------------
# 1. Detection
# ---------------------------------------------------------------------
for cc in "$CC" gcc clang; do
    if have "${cc%% *}"; then
        check "$X detect: CC=$cc, elf -> full" gen_expect full elf "$tmp/d.s" CC="$cc"
    else
        skip_row "$X detect: CC=$cc" "not installed"
    fi
done
if have nasm; then
    check "$X detect: nasm -v, nasm flavour -> full" gen_expect full nasm "$tmp/d.asm" NASM=nasm
else
    skip_row "$X detect: nasm" "not installed"
fi
if have yasm; then
    check "$X detect: NASM=yasm, nasm flavour -> $YASM" gen_expect $YASM nasm "$tmp/d.asm" NASM=yasm
else
    skip_row "$X detect: yasm" "not installed"
fi
if have x86_64-w64-mingw32-as; then
    check "$X detect: x86_64-w64-mingw32-as, mingw64 -> full" gen_expect full mingw64 "$tmp/d.s"
fi
check "$X detect: unparsable assembler (NASM=true) -> stubs" gen_expect stubs nasm "$tmp/d.asm" NASM=true
IFS='|' read -r -a forced_list <<<"$FORCED"
for forced in "${forced_list[@]}"; do
    check "$X detect: MLDSA_ASM=\"${forced%:*}\" -> ${forced#*:}" \
        gen_expect "${forced#*:}" elf "$tmp/d.s" MLDSA_ASM="${forced%:*}"
done

# ---------------------------------------------------------------------
# 2. Every flavour, full and stubs, through a real assembler
# ---------------------------------------------------------------------
for k in full stubs; do
    if [ $k = full ]; then force=$FULL_AT; else force=$STUBS_AT; fi
    for fl in elf macosx mingw64 nasm; do
        ext=s
        [ $fl = nasm ] && ext=asm
        MLDSA_ASM="$force" "$PERL" "$GEN" $fl "$tmp/$k-$fl.$ext" || true
    done

    f="$tmp/$k-elf"
    check "$X elf $k: $ELF_CC -c" "${ELF_CC%% *}" ${ELF_CC#"${ELF_CC%% *}"} -c -o "$f.o" "$f.s"
    check "$X elf $k: only the API global, all hidden" \
        eval 'globals_ok elf_globals '"$f.o"' && elf_hidden '"$f.o"
    check "$X elf $k: .note.GNU-stack and CET (IBT, SHSTK) note" elf_notes "$f.o"

    f="$tmp/$k-macosx"
    if have clang; then
        check "$X macosx $k: clang -target x86_64-apple-macos -c" \
            clang -target x86_64-apple-macos -c -o "$f.o" "$f.s"
        if have llvm-nm; then
            check "$X macosx $k: only the API global (_-prefixed)" globals_ok macho_globals "$f.o"
        fi
    else
        skip_row "$X macosx $k" "no clang"
    fi

    f="$tmp/$k-mingw64"
    if have x86_64-w64-mingw32-as; then
        check "$X mingw64 $k: x86_64-w64-mingw32-as" x86_64-w64-mingw32-as -o "$f.o" "$f.s"
        check "$X mingw64 $k: only the API global" globals_ok coff_globals "$f.o"
    else
        skip_row "$X mingw64 $k" "no x86_64-w64-mingw32-as"
    fi

    f="$tmp/$k-nasm"
    if have nasm; then
        check "$X nasm $k: nasm -f win64" nasm -f win64 -o "$f.o" "$f.asm"
        check "$X nasm $k: only the API global" globals_ok coff_globals "$f.o"
        if [ -f "$tmp/$k-mingw64.o" ]; then
            # Same instructions and the same unwind tables as GNU as makes
            # from the .seh_* directives (the padding apart: each
            # assembler has its own nops, 'xchg %ax,%ax' among GNU as's).
            check "$X nasm $k: .text/.pdata/.xdata same as mingw64's" \
                eval 'cmp <(objdump -d --no-show-raw-insn '"$f.o"' | grep -P "^\s+[0-9a-f]+:" | grep -v "nop\|xchg *%ax,%ax" | cut -f2- | sed "s/ *[<#].*//") \
                          <(objdump -d --no-show-raw-insn '"$tmp/$k-mingw64.o"' | grep -P "^\s+[0-9a-f]+:" | grep -v "nop\|xchg *%ax,%ax" | cut -f2- | sed "s/ *[<#].*//") &&
                      cmp <(objdump -s -j .xdata '"$f.o"' | tail -n +4) <(objdump -s -j .xdata '"$tmp/$k-mingw64.o"' | tail -n +4) &&
                      cmp <(objdump -s -j .pdata '"$f.o"' | tail -n +4) <(objdump -s -j .pdata '"$tmp/$k-mingw64.o"' | tail -n +4)'
        fi
    else
        skip_row "$X nasm $k" "no nasm"
    fi
    if [ $k = stubs ]; then
        # The stubs say no, and trap if called anyway.
        stub_program "$tmp/stub.c" ossl_ia32cap 0x1f 200
        check "$X elf stubs: capable() is 0, info says stubs, $X entry traps" \
            eval '"${ELF_CC%% *}" ${ELF_CC#"${ELF_CC%% *}"} -DCAPABLE=$CAPABLE -DINFO=$INFO -DPERMUTE=$PERMUTE -o "$tmp/stub" "$tmp/stub.c" "$tmp/stubs-elf.o" && "${elf_runner[@]}" "$tmp/stub"'
    fi
    if { [ $k = stubs ] || [ $YASM = full ]; } && have yasm; then
        check "$X nasm $k: yasm -f win64" yasm -f win64 -o "$tmp/yasm.o" "$f.asm"
    fi
done

# The full files renamed for embedding (util/asm-prefix my_): every
# external name, defined or called, carries the prefix.
if have llvm-nm; then
    for fl in elf macosx mingw64 nasm; do
        us= ext=s
        case $fl in
        elf) as=("${ELF_CC%% *}" -c) ;;
        macosx) as=(clang -target x86_64-apple-macos -c) us=_ ;;
        mingw64) as=(x86_64-w64-mingw32-as) ;;
        nasm) as=(nasm -f win64) ext=asm ;;
        esac
        have "${as[0]}" || { skip_row "$X $fl: util/asm-prefix" "no ${as[0]}"; continue; }
        check "$X $fl: util/asm-prefix my_ renames every entry point and ossl_ia32cap" \
            prefixed "$tmp/full-$fl.$ext" ossl_ia32cap "$us" "${as[@]}"
    done
else
    skip_row "$X util/asm-prefix" "no llvm-nm"
fi
done

# ---------------------------------------------------------------------
# 3. The library with the full kernel and with the stubs
# ---------------------------------------------------------------------
build_and_test full MLDSA_ASM=
build_and_test stubs MLDSA_ASM="gnu-as 2.25"
build_and_test all-stubs MLDSA_ASM="gnu-as 2.21"
for b in full stubs all-stubs; do
    for k in keccak1600x4-avx512vl keccak1600x8-avx512 keccak1600x4-avx2; do
        case $b:$k in
        full:* | stubs:*avx2) want=full ;;
        *) want=stubs ;;
        esac
        if [ -f "$tmp/$b/crypto/sha/$k.o" ]; then
            check "$b: library object $k is $want" \
                eval 'strings '"$tmp/$b/crypto/sha/$k.o"' | grep "'"$k $want"'"'
        fi
    done
done

# An AVX2-only CPU (MLDSA_IA32CAP=~0x67) gets the AVX2 kernel's backend
# where that kernel is full (the "stubs" build's assembler, too old for
# AVX-512, can still encode AVX2) and falls back to x86_64-avx2 with an
# assembler too old for AVX2 as well (gnu-as 2.21: every kernel stubs),
# where the known-answer suite must still pass.
avx2_choice() {
    local got
    got=$(MLDSA_IA32CAP='~0x67' "${runner[@]}" "$1/test/test_backend$EXE" \
          --print-backend | tr -d '\r')
    [ "${got%% *}" = "$2" ] || { echo "chose: $got"; return 1; }
}
b="$tmp/oldest"
check "oldest (gnu-as 2.21): make lib, test_backend and test_kat" \
    env MLDSA_ASM="gnu-as 2.21" $MAKE --no-print-directory -k -j2 BUILD="$b" \
        OUT="$b/" CC="$CC" lib "$b/test/test_backend$EXE" "$b/test/test_kat$EXE"
check "oldest: library object keccak1600x4-avx2 is stubs" \
    eval 'strings "$b/crypto/sha/keccak1600x4-avx2.o" | grep -q "keccak1600x4-avx2 stubs"'
check "oldest: test_kat with MLDSA_IA32CAP=~0x67" \
    env MLDSA_IA32CAP='~0x67' "${runner[@]}" "$b/test/test_kat$EXE"
if grep -q avx2 /proc/cpuinfo 2>/dev/null; then
    for row in full:x86_64-avx2-x4 stubs:x86_64-avx2-x4 oldest:x86_64-avx2; do
        b=${row%%:*}
        if [ -x "$tmp/$b/test/test_backend$EXE" ]; then
            check "$b: MLDSA_IA32CAP=~0x67 chooses ${row#*:}" \
                avx2_choice "$tmp/$b" "${row#*:}"
        fi
    done
else
    skip_row "AVX2-only backend choice" "this CPU has no AVX2"
fi

echo
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
