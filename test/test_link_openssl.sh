#!/usr/bin/env bash
# libmldsa beside OpenSSL's libcrypto: a program calling OpenSSL's SHA256()
# and SHA3-256 (through EVP, which runs libcrypto's own SHA3_absorb) and our
# ML-DSA, linked with libmldsa.a before and after -lcrypto and with the
# static libcrypto.a, must get the FIPS 180-2 and FIPS 202 digests of "abc"
# and working signatures from each.  Also: libmldsa.a and libmldsa.so define no global
# symbol outside mldsa_*, and the shared library's carry version MLDSA_0.2.
# One line per case, then "N passed, N failed, N skipped".
# Usage (from the repository root): bash test/test_link_openssl.sh PATH_TO_mldsa
# (the libraries are found beside the tool's apps/ folder; CC, LDFLAGS and
# RUNNER from the environment, as make test passes them: the programs run
# through RUNNER, and nm and objdump carry CC's cross prefix, e.g.
# s390x-linux-gnu-nm.  Where CC cannot link libcrypto for its target, the
# link cases are skipped.)
set -u
M=${1:?usage: test_link_openssl.sh PATH_TO_mldsa}
HERE=$(cd "$(dirname "$0")" && pwd)
OUTDIR=$(cd "$(dirname "$M")/.." && pwd)
LIBA=$OUTDIR/libmldsa.a
LIBSO=$OUTDIR/libmldsa.so
CC=${CC:-cc}
LDFLAGS=${LDFLAGS:-}
read -r -a runner <<<"${RUNNER:-}"
prefix=$(basename "${CC%% *}" | sed -n 's/^\(.*-\)\(gcc\|cc\|clang\)\(-[0-9.]*\)\{0,1\}$/\1/p')
command -v "${prefix}nm" >/dev/null 2>&1 || prefix=
NM=${NM:-${prefix}nm}
OBJDUMP=${OBJDUMP:-${prefix}objdump}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

pass=0
fail=0
skip=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); }
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }

# --- the symbols ----------------------------------------------------------
# nm lines of defined global symbols are "VALUE TYPE NAME"; the version node
# itself is an absolute (A) symbol of the shared library.
n=$("$NM" -g --defined-only "$LIBA" | awk 'NF == 3 && $3 !~ /^mldsa_/' | wc -l)
echo "libmldsa.a: $n global symbols outside mldsa_*"
if [ "$n" -eq 0 ]; then ok "libmldsa.a defines only mldsa_* globals"; else
    bad "libmldsa.a defines only mldsa_* globals" \
        "$("$NM" -g --defined-only "$LIBA" | awk 'NF == 3 && $3 !~ /^mldsa_/ {print $3}' | head -n 5 | tr '\n' ' ')"
fi
if [ -f "$LIBSO" ]; then
    n=$("$NM" -D --defined-only "$LIBSO" | awk 'NF == 3 && $2 != "A" && $3 !~ /^mldsa_/' | wc -l)
    echo "libmldsa.so: $n global symbols outside mldsa_*"
    if [ "$n" -eq 0 ]; then ok "libmldsa.so exports only mldsa_*"; else
        bad "libmldsa.so exports only mldsa_*"; fi
    n=$("$OBJDUMP" -T "$LIBSO" | grep -c ' mldsa_')
    v=$("$OBJDUMP" -T "$LIBSO" | grep -c ' MLDSA_0\.2 *mldsa_')
    if [ "$n" -gt 0 ] && [ "$n" -eq "$v" ]; then
        ok "libmldsa.so: all $n mldsa_* symbols in version MLDSA_0.2"
    else
        bad "libmldsa.so: all mldsa_* symbols in version MLDSA_0.2" "$v of $n"
    fi
else
    skipped "libmldsa.so" "not built"
fi

# --- linking beside libcrypto ----------------------------------------------
# skip_links WHY: the three link cases cannot run here.
skip_links() {
    for c in "libmldsa.a -lcrypto" "-lcrypto libmldsa.a" "libmldsa.a libcrypto.a"; do
        skipped "link $c" "$1"
    done
    echo "$pass passed, $fail failed, $skip skipped"
    [ "$fail" -eq 0 ]
    exit
}
if ! pkg-config --exists libcrypto 2>/dev/null; then
    skip_links "OpenSSL's libcrypto is absent (apt-get install libssl-dev)"
fi
# A cross compiler does not take the host's libcrypto.
printf '#include <openssl/evp.h>\nint main(void) { return EVP_MD_CTX_new() == 0; }\n' >"$T/probe.c"
# shellcheck disable=SC2046
if ! $CC $(pkg-config --cflags libcrypto) -o "$T/probe" "$T/probe.c" \
        $(pkg-config --libs libcrypto) $LDFLAGS >/dev/null 2>&1; then
    skip_links "$CC cannot link OpenSSL's libcrypto (none for its target)"
fi

cat >"$T/link_openssl.c" <<'EOF_C'
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include "mldsa.h"

/* OpenSSL's SHA256() on "abc" (FIPS 180-2, Appendix B.1) and its result
 * pointer, SHA3-256("abc") through EVP (FIPS 202 example), then ML-DSA
 * keygen, sign and verify from a fixed seed for each parameter set, and a
 * flipped signature byte refused. */
int main(void)
{
    static const unsigned char abc_digest[SHA256_DIGEST_LENGTH] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
        0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
        0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad
    };
    static const unsigned char abc_sha3_256[32] = {
        0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2, 0x04, 0x5c, 0x17,
        0x2d, 0x6b, 0xd3, 0x90, 0xbd, 0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d,
        0x52, 0x5b, 0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32
    };
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    static uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES],
        sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t seed[32], rnd[32], msg[32];
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    size_t i;

    if (SHA256((const unsigned char *)"abc", 3, md) != md
            || memcmp(md, abc_digest, sizeof(abc_digest)) != 0) {
        printf("OpenSSL's SHA256(\"abc\") is wrong\n");
        return 1;
    }
    if (!EVP_Digest("abc", 3, md, &mdlen, EVP_sha3_256(), NULL)
            || mdlen != sizeof(abc_sha3_256)
            || memcmp(md, abc_sha3_256, sizeof(abc_sha3_256)) != 0) {
        printf("OpenSSL's SHA3-256(\"abc\") is wrong\n");
        return 1;
    }
    for (i = 0; i < 32; i++) {
        seed[i] = (uint8_t)i;
        rnd[i] = (uint8_t)(0x80 + i);
        msg[i] = (uint8_t)(0x40 + i);
    }
    for (i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
        mldsa_param p = params[i];
        size_t siglen = mldsa_signature_bytes(p);

        if (mldsa_keygen(p, pk, sk, seed) != MLDSA_OK
                || mldsa_sign(p, sig, msg, sizeof(msg), NULL, 0, sk, rnd) != MLDSA_OK
                || mldsa_verify(p, sig, siglen, msg, sizeof(msg), NULL, 0, pk) != MLDSA_OK) {
            printf("ML-DSA-%d: keygen, sign or verify failed\n", (int)p);
            return 1;
        }
        sig[siglen / 2] ^= 1;
        if (mldsa_verify(p, sig, siglen, msg, sizeof(msg), NULL, 0, pk) != MLDSA_ERR_VERIFY) {
            printf("ML-DSA-%d: a flipped signature byte verified\n", (int)p);
            return 1;
        }
    }
    printf("SHA256, SHA3-256 and ML-DSA-44/65/87 right\n");
    return 0;
}
EOF_C

# link NAME LIBS...: compile, link with LIBS in that order, run.
link() {
    local name=$1 out
    shift
    # shellcheck disable=SC2086
    if ! out=$($CC -std=c11 -Wall -Wextra -Werror -I"$HERE/../include" \
            $(pkg-config --cflags libcrypto) -o "$T/prog" "$T/link_openssl.c" \
            "$@" $LDFLAGS 2>&1); then
        bad "link $name" "$(head -c 300 <<<"$out")"
        return
    fi
    if out=$("${runner[@]}" "$T/prog" 2>&1); then ok "link $name: $out"; else
        bad "link $name" "$out"; fi
    rm -f "$T/prog"
}
# shellcheck disable=SC2046
link "libmldsa.a -lcrypto" "$LIBA" $(pkg-config --libs libcrypto)
# shellcheck disable=SC2046
link "-lcrypto libmldsa.a" $(pkg-config --libs libcrypto) "$LIBA"
static=$(pkg-config --variable=libdir libcrypto)/libcrypto.a
if [ -f "$static" ]; then
    # libcrypto.a in place of -lcrypto, with the libraries it needs.
    # shellcheck disable=SC2046
    link "libmldsa.a libcrypto.a" "$LIBA" "$static" \
        $(pkg-config --static --libs libcrypto | sed 's/-lcrypto//')
else
    skipped "link libmldsa.a libcrypto.a" "$static is absent"
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
