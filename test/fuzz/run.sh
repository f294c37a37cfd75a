#!/usr/bin/env bash
# Build the libFuzzer targets (make fuzz) and run each for a fixed number of
# inputs from a fixed seed, so that a run is repeatable; the key decoders
# start from the PEM/DER files of the vectors folder when it is there
# (test/fuzz/seed.sh, which make fuzz FUZZ_SECONDS=N uses too).
# (make fuzz FUZZ_SECONDS=N runs each for N seconds instead.)
# Prints "fuzz: N passed, N failed, N skipped" (one check per target; the
# provider's decoders are a skip where the provider is not built).
# Usage: test/fuzz/run.sh [RUNS_SCALE]   (from the repository root)
set -uo pipefail
scale=${1:-1}
pass=0
fail=0
skipped=0
if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz: skipped, needs clang with libFuzzer (apt-get install clang libclang-rt-14-dev)"
    echo "fuzz: 0 passed, 0 failed, 1 skipped"
    exit 0
fi
make --no-print-directory fuzz || { echo "fuzz: 0 passed, 1 failed"; exit 1; }
vectors=${MLDSA_VECTORS:-test/vectors}
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT

run() {
    local name=$1 runs=$2 seeds=()
    shift 2
    mkdir -p "$corpus/$name"
    for d in "$@"; do
        [ -d "$d" ] && seeds+=("$d")
    done
    echo "== $name: $runs inputs"
    if build-fuzz/fuzz/"$name" -seed=1 -runs="$runs" -max_len=16384 \
        "$corpus/$name" "${seeds[@]}" 2>&1 | tail -n 3; then
        pass=$((pass + 1))
    else
        echo "FAIL $name"
        fail=$((fail + 1))
    fi
}

# the seeds (test/fuzz/seed.sh, as make fuzz FUZZ_SECONDS=N has them)
test/fuzz/seed.sh "$vectors" "$corpus/seeds"

run fuzz_key_decode $((100000 * scale)) "$corpus/seeds/fuzz_key_decode"
run fuzz_verify $((10000 * scale))
run fuzz_private_key $((4000 * scale)) "$corpus/seeds/fuzz_private_key"
run fuzz_pk_from_sk $((5000 * scale))
run fuzz_prehash_verify $((2000 * scale))
# the provider's decoders: the vectors' PEM files and their DER
if [ -x build-fuzz/fuzz/fuzz_provider_decode ] && [ -x build-fuzz/fuzz/fuzz_provider_alone ]; then
    pseeds=$corpus/provider-seeds
    mkdir -p "$pseeds"
    for f in "$vectors"/pem/*.pem; do
        [ -f "$f" ] || continue
        b=$(basename "$f" .pem)
        cp "$f" "$pseeds/$b.pem"
        sed '/^-----/d' "$f" | base64 -d >"$pseeds/$b.der" 2>/dev/null
    done
    run fuzz_provider_decode $((1000 * scale)) "$pseeds"
    # alone in its library context, with the secure heap on
    run fuzz_provider_alone $((1000 * scale)) "$pseeds"
else
    echo "skip fuzz_provider_decode, fuzz_provider_alone: no provider module in this build (OpenSSL 3 development files)"
    skipped=$((skipped + 2))
fi
echo "fuzz: $pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
