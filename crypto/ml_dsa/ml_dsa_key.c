/*
 * The ML-DSA key object (MLDSA_KEY): key generation (FIPS 204 Algorithm 6,
 * ML-DSA.KeyGen_internal), decoding of encoded keys (Algorithms 23 and 25,
 * with the range and consistency checks), and the accessors.  A key keeps
 * A-hat and its secret vectors in NTT form, so that signing and verifying
 * never expand them again; it is read-only once made, and its secrets are
 * wiped on free.
 */
#include <stdlib.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3.h"
#include "ml_dsa_local.h"
#include "ml_dsa_poly.h"

/* H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128) = rho || rho' || K. */
#define KEYGEN_SEED_IN_BYTES (ML_DSA_SEED_BYTES + 2)
#define KEYGEN_SEED_OUT_BYTES \
    (ML_DSA_RHO_BYTES + ML_DSA_RHO_PRIME_BYTES + ML_DSA_K_BYTES)

/* Reduce every coefficient of the n polynomials p (|c| < 2^31 - 2^22) to |c| < q. */
static void polys_reduce(ML_DSA_POLY *p, size_t n)
{
    size_t i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < ML_DSA_N; j++)
            p[i].coeff[j] = ml_dsa_reduce32(p[i].coeff[j]);
}

/* NTT (FIPS 204 Algorithm 41) of n polynomials of key, |c| < q in and out. */
static void polys_ntt(const MLDSA_KEY *key, ML_DSA_POLY *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        key->backend->poly->ntt(&p[i]);
    polys_reduce(p, n);
}

/*
 * An empty key object for the parameter set, with room for its polynomials
 * in the same allocation: A-hat (k * l) and t1 (k), and, when with_secret,
 * s1 (l), s2 and t0 (k each).
 */
int ossl_ml_dsa_key_new(MLDSA_KEY **out, mldsa_param param,
                        int with_secret)
{
    const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(param);
    size_t head = (sizeof(MLDSA_KEY) + 63) & ~(size_t)63;
    size_t secret_polys, size;
    MLDSA_KEY *key;

    *out = NULL;
    if (p == NULL)
        return MLDSA_ERR_PARAM;
    secret_polys = with_secret ? p->l + 2 * p->k : 0;
    size = head + (secret_polys + p->k * p->l + p->k) * sizeof(ML_DSA_POLY);
    /* the polynomials are all written before they are read: clear the head only */
    key = malloc(size);
    if (key == NULL)
        return MLDSA_ERR_MEMORY;
    memset(key, 0, sizeof(*key));
    key->params = p;
    key->backend = ossl_ml_dsa_backend();
    /*
     * The secret polynomials first, right after the struct, so that one
     * cleanse of secret_size bytes wipes every secret; A-hat and t1 are
     * public.  s1 and s2 are adjacent: ExpandS fills them in one call.
     */
    key->a_hat = (ML_DSA_POLY *)((uint8_t *)key + head) + secret_polys;
    key->t1_hat = key->a_hat + p->k * p->l;
    if (with_secret) {
        key->s1_hat = (ML_DSA_POLY *)((uint8_t *)key + head);
        key->s2_hat = key->s1_hat + p->l;
        key->t0_hat = key->s2_hat + p->k;
    }
    key->secret_size = (size_t)((uint8_t *)key->a_hat - (uint8_t *)key);
    *out = key;
    return MLDSA_OK;
}

/*
 * t = NTT^-1(A-hat * s1-hat) + s2 (FIPS 204 Algorithm 6, line 5) split by
 * Power2Round (line 6) into t1 (written to key->t1_hat, normal form, in
 * [0, 2^10)) and t0 (written to t0, in (-2^12, 2^12]).  s2 is in normal form.
 */
static void compute_t(MLDSA_KEY *key, const ML_DSA_POLY *s2, ML_DSA_POLY *t0)
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    ML_DSA_POLY t;
    size_t i, j;
    int32_t v;

    for (i = 0; i < p->k; i++) {
        poly->ntt_dot(&t, &key->a_hat[i * p->l], key->s1_hat, p->l);
        poly->ntt_inverse(&t);
        for (j = 0; j < ML_DSA_N; j++) {
            v = ml_dsa_freeze(ml_dsa_caddq(t.coeff[j]) + s2[i].coeff[j]);
            key->t1_hat[i].coeff[j] = ml_dsa_power2round(&t0[i].coeff[j], v);
        }
    }
    /* public: t1 is the public key's (pkEncode, FIPS 204 Algorithm 22) */
    ML_DSA_CT_DECLASSIFY(key->t1_hat, p->k * sizeof(key->t1_hat[0]));
    ossl_cleanse(&t, sizeof(t));
}

/*
 * From t1 in key->t1_hat (normal form): the encoded public key and tr =
 * H(pk, 64) (FIPS 204 Algorithm 6, lines 7 and 8).
 */
static void encode_public(MLDSA_KEY *key, uint8_t tr[64])
{
    const ML_DSA_PARAMS *p = key->params;

    ossl_ml_dsa_pk_encode(key->backend->poly, key->pk, p, key->rho,
                          key->t1_hat);
    SHA3_shake256(tr, ML_DSA_TR_BYTES, key->pk, p->pk_bytes);
}

/*
 * t1_hat = NTT(t1 * 2^d) in place (FIPS 204 Algorithm 8, line 9), which
 * verifying needs; the key can then verify.
 */
static void expand_t1(MLDSA_KEY *key)
{
    const ML_DSA_PARAMS *p = key->params;
    size_t i, j;

    for (i = 0; i < p->k; i++)
        for (j = 0; j < ML_DSA_N; j++)
            key->t1_hat[i].coeff[j] <<= ML_DSA_D;
    polys_ntt(key, key->t1_hat, p->k);
    key->has_public = 1;
}

/*
 * ML-DSA.KeyGen_internal (FIPS 204 Algorithm 6) from the 32-byte seed xi:
 * fills the key's encoded pk and sk, and, when prepare is set, the NTT
 * forms of t1, s2 and t0 that verifying and signing need.  One-shot key
 * generation only returns pk and sk, so it skips those 3k transforms.
 */
int ossl_ml_dsa_key_init_seed(MLDSA_KEY *key, const uint8_t seed[32],
                              int prepare)
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_SAMPLE_OPS *ops = key->backend->sample;
    uint8_t in[KEYGEN_SEED_IN_BYTES], expanded[KEYGEN_SEED_OUT_BYTES];
    const uint8_t *rho_prime = expanded + ML_DSA_RHO_BYTES;
    ML_DSA_POLY s1[ML_DSA_L_MAX];
    int ret = MLDSA_ERR_MEMORY;

    memcpy(in, seed, ML_DSA_SEED_BYTES);
    in[ML_DSA_SEED_BYTES] = (uint8_t)p->k;
    in[ML_DSA_SEED_BYTES + 1] = (uint8_t)p->l;
    SHA3_shake256(expanded, sizeof(expanded), in, sizeof(in));
    memcpy(key->rho, expanded, ML_DSA_RHO_BYTES);
    /* public: rho is the public key's seed of A (FIPS 204 Algorithm 22) */
    ML_DSA_CT_DECLASSIFY(key->rho, ML_DSA_RHO_BYTES);
    memcpy(key->key, expanded + ML_DSA_RHO_BYTES + ML_DSA_RHO_PRIME_BYTES,
           ML_DSA_K_BYTES);

    if (!ops->matrix_expand_A(key->a_hat, key->rho, p->k, p->l)
        || !ops->vector_expand_S(key->s1_hat, rho_prime, p->l, p->k, p->eta))
        goto end;
    /* skEncode needs s1 in normal form, after tr is known. */
    memcpy(s1, key->s1_hat, p->l * sizeof(ML_DSA_POLY));
    polys_ntt(key, key->s1_hat, p->l);
    compute_t(key, key->s2_hat, key->t0_hat);
    encode_public(key, key->tr);
    ossl_ml_dsa_sk_encode(key->backend->poly, key->sk, p, key->rho, key->key,
                          key->tr, s1, key->s2_hat, key->t0_hat);
    memcpy(key->seed, seed, ML_DSA_SEED_BYTES);
    key->has_seed = 1;
    if (prepare) {
        expand_t1(key);
        polys_ntt(key, key->s2_hat, p->k);
        polys_ntt(key, key->t0_hat, p->k);
        key->has_secret = 1;
    }
    ret = MLDSA_OK;
 end:
    ossl_cleanse(in, sizeof(in));
    ossl_cleanse(expanded, sizeof(expanded));
    ossl_cleanse(s1, sizeof(s1));
    return ret;
}

/*
 * An encoded secret key (skDecode, FIPS 204 Algorithm 25) into the key:
 * MLDSA_ERR_BAD_KEY when a coefficient of s1 or s2 lies outside
 * [-eta, eta].  Then recomputes t = A s1 + s2 and the public key, and
 * checks that the key's t0 and tr belong to them (MLDSA_ERR_KEY_MISMATCH
 * otherwise).  With with_public, also prepares t1 for verifying; without
 * (the one-shot signing functions), the key can only sign.  The
 * comparisons do not branch on the secret t0.
 */
static int key_init_secret(MLDSA_KEY *key, const uint8_t *sk, int with_public)
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_SAMPLE_OPS *ops = key->backend->sample;
    ML_DSA_POLY t0[ML_DSA_K_MAX];
    uint8_t tr[ML_DSA_TR_BYTES];
    uint32_t diff = 0;
    size_t i, j;
    int ok, ret = MLDSA_ERR_BAD_KEY;

    ok = ossl_ml_dsa_sk_decode(key->backend->poly, p, key->rho, key->key,
                               key->tr, key->s1_hat, key->s2_hat, key->t0_hat,
                               sk);
    /* public: whether a key is valid is the caller's verdict to act on,
     * and rho is the public key's seed of A */
    ML_DSA_CT_DECLASSIFY(&ok, sizeof(ok));
    ML_DSA_CT_DECLASSIFY(key->rho, ML_DSA_RHO_BYTES);
    if (!ok)
        goto end;
    ret = MLDSA_ERR_MEMORY;
    if (!ops->matrix_expand_A(key->a_hat, key->rho, p->k, p->l))
        goto end;
    polys_ntt(key, key->s1_hat, p->l);
    compute_t(key, key->s2_hat, t0);
    encode_public(key, tr);
    for (i = 0; i < p->k; i++)
        for (j = 0; j < ML_DSA_N; j++)
            diff |= (uint32_t)(t0[i].coeff[j] ^ key->t0_hat[i].coeff[j]);
    for (i = 0; i < ML_DSA_TR_BYTES; i++)
        diff |= tr[i] ^ key->tr[i];
    /* public: a key whose t0 or tr does not match is refused, a verdict */
    ML_DSA_CT_DECLASSIFY(&diff, sizeof(diff));
    ret = MLDSA_ERR_KEY_MISMATCH;
    if (diff != 0)
        goto end;
    if (with_public)
        expand_t1(key);
    polys_ntt(key, key->s2_hat, p->k);
    polys_ntt(key, key->t0_hat, p->k);
    memcpy(key->sk, sk, p->sk_bytes);
    key->has_secret = 1;
    ret = MLDSA_OK;
 end:
    ossl_cleanse(t0, sizeof(t0));
    return ret;
}

/*
 * An encoded public key (pkDecode, FIPS 204 Algorithm 23) into the key:
 * A-hat, tr = H(pk, 64) and NTT(t1 * 2^d).  Every byte string of the
 * right length is a valid public key.
 */
static int key_init_public(MLDSA_KEY *key, const uint8_t *pk)
{
    const ML_DSA_PARAMS *p = key->params;

    ossl_ml_dsa_pk_decode(key->backend->poly, p, key->rho, key->t1_hat, pk);
    if (!key->backend->sample->matrix_expand_A(key->a_hat, key->rho,
                                                   p->k, p->l))
        return MLDSA_ERR_MEMORY;
    memcpy(key->pk, pk, p->pk_bytes);
    SHA3_shake256(key->tr, ML_DSA_TR_BYTES, pk, p->pk_bytes);
    expand_t1(key);
    return MLDSA_OK;
}

/*
 * Wipe every secret of a key object (the seed, K, the encoded secret key,
 * s1, s2 and t0; A-hat and t1 are public) and free it (NULL is fine).
 */
void mldsa_key_free(MLDSA_KEY *key)
{
    if (key == NULL)
        return;
    ossl_cleanse(key, key->secret_size);
    free(key);
}

/*
 * A new key from seed (or a fresh OS seed), as ML-DSA.KeyGen (FIPS 204
 * Algorithm 1); prepare as for ossl_ml_dsa_key_init_seed.  A PCT=1 build
 * always prepares the key and runs the pairwise consistency test on it
 * (MLDSA_ERR_SELF_TEST, and nothing of the key kept, when it fails).
 */
int ossl_ml_dsa_key_generate(MLDSA_KEY **out, mldsa_param param,
                             const uint8_t *seed, int prepare)
{
    uint8_t fresh[ML_DSA_SEED_BYTES];
    MLDSA_KEY *key = NULL;
    int ret;

    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if ((ret = ossl_ml_dsa_key_new(&key, param, 1)) != MLDSA_OK)
        return ret;
    if (seed == NULL) {
        if ((ret = ossl_ml_dsa_random(fresh, sizeof(fresh))) != MLDSA_OK)
            goto end;
        seed = fresh;
    }
#ifdef ML_DSA_PCT
    prepare = 1;    /* the pairwise consistency test signs with the key */
#endif
    ret = ossl_ml_dsa_key_init_seed(key, seed, prepare);
#ifdef ML_DSA_PCT
    if (ret == MLDSA_OK)
        ret = ossl_ml_dsa_key_pct(key);
#endif
 end:
    ossl_cleanse(fresh, sizeof(fresh));
    if (ret != MLDSA_OK)
        mldsa_key_free(key);
    else
        *out = key;
    return ret;
}

/* A key object ready to sign and verify, from seed (NULL: a fresh OS seed). */
int mldsa_key_generate(MLDSA_KEY **out, mldsa_param param, const uint8_t *seed)
{
    return ossl_ml_dsa_key_generate(out, param, seed, 1);
}

/* A new key from a seed given with its length (32). */
int mldsa_key_from_seed(MLDSA_KEY **out, mldsa_param param,
                        const uint8_t *seed, size_t seedlen)
{
    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (seed == NULL && seedlen != 0)
        return MLDSA_ERR_NULL;
    if (seedlen != ML_DSA_SEED_BYTES)
        return MLDSA_ERR_KEY_LENGTH;
    return mldsa_key_generate(out, param, seed);
}

/*
 * A new key object from an encoded secret key of the parameter set's
 * length (the caller checks it), as key_init_secret decodes it.
 */
int ossl_ml_dsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *sk, int with_public)
{
    int ret;

    if ((ret = ossl_ml_dsa_key_new(out, param, 1)) != MLDSA_OK)
        return ret;
    if ((ret = key_init_secret(*out, sk, with_public)) != MLDSA_OK) {
        mldsa_key_free(*out);
        *out = NULL;
    }
    return ret;
}

/*
 * A new verify-only key object from an encoded public key of the parameter
 * set's length (the caller checks it).
 */
int ossl_ml_dsa_key_from_public(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *pk)
{
    int ret;

    if ((ret = ossl_ml_dsa_key_new(out, param, 0)) != MLDSA_OK)
        return ret;
    if ((ret = key_init_public(*out, pk)) != MLDSA_OK) {
        mldsa_key_free(*out);
        *out = NULL;
    }
    return ret;
}

/* A new key from an encoded (expanded) secret key, checked for range and consistency. */
int mldsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                          const uint8_t *sk, size_t sklen)
{
    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (sk == NULL && sklen != 0)
        return MLDSA_ERR_NULL;
    if (sklen != mldsa_secret_key_bytes(param))
        return MLDSA_ERR_SK_LENGTH;
    return ossl_ml_dsa_key_from_secret(out, param, sk, 1);
}

/* A new verify-only key from an encoded public key. */
int mldsa_key_from_public(MLDSA_KEY **out, mldsa_param param,
                          const uint8_t *pk, size_t pklen)
{
    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL && pklen != 0)
        return MLDSA_ERR_NULL;
    if (pklen != mldsa_public_key_bytes(param))
        return MLDSA_ERR_PK_LENGTH;
    return ossl_ml_dsa_key_from_public(out, param, pk);
}

/* The key's parameter set (0 for NULL). */
mldsa_param mldsa_key_param(const MLDSA_KEY *key)
{
    return key == NULL ? (mldsa_param)0 : key->params->id;
}

/* 1 when the key can sign. */
int mldsa_key_has_secret(const MLDSA_KEY *key)
{
    return key != NULL && key->has_secret;
}

/* 1 when the key was made from a seed. */
int mldsa_key_has_seed(const MLDSA_KEY *key)
{
    return key != NULL && key->has_seed;
}

/* The 32-byte seed xi the key was made from. */
int mldsa_key_get_seed(const MLDSA_KEY *key, uint8_t seed[32])
{
    if (key == NULL || seed == NULL)
        return MLDSA_ERR_NULL;
    if (!key->has_seed)
        return MLDSA_ERR_NO_SEED;
    memcpy(seed, key->seed, ML_DSA_SEED_BYTES);
    return MLDSA_OK;
}

/* The encoded public key (pkEncode, FIPS 204 Algorithm 22). */
int mldsa_key_get_public(const MLDSA_KEY *key, uint8_t *out, size_t outlen)
{
    if (key == NULL || out == NULL)
        return MLDSA_ERR_NULL;
    if (outlen < key->params->pk_bytes)
        return MLDSA_ERR_BUFFER;
    memcpy(out, key->pk, key->params->pk_bytes);
    return MLDSA_OK;
}

/* The encoded secret key (skEncode, FIPS 204 Algorithm 24). */
int mldsa_key_get_secret(const MLDSA_KEY *key, uint8_t *out, size_t outlen)
{
    if (key == NULL || out == NULL)
        return MLDSA_ERR_NULL;
    if (!key->has_secret)
        return MLDSA_ERR_NO_SECRET;
    if (outlen < key->params->sk_bytes)
        return MLDSA_ERR_BUFFER;
    memcpy(out, key->sk, key->params->sk_bytes);
    return MLDSA_OK;
}
