#!/usr/bin/env bash
# Portability check: build the library and the tool for aarch64 (the
# portable C, no assembly) with the Debian cross compiler, and run the CLI
# suite on it under qemu-user (keygen, sign, verify, every key format, the
# PEM vectors, interop).  Skips with a message when the tools are absent.
# Usage: test/cross_aarch64.sh   (from the repository root)
set -u
cc=${CROSS_CC:-aarch64-linux-gnu-gcc}
sysroot=${CROSS_SYSROOT:-/usr/aarch64-linux-gnu}
if ! command -v "$cc" >/dev/null 2>&1 || ! command -v qemu-aarch64 >/dev/null 2>&1; then
    echo "aarch64: skipped, needs $cc and qemu-aarch64 (apt-get install gcc-aarch64-linux-gnu qemu-user)"
    echo "0 passed, 0 failed"
    exit 0
fi
build="build-aarch64"
make --no-print-directory CC="$cc" BUILD="$build" OUT="$build/" all || {
    echo "aarch64: build failed"
    echo "0 passed, 1 failed"
    exit 1
}
wrapper="$build/mldsa-qemu"
cat >"$wrapper" <<EOW
#!/bin/sh
exec qemu-aarch64 -L "$sysroot" "$PWD/$build/apps/mldsa" "\$@"
EOW
chmod +x "$wrapper"
"$wrapper" info
bash test/test_cli.sh "$PWD/$wrapper"
