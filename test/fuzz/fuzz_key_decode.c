/*
 * libFuzzer target: every byte string given to the key decoders (DER and
 * PEM: SubjectPublicKeyInfo, PKCS#8 in its three forms, the legacy forms)
 * decodes to a key or to an error code, never a crash or a leak; a key that
 * decodes re-encodes, and its public key decodes again to the same bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The public key of key, re-encoded as DER and decoded again, must be the same. */
static void check_round_trip(const MLDSA_KEY *key)
{
    uint8_t der[4096], pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t derlen = sizeof(der), pklen = mldsa_public_key_bytes(mldsa_key_param(key));
    MLDSA_KEY *again = NULL;

    if (mldsa_key_get_public(key, pk, sizeof(pk)) != MLDSA_OK
        || mldsa_key_to_public_der(key, der, &derlen) != MLDSA_OK
        || mldsa_key_from_der(&again, der, derlen) != MLDSA_OK
        || mldsa_key_get_public(again, pk2, sizeof(pk2)) != MLDSA_OK
        || memcmp(pk, pk2, pklen) != 0)
        abort();
    mldsa_key_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    MLDSA_KEY *key = NULL;

    if (mldsa_key_from_der(&key, data, size) == MLDSA_OK) {
        check_round_trip(key);
        mldsa_key_free(key);
    } else if (key != NULL) {
        abort();                /* a failed decode leaves no key */
    }
    if (mldsa_key_from_pem(&key, (const char *)data, size) == MLDSA_OK) {
        check_round_trip(key);
        mldsa_key_free(key);
    } else if (key != NULL) {
        abort();
    }
    return 0;
}
