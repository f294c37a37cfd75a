/*
 * libFuzzer target: verification (FIPS 204 Algorithm 3 / 8) of arbitrary
 * signature bytes, with the public key, context and message also taken from
 * the input, for all three parameter sets: it must return MLDSA_OK or an
 * error code, never crash, whatever the bytes (malformed hints, z out of
 * range, wrong lengths).  A signature made by the library under the same
 * key must verify.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], seed[MLDSA_SEED_BYTES];
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    mldsa_param p;
    size_t pklen, siglen, ctxlen;
    int rv;

    if (size < 2)
        return 0;
    p = params[data[0] % 3];
    ctxlen = data[1];
    data += 2;
    size -= 2;
    pklen = mldsa_public_key_bytes(p);
    siglen = mldsa_signature_bytes(p);
    if (size < ctxlen)
        return 0;

    /* Arbitrary bytes as pk || sig || msg, padded with zeros. */
    memset(pk, 0, sizeof(pk));
    memset(sig, 0, sizeof(sig));
    memcpy(pk, data + ctxlen, size - ctxlen < pklen ? size - ctxlen : pklen);
    if (size - ctxlen > pklen)
        memcpy(sig, data + ctxlen + pklen,
               size - ctxlen - pklen < siglen ? size - ctxlen - pklen : siglen);
    rv = mldsa_verify(p, sig, siglen, data + ctxlen, size - ctxlen, data,
                      ctxlen, pk);
    if (rv != MLDSA_OK && rv != MLDSA_ERR_VERIFY)
        abort();

    /* A real signature under a key from the first 32 bytes verifies. */
    memset(seed, 0, sizeof(seed));
    memcpy(seed, data, size < sizeof(seed) ? size : sizeof(seed));
    if (mldsa_keygen(p, pk, sk, seed) != MLDSA_OK
        || mldsa_sign(p, sig, data, size, data, ctxlen, sk, zero_rnd) != MLDSA_OK
        || mldsa_verify(p, sig, siglen, data, size, data, ctxlen, pk) != MLDSA_OK)
        abort();
    return 0;
}
