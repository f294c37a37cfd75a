#!/usr/bin/env bash
# test/win64/run.sh [gnu-as|clang|nasm]...: the Win64 ABI check
# (test/win64/abi_check.c) of the x86-64 Keccak kernels, built for Windows x64 in
# each flavour given (default: all three) and run under Wine:
#
#   gnu-as  the mingw64 flavour assembled by x86_64-w64-mingw32-gcc (GNU as),
#           the C by x86_64-w64-mingw32-gcc, which links
#   clang   the mingw64 flavour assembled by clang --target=x86_64-w64-mingw32
#           (its integrated assembler), the C by the same clang, which links
#           with the mingw-w64 libraries (-L the libgcc folder of
#           x86_64-w64-mingw32-gcc; the linker is x86_64-w64-mingw32-ld)
#   nasm    the nasm flavour assembled by nasm -f win64, the C and the link
#           by x86_64-w64-mingw32-gcc
#
# Run from the top of the tree (PERL from the environment).  Prints one row
# per build step and the program's rows, "FLAVOUR: N passed, N failed, N
# skipped" per flavour, and last the total "N passed, N failed, N skipped";
# exits non-zero on any failure.  A missing tool is a SKIP row.
set -u
cd "$(dirname "$0")/../.." || exit 1
PERL=${PERL:-perl}
MINGW=x86_64-w64-mingw32
CFLAGS_WIN="-O2 -g -std=c11 -Wall -Wextra -Werror -DKECCAK1600_ASM -Iinclude -Icrypto"
SOURCES="test/win64/abi_check.c crypto/cpuid/x86_64/cpuid_x86_64.c crypto/sha/keccak1600.c"
GENS="crypto/sha/asm/keccak1600x4-avx512vl.pl crypto/sha/asm/keccak1600x8-avx512.pl crypto/sha/asm/keccak1600x4-avx2.pl"
RUNNER=wine
. util/runner.sh

# The counters, $tmp, check, skip_row and have of the assembler matrices;
# rows wider than theirs.
. test/asm_lib.sh
trap 'rm -rf "$tmp"; runner_stop' EXIT
row() { printf '| %-76s | %-4s |\n' "$1" "$2"; }

# full FILE: the generated file says it is the full kernel, not the stubs.
full() { grep -q 'kernel: full' "$1" || { sed -n 3p "$1"; false; }; }

# gen_full GENERATOR FLAVOUR OUT: generate (with env_asm of flavour()) and
# check that it is the full kernel.
gen_full() { env "${env_asm[@]}" "$PERL" "$1" "$2" "$3" && full "$3"; }

# flavour NAME: build and run the check for one flavour.
flavour() {
    local fl=$1 d="$tmp/$1" cc as_cmd ext=s gen_fl=mingw64 objs="" ok=1 env_asm=()
    mkdir -p "$d"
    case $fl in
    gnu-as)
        cc=("$MINGW-gcc")
        as_cmd=("$MINGW-gcc" -c)
        ;;
    clang)
        local libgcc
        libgcc=$($MINGW-gcc -print-libgcc-file-name 2>/dev/null)
        cc=(clang --target="$MINGW" -L"$(dirname "$libgcc")")
        as_cmd=(clang --target="$MINGW" -c)
        # The file's header and info string name the assembler that
        # really assembles it (the probe would ask x86_64-w64-mingw32-as).
        env_asm=(MLDSA_ASM="llvm $(clang --version | sed -n 's/.*clang version \([0-9.]*\).*/\1/p' | head -n 1)")
        ;;
    nasm)
        cc=("$MINGW-gcc")
        as_cmd=(nasm -f win64)
        ext=asm gen_fl=nasm
        ;;
    *)
        echo "unknown flavour $fl (gnu-as, clang or nasm)"
        fail=$((fail + 1))
        return
        ;;
    esac
    for t in "${cc[0]}" "${as_cmd[0]}" $MINGW-gcc wine; do
        if ! have "$t"; then
            skip_row "$fl: build and run" "no $t"
            return
        fi
    done
    for gen in $GENS; do
        local k
        k=$(basename "$gen" .pl)
        check "$fl: $PERL $gen $gen_fl, the full kernel" \
            gen_full "$gen" $gen_fl "$d/$k.$ext" || ok=0
        check "$fl: ${as_cmd[*]} $k.$ext" "${as_cmd[@]}" -o "$d/$k.o" "$d/$k.$ext" || ok=0
        objs="$objs $d/$k.o"
    done
    check "$fl: ${cc[0]} abi_check.exe" "${cc[@]}" $CFLAGS_WIN -o "$d/abi_check.exe" $SOURCES $objs
    [ -f "$d/abi_check.exe" ] && [ $ok = 1 ] || return
    # The program's rows and summary; wine's own chatter (e.g. about
    # wine32) goes to stderr, kept only for a failure.
    wine "$d/abi_check.exe" >"$d/out" 2>"$d/err"
    local rc=$? line
    cat "$d/out"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$d/out" | tail -n 1)
    if [ -z "$line" ]; then
        fail=$((fail + 1))
        row "$fl: abi_check.exe ran to its summary (exit $rc)" FAIL
        tail -n 20 "$d/err" | sed 's/^/    /'
        return
    fi
    set -- $line
    pass=$((pass + $1)) fail=$((fail + $3)) skip=$((skip + $5))
    if [ "$rc" -ne 0 ] && [ "$3" -eq 0 ]; then
        fail=$((fail + 1))
        row "$fl: abi_check.exe exit status $rc" FAIL
    fi
    echo "$fl: $line"
}

runner_start
echo "Win64 ABI check of the Keccak kernels ($(wine --version 2>/dev/null || echo 'no wine'))"
for fl in "${@:-gnu-as clang nasm}"; do
    for f in $fl; do
        echo
        echo "== $f"
        flavour "$f"
    done
done
echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
