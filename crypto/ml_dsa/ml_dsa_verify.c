/*
 * ML-DSA verification (FIPS 204 Algorithm 8, ML-DSA.Verify_internal) on
 * key objects, one signature or a batch: the key-object entry points for
 * pure ML-DSA (Algorithm 3), HashML-DSA (Algorithm 5), external mu and
 * the internal interface, and mldsa_key_verify_batch; and the one-shot
 * verification from an encoded public key.
 *
 * The key objects' engine: up to ML_DSA_VERIFY_GROUP verifications at a
 * time, whose SHAKE work runs as jobs of one scheduler on the backend's
 * kernel: first each one's mu = H(tr || M', 64) and the SHAKE256(c-tilde)
 * of its SampleInBall, side by side, then each one's commitment hash
 * H(mu || w1Encode(w1'), lambda / 4).  A single verification still gets
 * its mu and SampleInBall in one batch; a batch of eight fills the lanes
 * of the 8-way kernel.  The one-shot verification shares its pieces
 * (the challenge, the rows of w1', the commitment hash fed as they come)
 * but runs them beside the public key's ExpandA and H(pk), row by row.
 * Only public data.
 */
#include <string.h>
#include "internal/sha3_mb.h"
#include "ml_dsa_local.h"
#include "ml_dsa_poly.h"

/* Verifications run at once: the most lanes a kernel has. */
#define ML_DSA_VERIFY_GROUP SHA3_MB_MAX_WAYS
/* Largest w1Encode output: k = 8 polynomials of 4 bits, or k = 4 of 6. */
#define W1_MAX_BYTES (ML_DSA_K_MAX * ML_DSA_POLY_BYTES(4))

/* One verification: its inputs, its result, and its SHAKE jobs' bytes. */
typedef struct {
    const MLDSA_KEY *key;
    const uint8_t *sig;             /* of the key's signature length */
    const uint8_t *mu;              /* external mu, or NULL: from m */
    ML_DSA_MPRIME m;
    int result;                     /* MLDSA_OK: still to verify */
    size_t rows;                    /* rows of w1' in ct_in so far */
    size_t fed;                     /* bytes of ct_in given to ct_job */
    uint8_t h[ML_DSA_K_MAX * ML_DSA_N];
    uint8_t ct_in[ML_DSA_MU_BYTES + W1_MAX_BYTES];  /* mu || w1Encode(w1') */
    uint8_t ball[SHAKE256_RATE];
    uint8_t ctilde[ML_DSA_CTILDE_MAX_BYTES];
    SHA3_MB_JOB mu_job, ball_job, ct_job;
} ML_DSA_VERIFY;

/* What the verifications of a group share. */
typedef struct {
    SHA3_MB_SCHED sched;
    ML_DSA_POLY z[ML_DSA_L_MAX], w, c, t;
} VERIFY_SCRATCH;

/*
 * sigDecode (FIPS 204 Algorithm 27) of z into z, with the bound on z
 * (Algorithm 8 line 13); the hint into v->h (HintBitUnpack, Algorithm
 * 21).  0 when either makes the signature invalid.
 */
static int verify_decode(ML_DSA_VERIFY *v, ML_DSA_POLY *z)
{
    const ML_DSA_PARAMS *p = v->key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = v->key->backend->poly;
    const size_t z_poly_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
    const uint8_t *zbytes = v->sig + p->ctilde_bytes;
    int32_t bad = 0;
    size_t i;

    for (i = 0; i < p->l; i++) {
        poly->unpack_z(&z[i], zbytes + i * z_poly_bytes, p->gamma1_bits);
        bad |= poly->exceeds(&z[i], p->gamma1 - p->beta);
    }
    return bad >= 0
           && poly->hint_decode(p, v->h, zbytes + p->l * z_poly_bytes);
}

/*
 * c = SampleInBall(c-tilde) (FIPS 204 Algorithm 8, line 5) from the first
 * block in v->ball (more squeezed on sched, rarely), and the NTTs of c 2^d
 * and z (lines 9 - 10) into sc.
 */
static void verify_challenge(ML_DSA_VERIFY *v, VERIFY_SCRATCH *sc,
                             SHA3_MB_SCHED *sched)
{
    const ML_DSA_PARAMS *p = v->key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = v->key->backend->poly;
    const size_t z_poly_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
    size_t i;

    /* c 2^d (in {-2^d, 0, 2^d}, |c| < q): NTT(c 2^d) * NTT(t1) is line
     * 9's NTT(c) * NTT(t1 2^d), the key's t1_hat being NTT(t1) */
    ossl_ml_dsa_sample_in_ball_job(&sc->c, sched, &v->ball_job, v->ball,
                                   p->tau, 1 << ML_DSA_D);
    poly->ntt(&sc->c);
    for (i = 0; i < p->l; i++) {
        poly->unpack_z(&sc->z[i], v->sig + p->ctilde_bytes + i * z_poly_bytes,
                       p->gamma1_bits);
        poly->ntt(&sc->z[i]);
    }
}

/*
 * Row i of w1' = UseHint(h, NTT^-1(A-hat * NTT(z) - NTT(c) * NTT(t1 *
 * 2^d))) (FIPS 204 Algorithm 8, lines 9 - 11), after verify_challenge,
 * w1Encode'd into v->ct_in after mu and the rows before it.
 */
static void verify_row(ML_DSA_VERIFY *v, VERIFY_SCRATCH *sc, size_t i)
{
    const MLDSA_KEY *key = v->key;
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;

    poly->ntt_dot(&sc->w, &key->a_hat[i * p->l], sc->z, p->l);
    poly->ntt_mul(&sc->t, &sc->c, &key->t1_hat[i]);
    poly->sub_reduce(&sc->w, &sc->t);
    poly->ntt_inverse(&sc->w);
    poly->use_hint(&sc->w, v->h + i * ML_DSA_N, p);
    poly->pack_w1(v->ct_in + ML_DSA_MU_BYTES
                  + i * ML_DSA_POLY_BYTES(p->w1_bits), &sc->w, p->w1_bits);
}

/*
 * The commitment hash c-tilde' = H(mu || w1Encode(w1'), lambda / 4)
 * (Algorithm 8, line 12) as the job v->ct_job, fed as its input comes:
 * mu, then w1' row by row (v->rows of them in v->ct_in).  Gives it the
 * bytes of v->ct_in not yet given, with the padding once every row is
 * there, and submits it unless it is still running.
 */
static void verify_ct_feed(ML_DSA_VERIFY *v, SHA3_MB_SCHED *sched)
{
    const ML_DSA_PARAMS *p = v->key->params;
    size_t end = ML_DSA_MU_BYTES + v->rows * ML_DSA_POLY_BYTES(p->w1_bits);

    SHA3_mb_job_feed(sched, &v->ct_job, v->ct_in + v->fed, end - v->fed,
                     v->rows == p->k ? v->ctilde : NULL, p->ctilde_bytes);
    v->fed = end;
}

/* Start verification v's commitment hash: no byte of it given yet. */
static void verify_ct_init(ML_DSA_VERIFY *v)
{
    SHA3_mb_job_init(&v->ct_job, SHAKE256_RATE);
    v->ct_job.urgent = 1;
    v->fed = 0;
}

/* The verdict: c-tilde' equals the signature's c-tilde (Algorithm 8,
 * line 13). */
static int verify_ctilde_matches(const ML_DSA_VERIFY *v)
{
    uint8_t diff = 0;
    size_t j;

    for (j = 0; j < v->key->params->ctilde_bytes; j++)
        diff |= v->ctilde[j] ^ v->sig[j];
    return diff == 0;
}

/*
 * ML-DSA.Verify_internal (FIPS 204 Algorithm 8) from line 7 for the n
 * (<= ML_DSA_VERIFY_GROUP) verifications of v whose result is MLDSA_OK
 * (arguments checked, the signature of the right length): each result
 * becomes MLDSA_OK when its signature is valid, MLDSA_ERR_VERIFY
 * otherwise (a malformed hint encoding, ||z|| >= gamma1 - beta, or a
 * commitment hash that differs).
 */
static void verify_group(ML_DSA_VERIFY *v, size_t n)
{
    VERIFY_SCRATCH sc;
    const ML_DSA_PARAMS *p;
    size_t i, j;

    SHA3_mb_init(&sc.sched, ossl_ml_dsa_sample_ops()->kernel);
    /* sigDecode; mu and SampleInBall's first block, side by side */
    for (i = 0; i < n; i++) {
        if (v[i].result != MLDSA_OK)
            continue;
        if (!verify_decode(&v[i], sc.z)) {
            v[i].result = MLDSA_ERR_VERIFY;
            continue;
        }
        p = v[i].key->params;
        if (v[i].mu != NULL) {
            memcpy(v[i].ct_in, v[i].mu, ML_DSA_MU_BYTES);
        } else {
            ossl_ml_dsa_mu_job(&v[i].mu_job, v[i].ct_in, v[i].key->tr, &v[i].m);
            SHA3_mb_submit(&sc.sched, &v[i].mu_job);
        }
        SHA3_mb_job_init(&v[i].ball_job, SHAKE256_RATE);
        SHA3_mb_job_start(&v[i].ball_job, SHAKE256_RATE, v[i].sig,
                          p->ctilde_bytes, v[i].ball, sizeof(v[i].ball));
        SHA3_mb_submit(&sc.sched, &v[i].ball_job);
    }
    SHA3_mb_flush(&sc.sched, NULL);
    /* w1', then the commitment hashes side by side */
    for (i = 0; i < n; i++) {
        if (v[i].result != MLDSA_OK)
            continue;
        verify_challenge(&v[i], &sc, &sc.sched);
        for (j = 0; j < v[i].key->params->k; j++)
            verify_row(&v[i], &sc, j);
        v[i].rows = j;
        verify_ct_init(&v[i]);
        verify_ct_feed(&v[i], &sc.sched);
    }
    SHA3_mb_flush(&sc.sched, NULL);
    for (i = 0; i < n; i++)
        if (v[i].result == MLDSA_OK && !verify_ctilde_matches(&v[i]))
            v[i].result = MLDSA_ERR_VERIFY;
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

/* A verification of sig by key for M' (m) or an external mu (m NULL). */
static void verify_init(ML_DSA_VERIFY *v, const MLDSA_KEY *key,
                        const uint8_t *sig, const ML_DSA_MPRIME *m,
                        const uint8_t *mu)
{
    v->key = key;
    v->sig = sig;
    v->mu = mu;
    if (m != NULL)
        v->m = *m;
    v->result = MLDSA_OK;
    v->rows = 0;
}

/* One verification of sig by key for M' (m) or an external mu (m NULL). */
static int verify_one(const MLDSA_KEY *key, const uint8_t *sig,
                      const ML_DSA_MPRIME *m, const uint8_t *mu)
{
    ML_DSA_VERIFY v;

    verify_init(&v, key, sig, m, mu);
    verify_group(&v, 1);
    return v.result;
}

/* mu is known: the commitment hash starts on what rows of w1' are
 * there. */
static void verify_ct_after_mu(SHA3_MB_JOB *mu_job)
{
    verify_ct_feed(mu_job->arg, mu_job->sched);
}

/* H(pk) is done: mu = H(tr || M', 64) joins the lanes ExpandA leaves. */
static void verify_mu_after_tr(SHA3_MB_JOB *hpk)
{
    ML_DSA_VERIFY *v = hpk->arg;

    ossl_ml_dsa_mu_job(&v->mu_job, v->ct_in, v->key->tr, &v->m);
    v->mu_job.urgent = 1;
    v->mu_job.done = verify_ct_after_mu;
    v->mu_job.arg = v;
    SHA3_mb_submit(hpk->sched, &v->mu_job);
}

/* SampleInBall's block is done: H(pk) follows it in its lane. */
static void verify_tr_after_ball(SHA3_MB_JOB *ball_job)
{
    SHA3_mb_submit(ball_job->sched, ball_job->arg);
}

/*
 * 1 when SampleInBall's block should go before H(pk) in H(pk)'s lane: when
 * the hash chain H(pk) - mu - c-tilde is shorter than ExpandA on the other
 * lanes, so that ExpandA's entries, all squeezing the same blocks, start
 * and end together on every lane instead of one lane trailing a block, and
 * the kernel squeezes them in fewer, longer calls (ML-DSA-65 and -87 on
 * the 8-way kernel: 13 and 21 calls a verification become 11 and 18, the
 * same blocks).  Where the chain is the bound (ML-DSA-44 on 8 lanes: 18
 * blocks, ExpandA 15) the block goes beside it.
 */
static int verify_ball_first(const MLDSA_KEY *key, size_t ways)
{
    const ML_DSA_PARAMS *p = key->params;
    size_t chain;

    if (ways < 2)
        return 0;
    /* H(pk), mu and c-tilde = H(mu || w1'): each hash's whole blocks and
     * its padded last one (mu: that one only) */
    chain = (p->pk_bytes / SHAKE256_RATE + 1) + 1
            + ((ML_DSA_MU_BYTES + p->k * ML_DSA_POLY_BYTES(p->w1_bits))
               / SHAKE256_RATE + 1);
    return chain < ossl_ml_dsa_sample_A_blocks(p->k * p->l, ways - 1);
}

/*
 * The one-shot verification: the public key decoded on the scheduler of
 * the verification's own SHAKE work, in a chain of jobs that take lanes
 * as they free: beside ExpandA's rows, SampleInBall's SHAKE and H(pk) (in
 * one lane or two: verify_ball_first);
 * once tr is known, mu = H(tr || M', 64); once mu is known, the
 * commitment hash, fed each row of w1' as soon as that row of A-hat is
 * sampled, so that little of it is left to run alone at the end.
 */
int ossl_ml_dsa_verify_pk(mldsa_param param, const uint8_t *pk,
                          const uint8_t *sig, const ML_DSA_MPRIME *m,
                          const uint8_t *mu)
{
    ML_DSA_SAMPLE_REQ rows[ML_DSA_K_MAX];
    MLDSA_KEY *key = NULL;
    VERIFY_SCRATCH sc;
    ML_DSA_SAMPLER smp;
    ML_DSA_VERIFY v;
    SHA3_MB_JOB hpk;
    size_t i;
    int ret, ball_first;

    if ((ret = ossl_ml_dsa_key_new(&key, param, 0)) != MLDSA_OK)
        return ret;
    verify_init(&v, key, sig, m, mu);
    /* a malformed signature is refused before any hashing */
    if (!verify_decode(&v, sc.z)) {
        ret = MLDSA_ERR_VERIFY;
        goto end;
    }
    ossl_ml_dsa_sampler_init(&smp, key->backend->sample);
    ball_first = verify_ball_first(key, smp.sched.ways);
    SHA3_mb_job_init(&v.ball_job, SHAKE256_RATE);
    SHA3_mb_job_start(&v.ball_job, SHAKE256_RATE, sig, key->params->ctilde_bytes,
                      v.ball, sizeof(v.ball));
    if (ball_first) {
        v.ball_job.urgent = 1;
        v.ball_job.done = verify_tr_after_ball;
        v.ball_job.arg = &hpk;
    }
    SHA3_mb_submit(&smp.sched, &v.ball_job);
    verify_ct_init(&v);
    if (mu != NULL) {
        memcpy(v.ct_in, mu, ML_DSA_MU_BYTES);
        verify_ct_feed(&v, &smp.sched);
    }
    ossl_ml_dsa_key_start_public(key, pk, &smp, rows, &hpk,
                                 mu != NULL ? NULL : verify_mu_after_tr, &v);
    if (!ball_first)
        SHA3_mb_submit(&smp.sched, &hpk);
    SHA3_mb_flush(&smp.sched, &v.ball_job);
    verify_challenge(&v, &sc, &smp.sched);
    for (i = 0; i < key->params->k; i++) {
        ossl_ml_dsa_sample_wait(&smp, &rows[i]);
        verify_row(&v, &sc, i);
        v.rows = i + 1;
        /* once mu is in, each row goes to the hash as it comes */
        if (v.fed > 0)
            verify_ct_feed(&v, &smp.sched);
    }
    SHA3_mb_flush(&smp.sched, NULL);
    ret = verify_ctilde_matches(&v) ? MLDSA_OK : MLDSA_ERR_VERIFY;
 end:
    mldsa_key_free(key);
    return ret;
}

/* ML-DSA.Verify (FIPS 204 Algorithm 3) with the key. */
int mldsa_key_verify(const MLDSA_KEY *key, const uint8_t *sig, size_t siglen,
                     const uint8_t *msg, size_t msglen, const uint8_t *ctx,
                     size_t ctxlen)
{
    ML_DSA_MPRIME m;
    int ret;

    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK
        || (ret = check_verifier(key, sig, siglen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    return verify_one(key, sig, &m, NULL);
}

/* HashML-DSA.Verify (FIPS 204 Algorithm 5) with the key, from the digest. */
int mldsa_key_prehash_verify(const MLDSA_KEY *key, const uint8_t *sig,
                             size_t siglen, mldsa_hash hash,
                             const uint8_t *digest, size_t digestlen,
                             const uint8_t *ctx, size_t ctxlen)
{
    ML_DSA_MPRIME m;
    int ret;

    if ((ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = check_verifier(key, sig, siglen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_mprime_prehash(&m, hash, digest, digestlen, ctx,
                                             ctxlen)) != MLDSA_OK)
        return ret;
    return verify_one(key, sig, &m, NULL);
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
    return verify_one(key, sig, NULL, mu);
}

/* ML-DSA.Verify_internal (FIPS 204 Algorithm 8) on M' with the key. */
int mldsa_key_verify_internal(const MLDSA_KEY *key, const uint8_t *sig,
                              size_t siglen, const uint8_t *mprime,
                              size_t mprimelen)
{
    ML_DSA_MPRIME m;
    int ret;

    if (mprime == NULL && mprimelen != 0)
        return MLDSA_ERR_NULL;
    if ((ret = check_verifier(key, sig, siglen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mprime_internal(&m, mprime, mprimelen);
    return verify_one(key, sig, &m, NULL);
}

/*
 * ML-DSA.Verify (FIPS 204 Algorithm 3) of every item, eight at a time
 * (verify_group), each item's result what mldsa_key_verify returns on it;
 * the items' keys may differ, also in parameter set.
 */
int mldsa_key_verify_batch(MLDSA_VERIFY_ITEM *items, size_t n)
{
    ML_DSA_VERIFY v[ML_DSA_VERIFY_GROUP];
    size_t base, i, count;
    int all = MLDSA_OK;

    if (items == NULL && n != 0)
        return MLDSA_ERR_NULL;
    for (base = 0; base < n; base += count) {
        count = n - base < ML_DSA_VERIFY_GROUP ? n - base : ML_DSA_VERIFY_GROUP;
        for (i = 0; i < count; i++) {
            const MLDSA_VERIFY_ITEM *it = &items[base + i];

            verify_init(&v[i], it->key, it->sig, NULL, NULL);
            if ((v[i].result = ossl_ml_dsa_check_message(it->msg, it->msglen,
                                                         it->ctx, it->ctxlen))
                    == MLDSA_OK
                && (v[i].result = check_verifier(it->key, it->sig, it->siglen))
                    == MLDSA_OK)
                ossl_ml_dsa_mprime_pure(&v[i].m, it->msg, it->msglen, it->ctx,
                                        it->ctxlen);
        }
        verify_group(v, count);
        for (i = 0; i < count; i++) {
            items[base + i].result = v[i].result;
            if (v[i].result != MLDSA_OK)
                all = MLDSA_ERR_VERIFY;
        }
    }
    return all;
}
