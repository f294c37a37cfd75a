/*
 * The one-shot public API (include/mldsa.h): each function decodes the
 * key into a temporary key object on the scheduler its own SHAKE work
 * shares (ossl_ml_dsa_verify_pk, ossl_ml_dsa_sign_sk), and wipes and frees
 * the object.  A signing key gets the same checks as mldsa_key_from_secret
 * (range, and tr / t0 against the recomputed public key) but not the NTT
 * of t1, which only verifying needs.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "ml_dsa_local.h"

/* ML-DSA.KeyGen (FIPS 204 Algorithm 1, or Algorithm 6 from a given seed). */
int mldsa_keygen(mldsa_param param, uint8_t *pk, uint8_t *sk,
                 const uint8_t *seed)
{
    MLDSA_KEY *key = NULL;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || sk == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_key_generate(&key, param, seed, 0)) != MLDSA_OK) {
        if (ret == MLDSA_ERR_SELF_TEST) {
            /* the pairwise consistency test failed: no half of a pair */
            memset(pk, 0, mldsa_public_key_bytes(param));
            memset(sk, 0, mldsa_secret_key_bytes(param));
        }
        return ret;
    }
    memcpy(pk, key->pk, key->params->pk_bytes);
    memcpy(sk, key->sk, key->params->sk_bytes);
    mldsa_key_free(key);
    return MLDSA_OK;
}

/*
 * The public key of an encoded secret key: t1 from t = A s1 + s2, checking
 * that the secret key's t0 and tr belong to it (MLDSA_ERR_KEY_MISMATCH).
 */
int mldsa_pk_from_sk(mldsa_param param, uint8_t *pk, const uint8_t *sk)
{
    MLDSA_KEY *key = NULL;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || sk == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_key_from_secret(&key, param, sk, 0)) == MLDSA_OK)
        memcpy(pk, key->pk, key->params->pk_bytes);
    mldsa_key_free(key);
    return ret;
}

/* ML-DSA.Sign (FIPS 204 Algorithm 2). */
int mldsa_sign(mldsa_param param, uint8_t *sig, const uint8_t *msg,
               size_t msglen, const uint8_t *ctx, size_t ctxlen,
               const uint8_t *sk, const uint8_t *rnd)
{
    ML_DSA_MPRIME m;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (sig == NULL || sk == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    return ossl_ml_dsa_sign_sk(param, sig, sk, &m, NULL, rnd);
}

/* ML-DSA.Verify (FIPS 204 Algorithm 3). */
int mldsa_verify(mldsa_param param, const uint8_t *sig, size_t siglen,
                 const uint8_t *msg, size_t msglen, const uint8_t *ctx,
                 size_t ctxlen, const uint8_t *pk)
{
    ML_DSA_MPRIME m;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || (sig == NULL && siglen != 0))
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    if (siglen != mldsa_signature_bytes(param))
        return MLDSA_ERR_SIG_LENGTH;
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    return ossl_ml_dsa_verify_pk(param, pk, sig, &m, NULL);
}

/* HashML-DSA.Sign (FIPS 204 Algorithm 4), from the digest of the message. */
int mldsa_prehash_sign(mldsa_param param, uint8_t *sig, mldsa_hash hash,
                       const uint8_t *digest, size_t digestlen,
                       const uint8_t *ctx, size_t ctxlen, const uint8_t *sk,
                       const uint8_t *rnd)
{
    ML_DSA_MPRIME m;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (sig == NULL || sk == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_digest(hash, digestlen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_mprime_prehash(&m, hash, digest, digestlen, ctx,
                                             ctxlen)) != MLDSA_OK)
        return ret;
    return ossl_ml_dsa_sign_sk(param, sig, sk, &m, NULL, rnd);
}

/* HashML-DSA.Verify (FIPS 204 Algorithm 5), from the digest of the message. */
int mldsa_prehash_verify(mldsa_param param, const uint8_t *sig, size_t siglen,
                         mldsa_hash hash, const uint8_t *digest,
                         size_t digestlen, const uint8_t *ctx, size_t ctxlen,
                         const uint8_t *pk)
{
    ML_DSA_MPRIME m;
    int ret;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || (sig == NULL && siglen != 0))
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_digest(hash, digestlen)) != MLDSA_OK)
        return ret;
    if (siglen != mldsa_signature_bytes(param))
        return MLDSA_ERR_SIG_LENGTH;
    if ((ret = ossl_ml_dsa_mprime_prehash(&m, hash, digest, digestlen, ctx,
                                          ctxlen)) != MLDSA_OK)
        return ret;
    return ossl_ml_dsa_verify_pk(param, pk, sig, &m, NULL);
}

/* Sign an external mu (FIPS 204 Algorithm 7 from line 7). */
int mldsa_sign_mu(mldsa_param param, uint8_t *sig, const uint8_t mu[64],
                  const uint8_t *sk, const uint8_t *rnd)
{
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (sig == NULL || mu == NULL || sk == NULL)
        return MLDSA_ERR_NULL;
    return ossl_ml_dsa_sign_sk(param, sig, sk, NULL, mu, rnd);
}

/* Verify against an external mu (FIPS 204 Algorithm 8 from line 8). */
int mldsa_verify_mu(mldsa_param param, const uint8_t *sig, size_t siglen,
                    const uint8_t mu[64], const uint8_t *pk)
{
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || mu == NULL || (sig == NULL && siglen != 0))
        return MLDSA_ERR_NULL;
    if (siglen != mldsa_signature_bytes(param))
        return MLDSA_ERR_SIG_LENGTH;
    return ossl_ml_dsa_verify_pk(param, pk, sig, NULL, mu);
}

/* ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on M'. */
int mldsa_sign_internal(mldsa_param param, uint8_t *sig, const uint8_t *mprime,
                        size_t mprimelen, const uint8_t *sk, const uint8_t *rnd)
{
    ML_DSA_MPRIME m;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (sig == NULL || sk == NULL || (mprime == NULL && mprimelen != 0))
        return MLDSA_ERR_NULL;
    ossl_ml_dsa_mprime_internal(&m, mprime, mprimelen);
    return ossl_ml_dsa_sign_sk(param, sig, sk, &m, NULL, rnd);
}

/* ML-DSA.Verify_internal (FIPS 204 Algorithm 8) on M'. */
int mldsa_verify_internal(mldsa_param param, const uint8_t *sig, size_t siglen,
                          const uint8_t *mprime, size_t mprimelen,
                          const uint8_t *pk)
{
    ML_DSA_MPRIME m;

    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (pk == NULL || (sig == NULL && siglen != 0)
        || (mprime == NULL && mprimelen != 0))
        return MLDSA_ERR_NULL;
    if (siglen != mldsa_signature_bytes(param))
        return MLDSA_ERR_SIG_LENGTH;
    ossl_ml_dsa_mprime_internal(&m, mprime, mprimelen);
    return ossl_ml_dsa_verify_pk(param, pk, sig, &m, NULL);
}
