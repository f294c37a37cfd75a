/*
 * The ML-DSA key object (MLDSA_KEY): key generation (FIPS 204 Algorithm 6,
 * ML-DSA.KeyGen_internal), decoding of encoded keys (Algorithms 23 and 25,
 * with the range and consistency checks), and the accessors.  A key keeps
 * A-hat and its secret vectors in NTT form, so that signing and verifying
 * never expand them again; it is read-only once made, and its secrets are
 * wiped on free.
 */
#include <stddef.h>
#include <stdint.h>
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

/*
 * NTT (FIPS 204 Algorithm 41) of n polynomials of key: |c| < q in, |c| <
 * 9q out, as the NTT-domain products take them (one factor of a dot
 * product, either or both of a pointwise one).
 */
static void polys_ntt(const MLDSA_KEY *key, ML_DSA_POLY *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        key->backend->poly->ntt(&p[i]);
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
    size_t secret_polys, size;
    uintptr_t polys;
    MLDSA_KEY *key;

    *out = NULL;
    if (p == NULL)
        return MLDSA_ERR_PARAM;
    secret_polys = with_secret ? p->l + 2 * p->k : 0;
    /* room to start the polynomials on a 64-byte boundary, as their type
     * wants (and the vector loads, which split cache lines otherwise) */
    size = sizeof(MLDSA_KEY) + ML_DSA_POLY_ALIGN - 1
           + (secret_polys + p->k * p->l + p->k) * sizeof(ML_DSA_POLY);
    key = malloc(size);
    if (key == NULL)
        return MLDSA_ERR_MEMORY;
    /* the encoded keys and the polynomials are written before they are
     * read: clear the rest only */
    memset(key, 0, offsetof(MLDSA_KEY, pk));
    key->params = p;
    key->backend = ossl_ml_dsa_backend();
    /*
     * The secret polynomials first, right after the struct, so that one
     * cleanse of secret_size bytes wipes every secret; A-hat and t1 are
     * public.  s1 and s2 are adjacent: ExpandS fills them in one call.
     */
    polys = ((uintptr_t)(key + 1) + ML_DSA_POLY_ALIGN - 1)
            & ~(uintptr_t)(ML_DSA_POLY_ALIGN - 1);
    key->a_hat = (ML_DSA_POLY *)polys + secret_polys;
    key->t1_hat = key->a_hat + p->k * p->l;
    if (with_secret) {
        key->s1_hat = (ML_DSA_POLY *)polys;
        key->s2_hat = key->s1_hat + p->l;
        key->t0_hat = key->s2_hat + p->k;
    } else {
        key->s1_hat = key->s2_hat = key->t0_hat = NULL;
    }
    key->secret_size = (size_t)((uint8_t *)key->a_hat - (uint8_t *)key);
    *out = key;
    return MLDSA_OK;
}

/*
 * Queue the rows of A-hat (ExpandA, FIPS 204 Algorithm 32) on the
 * sampler, one request per row, so that a row can be used as soon as it
 * is sampled; done(rows[r]) runs when row r is (NULL: nothing), with arg.
 */
static void queue_A_rows(MLDSA_KEY *key, ML_DSA_SAMPLER *smp,
                         ML_DSA_SAMPLE_REQ *rows,
                         void (*done)(ML_DSA_SAMPLE_REQ *), void *arg)
{
    const ML_DSA_PARAMS *p = key->params;
    size_t r;

    for (r = 0; r < p->k; r++) {
        ossl_ml_dsa_sample_A(smp, &rows[r], key->a_hat, key->rho, p->l,
                             r * p->l, p->l);
        rows[r].done = done;
        rows[r].arg = arg;
    }
}

/*
 * FIPS 204 Algorithm 6, lines 5 - 8 (and the check of an encoded secret
 * key, which recomputes them), as the rows of A-hat are sampled: t =
 * NTT^-1(A-hat * s1-hat) + s2 split by Power2Round into t1 and t0, pk =
 * pkEncode(rho, t1) and tr = H(pk, 64).  Driven from the sampler's
 * callbacks, so that a row is computed, and its bytes given to the H(pk)
 * job, the moment its last polynomial is sampled: the H(pk) job, urgent,
 * takes the lane that polynomial's job leaves, while the other lanes go
 * on with the next rows.
 */
typedef struct {
    MLDSA_KEY *key;
    SHA3_MB_SCHED *sched;
    ML_DSA_SAMPLE_REQ rows[ML_DSA_K_MAX];
    ML_DSA_SAMPLE_REQ sreq;     /* ExpandS, in key generation */
    ML_DSA_POLY *s1_copy;       /* key generation: s1 kept in normal form
                                   (skEncode) before its NTT; else NULL */
    ML_DSA_POLY *t0;            /* out: t0 (in (-2^12, 2^12]) */
    uint8_t *tr;                /* out: H(pk, 64) */
    ML_DSA_POLY t;
    unsigned sampled;           /* bit r: row r of A-hat is sampled */
    int have_s;                 /* s1-hat (NTT) and s2 are there */
    size_t next;                /* rows of t computed and hashed so far */
    SHA3_MB_JOB hpk;
} PUBLIC_ROWS;

/*
 * The rows of t that can be computed (s there, and their row of A-hat
 * and every one before it sampled), in order: t1 (key->t1_hat, normal
 * form, in [0, 2^10)) and t0 of each (Algorithm 35), pkEncode'd into
 * key->pk (Algorithm 22), the new bytes given to H(pk), with the padding
 * and tr's squeeze after the last row.
 */
static void public_rows_advance(PUBLIC_ROWS *pr)
{
    MLDSA_KEY *key = pr->key;
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    const size_t row_bytes = ML_DSA_POLY_BYTES(ML_DSA_T1_BITS);
    size_t i, from = pr->next, start, end;

    for (i = pr->next; pr->have_s && i < p->k && (pr->sampled >> i & 1); i++) {
        poly->ntt_dot(&pr->t, &key->a_hat[i * p->l], key->s1_hat, p->l);
        poly->ntt_inverse(&pr->t);
        poly->power2round(&key->t1_hat[i], &pr->t0[i], &pr->t, &key->s2_hat[i]);
        /* public: t1 is the public key's (pkEncode, FIPS 204 Algorithm 22) */
        ML_DSA_CT_DECLASSIFY(&key->t1_hat[i], sizeof(key->t1_hat[i]));
        ossl_ml_dsa_pk_encode_rows(poly, key->pk, key->rho, key->t1_hat, i, 1);
    }
    if (i == from)
        return;
    pr->next = i;
    /* pk = rho || the rows of t1: the bytes up to row i not yet given */
    start = from == 0 ? 0 : ML_DSA_RHO_BYTES + from * row_bytes;
    end = ML_DSA_RHO_BYTES + i * row_bytes;
    SHA3_mb_job_feed(pr->sched, &pr->hpk, key->pk + start, end - start,
                     i == p->k ? pr->tr : NULL, ML_DSA_TR_BYTES);
}

/* Row r of A-hat is sampled. */
static void public_row_sampled(ML_DSA_SAMPLE_REQ *req)
{
    PUBLIC_ROWS *pr = req->arg;

    pr->sampled |= 1u << (req - pr->rows);
    public_rows_advance(pr);
}

/* s1 and s2 are sampled (key generation): s1 is kept for skEncode and
 * goes to the NTT domain. */
static void public_s_sampled(ML_DSA_SAMPLE_REQ *req)
{
    PUBLIC_ROWS *pr = req->arg;
    const ML_DSA_PARAMS *p = pr->key->params;

    memcpy(pr->s1_copy, pr->key->s1_hat, p->l * sizeof(ML_DSA_POLY));
    polys_ntt(pr->key, pr->key->s1_hat, p->l);
    pr->have_s = 1;
    public_rows_advance(pr);
}

/*
 * Start the rows on smp: A-hat row by row, and the H(pk) job; s1-hat and
 * s2 are there already when s1_copy is NULL (ExpandS is the caller's to
 * queue otherwise, with public_s_sampled as its done).
 */
static void public_rows_start(PUBLIC_ROWS *pr, MLDSA_KEY *key,
                              ML_DSA_SAMPLER *smp, ML_DSA_POLY *s1_copy,
                              ML_DSA_POLY *t0, uint8_t tr[64])
{
    pr->key = key;
    pr->sched = &smp->sched;
    pr->s1_copy = s1_copy;
    pr->t0 = t0;
    pr->tr = tr;
    pr->sampled = 0;
    pr->have_s = s1_copy == NULL;
    pr->next = 0;
    SHA3_mb_job_init(&pr->hpk, SHAKE256_RATE);
    pr->hpk.urgent = 1;
    queue_A_rows(key, smp, pr->rows, public_row_sampled, pr);
}

/* Run the scheduler until every row is computed and tr is known; wipe
 * the scratch row. */
static void public_rows_finish(PUBLIC_ROWS *pr)
{
    while ((pr->next < pr->key->params->k || SHA3_mb_job_busy(&pr->hpk))
           && SHA3_mb_step(pr->sched))
        continue;
    ossl_cleanse(&pr->t, sizeof(pr->t));
}

/*
 * t1_hat = NTT(t1) in place, which verifying needs (FIPS 204 Algorithm 8,
 * line 9: NTT(c) * NTT(t1 * 2^d), the 2^d put on c, one polynomial
 * instead of k); the key can then verify.
 */
static void expand_t1(MLDSA_KEY *key)
{
    const ML_DSA_PARAMS *p = key->params;

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
    uint8_t in[KEYGEN_SEED_IN_BYTES], expanded[KEYGEN_SEED_OUT_BYTES];
    const uint8_t *rho_prime = expanded + ML_DSA_RHO_BYTES;
    ML_DSA_POLY s1[ML_DSA_L_MAX];
    ML_DSA_SAMPLER smp;
    PUBLIC_ROWS pr;

    memcpy(in, seed, ML_DSA_SEED_BYTES);
    in[ML_DSA_SEED_BYTES] = (uint8_t)p->k;
    in[ML_DSA_SEED_BYTES + 1] = (uint8_t)p->l;
    SHA3_shake256(expanded, sizeof(expanded), in, sizeof(in));
    memcpy(key->rho, expanded, ML_DSA_RHO_BYTES);
    /* public: rho is the public key's seed of A (FIPS 204 Algorithm 22) */
    ML_DSA_CT_DECLASSIFY(key->rho, ML_DSA_RHO_BYTES);
    memcpy(key->key, expanded + ML_DSA_RHO_BYTES + ML_DSA_RHO_PRIME_BYTES,
           ML_DSA_K_BYTES);

    /* s1 and s2 (ExpandS; skEncode needs s1 in normal form, after tr is
     * known), then A-hat row by row, on one sampler */
    ossl_ml_dsa_sampler_init(&smp, key->backend->sample);
    ossl_ml_dsa_sample_S(&smp, &pr.sreq, key->s1_hat, rho_prime,
                         p->l + p->k, p->eta);
    pr.sreq.done = public_s_sampled;
    pr.sreq.arg = &pr;
    public_rows_start(&pr, key, &smp, s1, key->t0_hat, key->tr);
    public_rows_finish(&pr);
    ossl_ml_dsa_sampler_cleanse(&smp);
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
    ossl_cleanse(in, sizeof(in));
    ossl_cleanse(expanded, sizeof(expanded));
    ossl_cleanse(s1, sizeof(s1));
    return MLDSA_OK;
}

/*
 * skDecode (FIPS 204 Algorithm 25) of an encoded secret key into the key:
 * MLDSA_ERR_BAD_KEY when a coefficient of s1 or s2 lies outside
 * [-eta, eta].  rho, K and tr are then known (tr the key's claim, which
 * ossl_ml_dsa_key_check_secret checks).
 */
int ossl_ml_dsa_key_decode_secret(MLDSA_KEY *key, const uint8_t *sk)
{
    int ok = ossl_ml_dsa_sk_decode(key->backend->poly, key->params, key->rho,
                                   key->key, key->tr, key->s1_hat,
                                   key->s2_hat, key->t0_hat, sk);

    /* public: whether a key is valid is the caller's verdict to act on,
     * and rho is the public key's seed of A */
    ML_DSA_CT_DECLASSIFY(&ok, sizeof(ok));
    ML_DSA_CT_DECLASSIFY(key->rho, ML_DSA_RHO_BYTES);
    return ok ? MLDSA_OK : MLDSA_ERR_BAD_KEY;
}

/*
 * After ossl_ml_dsa_key_decode_secret: recompute t = A s1 + s2 and the
 * public key on smp (A-hat row by row, each row's t1 hashed into H(pk)
 * while the next rows are sampled, beside whatever else the caller runs
 * there), and check that the key's t0 and tr belong to them
 * (MLDSA_ERR_KEY_MISMATCH otherwise).  With with_public, also prepares
 * t1 for verifying; without (the one-shot signing functions), the key can
 * only sign.  The comparisons do not branch on the secret t0.
 */
int ossl_ml_dsa_key_check_secret(MLDSA_KEY *key, const uint8_t *sk,
                                 int with_public, ML_DSA_SAMPLER *smp)
{
    const ML_DSA_PARAMS *p = key->params;
    ML_DSA_POLY t0[ML_DSA_K_MAX];
    uint8_t tr[ML_DSA_TR_BYTES];
    uint32_t diff = 0;
    PUBLIC_ROWS pr;
    size_t i, j;
    int ret = MLDSA_ERR_KEY_MISMATCH;

    /* s1 to the NTT domain, then A-hat row by row */
    polys_ntt(key, key->s1_hat, p->l);
    public_rows_start(&pr, key, smp, NULL, t0, tr);
    public_rows_finish(&pr);
    for (i = 0; i < p->k; i++)
        for (j = 0; j < ML_DSA_N; j++)
            diff |= (uint32_t)(t0[i].coeff[j] ^ key->t0_hat[i].coeff[j]);
    for (i = 0; i < ML_DSA_TR_BYTES; i++)
        diff |= tr[i] ^ key->tr[i];
    /* public: a key whose t0 or tr does not match is refused, a verdict */
    ML_DSA_CT_DECLASSIFY(&diff, sizeof(diff));
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
 * Start an encoded public key (pkDecode, FIPS 204 Algorithm 23) into the
 * key on smp: A-hat row by row (one request per row in rows[], so that a
 * row can be used as soon as it is sampled), the job hpk for tr = H(pk,
 * 64), urgent, for the caller to submit (at once, to run in a lane beside
 * the rows, or after another job in its lane), and NTT(t1) while nothing
 * has run yet.  When tr is known, tr_done(hpk) runs (NULL: nothing), with
 * hpk->arg = arg, so that jobs which need tr can join the lanes ExpandA
 * leaves.  The caller waits for the rows and hpk.  Every byte string of
 * the right length is a valid public key.  Public data only: nothing to
 * wipe.
 */
void ossl_ml_dsa_key_start_public(MLDSA_KEY *key, const uint8_t *pk,
                                  ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *rows,
                                  SHA3_MB_JOB *hpk, SHA3_MB_DONE_FN *tr_done,
                                  void *arg)
{
    const ML_DSA_PARAMS *p = key->params;

    ossl_ml_dsa_pk_decode(key->backend->poly, p, key->rho, key->t1_hat, pk);
    memcpy(key->pk, pk, p->pk_bytes);
    SHA3_mb_job_init(hpk, SHAKE256_RATE);
    hpk->urgent = 1;
    hpk->done = tr_done;
    hpk->arg = arg;
    SHA3_mb_job_absorb(hpk, key->pk, p->pk_bytes);
    SHA3_mb_job_final(hpk);
    SHA3_mb_job_squeeze(hpk, key->tr, ML_DSA_TR_BYTES);
    queue_A_rows(key, smp, rows, NULL, NULL);
    expand_t1(key);
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
 * A new key object from an encoded secret key of the parameter set's
 * length (the caller checks it), decoded and checked.
 */
int ossl_ml_dsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *sk, int with_public)
{
    ML_DSA_SAMPLER smp;
    int ret;

    if ((ret = ossl_ml_dsa_key_new(out, param, 1)) != MLDSA_OK)
        return ret;
    if ((ret = ossl_ml_dsa_key_decode_secret(*out, sk)) == MLDSA_OK) {
        ossl_ml_dsa_sampler_init(&smp, (*out)->backend->sample);
        ret = ossl_ml_dsa_key_check_secret(*out, sk, with_public, &smp);
    }
    if (ret != MLDSA_OK) {
        mldsa_key_free(*out);
        *out = NULL;
    }
    return ret;
}

/*
 * A new verify-only key object from an encoded public key of the parameter
 * set's length (the caller checks it).
 */
static int key_from_public(MLDSA_KEY **out, mldsa_param param,
                           const uint8_t *pk)
{
    ML_DSA_SAMPLE_REQ rows[ML_DSA_K_MAX];
    ML_DSA_SAMPLER smp;
    SHA3_MB_JOB hpk;
    int ret;

    if ((ret = ossl_ml_dsa_key_new(out, param, 0)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_sampler_init(&smp, (*out)->backend->sample);
    ossl_ml_dsa_key_start_public(*out, pk, &smp, rows, &hpk, NULL, NULL);
    SHA3_mb_submit(&smp.sched, &hpk);
    SHA3_mb_flush(&smp.sched, NULL);
    return MLDSA_OK;
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
    return key_from_public(out, param, pk);
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
