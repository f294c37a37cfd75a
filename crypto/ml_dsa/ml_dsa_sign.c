/*
 * ML-DSA signing (FIPS 204 Algorithm 7, ML-DSA.Sign_internal) on a key
 * object, and the key-object signing entry points for pure ML-DSA
 * (Algorithm 2), HashML-DSA (Algorithm 4), external mu and the internal
 * interface.  Verification is ml_dsa_verify.c's.
 */
#include <stdatomic.h>
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
 * Signing attempts, one or two at a time (sign_pair below): what one
 * attempt keeps from its commitment to its checks.
 */
typedef struct {
    ML_DSA_POLY w[ML_DSA_K_MAX];    /* A-hat y, then r = w - <<c s2>> */
    uint8_t ct_in[ML_DSA_MU_BYTES + W1_MAX_BYTES];  /* mu || w1Encode(w1) */
    uint8_t ctilde[ML_DSA_CTILDE_MAX_BYTES];
    uint8_t ball[SHAKE256_RATE];    /* SHAKE256(ctilde)'s first block */
    SHA3_MB_JOB ct, sib;            /* H(mu || w1), SampleInBall's SHAKE */
} SIGN_ATTEMPT;

#define SIGN_PAIR_MAX 2
/* Mask polynomials of the attempts at hand: two of ML-DSA-44's (l = 4) or
 * one of any (l <= 7). */
#define SIGN_MASK_POLYS 8

/* Everything one signature computes: wiped at the end. */
typedef struct {
    ML_DSA_SAMPLER smp;
    const MLDSA_KEY *key;
    size_t n;                       /* attempts at a time (sign_pair) */
    /* mu = H(tr || M', 64) (when not given), then rho'' = H(K || rnd ||
     * mu, 64) from rho_in, then the first masks: a chain of jobs */
    ML_DSA_MPRIME m;
    SHA3_MB_JOB mu_job, rho_job;
    uint8_t rho_in[ML_DSA_K_BYTES + ML_DSA_RND_BYTES + ML_DSA_MU_BYTES];
    /* the masks of the attempts at hand and of the next ones: those
     * sampled ahead (sign_ahead), then the rest */
    ML_DSA_SAMPLE_REQ mask[2], mask_rest[2];
    ML_DSA_POLY y[2][SIGN_MASK_POLYS];
    ML_DSA_POLY z[ML_DSA_L_MAX], c, t;
    uint8_t h[ML_DSA_K_MAX * ML_DSA_N];
    uint8_t rho_pp[RHO_PP_BYTES];
    SIGN_ATTEMPT att[SIGN_PAIR_MAX];
} SIGN_STATE;

/* What a call of the key's Keccak kernel costs (KECCAK1600_MB_KERNEL's
 * call_cost), in hundredths of a one-state permutation. */
static size_t kernel_call_cost(const MLDSA_KEY *key)
{
    return SHA3_mb_call_cost(key->backend->sample->kernel);
}

/*
 * How many signing attempts run at once (FIPS 204 Algorithm 7's loop,
 * unrolled): two whose c-tilde hashes share a batch where the backend's
 * kernel has the lanes and that pays: the second one's commitment (l NTTs,
 * k dot products and inverse NTTs) is lost work when the first passes.
 * Measured on x86_64-avx512-x8 (ab-bench, one against two, TSC medians):
 * ML-DSA-44 (4.3 attempts on average, the cheapest commitment) 0.95x
 * one-shot and 0.92x key-object sign with two; ML-DSA-65 1.02x and 1.02x,
 * ML-DSA-87 1.03x and 1.05x: two for ML-DSA-44 only, and only on a kernel
 * of more than two lanes: on the aarch64 2-way ones the pair's hashes fill
 * both lanes, and executed instructions (qemu) of one-shot / key-object
 * ML-DSA-44 sign are 1.02x / 1.03x (SHA-3 extension) and 1.06x / 1.09x
 * (Armv8.0) those of one attempt at a time.  Nor where a call costs two
 * one-state permutations or more (the AVX2 kernel on AMD Zen 1, 2.8): the
 * pair's hashes then cost more in one batch than one after the other.
 */
static size_t sign_pair(const MLDSA_KEY *key)
{
    return key->backend->sample->kernel->ways > 2
           && kernel_call_cost(key) < SIGN_PAIR_MAX * SHA3_MB_COST_PERMUTATION
           && key->params->id == MLDSA_44
           && SIGN_PAIR_MAX * key->params->l <= SIGN_MASK_POLYS
           ? SIGN_PAIR_MAX : 1;
}

/* The most kernel rounds mask_cost follows: the hashes' (H(mu ||
 * w1Encode(w1)) and SampleInBall's first), then SIGN_MASK_POLYS mask
 * entries one after another (gamma1 = 2^19 at most). */
#define MASK_ROUNDS_MAX \
    ((ML_DSA_MU_BYTES + W1_MAX_BYTES) / SHAKE256_RATE + 2 \
     + SIGN_MASK_POLYS \
       * ((ML_DSA_POLY_BYTES(19 + 1) + SHAKE256_RATE - 1) / SHAKE256_RATE))

/*
 * What the kernel rounds cost until the mask entries of a request of
 * ahead entries, queued beside the attempts' hashes, and of one of rest
 * entries, queued once the attempts are rejected, are squeezed: the hashes
 * hold n of the ways lanes for h rounds; an entry takes mb rounds in the
 * lane that frees first (not before round h for the rest), as the
 * scheduler gives them.  A round with one busy lane runs on the one-state
 * permutation (SHA3_MB_COST_PERMUTATION), one with more costs a kernel
 * call (call_cost); with call_cost SHA3_MB_COST_PERMUTATION, the cost is
 * the rounds until the last entry is squeezed.  (Where a call costs more
 * than two permutations, the scheduler runs a round's two busy lanes as
 * two; weighed so, the counts sign_ahead_count finds are the same, for
 * the costs the kernels have, 100 and 280.)
 */
static size_t mask_cost(size_t ways, size_t n, size_t h, size_t mb,
                        size_t ahead, size_t rest, size_t call_cost)
{
    size_t free_at[SHA3_MB_MAX_WAYS], busy[MASK_ROUNDS_MAX] = { 0 };
    size_t cost = 0, e, i, j, r;

    for (j = 0; j < ways; j++)
        free_at[j] = j < n ? h : 0;
    for (r = 0; r < h; r++)
        busy[r] = n;
    for (e = 0; e < ahead + rest; e++) {
        for (i = 0, j = 1; j < ways; j++)
            if (free_at[j] < free_at[i])
                i = j;
        if (e >= ahead && free_at[i] < h)
            free_at[i] = h;
        for (r = free_at[i]; r < free_at[i] + mb; r++)
            busy[r]++;
        free_at[i] += mb;
    }
    for (r = 0; r < MASK_ROUNDS_MAX; r++)
        if (busy[r] != 0)
            cost += busy[r] == 1 ? SHA3_MB_COST_PERMUTATION : call_cost;
    return cost;
}

/*
 * FIPS 204 Table 1's expected repetitions of the signing loop, in
 * hundredths, for ML-DSA-44, 65 and 87.
 */
static const size_t sign_repetitions[3] = { 425, 510, 385 };

/*
 * sign_ahead's counts as it works them out, per parameter set (44, 65,
 * 87), attempts at a time and lanes: 0 not yet, else the kernel call's
 * cost (call_cost) times 256 plus the count + 1.  Each is a function of
 * those four alone, so a relaxed atomic is enough.
 */
static atomic_uint_least32_t ahead_known[3][SIGN_PAIR_MAX][SHA3_MB_MAX_WAYS + 1];

/*
 * How many of the next attempts' n * l mask polynomials are sampled ahead,
 * beside the attempts' c-tilde and SampleInBall hashes (FIPS 204 Algorithm
 * 7, lines 11 - 16), the rest once the attempts at hand are rejected, so
 * that a signature does not sample masks it throws away: the count whose
 * kernel rounds (mask_cost) cost the least on average, an attempt being
 * rejected with FIPS 204's odds (1 - 1 / repetitions), then the least
 * when the attempt is rejected, then the smallest.  For a call that costs
 * less than 1.44 one-state permutations, the counts on 2, 4 and 8 lanes
 * are those of the fewest rounds when the attempt is rejected, then when
 * it passes (what this chose before it weighed calls); at 2.8 (AVX2 on
 * AMD Zen 1) ML-DSA-44 and 65 sample none ahead on 4 lanes.  0 when the
 * hashes leave no lane free.
 */
static size_t sign_ahead_count(const MLDSA_KEY *key, size_t n, size_t set,
                               size_t call_cost)
{
    const ML_DSA_PARAMS *p = key->params;
    const size_t ways = key->backend->sample->kernel->ways, total = n * p->l;
    const size_t reps = sign_repetitions[set];
    /* H(mu || w1Encode(w1))'s permutations (its padding's included), then
     * SampleInBall's first */
    const size_t h = (ML_DSA_MU_BYTES + p->k * ML_DSA_POLY_BYTES(p->w1_bits))
                     / SHAKE256_RATE + 2;
    const size_t mb = (ML_DSA_POLY_BYTES(p->gamma1_bits + 1)
                       + SHAKE256_RATE - 1) / SHAKE256_RATE;
    size_t a, last, best = 0, best_mean = 0, best_rej = 0, rej, mean;

    if (ways <= n)
        return 0;
    /* past the entries the free lanes start during the hashes, one more
     * ahead starts at round h like the rest, and only costs a pass more */
    last = (ways - n) * ((h + mb - 1) / mb);
    for (a = 0; a <= total && a <= last; a++) {
        rej = mask_cost(ways, n, h, mb, a, total - a, call_cost);
        /* the mean times reps */
        mean = (reps - 100) * rej
               + 100 * mask_cost(ways, n, h, mb, a, 0, call_cost);
        if (a == 0 || mean < best_mean
            || (mean == best_mean && rej < best_rej)) {
            best = a;
            best_mean = mean;
            best_rej = rej;
        }
    }
    return best;
}

/* sign_ahead_count, worked out once per parameter set, n, lanes and
 * kernel call cost. */
static size_t sign_ahead(const MLDSA_KEY *key, size_t n)
{
    const mldsa_param id = key->params->id;
    const size_t set = id == MLDSA_44 ? 0 : id == MLDSA_65 ? 1 : 2;
    const size_t call_cost = kernel_call_cost(key);
    atomic_uint_least32_t *known =
        &ahead_known[set][n - 1][key->backend->sample->kernel->ways];
    uint_least32_t a = atomic_load_explicit(known, memory_order_relaxed);

    if (a == 0 || a >> 8 != call_cost) {
        a = (uint_least32_t)(call_cost << 8
                             | (sign_ahead_count(key, n, set, call_cost) + 1));
        atomic_store_explicit(known, a, memory_order_relaxed);
    }
    return (size_t)(a & 0xff) - 1;
}

/*
 * The commitment of one attempt (FIPS 204 Algorithm 7, lines 11 - 15): w =
 * NTT^-1(A-hat * NTT(y)) into a->w, w1Encode(HighBits(w)) after mu into
 * a->ct_in, and the c-tilde job H(mu || w1Encode(w1), lambda / 4) started
 * on the sampler's scheduler, urgent.
 */
static void sign_commit(const MLDSA_KEY *key, SIGN_STATE *st, SIGN_ATTEMPT *a,
                        const ML_DSA_POLY *y, const uint8_t mu[64])
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    const size_t w1_poly_bytes = ML_DSA_POLY_BYTES(p->w1_bits);
    size_t i;

    for (i = 0; i < p->l; i++) {
        st->z[i] = y[i];
        poly->ntt(&st->z[i]);
    }
    memcpy(a->ct_in, mu, ML_DSA_MU_BYTES);
    for (i = 0; i < p->k; i++) {
        poly->ntt_dot(&a->w[i], &key->a_hat[i * p->l], st->z, p->l);
        poly->ntt_inverse(&a->w[i]);
        poly->w1(a->ct_in + ML_DSA_MU_BYTES + i * w1_poly_bytes, &a->w[i], p);
    }
    SHA3_mb_job_init(&a->ct, SHAKE256_RATE);
    a->ct.urgent = 1;
    SHA3_mb_job_absorb(&a->ct, a->ct_in,
                       ML_DSA_MU_BYTES + p->k * w1_poly_bytes);
    SHA3_mb_job_final(&a->ct);
    SHA3_mb_job_squeeze(&a->ct, a->ctilde, p->ctilde_bytes);
    SHA3_mb_submit(&st->smp.sched, &a->ct);
}

/* SampleInBall's SHAKE256(ctilde) for one attempt, urgent. */
static void sign_ball(const MLDSA_KEY *key, SIGN_STATE *st, SIGN_ATTEMPT *a)
{
    SHA3_mb_job_init(&a->sib, SHAKE256_RATE);
    a->sib.urgent = 1;
    SHA3_mb_job_start(&a->sib, SHAKE256_RATE, a->ctilde,
                      key->params->ctilde_bytes, a->ball, sizeof(a->ball));
    SHA3_mb_submit(&st->smp.sched, &a->sib);
}

/*
 * The rest of one attempt (FIPS 204 Algorithm 7, lines 16 - 32): c, z and
 * the checks of z, r0, ct0 and the hint; 1 with sig written when it
 * passes.  Each check looks at every coefficient, and only its verdict is
 * branched on.
 */
static int sign_check(const MLDSA_KEY *key, SIGN_STATE *st, SIGN_ATTEMPT *a,
                      const ML_DSA_POLY *y, uint8_t *sig)
{
    const ML_DSA_PARAMS *p = key->params;
    const OSSL_ML_DSA_POLY_OPS *poly = key->backend->poly;
    const size_t k = p->k, l = p->l;
    const size_t z_poly_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
    uint32_t count;
    int32_t bad;
    size_t i;

    /* public: the signature releases ctilde, and a rejected attempt's
     * challenge is simulated without the key in FIPS 204's proof (declared
     * only for an attempt that is checked: one after the attempt that
     * passes stays secret) */
    ML_DSA_CT_DECLASSIFY(a->ctilde, p->ctilde_bytes);
    ML_DSA_CT_DECLASSIFY(a->ball, sizeof(a->ball));
    ossl_ml_dsa_sample_in_ball_job(&st->c, &st->smp.sched, &a->sib, a->ball,
                                   p->tau, 1);
    poly->ntt(&st->c);

    /* z = y + <<c s1>>; reject when ||z|| >= gamma1 - beta */
    bad = 0;
    for (i = 0; i < l; i++) {
        poly->ntt_mul(&st->z[i], &st->c, &key->s1_hat[i]);
        poly->ntt_inverse(&st->z[i]);
        bad |= poly->z(&st->z[i], &y[i], p->gamma1 - p->beta);
    }
    if (rejected(bad))
        return 0;

    /* r = w - <<c s2>> (kept in w); reject when ||LowBits(r)|| >= gamma2 - beta */
    bad = 0;
    for (i = 0; i < k; i++) {
        poly->ntt_mul(&st->t, &st->c, &key->s2_hat[i]);
        poly->ntt_inverse(&st->t);
        bad |= poly->r(&a->w[i], st->h + i * ML_DSA_N, &st->t, p);
    }
    if (rejected(bad))
        return 0;

    /* <<c t0>>: reject when ||c t0|| >= gamma2; the hint, rejected when it
     * has more than omega ones */
    count = 0;
    for (i = 0; i < k; i++) {
        poly->ntt_mul(&st->t, &st->c, &key->t0_hat[i]);
        poly->ntt_inverse(&st->t);
        bad |= poly->hint(st->h + i * ML_DSA_N, &count, &a->w[i], &st->t, p);
    }
    /* count <= k * 256: omega - count is negative when count > omega */
    bad |= (int32_t)((uint32_t)p->omega - count);
    if (rejected(bad))
        return 0;

    /* public: z and h are the released signature's parts */
    ML_DSA_CT_DECLASSIFY(st->z, l * sizeof(st->z[0]));
    ML_DSA_CT_DECLASSIFY(st->h, k * ML_DSA_N);
    /* sigEncode (FIPS 204 Algorithm 26) */
    memcpy(sig, a->ctilde, p->ctilde_bytes);
    for (i = 0; i < l; i++)
        poly->pack_z(sig + p->ctilde_bytes + i * z_poly_bytes, &st->z[i],
                     p->gamma1_bits);
    poly->hint_encode(sig + p->ctilde_bytes + l * z_poly_bytes, p, st->h);
    return 1;
}

/* rho'' is known: the masks of the first attempts are sampled. */
static void sign_first_masks(SHA3_MB_JOB *job)
{
    SIGN_STATE *st = job->arg;
    const ML_DSA_PARAMS *p = st->key->params;

    ossl_ml_dsa_sample_mask(&st->smp, &st->mask[0], st->y[0], st->rho_pp, 0,
                            st->n * p->l, p->gamma1_bits);
}

/* mu is known, in rho_in after K and rnd (FIPS 204 Algorithm 7, line
 * 6): rho'' = H(K || rnd || mu, 64) (line 7) starts. */
static void sign_rho(SHA3_MB_JOB *job)
{
    SIGN_STATE *st = job->arg;

    SHA3_mb_job_start(&st->rho_job, SHAKE256_RATE, st->rho_in,
                      sizeof(st->rho_in), st->rho_pp, sizeof(st->rho_pp));
    SHA3_mb_submit(&st->smp.sched, &st->rho_job);
}

/*
 * The start of ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on st's
 * sampler, as jobs that take lanes as they free: mu = H(tr || M', 64)
 * when m is not NULL (else mu given), rho'' = H(K || rnd || mu, 64), the
 * first attempts' masks.  The key's tr and K must be known (not yet the
 * rest: the one-shot functions check the key beside these jobs).
 */
static void sign_begin(SIGN_STATE *st, const MLDSA_KEY *key,
                       const ML_DSA_MPRIME *m, const uint8_t *mu,
                       const uint8_t *rnd)
{
    uint8_t *mu_in = st->rho_in + ML_DSA_K_BYTES + ML_DSA_RND_BYTES;

    st->key = key;
    st->n = sign_pair(key);
    memcpy(st->rho_in, key->key, ML_DSA_K_BYTES);
    memcpy(st->rho_in + ML_DSA_K_BYTES, rnd, ML_DSA_RND_BYTES);
    SHA3_mb_job_init(&st->rho_job, SHAKE256_RATE);
    st->rho_job.urgent = 1;
    st->rho_job.done = sign_first_masks;
    st->rho_job.arg = st;
    if (m != NULL) {
        st->m = *m;
        ossl_ml_dsa_mu_job(&st->mu_job, mu_in, key->tr, &st->m);
        st->mu_job.urgent = 1;
        st->mu_job.done = sign_rho;
        st->mu_job.arg = st;
        SHA3_mb_submit(&st->smp.sched, &st->mu_job);
    } else {
        SHA3_mb_job_init(&st->mu_job, SHAKE256_RATE);
        memcpy(mu_in, mu, ML_DSA_MU_BYTES);
        sign_rho(&st->rho_job);
    }
}

/*
 * ML-DSA.Sign_internal (FIPS 204 Algorithm 7) from line 7, after
 * sign_begin, on a key with a secret: sig = sigEncode(ctilde, z, h).
 *
 * The attempts run n at a time (sign_pair: 1, or 2 where the kernel has
 * lanes to spare): their masks come in one ExpandMask request, their
 * commitments are computed, and their c-tilde hashes run in lanes of one
 * batch, then their SampleInBall SHAKEs; then they are checked in order,
 * and the first that passes gives the signature, so that the signature is
 * the one FIPS 204's attempt-at-a-time loop gives (kappa goes up by l per
 * attempt).  With lanes to spare the first masks of the next attempts
 * are sampled beside the c-tilde hashes, whether they will be needed or
 * not, as far as that pays on the kernel (sign_ahead), the rest once the
 * attempts at hand are rejected.
 * Rejected attempts' verdicts are public; an attempt after the one that
 * passes is never checked, and nothing of it is released.
 */
static void sign_attempts(SIGN_STATE *st, uint8_t *sig)
{
    const MLDSA_KEY *key = st->key;
    const ML_DSA_PARAMS *p = key->params;
    const uint8_t *mu = st->rho_in + ML_DSA_K_BYTES + ML_DSA_RND_BYTES;
    const size_t l = p->l, n = st->n;
    const size_t ahead = sign_ahead(key, n);
    uint16_t kappa = 0;
    size_t i, cur = 0;
    int done = 0;

    /* mu, rho'' and the first masks' request are made */
    SHA3_mb_flush(&st->smp.sched, &st->mu_job);
    SHA3_mb_flush(&st->smp.sched, &st->rho_job);
    st->mask_rest[0].pending = st->mask_rest[1].pending = 0;
    while (!done) {
        ossl_ml_dsa_sample_wait(&st->smp, &st->mask[cur]);
        ossl_ml_dsa_sample_wait(&st->smp, &st->mask_rest[cur]);
#ifdef ML_DSA_CT
        if (ossl_ml_dsa_ct_plant == ML_DSA_CT_PLANT_Y255)
            ct_plant_y255(&st->y[cur][0]);
#endif
        for (i = 0; i < n; i++)
            sign_commit(key, st, &st->att[i], st->y[cur] + i * l, mu);
        /* the next attempts' first masks, beside the c-tilde hashes (a
         * request is queued only with entries: it wipes its seed copy as
         * its last entry is done) */
        st->mask[cur ^ 1].pending = 0;
        if (ahead > 0)
            ossl_ml_dsa_sample_mask(&st->smp, &st->mask[cur ^ 1],
                                    st->y[cur ^ 1], st->rho_pp,
                                    (uint16_t)(kappa + n * l), ahead,
                                    p->gamma1_bits);
        for (i = 0; i < n; i++)
            SHA3_mb_flush(&st->smp.sched, &st->att[i].ct);
        for (i = 0; i < n; i++)
            sign_ball(key, st, &st->att[i]);
        for (i = 0; i < n; i++)
            SHA3_mb_flush(&st->smp.sched, &st->att[i].sib);
        for (i = 0; i < n && !done; i++)
            done = sign_check(key, st, &st->att[i], st->y[cur] + i * l, sig);
        kappa = (uint16_t)(kappa + n * l);
        cur ^= 1;
        if (!done && ahead < n * l)
            ossl_ml_dsa_sample_mask(&st->smp, &st->mask_rest[cur],
                                    st->y[cur] + ahead, st->rho_pp,
                                    (uint16_t)(kappa + ahead), n * l - ahead,
                                    p->gamma1_bits);
    }
}

/*
 * Wipe what a signature used (not the room for the largest parameter
 * set), after every job it started is done.
 */
static void sign_cleanse(SIGN_STATE *st, const ML_DSA_PARAMS *p)
{
    size_t i, n = st->n;

    SHA3_mb_flush(&st->smp.sched, NULL);
    ossl_ml_dsa_sampler_cleanse(&st->smp);
    for (i = 0; i < 2; i++)
        ossl_cleanse(st->y[i], n * p->l * sizeof(st->y[i][0]));
    ossl_cleanse(st->z, p->l * sizeof(st->z[0]));
    ossl_cleanse(&st->c, sizeof(st->c));
    ossl_cleanse(&st->t, sizeof(st->t));
    ossl_cleanse(st->h, p->k * ML_DSA_N);
    ossl_cleanse(st->rho_pp, sizeof(st->rho_pp));
    ossl_cleanse(st->rho_in, sizeof(st->rho_in));
    SHA3_mb_job_cleanse(&st->mu_job);
    SHA3_mb_job_cleanse(&st->rho_job);
    for (i = 0; i < n; i++) {
        ossl_cleanse(st->att[i].w, p->k * sizeof(st->att[i].w[0]));
        ossl_cleanse(st->att[i].ct_in, sizeof(st->att[i].ct_in));
        ossl_cleanse(st->att[i].ctilde, sizeof(st->att[i].ctilde));
        ossl_cleanse(st->att[i].ball, sizeof(st->att[i].ball));
        SHA3_mb_job_cleanse(&st->att[i].ct);
        SHA3_mb_job_cleanse(&st->att[i].sib);
    }
}

/*
 * ML-DSA.Sign_internal (FIPS 204 Algorithm 7) from line 7, on a key with a
 * secret: sig = sigEncode(ctilde, z, h) for mu and the 32-byte rnd.  All
 * intermediates are wiped.
 */
int ossl_ml_dsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t mu[64], const uint8_t *rnd)
{
    SIGN_STATE st;

    ossl_ml_dsa_sampler_init(&st.smp, key->backend->sample);
    sign_begin(&st, key, NULL, mu, rnd);
    sign_attempts(&st, sig);
    sign_cleanse(&st, key->params);
    return MLDSA_OK;
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
 * ML-DSA.Sign (FIPS 204 Algorithm 2, 4, or 7 on M' or from mu, with mu
 * not NULL) with the encoded secret key sk, decoded and checked as
 * mldsa_key_from_secret does (MLDSA_ERR_BAD_KEY, _KEY_MISMATCH), the check
 * on the scheduler that starts the signature beside it: mu from the key's
 * tr, rho'' and the first masks take the lanes ExpandA leaves (thrown
 * away, wiped, when the key is refused).  sig is zeroed on failure; all
 * intermediates are wiped.
 */
int ossl_ml_dsa_sign_sk(mldsa_param param, uint8_t *sig, const uint8_t *sk,
                        const ML_DSA_MPRIME *m, const uint8_t *mu,
                        const uint8_t *rnd)
{
    uint8_t fresh[ML_DSA_RND_BYTES];
    MLDSA_KEY *key = NULL;
    SIGN_STATE st;
    int ret;

    if ((ret = ossl_ml_dsa_key_new(&key, param, 1)) != MLDSA_OK)
        return ret;
    if ((ret = ossl_ml_dsa_key_decode_secret(key, sk)) != MLDSA_OK
        || (ret = get_rnd(fresh, &rnd)) != MLDSA_OK)
        goto end;
    ossl_ml_dsa_sampler_init(&st.smp, key->backend->sample);
    sign_begin(&st, key, m, mu, rnd);
    if ((ret = ossl_ml_dsa_key_check_secret(key, sk, 0, &st.smp)) == MLDSA_OK)
        sign_attempts(&st, sig);
    sign_cleanse(&st, key->params);
 end:
    if (ret != MLDSA_OK)
        memset(sig, 0, key->params->sig_bytes);
    ossl_cleanse(fresh, sizeof(fresh));
    mldsa_key_free(key);
    return ret;
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

/* ML-DSA.Sign (FIPS 204 Algorithm 2) with the key. */
int mldsa_key_sign(const MLDSA_KEY *key, uint8_t *sig, const uint8_t *msg,
                   size_t msglen, const uint8_t *ctx, size_t ctxlen,
                   const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    ML_DSA_MPRIME m;
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    ossl_ml_dsa_mu(mu, key->tr, &m);
    return sign_mu(key, sig, mu, rnd);
}

/* HashML-DSA.Sign (FIPS 204 Algorithm 4) with the key, from the digest. */
int mldsa_key_prehash_sign(const MLDSA_KEY *key, uint8_t *sig,
                           mldsa_hash hash, const uint8_t *digest,
                           size_t digestlen, const uint8_t *ctx,
                           size_t ctxlen, const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    ML_DSA_MPRIME m;
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK
        || (ret = ossl_ml_dsa_check_message(digest, digestlen, ctx, ctxlen)) != MLDSA_OK
        || (ret = ossl_ml_dsa_mprime_prehash(&m, hash, digest, digestlen, ctx,
                                             ctxlen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mu(mu, key->tr, &m);
    return sign_mu(key, sig, mu, rnd);
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

/* ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on M' with the key. */
int mldsa_key_sign_internal(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t *mprime, size_t mprimelen,
                            const uint8_t *rnd)
{
    uint8_t mu[ML_DSA_MU_BYTES];
    ML_DSA_MPRIME m;
    int ret;

    if ((ret = check_signer(key, sig)) != MLDSA_OK)
        return ret;
    if (mprime == NULL && mprimelen != 0)
        return MLDSA_ERR_NULL;
    ossl_ml_dsa_mprime_internal(&m, mprime, mprimelen);
    ossl_ml_dsa_mu(mu, key->tr, &m);
    return sign_mu(key, sig, mu, rnd);
}
