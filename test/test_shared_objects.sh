#!/usr/bin/env bash
# The shared objects, libmldsa.so and the provider providers/mldsa.so, bind
# every symbol at load (readelf -d: BIND_NOW, FLAGS_1 NOW) and make their
# relocations read-only then (a GNU_RELRO segment): with lazy binding the
# first call through the PLT runs the dynamic linker's resolver, which
# saves the vector registers on the stack, and one copy of the seed was
# found there after mldsa_key_from_seed.  So also: a program that makes a
# key from a seed through libmldsa.so, and one that has the provider (alone
# in its library context) make one through EVP, leave no copy of the seed
# on the stack as they exit (test/stack_scan.gdb).  The two programs are
# linked with -z now themselves: their own first calls through their PLT
# would spill the vector registers too, and a generic (NO_ASM) build
# returns from mldsa_key_from_seed with the seed still in two xmm
# registers (the last copy into the key; no vector code runs after it),
# which only the program's own binding, not the library's, decides.
# One line per case, then "N passed, N failed, N skipped".
# Usage (from the repository root): bash test/test_shared_objects.sh PATH_TO_mldsa
# (libmldsa.so is found beside the tool's apps/ folder; MLDSA_PROVIDER, CC
# and LDFLAGS come from make test.  Windows and macOS targets have no such
# objects or flags: the cases skip there, as they do under RUNNER.)
set -u
M=${1:?usage: test_shared_objects.sh PATH_TO_mldsa}
HERE=$(cd "$(dirname "$0")" && pwd)
OUTDIR=$(cd "$(dirname "$M")/.." && pwd)
LIBSO=$OUTDIR/libmldsa.so
MODULE=${MLDSA_PROVIDER:-}
CC=${CC:-cc}
LDFLAGS=${LDFLAGS:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

. "$HERE/cases.sh"
finish() {
    echo "$pass passed, $fail failed, $skipped skipped"
    [ "$fail" -eq 0 ]
    exit
}

# --- bound at load, relocations read-only ------------------------------------
# bound NAME FILE: readelf -d shows BIND_NOW (FLAGS) and NOW (FLAGS_1), and
# readelf -l a GNU_RELRO segment.
bound() {
    local dyn
    dyn=$(readelf -dW "$2" 2>&1)
    if grep -q '(FLAGS) .*BIND_NOW' <<<"$dyn" && grep -q '(FLAGS_1) .*NOW' <<<"$dyn"; then
        ok "$1 binds every symbol at load (BIND_NOW, FLAGS_1 NOW)"
    else
        bad "$1 binds every symbol at load (BIND_NOW, FLAGS_1 NOW)" \
            "$(grep -E 'FLAGS' <<<"$dyn" | tr -s ' ' | tr '\n' ' ')"
    fi
    if readelf -lW "$2" 2>/dev/null | grep -q 'GNU_RELRO'; then
        ok "$1 has its relocations made read-only (GNU_RELRO)"
    else
        bad "$1 has its relocations made read-only (GNU_RELRO)"
    fi
}
if ! command -v readelf >/dev/null 2>&1; then
    skip "bound at load" "readelf absent (apt-get install binutils)"
elif [ ! -f "$LIBSO" ] || ! readelf -h "$LIBSO" >/dev/null 2>&1; then
    skip "bound at load" "no ELF libmldsa.so in this build (a Windows or macOS target)"
else
    bound libmldsa.so "$LIBSO"
    if [ -n "$MODULE" ]; then
        bound providers/mldsa.so "$MODULE"
    else
        skip "providers/mldsa.so bound at load" "${MLDSA_PROVIDER_SKIP:-not built}"
    fi
fi

# --- no seed on the stack after the first calls -------------------------------
if [ -n "${RUNNER:-}" ]; then
    skip "seed on the stack" "under RUNNER gdb would search the emulator's memory"
    finish
fi
if [ ! -f "$LIBSO" ] || ! readelf -h "$LIBSO" >/dev/null 2>&1; then
    skip "seed on the stack" "no ELF libmldsa.so in this build"
    finish
fi
if grep -qa -e __asan_init -e __msan_init "$LIBSO"; then
    skip "seed on the stack" "a sanitizer build: its runtime keeps copies of its own"
    finish
fi
if ! command -v gdb >/dev/null 2>&1 || ! gdb -q -batch -ex 'python print(1)' >/dev/null 2>&1; then
    skip "seed on the stack" "gdb (with Python) absent"
    finish
fi
# The seed: bytes that appear nowhere else, made at run time (so that the
# program's image does not hold them), and in hex for the scan (so that
# the environment, on the stack too, does not).
seed_hex=$(python3 -c 'print(bytes((0xa5 ^ (i * 29)) & 0xff for i in range(32)).hex())')
cat >"$T/seed.h" <<'EOF_C'
#include <stdint.h>
/* The seed of the scan, in static storage, not on the stack. */
static uint8_t seed[32];
static void make_seed(void)
{
    for (int i = 0; i < 32; i++)
        seed[i] = (uint8_t)(0xa5 ^ (i * 29));
}
EOF_C
cat >"$T/lib_seed.c" <<'EOF_C'
#include <stdlib.h>
#include "mldsa.h"
#include "seed.h"

/* Make a key of ML-DSA-argv[1] from the seed through libmldsa.so, free it,
 * wipe the seed, exit. */
int main(int argc, char **argv)
{
    MLDSA_KEY *key = NULL;

    make_seed();
    if (argc < 2 || mldsa_key_from_seed(&key, (mldsa_param)atoi(argv[1]), seed,
                                        sizeof(seed)) != MLDSA_OK)
        return 1;
    mldsa_key_free(key);
    mldsa_cleanse(seed, sizeof(seed));
    return 0;
}
EOF_C
# scan NAME PROGRAM ARGS...: the program succeeds and leaves no seed on the stack.
scan() {
    local name=$1 out
    shift
    if ! out=$("$@" 2>&1); then
        bad "$name" "the program failed: $(head -c 300 <<<"$out")"
        return
    fi
    out=$(SCAN_HEX=$seed_hex gdb -q -batch -x "$HERE/stack_scan.gdb" --args "$@" 2>&1)
    if ! grep -q 'scan stack' <<<"$out"; then
        bad "$name" "gdb did not scan: $(tail -n 3 <<<"$out" | tr '\n' ' ')"
    elif grep -q 'scan stack clean' <<<"$out"; then
        ok "$name"
    else
        bad "$name" "the seed is on the stack as the program exits"
    fi
}
# shellcheck disable=SC2086
if out=$($CC -std=c11 -I"$HERE/../include" -I"$T" -o "$T/lib_seed" "$T/lib_seed.c" \
        -L"$OUTDIR" -lmldsa -Wl,-rpath,"$OUTDIR" -Wl,-z,now $LDFLAGS 2>&1); then
    for p in 44 65 87; do
        scan "libmldsa.so: mldsa_key_from_seed (ML-DSA-$p) leaves no seed on the stack" \
            "$T/lib_seed" "$p"
    done
else
    bad "link a program with libmldsa.so" "$(head -c 300 <<<"$out")"
fi

if [ -z "$MODULE" ]; then
    skip "the provider leaves no seed on the stack" "${MLDSA_PROVIDER_SKIP:-not built}"
    finish
fi
cat >"$T/prov_seed.c" <<'EOF_C'
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "seed.h"

/* The provider argv[1] alone in a library context makes an ML-DSA-44 key
 * from the seed (the "seed" parameter of key generation), then all is
 * freed and the seed wiped. */
int main(int argc, char **argv)
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov;
    EVP_PKEY_CTX *kctx = NULL;
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM prm[2];
    int ok;

    make_seed();
    prm[0] = OSSL_PARAM_construct_octet_string("seed", seed, sizeof(seed));
    prm[1] = OSSL_PARAM_construct_end();
    ok = argc > 1 && lib != NULL && (prov = OSSL_PROVIDER_load(lib, argv[1])) != NULL
         && (kctx = EVP_PKEY_CTX_new_from_name(lib, "ML-DSA-44", NULL)) != NULL
         && EVP_PKEY_keygen_init(kctx) == 1 && EVP_PKEY_CTX_set_params(kctx, prm) == 1
         && EVP_PKEY_keygen(kctx, &pkey) == 1;
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(kctx);
    OPENSSL_cleanse(seed, sizeof(seed));
    return ok ? 0 : 1;
}
EOF_C
# shellcheck disable=SC2046,SC2086
if out=$($CC -std=c11 $(pkg-config --cflags libcrypto) -I"$T" -o "$T/prov_seed" \
        "$T/prov_seed.c" $(pkg-config --libs libcrypto) -Wl,-z,now $LDFLAGS 2>&1); then
    scan "providers/mldsa.so alone: key generation from a seed leaves no seed on the stack" \
        "$T/prov_seed" "$MODULE"
else
    bad "link a program with libcrypto" "$(head -c 300 <<<"$out")"
fi
finish
