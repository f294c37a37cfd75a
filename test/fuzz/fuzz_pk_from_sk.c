/*
 * libFuzzer target: mldsa_pk_from_sk on arbitrary secret-key bytes (the
 * first input byte picks the parameter set; the rest, zero-padded or cut to
 * the secret key's length, is the key).  It must return the same verdict
 * as mldsa_key_from_secret and, on success, the same public key, of a key
 * that signs and verifies (oracle.c).  Edited valid keys are fuzzed by
 * fuzz_private_key's mode 3.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    mldsa_param p;
    size_t sklen;
    int ret;

    if (size < 1)
        return 0;
    p = params[data[0] % 3];
    sklen = mldsa_secret_key_bytes(p);
    memset(sk, 0, sizeof(sk));
    memcpy(sk, data + 1, size - 1 < sklen ? size - 1 : sklen);
    memset(pk, 0xa5, sizeof(pk));
    ret = mldsa_pk_from_sk(p, pk, sk);
    if (ret != MLDSA_OK && ret != MLDSA_ERR_BAD_KEY
        && ret != MLDSA_ERR_KEY_MISMATCH)
        abort();
    if ((mldsa_key_from_secret(&key, p, sk, sklen) == MLDSA_OK) != (ret == MLDSA_OK))
        abort();
    if (ret == MLDSA_OK) {
        if (mldsa_key_get_public(key, pk2, sizeof(pk2)) != MLDSA_OK
            || memcmp(pk, pk2, mldsa_public_key_bytes(p)) != 0)
            abort();
        fuzz_check_signing_key(key);
    }
    mldsa_key_free(key);
    return 0;
}
