#!/usr/bin/env bash
# The seed inputs of the libFuzzer targets, from the vectors folder, for
# test/fuzz/run.sh and `make fuzz FUZZ_SECONDS=N` alike: OUT/TARGET/ for
# each target that has seeds (none when the vectors are absent).
#   fuzz_key_decode   each PEM file of the vectors as it is
#   fuzz_private_key  each private PEM file as mode 1 (PEM) and, decoded,
#                     as mode 0 (DER); two bytes of mode and set first
# Usage: test/fuzz/seed.sh VECTORS OUT
set -u
vectors=${1:?usage: test/fuzz/seed.sh VECTORS OUT}
out=${2:?usage: test/fuzz/seed.sh VECTORS OUT}
mkdir -p "$out/fuzz_key_decode" "$out/fuzz_private_key"
for f in "$vectors"/pem/*.pem; do
    [ -f "$f" ] || continue
    cp "$f" "$out/fuzz_key_decode/"
done
for f in "$vectors"/pem/prv-*.pem; do
    [ -f "$f" ] || continue
    b=$(basename "$f" .pem)
    { printf '\001\000'; cat "$f"; } >"$out/fuzz_private_key/$b.pem"
    { printf '\000\000'; sed '/^-----/d' "$f" | base64 -d 2>/dev/null; } \
        >"$out/fuzz_private_key/$b.der"
done
