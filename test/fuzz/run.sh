#!/usr/bin/env bash
# Build the libFuzzer targets (make fuzz) and run each for a fixed number of
# inputs from a fixed seed, so that a run is repeatable; the key decoder
# starts from the PEM/DER files of the vectors folder when it is there.
# Prints "fuzz: N passed, N failed" (one check per target).
# Usage: test/fuzz/run.sh [RUNS_SCALE]   (from the repository root)
set -uo pipefail
scale=${1:-1}
pass=0
fail=0
if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz: skipped, needs clang with libFuzzer (apt-get install clang libclang-rt-14-dev)"
    echo "fuzz: 0 passed, 0 failed"
    exit 0
fi
make --no-print-directory fuzz || { echo "fuzz: 0 passed, 1 failed"; exit 1; }
vectors=${MLDSA_VECTORS:-../shared/vectors}
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
    if build-fuzz/fuzz/"$name" -seed=1 -runs="$runs" -max_len=8192 \
        "$corpus/$name" "${seeds[@]}" 2>&1 | tail -n 3; then
        pass=$((pass + 1))
    else
        echo "FAIL $name"
        fail=$((fail + 1))
    fi
}

run fuzz_key_decode $((100000 * scale)) "$vectors/pem"
run fuzz_verify $((10000 * scale))
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
