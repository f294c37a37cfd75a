#!/usr/bin/env bash
# The constant-time check of the aarch64 backends' own code, statically
# (test/ct/static_aarch64.py: valgrind and MemorySanitizer do not run under
# qemu-user): the objects of crypto/ml_dsa/aarch64/ (the NEON poly ops) and
# of the 2-way Keccak kernels (crypto/sha/keccak1600x2-armv8*) from the aarch64 cross
# build in build-aarch64/ (`make lib` there first, with Debian's cross
# compiler, which util/install-deps --cross aarch64 installs when run as
# root, as for test/cross.sh), disassembled with the cross objdump.  Prints
# the check's lines and its "N passed, N failed" (a skip line without the
# cross tools).
# Usage: test/ct/static_aarch64.sh   (from the repository root)
set -u
triple=aarch64-linux-gnu
cc=${CROSS_CC:-$triple-gcc}
objdump=${CROSS_OBJDUMP:-$triple-objdump}
have() { command -v "$cc" >/dev/null 2>&1 && command -v "$objdump" >/dev/null 2>&1; }
if ! have && [ "$(id -u)" = 0 ]; then
    util/install-deps --cross aarch64 >/dev/null || true
fi
if ! have; then
    echo "ct-aarch64: skipped, needs $cc and $objdump: sudo util/install-deps --cross aarch64"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
if ! make --no-print-directory -j2 CC="$cc" BUILD=build-aarch64 OUT=build-aarch64/ lib >/dev/null; then
    echo "FAIL the aarch64 build (make CC=$cc BUILD=build-aarch64 lib)"
    echo "0 passed, 1 failed"
    exit 1
fi
objs=$(ls build-aarch64/crypto/ml_dsa/aarch64/*.o \
    build-aarch64/crypto/sha/keccak1600x2-armv8*.o 2>/dev/null | sort)
if [ "$(wc -w <<<"$objs")" -lt 5 ]; then
    echo "FAIL the NEON and kernel objects are not all in build-aarch64/: $objs"
    echo "0 passed, 1 failed"
    exit 1
fi
# shellcheck disable=SC2086
exec python3 test/ct/static_aarch64.py "$objdump" $objs
