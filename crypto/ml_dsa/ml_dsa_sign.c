/*
 * ML-DSA signing and verification (FIPS 204 Algorithm 7,
 * ML-DSA.Sign_internal, and Algorithm 8, ML-DSA.Verify_internal) on a key
 * object, and the key-object entry points for pure ML-DSA (Algorithms 2
 * and 3), HashML-DSA (Algorithms 4 and 5), external mu and the internal
 * interface.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3.h"
#include "ml_dsa_local.h"
#include "ml_dsa_poly.h"

/* Largest w1Encode output: k = 8 polynomials of 4 bits, or k = 4 of 6. */
#define W1_MAX_BYTES (ML_DSA_K_MAX * ML_DSA_POLY_BYTES(4))
/* rho'' = H(K || rnd || mu, 64) (FIPS 204 Algorithm 7, line 7). */
#define RHO_PP_BYTES 64

/*
 * 1 when some coefficient of the n polynomials p has |c| >= bound, else 0,
 * looking at every coefficient (no early exit, no branch on c).
 */
static int polys_exceed(const ML_DSA_POLY *p, size_t n, int32_t bound)
{
    int32_t bad = 0;
    size_t i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < ML_DSA_N; j++)
            bad |= (bound - 1) - ml_dsa_abs(p[i].coeff[j]);
    return bad < 0;
}

/*
 * 1 when a rejection check failed (bad < 0), declassified: FIPS 204's
 * rejection sampling makes the accepted signature independent of why and
 * how often earlier attempts were rejected, and their (z, r0, ct0) are
 * discarded, so each verdict (and the attempt count) is public.
 */
static int rejected(int32_t bad)
{
    int reject = (int)((uint32_t)bad >> 31);

    ML_DSA_CT_DECLASSIFY(&reject, sizeof(reject));
    return reject;
}

#ifdef ML_DSA_CT
int ossl_ml_dsa_ct_plant;

/*
 * The planted leak of the constant-time harness (include/internal/ct.h):
 * a branch on the secret y.coeff[255] (to a volatile store, which the
 * compiler cannot make a conditional move).  CT=1 builds only.
 */
__attribute__((noinline)) static void ct_plant_y255(const ML_DSA_POLY *y)
{
    static volatile int hits;

    if (y->coeff[255] & 1)
        hits++;
}
#endif

/*
 * ctilde = H(mu || w1Encode(w1), lambda / 4) (FIPS 204 Algorithm 7 line 15,
 * Algorithm 8 line 12).
 */
static void commitment_hash(uint8_t *ctilde, const ML_DSA_PARAMS *p,
                            const uint8_t mu[64], const uint8_t *w1,
                            size_t w1len)
{
    KECCAK1600_CTX h;

    SHA3_shake256_init(&h);
    SHA3_absorb(&h, mu, ML_DSA_MU_BYTES);
    SHA3_absorb(&h, w1, w1len);
    SHA3_squeeze(&h, ctilde, p->ctilde_bytes);
    SHA3_cleanse(&h);
}

/*
 * ML-DSA.Sign_internal (FIPS 204 Algorithm 7) from line 7, on a key with a
 * secret: sig = sigEncode(ctilde, z, h) for mu and the 32-byte rnd.  The
 * loop rejects (z, r0, ct0, hint count) as FIPS 204 does; each check looks
 * at every coefficient, and only its verdict is branched on.  All
 * intermediates are wiped.
 */
int ossl_ml_dsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t mu[64], const uint8_t *rnd)
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_SAMPLE_OPS *ops = key->backend->sample;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    const size_t k = p->k, l = p->l;
    const size_t w1_poly_bytes = ML_DSA_POLY_BYTES(p->w1_bits);
    const size_t z_poly_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
    /* y, then up to mask_batch - 1 polynomials of the next attempt's mask */
    ML_DSA_POLY y[ML_DSA_L_MAX + ML_DSA_MASK_BATCH_MAX - 1];
    ML_DSA_POLY z[ML_DSA_L_MAX], w[ML_DSA_K_MAX];
    ML_DSA_POLY c, t;
    uint8_t h[ML_DSA_K_MAX * ML_DSA_N];
    uint8_t w1[W1_MAX_BYTES];
    uint8_t rho_pp[RHO_PP_BYTES], ctilde[ML_DSA_CTILDE_MAX_BYTES];
    KECCAK1600_CTX hctx;
    uint16_t kappa = 0;
    uint32_t count;
    int32_t bad;
    size_t i, spare = 0, fetch;
    int ret = MLDSA_ERR_MEMORY;

    /* rho'' = H(K || rnd || mu, 64) */
    SHA3_shake256_init(&hctx);
    SHA3_absorb(&hctx, key->key, ML_DSA_K_BYTES);
    SHA3_absorb(&hctx, rnd, ML_DSA_RND_BYTES);
    SHA3_absorb(&hctx, mu, ML_DSA_MU_BYTES);
    SHA3_squeeze(&hctx, rho_pp, sizeof(rho_pp));
    SHA3_cleanse(&hctx);

    for (;; kappa = (uint16_t)(kappa + l)) {
        /*
         * y = ExpandMask(rho'', kappa).  Its polynomial r depends only on
         * kappa + r, so the ops fill it mask_batch polynomials at a time
         * (4 or 8 for a 4- or 8-way kernel; l is 4, 5 or 7): the spare ones
         * (nonces kappa + l ...) at y[l ...] become the first of the next
         * attempt.  spare < mask_batch, and may reach l when mask_batch > l:
         * then nothing is fetched.
         */
        memmove(y, y + l, spare * sizeof(y[0]));
        fetch = spare >= l ? 0
                : (l - spare + ops->mask_batch - 1) / ops->mask_batch
                  * ops->mask_batch;
        if (fetch > 0
            && !ops->vector_expand_mask(y + spare, rho_pp,
                                        (uint16_t)(kappa + spare), fetch,
                                        p->gamma1_bits))
            goto end;
        spare += fetch - l;
#ifdef ML_DSA_CT
        if (ossl_ml_dsa_ct_plant == ML_DSA_CT_PLANT_Y255)
            ct_plant_y255(&y[0]);
#endif

        /* w = NTT^-1(A-hat * NTT(y)) */
        for (i = 0; i < l; i++) {
            z[i] = y[i];
            poly->ntt(&z[i]);
        }
        for (i = 0; i < k; i++) {
            poly->ntt_dot(&w[i], &key->a_hat[i * l], z, l);
            poly->ntt_inverse(&w[i]);
            poly->w1(w1 + i * w1_poly_bytes, &w[i], p);
        }
        commitment_hash(ctilde, p, mu, w1, k * w1_poly_bytes);
        /* public: the signature releases ctilde, and a rejected attempt's
         * challenge is simulated without the key in FIPS 204's proof */
        ML_DSA_CT_DECLASSIFY(ctilde, p->ctilde_bytes);
        ossl_ml_dsa_poly_sample_in_ball(&c, ctilde, p->ctilde_bytes, p->tau);
        poly->ntt(&c);

        /* z = y + <<c s1>>; reject when ||z|| >= gamma1 - beta */
        bad = 0;
        for (i = 0; i < l; i++) {
            poly->ntt_mul(&z[i], &c, &key->s1_hat[i]);
            poly->ntt_inverse(&z[i]);
            bad |= poly->z(&z[i], &y[i], p->gamma1 - p->beta);
        }
        if (rejected(bad))
            continue;

        /* r = w - <<c s2>> (kept in w); reject when ||LowBits(r)|| >= gamma2 - beta */
        bad = 0;
        for (i = 0; i < k; i++) {
            poly->ntt_mul(&t, &c, &key->s2_hat[i]);
            poly->ntt_inverse(&t);
            bad |= poly->r(&w[i], h + i * ML_DSA_N, &t, p);
        }
        if (rejected(bad))
            continue;

        /* <<c t0>>: reject when ||c t0|| >= gamma2; the hint, rejected
         * when it has more than omega ones */
        count = 0;
        for (i = 0; i < k; i++) {
            poly->ntt_mul(&t, &c, &key->t0_hat[i]);
            poly->ntt_inverse(&t);
            bad |= poly->hint(h + i * ML_DSA_N, &count, &w[i], &t, p);
        }
        /* count <= k * 256: omega - count is negative when count > omega */
        bad |= (int32_t)((uint32_t)p->omega - count);
        if (rejected(bad))
            continue;

        /* public: z and h are the released signature's parts */
        ML_DSA_CT_DECLASSIFY(z, l * sizeof(z[0]));
        ML_DSA_CT_DECLASSIFY(h, k * ML_DSA_N);
        /* sigEncode (FIPS 204 Algorithm 26) */
        memcpy(sig, ctilde, p->ctilde_bytes);
        for (i = 0; i < l; i++)
            poly->pack_z(sig + p->ctilde_bytes + i * z_poly_bytes,
                                    &z[i], p->gamma1_bits);
        poly->hint_encode(sig + p->ctilde_bytes + l * z_poly_bytes, p, h);
        ret = MLDSA_OK;
        break;
    }
 end:
    ossl_cleanse(y, sizeof(y));
    ossl_cleanse(z, sizeof(z));
    ossl_cleanse(w, sizeof(w));
    ossl_cleanse(&c, sizeof(c));
    ossl_cleanse(&t, sizeof(t));
    ossl_cleanse(h, sizeof(h));
    ossl_cleanse(w1, sizeof(w1));
    ossl_cleanse(rho_pp, sizeof(rho_pp));
    ossl_cleanse(ctilde, sizeof(ctilde));
    return ret;
}

/*
 * ML-DSA.Verify_internal (FIPS 204 Algorithm 8) from line 7 on a key with
 * a public part: MLDSA_OK when sig (of the right length, checked by the
 * caller) is valid for mu, MLDSA_ERR_VERIFY otherwise: a malformed hint
 * encoding (sigDecode, Algorithm 27, via HintBitUnpack), ||z|| >=
 * gamma1 - beta, or a commitment hash that differs.  Public data only.
 */
int ossl_ml_dsa_key_verify_mu(const MLDSA_KEY *key, const uint8_t *sig,
                              const uint8_t mu[64])
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    const size_t k = p->k, l = p->l;
    const size_t w1_poly_bytes = ML_DSA_POLY_BYTES(p->w1_bits);
    const size_t z_poly_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
    ML_DSA_POLY z[ML_DSA_L_MAX], w, c, t;
    uint8_t h[ML_DSA_K_MAX * ML_DSA_N];
    uint8_t w1[W1_MAX_BYTES];
    uint8_t ctilde[ML_DSA_CTILDE_MAX_BYTES];
    uint8_t diff = 0;
    size_t i, j;

    /* sigDecode (FIPS 204 Algorithm 27) and the bound on z (Algorithm 8 line 13) */
    for (i = 0; i < l; i++)
        poly->unpack_z(&z[i], sig + p->ctilde_bytes + i * z_poly_bytes,
                       p->gamma1_bits);
    if (polys_exceed(z, l, p->gamma1 - p->beta)
        || !ossl_ml_dsa_hint_decode(p, h, sig + p->ctilde_bytes
                                    + l * z_poly_bytes))
        return MLDSA_ERR_VERIFY;

    /* w'_approx = NTT^-1(A-hat * NTT(z) - NTT(c) * NTT(t1 * 2^d)) */
    ossl_ml_dsa_poly_sample_in_ball(&c, sig, p->ctilde_bytes, p->tau);
    poly->ntt(&c);
    for (i = 0; i < l; i++)
        poly->ntt(&z[i]);
    for (i = 0; i < k; i++) {
        poly->ntt_dot(&w, &key->a_hat[i * l], z, l);
        poly->ntt_mul(&t, &c, &key->t1_hat[i]);
        for (j = 0; j < ML_DSA_N; j++)
            w.coeff[j] = ml_dsa_reduce32(w.coeff[j] - t.coeff[j]);
        poly->ntt_inverse(&w);
        /* w1' = UseHint(h, w'_approx) */
        poly->use_hint(&w, h + i * ML_DSA_N, p);
        poly->pack_w1(w1 + i * w1_poly_bytes, &w, p->w1_bits);
    }
    commitment_hash(ctilde, p, mu, w1, k * w1_poly_bytes);
    for (i = 0; i < p->ctilde_bytes; i++)
        diff |= ctilde[i] ^ sig[i];
    return diff == 0 ? MLDSA_OK : MLDSA_ERR_VERIFY;
}

/* rnd for signing: the caller's, or 32 fresh bytes from the OS when NULL (hedged). */
static int get_rnd(uint8_t fresh[32], const uint8_t **rnd)
{
    int ret;

    if (*rnd != NULL)
        return MLDSA_OK;
    if ((ret = ossl_ml_dsa_random(fresh, ML_DSA_RND_BYTES)) != MLDSA_OK)
        return ret;
    *rnd = fresh;
    return MLDSA_OK;
}

/*
 * Sign mu with the key (FIPS 204 Algorithm 7 from line 7), drawing rnd
 * when NULL; sig is zeroed on failure.
 */
static int sign_mu(const MLDSA_KEY *key, uint8_t *sig, const uint8_t mu[64],
                   const uint8_t *rnd)
{
    uint8_t fresh[ML_DSA_RND_BYTES];
    int ret;

    if ((ret = get_rnd(fresh, &rnd)) == MLDSA_OK)
        ret = ossl_ml_dsa_key_sign_mu(key, sig, mu, rnd);
    if (ret != MLDSA_OK)
        memset(sig, 0, key->params->sig_bytes);
    ossl_cleanse(fresh, sizeof(fresh));
    return ret;
}

/* Common checks of the signing entry points: key, sig, a secret. */
static int check_signer(const MLDSA_KEY *key, const uint8_t *sig)
{
    if (key == NULL || sig == NULL)
        return MLDSA_ERR_NULL;
    if (!key->has_secret)
        return MLDSA_ERR_NO_SECRET;
    return MLDSA_OK;
}

/* Common checks of the verifying entry points: key, sig and its length. */
static int check_verifier(const MLDSA_KEY *key, const uint8_t *sig,
                          size_t siglen)
{
    if (key == NULL || (sig == NULL && siglen != 0))
        return MLDSA_ERR_NULL;
    if (siglen != key->params->sig_bytes)
        return MLDSA_ERR_SIG_LENGTH;
    return MLDSA_OK;
}

/* ML-DSA.Sign (FIPS 204 Algorithm 2) with the key. */
int mldsa_key_sign(const MLDSA_KEY *key, uint8_t *sig, const uint8_t *msg,
                   size_t msglen, const uint8_t *ctx, size_t ctxlen,
                   const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mu_pure(mu, key->tr, msg, msglen, ctx, ctxlen);
    return sign_mu(key, sig, mu, rnd);
}

/* ML-DSA.Verify (FIPS 204 Algorithm 3) with the key. */
int mldsa_key_verify(const MLDSA_KEY *key, const uint8_t *sig, size_t siglen,
                     const uint8_t *msg, size_t msglen, const uint8_t *ctx,
                     size_t ctxlen)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK
        || (ret = check_verifier(key, sig, siglen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mu_pure(mu, key->tr, msg, msglen, ctx, ctxlen);
    return ossl_ml_dsa_key_verify_mu(key, sig, mu);
}

/* HashML-DSA.Sign (FIPS 204 Algorithm 4) with the key, from the digest. */
int mldsa_key_prehash_sign(const MLDSA_KEY *key, uint8_t *sig,
                           mldsa_hash hash, const uint8_t *digest,
                           size_t digestlen, const uint8_t *ctx,
                           size_t ctxlen, const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_mu_prehash(mu, key->tr, hash, digest, digestlen,
                                         ctx, ctxlen)) != MLDSA_OK)
        return ret;
    return sign_mu(key, sig, mu, rnd);
}

/* HashML-DSA.Verify (FIPS 204 Algorithm 5) with the key, from the digest. */
int mldsa_key_prehash_verify(const MLDSA_KEY *key, const uint8_t *sig,
                             size_t siglen, mldsa_hash hash,
                             const uint8_t *digest, size_t digestlen,
                             const uint8_t *ctx, size_t ctxlen)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if ((ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = check_verifier(key, sig, siglen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_mu_prehash(mu, key->tr, hash, digest, digestlen,
                                         ctx, ctxlen)) != MLDSA_OK)
        return ret;
    return ossl_ml_dsa_key_verify_mu(key, sig, mu);
}

/* Sign an external mu (FIPS 204 Algorithm 7 from line 7) with the key. */
int mldsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig, const uint8_t mu[64],
                      const uint8_t *rnd)
{
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK)
        return ret;
    if (mu == NULL)
        return MLDSA_ERR_NULL;
    return sign_mu(key, sig, mu, rnd);
}

/* Verify against an external mu (FIPS 204 Algorithm 8 from line 8) with the key. */
int mldsa_key_verify_mu(const MLDSA_KEY *key, const uint8_t *sig,
                        size_t siglen, const uint8_t mu[64])
{
    int ret;

    if (mu == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = check_verifier(key, sig, siglen)) != MLDSA_OK)
        return ret;
    return ossl_ml_dsa_key_verify_mu(key, sig, mu);
}

/* ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on M' with the key. */
int mldsa_key_sign_internal(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t *mprime, size_t mprimelen,
                            const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK)
        return ret;
    if (mprime == NULL && mprimelen != 0)
        return MLDSA_ERR_NULL;
    ossl_ml_dsa_mu_internal(mu, key->tr, mprime, mprimelen);
    return sign_mu(key, sig, mu, rnd);
}

/* ML-DSA.Verify_internal (FIPS 204 Algorithm 8) on M' with the key. */
int mldsa_key_verify_internal(const MLDSA_KEY *key, const uint8_t *sig,
                              size_t siglen, const uint8_t *mprime,
                              size_t mprimelen)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    int ret;

    if (mprime == NULL && mprimelen != 0)
        return MLDSA_ERR_NULL;
    if ((ret = check_verifier(key, sig, siglen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mu_internal(mu, key->tr, mprime, mprimelen);
    return ossl_ml_dsa_key_verify_mu(key, sig, mu);
}
