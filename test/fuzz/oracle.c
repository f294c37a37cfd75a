/*
 * Oracles shared by the libFuzzer targets (oracle.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "oracle.h"

void fuzz_check_signing_key(const MLDSA_KEY *key)
{
    static const uint8_t msg[] = "fuzz oracle message";
    static const uint8_t ctx[] = "fuzz";
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    mldsa_param p = mldsa_key_param(key);
    size_t pklen = mldsa_public_key_bytes(p), siglen = mldsa_signature_bytes(p);
    MLDSA_KEY *pub = NULL;

    if (!mldsa_key_has_secret(key)
        || mldsa_key_sign(key, sig, msg, sizeof(msg), ctx, sizeof(ctx),
                          zero_rnd) != MLDSA_OK
        || mldsa_key_verify(key, sig, siglen, msg, sizeof(msg), ctx,
                            sizeof(ctx)) != MLDSA_OK
        || mldsa_key_get_public(key, pk, sizeof(pk)) != MLDSA_OK
        || mldsa_key_from_public(&pub, p, pk, pklen) != MLDSA_OK
        || mldsa_key_verify(pub, sig, siglen, msg, sizeof(msg), ctx,
                            sizeof(ctx)) != MLDSA_OK
        || mldsa_key_get_secret(key, sk, sizeof(sk)) != MLDSA_OK
        || mldsa_pk_from_sk(p, pk2, sk) != MLDSA_OK
        || memcmp(pk, pk2, pklen) != 0)
        abort();
    /* the signature is bound to the message */
    sig[0] ^= 1;
    if (mldsa_key_verify(pub, sig, siglen, msg, sizeof(msg), ctx,
                         sizeof(ctx)) != MLDSA_ERR_VERIFY)
        abort();
    mldsa_key_free(pub);
}
