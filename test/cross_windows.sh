#!/usr/bin/env bash
# Build libmldsa for Windows (mingw-w64) and run every suite under Wine.
# Usage (from the repository root): test/cross_windows.sh MODE
#   mingw64  x86_64-w64-mingw32-gcc, the kernels in the GNU as (mingw64) flavour
#   nasm     x86_64-w64-mingw32-gcc, the kernels in the nasm flavour (NASM -f win64)
#   stubs    x86_64-w64-mingw32-gcc with MLDSA_ASM="gnu-as 2.25": the kernels
#            are stubs, so the AVX2 and generic backends run
#   clang    clang --target=x86_64-w64-mingw32 (Debian's mingw-w64 headers and
#            libraries), the GNU as flavour assembled by clang's own assembler
# Each builds in build-win-MODE/ (BUILD and OUT), checks that libmldsa-0.dll
# exports only mldsa_* and needs no libgcc DLL, and that make install puts
# each file where Windows wants it ("dll: N passed, N failed"), then runs
# `make test RUNNER=wine` (every Check suite with CK_FORK=no, the KAT suite
# on every backend, the shell suites); the last line adds both:
# "windows-MODE: N passed, N failed, N skipped".  MLDSA_KAT_FILES (see README) passes
# through.  Needs util/install-deps --cross mingw.
set -u
mode=${1:?usage: test/cross_windows.sh mingw64|nasm|stubs|clang}
MAKE=${MAKE:-make}
WINE=${WINE:-wine}
dir=build-win-$mode
gcc=x86_64-w64-mingw32-gcc
# clang finds the headers and libraries under the sysroot, and libgcc in
# the gcc-mingw-w64 folder (its version directory is 12-win32, which
# clang 14 does not recognise as a version).
clang_cc="clang --target=x86_64-w64-mingw32 --sysroot=/usr/x86_64-w64-mingw32"
libgcc_dir=$(dirname "$($gcc -print-libgcc-file-name 2>/dev/null)")
case $mode in
mingw64) args=(CC="$gcc") ;;
nasm)    args=(CC="$gcc" ASM_FLAVOUR=nasm) ;;
stubs)   args=(CC="$gcc"); export MLDSA_ASM="gnu-as 2.25" ;;
clang)   args=(CC="$clang_cc" LDFLAGS="-L$libgcc_dir") ;;
*) echo "unknown mode $mode (mingw64, nasm, stubs, clang)" >&2; exit 2 ;;
esac
export CK_FORK=no
start=$(date +%s)
echo "== windows-$mode: ${args[*]} ${MLDSA_ASM:+MLDSA_ASM=\"$MLDSA_ASM\"}"
"$MAKE" --no-print-directory -j2 BUILD="$dir" OUT="$dir/" "${args[@]}" all || exit 1

# The DLL: only mldsa_* exported, and no DLL beyond the system's imported.
pass=0 fail=0
dllcheck() {
    if [ "$2" = ok ]; then
        pass=$((pass + 1)); echo "PASS $1"
    else
        fail=$((fail + 1)); echo "FAIL $1: $2"
    fi
}
dump=$(x86_64-w64-mingw32-objdump -p "$dir/libmldsa-0.dll")
exports=$(sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/p' <<<"$dump" | sed -n 's/^\s*\[ *[0-9]*\] //p')
others=$(grep -v '^mldsa_' <<<"$exports")
dllcheck "libmldsa-0.dll exports only mldsa_* ($(wc -l <<<"$exports") names)" \
    "$([ -n "$exports" ] && [ -z "$others" ] && echo ok || echo "${others:-no exports}")"
imports=$(sed -n 's/^\s*DLL Name: //p' <<<"$dump" | sort | tr '\n' ' ')
dllcheck "libmldsa-0.dll imports only system DLLs ($imports)" \
    "$(others=$(grep -Eiv '^(bcrypt|kernel32|msvcrt)\.dll$' <<<"${imports// /$'\n'}" | grep . | tr '\n' ' ')
       echo "${others:-ok}")"
dllcheck "libmldsa.dll.a is an import library for libmldsa-0.dll" \
    "$(x86_64-w64-mingw32-nm "$dir/libmldsa.dll.a" 2>/dev/null | grep -q ' T mldsa_keygen$' && echo ok || echo 'no mldsa_keygen')"
# make install: the DLL beside the programs, the import library and the
# static one in LIBDIR, and mldsa.pc naming -lbcrypt for static links.
dest=$(mktemp -d)
"$MAKE" --no-print-directory -s BUILD="$dir" OUT="$dir/" "${args[@]}" DESTDIR="$dest" install >/dev/null
missing=
for f in bin/libmldsa-0.dll bin/mldsa.exe lib/libmldsa.dll.a lib/libmldsa.a include/mldsa.h; do
    [ -f "$dest/usr/local/$f" ] || missing="$missing $f"
done
dllcheck "make install: bin/libmldsa-0.dll, bin/mldsa.exe, lib/libmldsa.dll.a, lib/libmldsa.a" \
    "${missing:-ok}"
dllcheck "make install: mldsa.pc has Libs.private: -lbcrypt" \
    "$(grep -qx 'Libs.private: -lbcrypt' "$dest/usr/local/lib/pkgconfig/mldsa.pc" && echo ok || echo 'no -lbcrypt')"
rm -rf "$dest"
echo "dll: $pass passed, $fail failed"

log=$(mktemp)
"$MAKE" --no-print-directory BUILD="$dir" OUT="$dir/" "${args[@]}" RUNNER="$WINE" test 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
# One closing line: the DLL checks and make test's checks together.
read -r tp tf ts < <(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3/p' "$log" | tail -n 1)
rm -f "$log"
[ -n "${tp:-}" ] || { tp=0 tf=1 ts=0; }
echo "windows-$mode: $(( ($(date +%s) - start + 30) / 60 )) min"
echo "windows-$mode: $((pass + tp)) passed, $((fail + tf)) failed, $ts skipped"
[ "$fail" -eq 0 ] && [ "$rc" -eq 0 ]
