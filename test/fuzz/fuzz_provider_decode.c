/*
 * libFuzzer target: the provider's decoders (providers/, linked in and
 * registered as a built-in provider beside OpenSSL's default one) on any
 * bytes, as DER and as PEM, through OSSL_DECODER: a key or a refusal, never
 * a crash or a leak.  Oracles: a decoded ML-DSA key, encoded again by the
 * provider, is a key the library decodes, with the same public key, and a
 * private one signs and verifies (fuzz_check_signing_key); a DER input the
 * library accepts as it is, the provider accepts too.
 * Built as fuzz_provider_alone (FUZZ_PROVIDER_ALONE) it runs the provider
 * alone in its library context, no OpenSSL decoder in front of ours (PEM is
 * then read by the provider itself, under PEM_FLAG_SECURE), with OpenSSL's
 * secure heap on.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "mldsa.h"
#include "oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
OSSL_provider_init_fn OSSL_provider_init;

#ifdef FUZZ_PROVIDER_ALONE
/* The secure heap: OpenSSL's own size for tests. */
# define SECURE_HEAP_BYTES 65536
# define SECURE_HEAP_MIN 32
#endif

/*
 * The library context with the provider built in and OpenSSL's default
 * one (alone, with the secure heap on, as fuzz_provider_alone).
 */
static OSSL_LIB_CTX *fuzz_libctx(void)
{
    static OSSL_LIB_CTX *lib;

    if (lib == NULL) {
        if ((lib = OSSL_LIB_CTX_new()) == NULL
            || !OSSL_PROVIDER_add_builtin(lib, "mldsa", OSSL_provider_init)
            || OSSL_PROVIDER_load(lib, "mldsa") == NULL)
            abort();
#ifdef FUZZ_PROVIDER_ALONE
        if (CRYPTO_secure_malloc_init(SECURE_HEAP_BYTES, SECURE_HEAP_MIN) == 0)
            abort();
#else
        if (OSSL_PROVIDER_load(lib, "default") == NULL)
            abort();
#endif
    }
    return lib;
}

/* data decoded through the providers as input ("DER" or "PEM"); NULL if refused. */
static EVP_PKEY *provider_decode(const char *input, const uint8_t *data, size_t size)
{
    OSSL_DECODER_CTX *dctx;
    EVP_PKEY *pkey = NULL;
    const unsigned char *p = data;

    dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, input, NULL, NULL, 0, fuzz_libctx(), NULL);
    if (dctx == NULL)
        abort();
    if (OSSL_DECODER_from_data(dctx, &p, &size) != 1) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    OSSL_DECODER_CTX_free(dctx);
    ERR_clear_error();
    return pkey;
}

/*
 * An ML-DSA key the provider decoded: its own DER encoding decodes in the
 * library to the same public key (and, for a private key, one that signs).
 */
static void check_decoded(EVP_PKEY *pkey)
{
    static const char *const names[] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    int private = EVP_PKEY_get_octet_string_param(pkey, "priv", NULL, 0, NULL) == 1;
    OSSL_ENCODER_CTX *ectx;
    unsigned char *der = NULL;
    size_t derlen = 0, pklen = 0, n;
    MLDSA_KEY *key = NULL;
    int ours = 0;

    for (n = 0; n < sizeof(names) / sizeof(names[0]); n++)
        ours |= EVP_PKEY_is_a(pkey, names[n]);
    if (!ours)
        return;
    ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, private ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                         "DER", private ? "PrivateKeyInfo"
                                                        : "SubjectPublicKeyInfo", NULL);
    if (ectx == NULL || OSSL_ENCODER_to_data(ectx, &der, &derlen) != 1
        || mldsa_key_from_der(&key, der, derlen) != MLDSA_OK
        || mldsa_key_has_secret(key) != private
        || EVP_PKEY_get_octet_string_param(pkey, "pub", pk, sizeof(pk), &pklen) != 1
        || mldsa_key_get_public(key, pk2, sizeof(pk2)) != MLDSA_OK
        || pklen != mldsa_public_key_bytes(mldsa_key_param(key))
        || memcmp(pk, pk2, pklen) != 0)
        abort();
    if (private)
        fuzz_check_signing_key(key);
    mldsa_key_free(key);
    OPENSSL_clear_free(der, derlen);
    OSSL_ENCODER_CTX_free(ectx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    MLDSA_KEY *key = NULL;
    EVP_PKEY *pkey;
    int library_takes = mldsa_key_from_der(&key, data, size) == MLDSA_OK;

    mldsa_key_free(key);
    pkey = provider_decode("DER", data, size);
    if (library_takes && pkey == NULL)
        abort();
    if (pkey != NULL)
        check_decoded(pkey);
    EVP_PKEY_free(pkey);
    if ((pkey = provider_decode("PEM", data, size)) != NULL)
        check_decoded(pkey);
    EVP_PKEY_free(pkey);
    return 0;
}
