/*
 * Key management (OSSL_OP_KEYMGMT) for ML-DSA-44/65/87 with OpenSSL 3.5's
 * parameter names: generation (FIPS 204 Algorithm 1, or Algorithm 6 from a
 * "seed"), import and export of "seed", "priv" (the expanded key, FIPS 204
 * skEncode) and "pub" (pkEncode), the key's sizes and strength ("bits",
 * "security-bits", "security-category", "max-size"), "mandatory-digest"
 * (empty: pure ML-DSA signs the message itself), has, match, validate, dup
 * and load (the decoders' hand-over).
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "prov_local.h"

/* Names OpenSSL 3.0's headers do not have yet (3.5's core_names.h). */
#define PARAM_SEED "seed"
#define PARAM_SECURITY_CATEGORY "security-category"

/* Key generation: the parameter set and an optional seed. */
typedef struct {
    const PROV_CTX *provctx;
    const PROV_ALG *alg;
    uint8_t seed[MLDSA_SEED_BYTES];
    int has_seed;
} GEN_CTX;

static OSSL_FUNC_keymgmt_free_fn key_free;
static OSSL_FUNC_keymgmt_has_fn key_has;
static OSSL_FUNC_keymgmt_match_fn key_match;
static OSSL_FUNC_keymgmt_import_fn key_import;
static OSSL_FUNC_keymgmt_import_types_fn key_imexport_types;
static OSSL_FUNC_keymgmt_get_params_fn key_get_params;
static OSSL_FUNC_keymgmt_gettable_params_fn key_gettable_params;
static OSSL_FUNC_keymgmt_validate_fn key_validate;
static OSSL_FUNC_keymgmt_dup_fn key_dup;
static OSSL_FUNC_keymgmt_gen_set_params_fn gen_set_params;
static OSSL_FUNC_keymgmt_gen_settable_params_fn gen_settable_params;
static OSSL_FUNC_keymgmt_gen_fn gen;
static OSSL_FUNC_keymgmt_gen_cleanup_fn gen_cleanup;

static void key_free(void *keydata)
{
    ossl_prov_key_free(keydata);
}

/* Whether the key has the parts of selection (a public key, a secret key). */
static int key_has(const void *keydata, int selection)
{
    const PROV_KEY *pkey = keydata;

    if (pkey == NULL)
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 1;
    if (pkey->key == NULL)
        return 0;
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0
           || mldsa_key_has_secret(pkey->key);
}

/* Constant-time equality of two secret buffers. */
static int secret_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;

    for (size_t i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

/*
 * Two keys match when they are of one parameter set and have the same
 * public key (which determines the key pair); with the private key in the
 * selection, both must have one and the same.
 */
static int key_match(const void *keydata1, const void *keydata2, int selection)
{
    const PROV_KEY *k1 = keydata1, *k2 = keydata2;
    uint8_t pk1[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk1[MLDSA_MAX_SECRET_KEY_BYTES], sk2[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t pklen, sklen;
    int ok = 0;

    if (k1 == NULL || k2 == NULL || k1->alg != k2->alg || k1->key == NULL
        || k2->key == NULL)
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 1;
    pklen = mldsa_public_key_bytes(k1->alg->param);
    sklen = mldsa_secret_key_bytes(k1->alg->param);
    if (mldsa_key_get_public(k1->key, pk1, pklen) != MLDSA_OK
        || mldsa_key_get_public(k2->key, pk2, pklen) != MLDSA_OK
        || memcmp(pk1, pk2, pklen) != 0)
        goto end;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
        if (mldsa_key_get_secret(k1->key, sk1, sklen) != MLDSA_OK
            || mldsa_key_get_secret(k2->key, sk2, sklen) != MLDSA_OK
            || !secret_equal(sk1, sk2, sklen))
            goto end;
    }
    ok = 1;
 end:
    mldsa_cleanse(sk1, sizeof(sk1));
    mldsa_cleanse(sk2, sizeof(sk2));
    return ok;
}

/* The octet string p (when present) must be want bytes long. */
static int octets(const PROV_KEY *pkey, const OSSL_PARAM *p, const char *what,
                  size_t want, const void **data)
{
    size_t len;

    *data = NULL;
    if (p == NULL)
        return 1;
    if (!OSSL_PARAM_get_octet_string_ptr(p, data, &len)) {
        PROV_RAISE(pkey->provctx, PROV_R_BAD_PARAMETER, "%s: '%s' is not an octet string",
                   pkey->alg->name, what);
        return 0;
    }
    if (len != want) {
        PROV_RAISE(pkey->provctx, PROV_R_BAD_LENGTH, "%s: '%s' of %zu bytes, not %zu",
                   pkey->alg->name, what, len, want);
        *data = NULL;
        return 0;
    }
    return 1;
}

/*
 * Make the key object from a seed (FIPS 204 Algorithm 6), an expanded
 * secret key (checked by the library: coefficient ranges, tr and t0) or a
 * public key, and check the parts given with it: an expanded key against the
 * seed's, a public key against the private key's.  ml-dsa.prefer_seed off
 * makes a seed given with an expanded key count for nothing.
 */
static int key_from_parts(PROV_KEY *pkey, const uint8_t *seed,
                          const uint8_t *sk, const uint8_t *pk)
{
    mldsa_param param = pkey->alg->param;
    size_t sklen = mldsa_secret_key_bytes(param);
    size_t pklen = mldsa_public_key_bytes(param);
    uint8_t own_sk[MLDSA_MAX_SECRET_KEY_BYTES], own_pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    const char *what = "";
    int ret, ok = 0;

    if (seed != NULL && (sk == NULL || pkey->provctx->prefer_seed)) {
        ret = mldsa_key_from_seed(&key, param, seed, MLDSA_SEED_BYTES);
        if (ret == MLDSA_OK && sk != NULL) {
            what = "the expanded key is not the seed's";
            if ((ret = mldsa_key_get_secret(key, own_sk, sklen)) == MLDSA_OK
                && !secret_equal(own_sk, sk, sklen))
                ret = MLDSA_ERR_KEY_MISMATCH;
        }
    } else if (sk != NULL) {
        ret = mldsa_key_from_secret(&key, param, sk, sklen);
    } else {
        ret = mldsa_key_from_public(&key, param, pk, pklen);
        pk = NULL;
    }
    if (ret == MLDSA_OK && pk != NULL) {
        what = "the public key is not the private key's";
        if ((ret = mldsa_key_get_public(key, own_pk, pklen)) == MLDSA_OK
            && memcmp(own_pk, pk, pklen) != 0)
            ret = MLDSA_ERR_KEY_MISMATCH;
    }
    if (ret != MLDSA_OK) {
        PROV_RAISE(pkey->provctx, PROV_R_BAD_KEY, "%s: %s%s%s", pkey->alg->name,
                   mldsa_strerror(ret), *what ? ": " : "", what);
        goto end;
    }
    ok = ossl_prov_key_set(pkey, key);
    key = NULL;
 end:
    mldsa_cleanse(own_sk, sizeof(own_sk));
    mldsa_key_free(key);
    return ok;
}

/* Import "seed", "priv", "pub" (the private ones when selected) into an empty key. */
static int key_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    PROV_KEY *pkey = keydata;
    mldsa_param param;
    const void *seed = NULL, *sk = NULL, *pk = NULL;
    int priv;

    if (pkey == NULL || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 0;
    param = pkey->alg->param;
    priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    if (!octets(pkey, OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY),
                OSSL_PKEY_PARAM_PUB_KEY, mldsa_public_key_bytes(param), &pk)
        || (priv && !octets(pkey, OSSL_PARAM_locate_const(params, PARAM_SEED),
                            PARAM_SEED, MLDSA_SEED_BYTES, &seed))
        || (priv && !octets(pkey, OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY),
                            OSSL_PKEY_PARAM_PRIV_KEY, mldsa_secret_key_bytes(param), &sk)))
        return 0;
    if (seed == NULL && sk == NULL && pk == NULL) {
        PROV_RAISE(pkey->provctx, PROV_R_NO_KEY, "%s: no seed, priv or pub to import",
                   pkey->alg->name);
        return 0;
    }
    return key_from_parts(pkey, seed, sk, pk);
}

static const OSSL_PARAM key_parts[] = {
    OSSL_PARAM_octet_string(PARAM_SEED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *key_imexport_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? key_parts : NULL;
}

/*
 * Export the selected parts to cb: with the private key, the seed (when the
 * key has one) and the expanded key; the public key.  The secret copies are
 * wiped after the call.
 */
int ossl_prov_key_export(void *keydata, int selection, OSSL_CALLBACK *cb,
                         void *cbarg)
{
    const PROV_KEY *pkey = keydata;
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    OSSL_PARAM params[4];
    size_t n = 0, sklen, pklen;
    int ok = 0;

    if (pkey == NULL || pkey->key == NULL
        || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 0;
    sklen = mldsa_secret_key_bytes(pkey->alg->param);
    pklen = mldsa_public_key_bytes(pkey->alg->param);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
        && mldsa_key_has_secret(pkey->key)) {
        if (ossl_prov_key_has_seed(pkey) && mldsa_key_get_seed(pkey->key, seed) == MLDSA_OK)
            params[n++] = OSSL_PARAM_construct_octet_string(PARAM_SEED, seed, sizeof(seed));
        if (mldsa_key_get_secret(pkey->key, sk, sklen) != MLDSA_OK)
            goto end;
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, sk, sklen);
    }
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) {
        if (mldsa_key_get_public(pkey->key, pk, pklen) != MLDSA_OK)
            goto end;
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pk, pklen);
    }
    if (n == 0)
        goto end;
    params[n] = OSSL_PARAM_construct_end();
    ok = cb(params, cbarg);
 end:
    mldsa_cleanse(seed, sizeof(seed));
    mldsa_cleanse(sk, sizeof(sk));
    return ok;
}

/* Set an octet string parameter p from the key (get writes into out). */
static int get_octets(OSSL_PARAM *p, int (*get)(const MLDSA_KEY *, uint8_t *, size_t),
                      const MLDSA_KEY *key, uint8_t *out, size_t len)
{
    return p == NULL || (get(key, out, len) == MLDSA_OK
                         && OSSL_PARAM_set_octet_string(p, out, len));
}

/* mldsa_key_get_seed in the shape of get_octets' getter. */
static int get_seed(const MLDSA_KEY *key, uint8_t *out, size_t len)
{
    return len == MLDSA_SEED_BYTES ? mldsa_key_get_seed(key, out) : MLDSA_ERR_BUFFER;
}

/*
 * The key's parameters: sizes ("bits": of the public key, 3.5's figure;
 * "max-size": of a signature), strength, the empty "mandatory-digest", and
 * the parts themselves.
 */
static int key_get_params(void *keydata, OSSL_PARAM params[])
{
    const PROV_KEY *pkey = keydata;
    mldsa_param param;
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    OSSL_PARAM *p;
    int ok = 0;

    if (pkey == NULL)
        return 0;
    param = pkey->alg->param;
    if (((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL
         && !OSSL_PARAM_set_int(p, 8 * (int)mldsa_public_key_bytes(param)))
        || ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL
            && !OSSL_PARAM_set_int(p, pkey->alg->security_bits))
        || ((p = OSSL_PARAM_locate(params, PARAM_SECURITY_CATEGORY)) != NULL
            && !OSSL_PARAM_set_int(p, pkey->alg->security_category))
        || ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL
            && !OSSL_PARAM_set_int(p, (int)mldsa_signature_bytes(param)))
        || ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL
            && !OSSL_PARAM_set_utf8_string(p, "")))
        goto end;
    if (pkey->key != NULL) {
        if (!get_octets(OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY),
                        mldsa_key_get_public, pkey->key, pk, mldsa_public_key_bytes(param))
            || (mldsa_key_has_secret(pkey->key)
                && !get_octets(OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY),
                               mldsa_key_get_secret, pkey->key, sk,
                               mldsa_secret_key_bytes(param)))
            || (ossl_prov_key_has_seed(pkey)
                && !get_octets(OSSL_PARAM_locate(params, PARAM_SEED), get_seed,
                               pkey->key, seed, sizeof(seed))))
            goto end;
    }
    ok = 1;
 end:
    mldsa_cleanse(seed, sizeof(seed));
    mldsa_cleanse(sk, sizeof(sk));
    return ok;
}

static const OSSL_PARAM *key_gettable_params(void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
        OSSL_PARAM_int(PARAM_SECURITY_CATEGORY, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
        OSSL_PARAM_octet_string(PARAM_SEED, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_END
    };

    (void)provctx;
    return gettable;
}

/*
 * Validate: the selected parts are there; for a key pair, the public key
 * recomputed from the expanded secret key (t1 of A s1 + s2, FIPS 204
 * Algorithm 6 lines 5 - 8) is the key's.
 */
static int key_validate(const void *keydata, int selection, int checktype)
{
    const PROV_KEY *pkey = keydata;
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], derived[MLDSA_MAX_PUBLIC_KEY_BYTES];
    mldsa_param param;
    int ok = 0;

    (void)checktype;
    if (!key_has(keydata, selection))
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR)
        return 1;
    param = pkey->alg->param;
    if (mldsa_key_get_secret(pkey->key, sk, mldsa_secret_key_bytes(param)) == MLDSA_OK
        && mldsa_key_get_public(pkey->key, pk, mldsa_public_key_bytes(param)) == MLDSA_OK
        && mldsa_pk_from_sk(param, derived, sk) == MLDSA_OK
        && memcmp(pk, derived, mldsa_public_key_bytes(param)) == 0)
        ok = 1;
    mldsa_cleanse(sk, sizeof(sk));
    return ok;
}

/*
 * A copy of the selected parts: the same key (one more reference) when it
 * keeps all it has, a new verify-only key when a private key is dropped.
 */
static void *key_dup(const void *keydata_from, int selection)
{
    PROV_KEY *from = (PROV_KEY *)keydata_from, *pkey;
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t pklen;

    if (from == NULL)
        return NULL;
    if (from->key == NULL || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
        || !mldsa_key_has_secret(from->key))
        return ossl_prov_key_up_ref(from);
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) == 0
        || (pkey = ossl_prov_key_new(from->provctx, from->alg)) == NULL)
        return NULL;
    pklen = mldsa_public_key_bytes(from->alg->param);
    if (mldsa_key_get_public(from->key, pk, pklen) != MLDSA_OK
        || !key_from_parts(pkey, NULL, NULL, pk)) {
        ossl_prov_key_free(pkey);
        return NULL;
    }
    return pkey;
}

/*
 * The decoders hand a key over by reference: the address of their
 * PROV_KEY pointer, which is taken (set to NULL) here.
 */
void *ossl_prov_key_load(const void *reference, size_t reference_sz)
{
    PROV_KEY **ref = (PROV_KEY **)reference;
    PROV_KEY *pkey;

    if (ref == NULL || reference_sz != sizeof(*ref))
        return NULL;
    pkey = *ref;
    *ref = NULL;
    return pkey;
}

/* Start a key generation of alg with the given parameters. */
static void *gen_init(const PROV_CTX *provctx, const PROV_ALG *alg,
                      const OSSL_PARAM params[])
{
    GEN_CTX *gctx;

    if ((gctx = calloc(1, sizeof(*gctx))) == NULL) {
        PROV_RAISE(provctx, PROV_R_MEMORY, "%s key generation", alg->name);
        return NULL;
    }
    gctx->provctx = provctx;
    gctx->alg = alg;
    if (!gen_set_params(gctx, params)) {
        gen_cleanup(gctx);
        return NULL;
    }
    return gctx;
}

/* "seed": generate from this 32-byte xi (FIPS 204 Algorithm 6) instead of a fresh one. */
static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    GEN_CTX *gctx = genctx;
    const OSSL_PARAM *p;
    size_t len = 0;
    void *seed = gctx->seed;

    if ((p = OSSL_PARAM_locate_const(params, PARAM_SEED)) == NULL)
        return 1;
    gctx->has_seed = 0;
    if (!OSSL_PARAM_get_octet_string(p, &seed, sizeof(gctx->seed), &len)
        || len != sizeof(gctx->seed)) {
        mldsa_cleanse(gctx->seed, sizeof(gctx->seed));
        PROV_RAISE(gctx->provctx, PROV_R_BAD_LENGTH, "%s: the seed must be %d bytes",
                   gctx->alg->name, MLDSA_SEED_BYTES);
        return 0;
    }
    gctx->has_seed = 1;
    return 1;
}

static const OSSL_PARAM *gen_settable_params(void *genctx, void *provctx)
{
    static const OSSL_PARAM settable[] = {
        OSSL_PARAM_octet_string(PARAM_SEED, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_END
    };

    (void)genctx;
    (void)provctx;
    return settable;
}

/* ML-DSA.KeyGen (FIPS 204 Algorithm 1; Algorithm 6 from the given seed). */
static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    GEN_CTX *gctx = genctx;
    PROV_KEY *pkey;
    MLDSA_KEY *key = NULL;
    int ret;

    (void)cb;
    (void)cbarg;
    if ((pkey = ossl_prov_key_new(gctx->provctx, gctx->alg)) == NULL)
        return NULL;
    ret = mldsa_key_generate(&key, gctx->alg->param, gctx->has_seed ? gctx->seed : NULL);
    if (ret != MLDSA_OK) {
        PROV_RAISE(gctx->provctx, PROV_R_KEYGEN_FAILED, "%s: %s", gctx->alg->name,
                   mldsa_strerror(ret));
        ossl_prov_key_free(pkey);
        return NULL;
    }
    if (!ossl_prov_key_set(pkey, key)) {
        ossl_prov_key_free(pkey);
        return NULL;
    }
    return pkey;
}

static void gen_cleanup(void *genctx)
{
    GEN_CTX *gctx = genctx;

    if (gctx == NULL)
        return;
    mldsa_cleanse(gctx, sizeof(*gctx));
    free(gctx);
}

/* The functions that know the parameter set, and the table of each set. */
#define KEYMGMT_FUNCTIONS(n)                                                   \
    static OSSL_FUNC_keymgmt_new_fn key_new_##n;                              \
    static void *key_new_##n(void *provctx)                                   \
    {                                                                         \
        return ossl_prov_key_new(provctx, ossl_prov_alg(MLDSA_##n));          \
    }                                                                         \
    static OSSL_FUNC_keymgmt_gen_init_fn gen_init_##n;                        \
    static void *gen_init_##n(void *provctx, int selection,                   \
                              const OSSL_PARAM params[])                      \
    {                                                                         \
        (void)selection;                                                      \
        return gen_init(provctx, ossl_prov_alg(MLDSA_##n), params);           \
    }                                                                         \
    const OSSL_DISPATCH ossl_prov_keymgmt_##n##_functions[] = {               \
        { OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))key_new_##n },               \
        { OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))key_free },                 \
        { OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))key_has },                   \
        { OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))key_match },               \
        { OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))key_import },             \
        { OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))key_imexport_types }, \
        { OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))ossl_prov_key_export },   \
        { OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))key_imexport_types }, \
        { OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))key_get_params },     \
        { OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))key_gettable_params }, \
        { OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))key_validate },         \
        { OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))key_dup },                   \
        { OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))ossl_prov_key_load },       \
        { OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))gen_init_##n },         \
        { OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params }, \
        { OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))gen_settable_params }, \
        { OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))gen },                       \
        { OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup },       \
        { 0, NULL }                                                           \
    }

KEYMGMT_FUNCTIONS(44);
KEYMGMT_FUNCTIONS(65);
KEYMGMT_FUNCTIONS(87);
