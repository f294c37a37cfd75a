#!/usr/bin/env bash
# The whole of `make test` for another Linux architecture, under qemu-user:
# the library, the tool and every Check suite built with Debian's cross
# compiler (the portable C; s390x is big-endian, aarch64 little-endian),
# then run through RUNNER='qemu-ARCH -L /usr/ARCH-linux-gnu': every suite,
# the known-answer one on the full vector set, the CLI suite and the shell
# tests.  Check for ARCH comes from util/install-deps --cross ARCH (run here
# when root; otherwise the case is skipped with the command to run).  The
# tool has no libcrypto for ARCH: its encrypted-key cases and the libcrypto
# link cases are counted skips.  Prints run-tests' final
# "N passed, N failed, N skipped" and the time taken.
# Usage: test/cross.sh s390x|aarch64 [TARGET [CPU]]   (from the repository
# root; build-ARCH/): TARGET is the make target, default test; test-cpu
# runs the suites on qemu's CPU models (test/cpu_matrix.sh), test-asm the
# architecture's assembler matrix.  CPU, when given, is qemu's CPU model
# for the run (-cpu CPU: aarch64 runs under `max` by default, with every
# extension qemu has; CI runs make test again under `cortex-a72`, Armv8.0
# without SHA-3, for the CLI suite there); the build is the same.
# CONTRACTS=1 in the environment builds in build-ARCH-contracts/ with every
# backend op checking its bounds (make help: CONTRACTS), for CI's
# aarch64-contracts stage.
set -u
arch=${1:?usage: test/cross.sh s390x|aarch64 [TARGET [CPU]]}
target=${2:-test}
cpu=${3:-}
case $arch in
s390x | aarch64) ;;
*) echo "cross: unknown architecture '$arch' (s390x or aarch64)"; echo "0 passed, 1 failed"; exit 2 ;;
esac
triple=$arch-linux-gnu
cc=${CROSS_CC:-$triple-gcc}
root=${MLDSA_CROSS_ROOT:-/opt/mldsa-cross/$arch}
pc=$root/usr/lib/$triple/pkgconfig
have() {
    command -v "$cc" >/dev/null 2>&1 && command -v "qemu-$arch" >/dev/null 2>&1 &&
        [ -f "$pc/check.pc" ]
}
if ! have && [ "$(id -u)" = 0 ]; then
    util/install-deps --cross "$arch" || true
fi
if ! have; then
    echo "cross $arch: skipped, needs $cc, qemu-$arch and Check for $arch in $root:"
    echo "    sudo util/install-deps --cross $arch"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
# Check (and only Check: no libcrypto) for the target, from the unpacked
# Debian packages; the sysroot prefixes their -I and -L paths.
export PKG_CONFIG_LIBDIR=$pc PKG_CONFIG_SYSROOT_DIR=$root
build=build-$arch${CONTRACTS:+-contracts}
start=$(date +%s)
make --no-print-directory -j2 CC="$cc" BUILD="$build" OUT="$build/" \
    RUNNER="qemu-$arch${cpu:+ -cpu $cpu} -L /usr/$triple" "$target"
rc=$?
echo "cross $arch${cpu:+ (-cpu $cpu)}: make $target took $(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s, exit $rc"
exit $rc
