/*
 * The backend conformance suite (crypto/ml_dsa/ml_dsa_backend.h): every
 * backend of this architecture's list that the machine runs gives the
 * generic ops' bytes for every op of its two tables, on random inputs
 * (the seed is printed: TEST_SEED=... replays a run) and at the edges of
 * each op's input bounds, and keeps its outputs within their stated
 * bounds.  Each test is a Check loop test, run once per backend of
 * ossl_ml_dsa_backends[]; one this machine cannot run is reported and
 * skipped.  The sampling (ExpandA, ExpandS, ExpandMask on each backend's
 * sample ops and the job scheduler) is held to a plain scalar-SHAKE
 * reference written here, on every (k, l) of the three parameter sets and
 * on smaller shapes, so that every partly filled batch of a multi-buffer
 * kernel is met, both etas, both gamma1 and kappas up to the 2^16 wrap,
 * and with requests sharing one sampler with a caller's job as keygen,
 * signing and verification use it.  Then the choice itself: MLDSA_BACKEND
 * and the capability mask (MLDSA_IA32CAP on x86-64, MLDSA_ARMCAP on
 * aarch64), in child processes.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
# include <windows.h>
#else
# include <sys/wait.h>
# include <unistd.h>
#endif
#include "internal/sha3.h"
#include "ml_dsa/ml_dsa_local.h"
#if defined(KECCAK1600_ASM_X86_64) || defined(KECCAK1600_ASM_AARCH64)
# include "internal/cpuid.h"
#endif
#include "testutil.h"

#define Q ML_DSA_Q
#define N ML_DSA_N
#define GENERIC_NAME "generic"
#define AVX2_NAME "x86_64-avx2"
#define X4_NAME "x86_64-avx512vl-x4"
#define X8_NAME "x86_64-avx512-x8"
#define AVX2_X4_NAME "x86_64-avx2-x4"
#define X8BW_NAME "x86_64-avx512bw-x8"
#define NEON_X2_NAME "aarch64-neon-x2"
#define SHA3_X2_NAME "aarch64-sha3-x2"
/* The environment variable that masks this architecture's capabilities. */
#ifdef KECCAK1600_ASM_AARCH64
# define CAP_ENV "MLDSA_ARMCAP"
#else
# define CAP_ENV "MLDSA_IA32CAP"
#endif
#define MAX_K 8
#define MAX_L 7
#define ROUNDS 4                    /* random seeds per shape */
/* argv[1] that makes this binary print its backend and capabilities and exit. */
#define PRINT_ARG "--print-backend"

static const char *self_path;
static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
#define NPARAMS (sizeof(params) / sizeof(params[0]))

/*
 * Check's ck_assert marks a point on every call, which is slow in loops:
 * inner loops test with a plain if and abort with a message.
 */
#define REQUIRE(cond) \
    do { if (!(cond)) ck_abort_msg("%s failed", #cond); } while (0)

/*
 * The backend of loop iteration i, announced; NULL (reported) when this
 * machine cannot run it.
 */
static const OSSL_ML_DSA_BACKEND *backend_under_test(int i, const char *test)
{
    const OSSL_ML_DSA_BACKEND *b = ossl_ml_dsa_backends[i];

    if (!ossl_ml_dsa_backend_usable(b)) {
        char what[160];

        snprintf(what, sizeof(what), "%s: backend %s: this machine cannot run it",
                 test, b->name);
        test_skip(what);
        return NULL;
    }
    printf("%s: comparing %s with generic\n", test, b->name);
    fflush(stdout);
    return b;
}

/* In a loop test: the backend under test as b, or return when unusable. */
#define BACKEND_OR_SKIP(b, test) \
    const OSSL_ML_DSA_BACKEND *b = backend_under_test(_i, test); \
    if (b == NULL) \
        return

/* 2^32, the Montgomery factor R (a multiplier: a shift of a negative is
 * undefined) */
#define TWO_32 ((int64_t)1 << 32)

/* a mod q in [0, q) for any int64 */
static int32_t mod_q(int64_t a)
{
    int64_t r = a % Q;

    return (int32_t)(r < 0 ? r + Q : r);
}

/* A random polynomial with coefficients in (-bound, bound). */
static void random_poly(ML_DSA_POLY *p, int32_t bound)
{
    for (size_t i = 0; i < N; i++)
        p->coeff[i] = (int32_t)((int64_t)test_rand_below(2 * (uint64_t)bound
                                                         - 1)
                                - bound + 1);
}

/* (k, l) of ML-DSA-44, -65, -87, then shapes whose k * l, l + k and l leave
 * every batch remainder 1..3 of the 4-way ops and 1..7 of the 8-way ones. */
static const size_t shapes[][2] = {
    { 4, 4 }, { 6, 5 }, { 8, 7 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 3 }, { 3, 3 },
    { 1, 5 }, { 1, 7 }, { 4, 5 }, { 2, 6 },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* Equal polynomial vectors; the message names the case and the first
 * differing polynomial. */
static void check_same_polys(const ML_DSA_POLY *a, const ML_DSA_POLY *b,
                             size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(memcmp(&a[i], &b[i], sizeof(a[i])) == 0,
                      "%s: polynomial %zu differs", what, i);
}

/*
 * The FIPS 204 sampling algorithms written plainly over scalar SHAKE, as
 * the reference every backend's ops (the generic ones too, which run on the
 * same job scheduler) must equal.
 */
/* ExpandA (Algorithm 32) with RejNTTPoly (Algorithm 30). */
static void ref_expand_A(ML_DSA_POLY *a, const uint8_t rho[32], size_t k,
                         size_t l)
{
    uint8_t seed[34], buf[SHAKE128_RATE];
    KECCAK1600_CTX ctx;

    memcpy(seed, rho, 32);
    for (size_t e = 0; e < k * l; e++) {
        size_t ctr = 0;

        seed[32] = (uint8_t)(e % l);
        seed[33] = (uint8_t)(e / l);
        SHA3_shake128_init(&ctx);
        SHA3_absorb(&ctx, seed, sizeof(seed));
        while (ctr < N) {
            SHA3_squeeze(&ctx, buf, sizeof(buf));
            for (size_t pos = 0; pos < sizeof(buf) && ctr < N; pos += 3) {
                uint32_t v = buf[pos] | (uint32_t)buf[pos + 1] << 8
                             | (uint32_t)(buf[pos + 2] & 0x7f) << 16;

                if (v < Q)
                    a[e].coeff[ctr++] = (int32_t)v;
            }
        }
    }
}

/* ExpandS (Algorithm 33) with RejBoundedPoly (Algorithm 31). */
static void ref_expand_S(ML_DSA_POLY *s, const uint8_t rho_prime[64],
                         size_t n, int eta)
{
    uint8_t seed[66], buf[SHAKE256_RATE];
    KECCAK1600_CTX ctx;

    memcpy(seed, rho_prime, 64);
    for (size_t r = 0; r < n; r++) {
        size_t ctr = 0;

        seed[64] = (uint8_t)r;
        seed[65] = (uint8_t)(r >> 8);
        SHA3_shake256_init(&ctx);
        SHA3_absorb(&ctx, seed, sizeof(seed));
        while (ctr < N) {
            SHA3_squeeze(&ctx, buf, sizeof(buf));
            for (size_t pos = 0; pos < 2 * sizeof(buf) && ctr < N; pos++) {
                int z = pos % 2 ? buf[pos / 2] >> 4 : buf[pos / 2] & 0x0f;

                if (eta == 2 && z < 15)
                    s[r].coeff[ctr++] = 2 - z % 5;
                else if (eta == 4 && z < 9)
                    s[r].coeff[ctr++] = 4 - z;
            }
        }
    }
}

/* ExpandMask (Algorithm 34): BitUnpack of 32 * (1 + bits) bytes. */
static void ref_expand_mask(ML_DSA_POLY *y, const uint8_t rho_pp[64],
                            uint16_t kappa, size_t l, int bits)
{
    uint8_t seed[66], buf[32 * 20];
    size_t len = 32 * (size_t)(bits + 1);

    memcpy(seed, rho_pp, 64);
    for (size_t r = 0; r < l; r++) {
        uint16_t n = (uint16_t)(kappa + r);

        seed[64] = (uint8_t)n;
        seed[65] = (uint8_t)(n >> 8);
        SHA3_shake256(buf, len, seed, sizeof(seed));
        for (size_t i = 0; i < N; i++) {
            uint32_t v = 0;

            for (int b = 0; b <= bits; b++) {
                size_t bit = i * (size_t)(bits + 1) + (size_t)b;

                v |= (uint32_t)(buf[bit / 8] >> (bit % 8) & 1) << b;
            }
            y[r].coeff[i] = ((int32_t)1 << bits) - (int32_t)v;
        }
    }
}

START_TEST(expand_A_same_as_reference_for_every_shape)
{
    BACKEND_OR_SKIP(be, "expand_A");
    const OSSL_ML_DSA_SAMPLE_OPS *ops = be->sample;
    static ML_DSA_POLY want[MAX_K * MAX_L], got[MAX_K * MAX_L];
    uint8_t rho[32];
    char what[64];

    for (size_t i = 0; i < NSHAPES; i++) {
        size_t k = shapes[i][0], l = shapes[i][1];

        for (int round = 0; round < ROUNDS; round++) {
            test_rand_bytes(rho, sizeof(rho));
            memset(got, 0xa5, sizeof(got));
            ref_expand_A(want, rho, k, l);
            ossl_ml_dsa_expand_A(ops, got, rho, k, l);
            snprintf(what, sizeof(what), "ExpandA k %zu l %zu", k, l);
            check_same_polys(want, got, k * l, what);
        }
    }
}
END_TEST

START_TEST(expand_S_same_as_reference_for_every_shape_and_eta)
{
    BACKEND_OR_SKIP(be, "expand_S");
    const OSSL_ML_DSA_SAMPLE_OPS *ops = be->sample;
    static ML_DSA_POLY want[MAX_K + MAX_L], got[MAX_K + MAX_L];
    static const int etas[] = { 2, 4 };
    uint8_t rho_prime[64];
    char what[64];

    for (size_t i = 0; i < NSHAPES; i++) {
        size_t k = shapes[i][0], l = shapes[i][1];

        for (size_t e = 0; e < 2; e++) {
            int eta = etas[e];

            for (int round = 0; round < ROUNDS; round++) {
                test_rand_bytes(rho_prime, sizeof(rho_prime));
                memset(got, 0xa5, sizeof(got));
                ref_expand_S(want, rho_prime, l + k, eta);
                ck_assert_int_eq(ossl_ml_dsa_expand_S(ops, got, rho_prime, l,
                                                      k, eta), 1);
                snprintf(what, sizeof(what), "ExpandS k %zu l %zu eta %d", k, l, eta);
                check_same_polys(want, got, l + k, what);
            }
        }
    }
    /* an eta other than 2 or 4 is refused */
    ck_assert_int_eq(ossl_ml_dsa_expand_S(ops, got, rho_prime, 4, 4, 3), 0);
}
END_TEST

START_TEST(expand_mask_same_as_reference_for_every_l_gamma1_and_kappa)
{
    BACKEND_OR_SKIP(be, "expand_mask");
    const OSSL_ML_DSA_SAMPLE_OPS *ops = be->sample;
    static ML_DSA_POLY want[MAX_L], got[MAX_L];
    static const int gamma1_bits[] = { 17, 19 };
    /* Small, random, and close enough to 2^16 that kappa + r wraps. */
    uint16_t kappas[] = { 0, 7, 0, 0xfffc, 0xfffe, 0xffff };
    uint8_t rho_pp[64];
    char what[64];

    for (size_t l = 1; l <= MAX_L; l++) {
        for (size_t g = 0; g < 2; g++) {
            int bits = gamma1_bits[g];

            for (size_t kp = 0; kp < sizeof(kappas) / sizeof(kappas[0]); kp++) {
                uint16_t kappa = kappas[kp];

                if (kp == 2)
                    kappa = (uint16_t)test_rand_below(0x10000);
                test_rand_bytes(rho_pp, sizeof(rho_pp));
                memset(got, 0xa5, sizeof(got));
                ref_expand_mask(want, rho_pp, kappa, l, bits);
                ck_assert_int_eq(ossl_ml_dsa_expand_mask(ops, got, rho_pp, kappa,
                                                         l, bits), 1);
                snprintf(what, sizeof(what), "ExpandMask l %zu gamma1 2^%d kappa %u",
                         l, bits, (unsigned)kappa);
                check_same_polys(want, got, l, what);
            }
        }
    }
    ck_assert_int_eq(ossl_ml_dsa_expand_mask(ops, got, rho_pp, 0, 4, 18), 0);
}
END_TEST

/*
 * The sampling as signing, keygen and verification use it: requests of
 * every kind on one sampler, queued while others are in flight, waited for
 * in an order other than they were made, with a SHAKE job of the caller's
 * sharing the lanes (its input in pieces, one piece after each wait, as
 * keygen feeds H(pk) row by row); every result as the reference's.
 */
START_TEST(shared_sampler_requests_and_caller_jobs_same_as_reference)
{
    BACKEND_OR_SKIP(be, "shared_sampler");
    static ML_DSA_POLY wantA[MAX_K * MAX_L], gotA[MAX_K * MAX_L];
    static ML_DSA_POLY wantS[MAX_K + MAX_L], gotS[MAX_K + MAX_L];
    static ML_DSA_POLY wantY[2 * MAX_L], gotY[2 * MAX_L];
    static uint8_t msg[4096];
    ML_DSA_SAMPLE_REQ rows[MAX_K], sreq, yreq[2];
    uint8_t rho[32], rho_prime[64], rho_pp[64], want[64], got[64];
    static ML_DSA_SAMPLER smp;
    SHA3_MB_JOB job;

    for (size_t i = 0; i < 3; i++) {
        size_t k = shapes[i][0], l = shapes[i][1], fed = 0, cut, r;
        uint16_t kappa = (uint16_t)test_rand_below(0x10000);

        test_rand_bytes(rho, sizeof(rho));
        test_rand_bytes(rho_prime, sizeof(rho_prime));
        test_rand_bytes(rho_pp, sizeof(rho_pp));
        test_rand_bytes(msg, sizeof(msg));
        ref_expand_A(wantA, rho, k, l);
        ref_expand_S(wantS, rho_prime, l + k, 2 + 2 * (int)(i % 2));
        ref_expand_mask(wantY, rho_pp, kappa, 2 * l, 17 + 2 * (int)(i % 2));
        SHA3_shake256(want, sizeof(want), msg, sizeof(msg));

        ossl_ml_dsa_sampler_init(&smp, be->sample);
        SHA3_mb_job_init(&job, SHAKE256_RATE);
        cut = (size_t)test_rand_below(200);
        SHA3_mb_job_absorb(&job, msg, cut);
        SHA3_mb_submit(&smp.sched, &job);
        fed = cut;
        ossl_ml_dsa_sample_S(&smp, &sreq, gotS, rho_prime, l + k,
                             2 + 2 * (int)(i % 2));
        for (r = 0; r < k; r++)
            ossl_ml_dsa_sample_A(&smp, &rows[r], gotA, rho, l, r * l, l);
        ossl_ml_dsa_sample_mask(&smp, &yreq[1], gotY + l, rho_pp,
                                (uint16_t)(kappa + l), l, 17 + 2 * (int)(i % 2));
        ossl_ml_dsa_sample_wait(&smp, &sreq);
        for (r = 0; r < k; r++) {
            ossl_ml_dsa_sample_wait(&smp, &rows[r]);
            SHA3_mb_flush(&smp.sched, &job);
            cut = fed + (size_t)test_rand_below(sizeof(msg) / k);
            if (r == k - 1 || cut > sizeof(msg))
                cut = sizeof(msg);
            SHA3_mb_job_absorb(&job, msg + fed, cut - fed);
            fed = cut;
            if (r == k - 1) {
                SHA3_mb_job_final(&job);
                SHA3_mb_job_squeeze(&job, got, sizeof(got));
            }
            SHA3_mb_submit(&smp.sched, &job);
            if (r == 1)
                ossl_ml_dsa_sample_mask(&smp, &yreq[0], gotY, rho_pp, kappa,
                                        l, 17 + 2 * (int)(i % 2));
        }
        ossl_ml_dsa_sample_wait(&smp, &yreq[0]);
        ossl_ml_dsa_sample_wait(&smp, &yreq[1]);
        SHA3_mb_flush(&smp.sched, NULL);
        ossl_ml_dsa_sampler_cleanse(&smp);
        check_same_polys(wantA, gotA, k * l, "ExpandA rows, shared");
        check_same_polys(wantS, gotS, l + k, "ExpandS, shared");
        check_same_polys(wantY, gotY, 2 * l, "ExpandMask, shared");
        ck_assert_mem_eq(want, got, sizeof(want));
    }
}
END_TEST

/*
 * The top-up path: seeds (found by search) whose eta-4 polynomial needs
 * more than the first squeeze of two SHAKE256 blocks (fewer than 256 of its
 * 544 nibbles are below 9): rho' = 5a dc 00 ... for polynomial 0,
 * rho' = ab df 01 00 ... for polynomial 2.  Each alone (idle lanes) and
 * within a full batch.
 */
START_TEST(expand_S_same_as_reference_when_a_lane_needs_more_blocks)
{
    BACKEND_OR_SKIP(be, "expand_S_top_up");
    const OSSL_ML_DSA_SAMPLE_OPS *ops = be->sample;
    static ML_DSA_POLY want[MAX_K + MAX_L], got[MAX_K + MAX_L];
    static const struct {
        uint8_t seed_lo[3];     /* the first bytes of rho'; the rest are 0 */
        size_t l, k;
    } cases[] = {
        { { 0x5a, 0xdc, 0x00 }, 1, 0 }, { { 0x5a, 0xdc, 0x00 }, 4, 3 },
        { { 0xab, 0xdf, 0x01 }, 3, 0 }, { { 0xab, 0xdf, 0x01 }, 5, 6 },
    };
    uint8_t rho_prime[64];
    char what[64];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t l = cases[i].l, k = cases[i].k;

        memset(rho_prime, 0, sizeof(rho_prime));
        memcpy(rho_prime, cases[i].seed_lo, sizeof(cases[i].seed_lo));
        memset(got, 0xa5, sizeof(got));
        ref_expand_S(want, rho_prime, l + k, 4);
        ck_assert_int_eq(ossl_ml_dsa_expand_S(ops, got, rho_prime, l, k, 4), 1);
        snprintf(what, sizeof(what), "ExpandS top-up case %zu", i);
        check_same_polys(want, got, l + k, what);
    }
}
END_TEST

/*
 * The sample ops' rejection parsers called directly, as the sampler calls
 * them (at the polynomial's ctr, on the bytes of a squeeze), against the
 * generic ones: every buffer length up to past a first squeeze, starting
 * counts from empty to full (so that a vector front end stops for want of
 * room in coeff or of bytes in buf at every offset, and its scalar tail
 * runs), on SHAKE-like random bytes and on bytes with a given share of
 * rejected candidates, up to all of them.  The new count and the kept
 * coefficients must be generic's; the words before the starting count and
 * those outside coeff[0..256) must be left alone (the ops may store, not
 * keep, words after the last kept one within the polynomial); the bytes
 * are in a buffer of exactly len bytes, for the sanitizer builds.
 */
#define PARSE_MAX_LEN 900           /* past 840, a first ExpandA squeeze */
#define GUARD_WORDS 32
#define GUARD_WORD INT32_C(0x5a5a5a5a)

/* Candidate counts at which a parse starts: empty, around the vector
 * front ends' steps (8, 16 or 32 words) and the end, and full. */
static const size_t parse_starts[] = {
    0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 100, 200, 223, 224, 225, 239, 240,
    241, 247, 248, 249, 250, 255, 256,
};
#define NPARSE_STARTS (sizeof(parse_starts) / sizeof(parse_starts[0]))
/* Out of 16, the share of rejected candidates; -1: plain random bytes. */
static const int parse_rejects[] = { -1, 1, 8, 15, 16 };
#define NPARSE_REJECTS (sizeof(parse_rejects) / sizeof(parse_rejects[0]))

typedef struct {
    int32_t before[GUARD_WORDS];
    ML_DSA_POLY p;
    int32_t after[GUARD_WORDS];
} GUARDED_POLY;

/* Guards and coefficients set to GUARD_WORD but for coeff[0..start),
 * which is the same random prefix in every call of a case. */
static void guarded_poly_init(GUARDED_POLY *g, const int32_t *prefix,
                              size_t start)
{
    for (size_t i = 0; i < GUARD_WORDS; i++)
        g->before[i] = g->after[i] = GUARD_WORD;
    for (size_t i = 0; i < N; i++)
        g->p.coeff[i] = i < start ? prefix[i] : GUARD_WORD;
}

/* A parse's count and kept words equal generic's; its prefix and its
 * guards are untouched. */
static void check_parse(const GUARDED_POLY *want, size_t want_ctr,
                        const GUARDED_POLY *got, size_t got_ctr,
                        const int32_t *prefix, size_t start,
                        const char *what, size_t len, int reject)
{
    int ok = got_ctr == want_ctr
             && memcmp(got->p.coeff, want->p.coeff,
                       want_ctr * sizeof(int32_t)) == 0
             && memcmp(got->p.coeff, prefix, start * sizeof(int32_t)) == 0;

    for (size_t i = 0; ok && i < GUARD_WORDS; i++)
        ok = got->before[i] == GUARD_WORD && got->after[i] == GUARD_WORD;
    if (!ok)
        ck_abort_msg("%s: len %zu, start %zu, rejected %d/16: ctr %zu, "
                     "generic %zu, or the kept words, the prefix or the "
                     "guards differ", what, len, start, reject, got_ctr,
                     want_ctr);
}

/* CoeffFromThreeBytes input: a candidate kept or rejected (after the top
 * bit, random, is dropped), with q - 1 and q themselves now and then. */
static void ntt_candidate(uint8_t b[3], int rejected)
{
    uint32_t v;

    switch (test_rand_below(32)) {
    case 0:
        v = rejected ? Q : Q - 1;
        break;
    case 1:
        v = rejected ? (1u << 23) - 1 : 0;
        break;
    default:
        v = rejected ? Q + (uint32_t)test_rand_below((1u << 23) - Q)
                     : (uint32_t)test_rand_below(Q);
        break;
    }
    v |= (uint32_t)test_rand_below(2) << 23;
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
}

/* CoeffFromHalfByte input: a nibble kept (below bound) or rejected. */
static uint8_t bounded_nibble(int rejected, uint32_t bound)
{
    return (uint8_t)(rejected ? bound + test_rand_below(16 - bound)
                              : test_rand_below(bound));
}

START_TEST(rejection_parsers_same_as_generic_for_every_length_start_and_rate)
{
    BACKEND_OR_SKIP(be, "rej_parse");
    const OSSL_ML_DSA_SAMPLE_OPS *ops = be->sample;
    const OSSL_ML_DSA_SAMPLE_OPS *gen = &ossl_ml_dsa_sample_generic;
    static GUARDED_POLY want, got;
    static uint8_t bytes[PARSE_MAX_LEN];
    int32_t prefix[N];
    size_t want_ctr, got_ctr;

    for (size_t r = 0; r < NPARSE_REJECTS; r++) {
        int reject = parse_rejects[r];

        /* RejNTTPoly: whole 3-byte candidates */
        for (size_t len = 0; len <= PARSE_MAX_LEN; len += 3) {
            uint8_t *buf = malloc(len > 0 ? len : 1);

            REQUIRE(buf != NULL);
            if (reject < 0)
                test_rand_bytes(bytes, len);
            else
                for (size_t i = 0; i < len; i += 3)
                    ntt_candidate(bytes + i,
                                  (int)test_rand_below(16) < reject);
            memcpy(buf, bytes, len);
            for (size_t s = 0; s < NPARSE_STARTS; s++) {
                size_t start = parse_starts[s];

                for (size_t i = 0; i < start; i++)
                    prefix[i] = (int32_t)test_rand_below(Q);
                guarded_poly_init(&want, prefix, start);
                guarded_poly_init(&got, prefix, start);
                want_ctr = gen->rej_ntt_parse(want.p.coeff, start, buf, len);
                got_ctr = ops->rej_ntt_parse(got.p.coeff, start, buf, len);
                check_parse(&want, want_ctr, &got, got_ctr, prefix, start,
                            "RejNTTPoly parse", len, reject);
            }
            free(buf);
        }

        /* RejBoundedPoly: any number of bytes, both etas */
        for (int eta = 2; eta <= 4; eta += 2) {
            uint32_t bound = eta == 2 ? 15 : 9;
            const char *what = eta == 2 ? "RejBoundedPoly parse, eta 2"
                                        : "RejBoundedPoly parse, eta 4";

            for (size_t len = 0; len <= PARSE_MAX_LEN / 3; len++) {
                uint8_t *buf = malloc(len > 0 ? len : 1);

                REQUIRE(buf != NULL);
                if (reject < 0)
                    test_rand_bytes(bytes, len);
                else
                    for (size_t i = 0; i < len; i++)
                        bytes[i] = (uint8_t)(bounded_nibble(
                            (int)test_rand_below(16) < reject, bound)
                            | bounded_nibble((int)test_rand_below(16)
                                             < reject, bound) << 4);
                memcpy(buf, bytes, len);
                for (size_t s = 0; s < NPARSE_STARTS; s++) {
                    size_t start = parse_starts[s];

                    for (size_t i = 0; i < start; i++)
                        prefix[i] = (int32_t)test_rand_below(2 * (uint64_t)eta
                                                             + 1) - eta;
                    guarded_poly_init(&want, prefix, start);
                    guarded_poly_init(&got, prefix, start);
                    want_ctr = gen->rej_bounded_parse(want.p.coeff, start, buf,
                                                      len, eta);
                    got_ctr = ops->rej_bounded_parse(got.p.coeff, start, buf,
                                                     len, eta);
                    check_parse(&want, want_ctr, &got, got_ctr, prefix, start,
                                what, len, reject);
                }
                free(buf);
            }
        }
    }
}
END_TEST

#define EDGE_PATTERNS 5

/*
 * Coefficients in (-bound, bound): pattern 0 random, 1 all bound - 1,
 * 2 all -(bound - 1), 3 alternating +-(bound - 1), 4 +-(bound - 1) with
 * random signs.
 */
static void edge_poly(ML_DSA_POLY *p, int pattern, int32_t bound)
{
    size_t i;

    if (pattern == 0) {
        random_poly(p, bound);
        return;
    }
    for (i = 0; i < N; i++) {
        int neg = pattern == 2 || (pattern == 3 && (i & 1) != 0)
                  || (pattern == 4 && (test_rand_u64() & 1) != 0);

        p->coeff[i] = neg ? -(bound - 1) : bound - 1;
    }
}

/* The rounds per pattern: more random ones than fixed ones. */
static int edge_rounds(int pattern)
{
    return pattern == 0 || pattern == 4 ? 200 : 1;
}

START_TEST(ntt_and_inverse_same_as_generic_within_input_bounds)
{
    BACKEND_OR_SKIP(be, "ntt, inverse ntt");
    const OSSL_ML_DSA_POLY_OPS *impl = be->poly;
    ML_DSA_POLY a, want, got;
    int pattern, round;

    for (pattern = 0; pattern < EDGE_PATTERNS; pattern++)
        for (round = 0; round < edge_rounds(pattern); round++) {
            /* both take |a| < q */
            edge_poly(&a, pattern, Q);
            want = got = a;
            ossl_ml_dsa_poly_ntt_generic(&want);
            impl->ntt(&got);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            want = got = a;
            ossl_ml_dsa_poly_ntt_inverse_generic(&want);
            impl->ntt_inverse(&got);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
        }
}
END_TEST

/*
 * The NTT of a (FIPS 204 Algorithm 41) modulo q, by its definition with
 * 64-bit arithmetic: out[i] = sum_j a[j] zeta^((2 brv8(i) + 1) j), zeta =
 * 1753, in [0, q).
 */
static void ref_ntt(int32_t *out, const int32_t *a)
{
    for (size_t i = 0; i < N; i++) {
        unsigned br = 0;
        int64_t x = 1, acc = 0, e;

        for (unsigned k = 0; k < 8; k++)
            br |= ((i >> k) & 1u) << (7 - k);
        for (e = 0; e < 2 * (int64_t)br + 1; e++)
            x = x * 1753 % Q;                   /* x = zeta^(2 br + 1) */
        for (size_t j = N; j-- > 0;)
            acc = (acc * x + mod_q(a[j])) % Q;  /* Horner */
        out[i] = mod_q(acc);
    }
}

/*
 * Every arithmetic op at the ends of its stated range (ml_dsa_backend.h):
 * all coefficients at the largest, at the smallest, alternating and random
 * signs of the largest allowed magnitude, against a 64-bit reference:
 * ntt (|a| < q: out = NTT(a) mod q, |out| < 9q), ntt_inverse (|a| < q:
 * NTT(out) = 2^32 a mod q, |out| < q), ntt_mul (|a| < q, |b| < 9q and both
 * < 9q: out 2^32 = a b mod q, |out| < q), ntt_dot (7 terms, |a| < q,
 * |b| < 9q: out 2^32 = sum a b mod q, |out| < q).
 */
START_TEST(ntt_ops_match_a_64_bit_reference_at_the_ends_of_their_ranges)
{
    BACKEND_OR_SKIP(be, "ntt ops at their range ends against a 64-bit reference");
    const OSSL_ML_DSA_POLY_OPS *impl = be->poly;
    ML_DSA_POLY a[ML_DSA_L_MAX], b[ML_DSA_L_MAX], got;
    int32_t ref[N];
    int pattern;
    size_t i, j;

    for (pattern = 1; pattern < EDGE_PATTERNS; pattern++) {
        edge_poly(&a[0], pattern, Q);
        got = a[0];
        impl->ntt(&got);
        ref_ntt(ref, a[0].coeff);
        for (i = 0; i < N; i++)
            REQUIRE(got.coeff[i] > -9 * Q && got.coeff[i] < 9 * Q
                    && mod_q(got.coeff[i]) == ref[i]);
        got = a[0];
        impl->ntt_inverse(&got);
        for (i = 0; i < N; i++)
            REQUIRE(got.coeff[i] > -Q && got.coeff[i] < Q);
        ref_ntt(ref, got.coeff);
        for (i = 0; i < N; i++)
            REQUIRE(ref[i] == mod_q((int64_t)mod_q(a[0].coeff[i]) * TWO_32));
        for (j = 0; j < ML_DSA_L_MAX; j++) {
            edge_poly(&a[j], pattern, Q);
            edge_poly(&b[j], pattern, 9 * Q);
        }
        impl->ntt_mul(&got, &a[0], &b[0]);
        for (i = 0; i < N; i++)
            REQUIRE(got.coeff[i] > -Q && got.coeff[i] < Q
                    && mod_q((int64_t)got.coeff[i] * TWO_32)
                       == mod_q((int64_t)a[0].coeff[i] * b[0].coeff[i]));
        impl->ntt_mul(&got, &b[1], &b[0]);
        for (i = 0; i < N; i++)
            REQUIRE(got.coeff[i] > -Q && got.coeff[i] < Q
                    && mod_q((int64_t)got.coeff[i] * TWO_32)
                       == mod_q((int64_t)b[1].coeff[i] * b[0].coeff[i]));
        impl->ntt_dot(&got, a, b, ML_DSA_L_MAX);
        for (i = 0; i < N; i++) {
            int64_t sum = 0;

            for (j = 0; j < ML_DSA_L_MAX; j++)
                sum += (int64_t)a[j].coeff[i] * b[j].coeff[i];
            REQUIRE(got.coeff[i] > -Q && got.coeff[i] < Q
                    && mod_q((int64_t)got.coeff[i] * TWO_32) == mod_q(sum));
        }
    }
}
END_TEST

/*
 * Coefficients at the two ends lo, hi of a stated range, in every position:
 * pattern 1 all hi, 2 all lo, 3 alternating, 4 random choice.
 */
static void ends_poly(ML_DSA_POLY *p, int pattern, int32_t lo, int32_t hi)
{
    for (size_t i = 0; i < N; i++) {
        int low = pattern == 2 || (pattern == 3 && (i & 1) != 0)
                  || (pattern == 4 && (test_rand_u64() & 1) != 0);

        p->coeff[i] = low ? lo : hi;
    }
}

/* a mod+- m in (-m / 2, m / 2] for even m, any int64 */
static int64_t ref_mod_pm(int64_t a, int64_t m)
{
    int64_t r = ((a % m) + m) % m;

    return r > m / 2 ? r - m : r;
}

/* Decompose (FIPS 204 Algorithm 36) of r mod q, by its definition. */
static int64_t ref_decompose(int64_t *r0, int64_t r, int64_t gamma2)
{
    int64_t rp = mod_q(r);

    *r0 = ref_mod_pm(rp, 2 * gamma2);
    if (rp - *r0 == Q - 1) {
        *r0 -= 1;
        return 0;
    }
    return (rp - *r0) / (2 * gamma2);
}

/*
 * Every row op at the ends of its stated input ranges (ml_dsa_backend.h),
 * every coefficient at the largest or smallest allowed value (and, where
 * the op centres its input, at the ends of the centred range), against
 * FIPS 204's definitions in 64-bit arithmetic: the outputs, their stated
 * ranges and the norm checks' verdicts, for both gamma2.
 */
START_TEST(row_ops_match_a_64_bit_reference_at_the_ends_of_their_ranges)
{
    BACKEND_OR_SKIP(be,
                    "row ops at their range ends against a 64-bit reference");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly;
    /* the ends of |c| < q, and the values that centre to +-(q - 1) / 2 */
    static const int32_t ends[][2] = {
        { -Q + 1, Q - 1 }, { -(Q - 1) / 2, (Q - 1) / 2 },
        { (Q + 1) / 2, (Q - 1) / 2 },
    };
    ML_DSA_POLY a, b, c, t1, t0, w1;
    uint8_t h[N], out[ML_DSA_POLY_BYTES(6)], want_out[ML_DSA_POLY_BYTES(6)];
    uint32_t count;
    size_t pi, e, i;
    int pattern, hp;

    for (pi = 0; pi < NPARAMS; pi++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(params[pi]);
        const int64_t g2 = p->gamma2, m = (Q - 1) / (2 * g2);

        for (pattern = 1; pattern < EDGE_PATTERNS; pattern++)
            for (e = 0; e < sizeof(ends) / sizeof(ends[0]); e++) {
                const int32_t lo = ends[e][0], hi = ends[e][1];
                int64_t r0, x;
                int bad;

                /* w1: |w| < q; w becomes w mod q, out w1Encode(HighBits) */
                ends_poly(&a, pattern, lo, hi);
                b = a;
                ops->w1(out, &b, p);
                for (i = 0; i < N; i++) {
                    REQUIRE(b.coeff[i] == mod_q(a.coeff[i]));
                    w1.coeff[i] = (int32_t)ref_decompose(&r0, a.coeff[i], g2);
                }
                ossl_ml_dsa_poly_pack_w1_generic(want_out, &w1, p->w1_bits);
                REQUIRE(memcmp(out, want_out,
                               ML_DSA_POLY_BYTES(p->w1_bits)) == 0);

                /* z: |cs1| < q, y at -gamma1 + 1 or gamma1 */
                ends_poly(&c, pattern, -p->gamma1 + 1, p->gamma1);
                b = a;
                bad = 0;
                for (i = 0; i < N; i++) {
                    x = c.coeff[i] + ref_mod_pm(a.coeff[i], Q);
                    bad |= llabs(x) >= p->gamma1 - p->beta;
                }
                REQUIRE((ops->z(&b, &c, p->gamma1 - p->beta) < 0) == bad);
                for (i = 0; i < N; i++)
                    REQUIRE(b.coeff[i]
                            == c.coeff[i] + ref_mod_pm(a.coeff[i], Q));

                /* exceeds: |z| <= gamma1, at the ends of [-gamma1, gamma1] */
                ends_poly(&c, pattern, -p->gamma1, p->gamma1);
                REQUIRE((ops->exceeds(&c, p->gamma1 - p->beta) < 0) == 1);
                ends_poly(&c, pattern, -(p->gamma1 - p->beta - 1),
                          p->gamma1 - p->beta - 1);
                REQUIRE(ops->exceeds(&c, p->gamma1 - p->beta) >= 0);

                /* r: w at 0 or q - 1, |cs2| < q */
                ends_poly(&w1, pattern, 0, Q - 1);
                b = w1;
                bad = 0;
                for (i = 0; i < N; i++) {
                    x = mod_q((int64_t)w1.coeff[i] - a.coeff[i]);
                    (void)ref_decompose(&r0, x, g2);
                    bad |= llabs(r0) >= g2 - p->beta;
                }
                REQUIRE((ops->r(&b, h, &a, p) < 0) == bad);
                for (i = 0; i < N; i++) {
                    x = mod_q((int64_t)w1.coeff[i] - a.coeff[i]);
                    REQUIRE(b.coeff[i] == x
                            && h[i] == ref_decompose(&r0, x, g2));
                }

                /* hint: r at 0 or q - 1, |ct0| < q, h = HighBits(r) */
                ends_poly(&b, pattern, 0, Q - 1);
                for (i = 0; i < N; i++)
                    h[i] = (uint8_t)ref_decompose(&r0, b.coeff[i], g2);
                count = 1;
                bad = 0;
                x = 1;
                for (i = 0; i < N; i++) {
                    int64_t ct0 = ref_mod_pm(a.coeff[i], Q), r0b;

                    bad |= llabs(ct0) >= g2;
                    x += ref_decompose(&r0b, b.coeff[i] + ct0, g2) != h[i];
                }
                REQUIRE((ops->hint(h, &count, &b, &a, p) < 0) == bad);
                REQUIRE(count == x);
                for (i = 0; i < N; i++)
                    REQUIRE(h[i] == (ref_decompose(&r0, b.coeff[i]
                                     + ref_mod_pm(a.coeff[i], Q), g2)
                                     != ref_decompose(&r0, b.coeff[i], g2)));

                /* use_hint: |w| < q, h all 0, all 1, alternating */
                for (hp = 0; hp < 3; hp++) {
                    for (i = 0; i < N; i++)
                        h[i] = (uint8_t)(hp == 2 ? (int)(i & 1) : hp);
                    b = a;
                    ops->use_hint(&b, h, p);
                    for (i = 0; i < N; i++) {
                        int64_t r1 = ref_decompose(&r0, a.coeff[i], g2);

                        if (h[i] == 1)
                            r1 = ((r1 + (r0 > 0 ? 1 : -1)) % m + m) % m;
                        REQUIRE(b.coeff[i] == r1);
                    }
                }

                /* power2round: |as1| < q, s2 at -eta or eta */
                ends_poly(&c, pattern, -p->eta, p->eta);
                ops->power2round(&t1, &t0, &a, &c);
                for (i = 0; i < N; i++) {
                    int64_t r = mod_q((int64_t)a.coeff[i] + c.coeff[i]);
                    int64_t t0_ref = ref_mod_pm(r, 1 << ML_DSA_D);

                    REQUIRE(t0.coeff[i] == t0_ref
                            && t1.coeff[i] == (r - t0_ref) >> ML_DSA_D);
                    REQUIRE(t1.coeff[i] >= 0 && t1.coeff[i] < 1 << 10
                            && t0.coeff[i] > -(1 << 12)
                            && t0.coeff[i] <= 1 << 12);
                }

                /* sub_reduce: w, t |c| < q */
                ends_poly(&c, pattern, -hi, -lo);
                b = a;
                ops->sub_reduce(&b, &c);
                for (i = 0; i < N; i++)
                    REQUIRE(b.coeff[i] > -Q && b.coeff[i] < Q
                            && mod_q(b.coeff[i])
                               == mod_q((int64_t)a.coeff[i] - c.coeff[i]));
            }
    }
}
END_TEST

#ifdef ML_DSA_CONTRACTS
/* make CONTRACTS=1: the backend in use aborts on a coefficient of q. */
START_TEST(contracts_abort_on_a_coefficient_out_of_range)
{
    ML_DSA_POLY p;

    memset(&p, 0, sizeof(p));
    p.coeff[7] = Q;
    ossl_ml_dsa_backend()->poly->ntt(&p);
}
END_TEST
#endif

START_TEST(ntt_mul_and_dot_same_as_generic_within_input_bounds)
{
    BACKEND_OR_SKIP(be, "ntt mul, ntt dot");
    const OSSL_ML_DSA_POLY_OPS *impl = be->poly;
    ML_DSA_POLY a[ML_DSA_L_MAX], b[ML_DSA_L_MAX], want, got;
    int pattern, round;
    size_t j, n;

    for (pattern = 0; pattern < EDGE_PATTERNS; pattern++)
        for (round = 0; round < edge_rounds(pattern); round++) {
            /* |a| < q, |b| < 9q: |a * b| < 2^31 q, and n <= 7 terms */
            for (j = 0; j < ML_DSA_L_MAX; j++) {
                edge_poly(&a[j], pattern, Q);
                edge_poly(&b[j], pattern, 9 * Q);
            }
            ossl_ml_dsa_poly_ntt_mul_generic(&want, &a[0], &b[0]);
            impl->ntt_mul(&got, &a[0], &b[0]);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            /* r may alias an input */
            got = a[0];
            impl->ntt_mul(&got, &got, &b[0]);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            got = b[0];
            impl->ntt_mul(&got, &a[0], &got);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            /* two NTT outputs, |a|, |b| < 9q (the key's NTT forms and c),
             * |r| < q still */
            ossl_ml_dsa_poly_ntt_mul_generic(&want, &b[1], &b[0]);
            impl->ntt_mul(&got, &b[1], &b[0]);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            for (j = 0; j < ML_DSA_N; j++)
                REQUIRE(got.coeff[j] > -Q && got.coeff[j] < Q);
            for (n = 1; n <= ML_DSA_L_MAX; n++) {
                ossl_ml_dsa_poly_ntt_dot_generic(&want, a, b, n);
                impl->ntt_dot(&got, a, b, n);
                REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            }
        }
    /*
     * The bound itself: a over all of int32 (but INT32_MIN) and |b| < q,
     * so |a * b| < 2^31 q; for the dot product |b| < q / 7, so that the
     * sum of up to 7 products stays below 2^31 q.
     */
    for (pattern = 0; pattern < EDGE_PATTERNS; pattern++)
        for (round = 0; round < edge_rounds(pattern); round++) {
            for (j = 0; j < ML_DSA_L_MAX; j++) {
                edge_poly(&a[j], pattern, INT32_MAX);
                edge_poly(&b[j], pattern, Q);
            }
            ossl_ml_dsa_poly_ntt_mul_generic(&want, &a[0], &b[0]);
            impl->ntt_mul(&got, &a[0], &b[0]);
            REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            for (j = 0; j < ML_DSA_L_MAX; j++)
                edge_poly(&b[j], pattern, Q / ML_DSA_L_MAX);
            for (n = 1; n <= ML_DSA_L_MAX; n++) {
                ossl_ml_dsa_poly_ntt_dot_generic(&want, a, b, n);
                impl->ntt_dot(&got, a, b, n);
                REQUIRE(memcmp(&want, &got, sizeof(want)) == 0);
            }
        }
}
END_TEST

/*
 * impl's inverse NTT undoes its NTT up to the Montgomery factor R, with
 * the generic bounds in between (|NTT(a)| < 9q, and the inverse takes
 * the NTT's output reduced by a pointwise product with R^2: |.| < q).
 */
START_TEST(ntt_round_trip_keeps_the_bounds_and_the_values)
{
    BACKEND_OR_SKIP(be, "ntt round trip");
    const OSSL_ML_DSA_POLY_OPS *impl = be->poly;
    const int64_t r_mod_q = ((int64_t)1 << 32) % Q;
    ML_DSA_POLY a, b, r2;
    int pattern, round;
    size_t i;

    for (i = 0; i < N; i++)     /* R^2 mod q, so that mont(x * r2) = x * R */
        r2.coeff[i] = mod_q(r_mod_q * r_mod_q);
    for (pattern = 0; pattern < EDGE_PATTERNS; pattern++)
        for (round = 0; round < edge_rounds(pattern); round++) {
            edge_poly(&a, pattern, Q);
            b = a;
            impl->ntt(&b);
            for (i = 0; i < N; i++)
                REQUIRE(abs(b.coeff[i]) < 9 * Q);
            impl->ntt_inverse(&b);
            for (i = 0; i < N; i++) {
                REQUIRE(abs(b.coeff[i]) < Q);
                REQUIRE(mod_q(b.coeff[i]) == mod_q(a.coeff[i] * r_mod_q));
            }
            /* NTT, a product (by R^2 / R = R), the inverse: a * R^2 */
            b = a;
            impl->ntt(&b);
            impl->ntt_mul(&b, &b, &r2);
            impl->ntt_inverse(&b);
            for (i = 0; i < N; i++)
                REQUIRE(mod_q(b.coeff[i])
                        == mod_q(a.coeff[i] * r_mod_q % Q * r_mod_q));
        }
}
END_TEST

/*
 * The backend's z / mask decoder equals the generic one for both gamma1, on random, all-zero, all-one and
 * alternating bytes, and reads nothing past the encoding (the bytes after
 * it change nothing; the allocation ends there, for sanitizer builds).
 */
START_TEST(z_unpack_same_as_generic_and_reads_only_its_bytes)
{
    static const uint8_t fills[] = { 0x00, 0xff, 0x55, 0xaa };
    BACKEND_OR_SKIP(be, "z unpack");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly;
    ML_DSA_POLY want, got, again;
    int g, gbits[2] = { 17, 19 };
    size_t f, len;
    const size_t tail = 32;   /* bytes after the encoding in the first pass */
    uint8_t *in;
    int round;

    for (g = 0; g < 2; g++) {
        len = ML_DSA_POLY_BYTES(gbits[g] + 1);
        for (round = 0; round < 40; round++) {
            f = (size_t)round % (sizeof(fills) + 4);
            /* len bytes and a tail of zeros, then of ones, then no tail */
            in = malloc(len + tail);
            ck_assert_ptr_nonnull(in);
            if (f < sizeof(fills))
                memset(in, fills[f], len);
            else
                test_rand_bytes(in, len);
            memset(in + len, 0, tail);
            ossl_ml_dsa_poly_unpack_z_generic(&want, in, gbits[g]);
            ops->unpack_z(&got, in, gbits[g]);
            ck_assert_mem_eq(want.coeff, got.coeff, sizeof(want.coeff));
            memset(in + len, 0xff, tail);
            ops->unpack_z(&again, in, gbits[g]);
            ck_assert_mem_eq(want.coeff, again.coeff, sizeof(want.coeff));
            in = realloc(in, len);
            ck_assert_ptr_nonnull(in);
            ops->unpack_z(&again, in, gbits[g]);
            ck_assert_mem_eq(want.coeff, again.coeff, sizeof(want.coeff));
            free(in);
        }
    }
}
END_TEST


/*
 * The backend's w1Encode equals the generic one for 4 and 6 bits on random coefficients in [0, 2^bits), all zero
 * and all 2^bits - 1, and writes exactly 32 * bits bytes.
 */
START_TEST(w1_encoding_same_as_generic_and_writes_only_its_bytes)
{
    BACKEND_OR_SKIP(be, "w1 encode");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly;
    ML_DSA_POLY a;
    uint8_t want[ML_DSA_POLY_BYTES(6) + 32], got[ML_DSA_POLY_BYTES(6) + 32];
    int bits, round;
    size_t i, len;

    for (bits = 4; bits <= 6; bits += 2) {
        len = ML_DSA_POLY_BYTES(bits);
        for (round = 0; round < 50; round++) {
            for (i = 0; i < N; i++)
                a.coeff[i] = round == 0 ? 0 : round == 1 ? (1 << bits) - 1
                    : (int32_t)test_rand_below((uint64_t)1 << bits);
            memset(want, 0x5a, sizeof(want));
            memset(got, 0x5a, sizeof(got));
            ossl_ml_dsa_poly_pack_w1_generic(want, &a, bits);
            ops->pack_w1(got, &a, bits);
            ck_assert_mem_eq(want, got, sizeof(want));
            for (i = len; i < sizeof(got); i++)
                ck_assert_uint_eq(got[i], 0x5a);
        }
    }
}
END_TEST

/*
 * One of the key and signature packers, through the table ops: kind 0
 * eta (arg eta), 1 t0, 2 t1, 3 z (arg gamma1_bits).
 */
static void pack_kind(const OSSL_ML_DSA_POLY_OPS *ops, int kind, uint8_t *out,
                      const ML_DSA_POLY *a, int arg)
{
    switch (kind) {
    case 0:
        ops->pack_eta(out, a, arg);
        break;
    case 1:
        ops->pack_t0(out, a);
        break;
    case 2:
        ops->pack_t1(out, a);
        break;
    default:
        ops->pack_z(out, a, arg);
    }
}

/*
 * The backend's eta, t0, t1 and z packers write the generic ones' bytes,
 * and only 32 * bits of them, for coefficients all at the low end of the
 * input range, all at the high end, alternating, and random.
 */
START_TEST(packers_same_as_generic_at_range_ends_and_on_random_input)
{
    static const struct {
        const char *name;
        int kind, arg, bits;
        int32_t lo, hi;          /* the coefficient range of the input */
    } cases[] = {
        { "eta 2", 0, 2, 3, -2, 2 },
        { "eta 4", 0, 4, 4, -4, 4 },
        { "t0", 1, 0, ML_DSA_T0_BITS, -ML_DSA_T0_MAX + 1, ML_DSA_T0_MAX },
        { "t1", 2, 0, ML_DSA_T1_BITS, 0, (1 << ML_DSA_T1_BITS) - 1 },
        { "z 2^17", 3, 17, 18, -(1 << 17) + 1, 1 << 17 },
        { "z 2^19", 3, 19, 20, -(1 << 19) + 1, 1 << 19 },
    };
    BACKEND_OR_SKIP(be, "packers");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly, *gen = &ossl_ml_dsa_poly_generic;
    uint8_t want[ML_DSA_POLY_BYTES(20) + 64], got[ML_DSA_POLY_BYTES(20) + 64];
    ML_DSA_POLY a;
    size_t k, i;
    int round, tail;

    for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        for (round = 0; round < 203; round++) {
            for (i = 0; i < N; i++)
                a.coeff[i] = round == 0 ? cases[k].lo : round == 1 ? cases[k].hi
                    : round == 2 ? (i % 2 == 0 ? cases[k].lo : cases[k].hi)
                    : cases[k].lo + (int32_t)test_rand_below(
                          (uint64_t)(cases[k].hi - cases[k].lo) + 1);
            memset(want, 0x5a, sizeof(want));
            memset(got, 0x5a, sizeof(got));
            pack_kind(gen, cases[k].kind, want, &a, cases[k].arg);
            pack_kind(ops, cases[k].kind, got, &a, cases[k].arg);
            for (tail = 0, i = ML_DSA_POLY_BYTES(cases[k].bits); i < sizeof(got); i++)
                tail |= got[i] ^ 0x5a;
            if (memcmp(want, got, sizeof(want)) != 0 || tail != 0)
                ck_abort_msg("%s: differs from generic or writes past its "
                             "bytes (round %d)", cases[k].name, round);
        }
    }
}
END_TEST

/*
 * The backend's t0 and t1 decoders equal the generic ones on all-zero,
 * all-one, alternating and random bytes (every bit string is valid), and
 * read only the encoding: it ends the allocation (for sanitizer builds).
 */
START_TEST(t0_t1_unpack_same_as_generic_and_read_only_their_bytes)
{
    static const uint8_t fills[] = { 0x00, 0xff, 0x55, 0xaa };
    BACKEND_OR_SKIP(be, "t0/t1 unpack");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly, *gen = &ossl_ml_dsa_poly_generic;
    ML_DSA_POLY want, got;
    uint8_t *in;
    size_t len;
    int t, round;

    for (t = 0; t < 2; t++) {
        len = ML_DSA_POLY_BYTES(t == 0 ? ML_DSA_T0_BITS : ML_DSA_T1_BITS);
        for (round = 0; round < 100; round++) {
            in = malloc(len);
            ck_assert_ptr_nonnull(in);
            if ((size_t)round < sizeof(fills))
                memset(in, fills[round], len);
            else
                test_rand_bytes(in, len);
            if (t == 0) {
                gen->unpack_t0(&want, in);
                ops->unpack_t0(&got, in);
            } else {
                gen->unpack_t1(&want, in);
                ops->unpack_t1(&got, in);
            }
            REQUIRE(memcmp(want.coeff, got.coeff, sizeof(want.coeff)) == 0);
            free(in);
        }
    }
}
END_TEST

/*
 * The backend's eta decoder gives the generic one's coefficients and
 * verdict for every value 0 .. 2^bits - 1 (valid up to 2 eta, refused
 * above) at every position of an otherwise random valid encoding, and on
 * random bytes (mostly invalid); it reads only the encoding.
 */
START_TEST(eta_unpack_gives_generic_verdict_for_every_value_and_position)
{
    BACKEND_OR_SKIP(be, "eta unpack");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly, *gen = &ossl_ml_dsa_poly_generic;
    ML_DSA_POLY a, want, got;
    uint8_t *buf;
    int eta, bits, round, ok_want, ok_got;
    uint32_t v;
    size_t pos, len, i;

    for (eta = 2; eta <= 4; eta += 2) {
        bits = eta == 2 ? 3 : 4;
        len = ML_DSA_POLY_BYTES(bits);
        buf = malloc(len);
        ck_assert_ptr_nonnull(buf);
        for (pos = 0; pos < N; pos++) {
            for (v = 0; v < (1u << bits); v++) {
                /* values 0 .. 2 eta elsewhere, v at pos (packed with b = 0) */
                for (i = 0; i < N; i++)
                    a.coeff[i] = -(int32_t)test_rand_below(2 * (uint64_t)eta + 1);
                a.coeff[pos] = -(int32_t)v;
                ossl_ml_dsa_poly_pack(buf, &a, bits, 0);
                ok_want = gen->unpack_eta(&want, buf, eta);
                ok_got = ops->unpack_eta(&got, buf, eta);
                if (ok_want != (v <= (uint32_t)(2 * eta)) || ok_got != ok_want
                    || memcmp(want.coeff, got.coeff, sizeof(want.coeff)) != 0)
                    ck_abort_msg("eta %d: value %u at %zu: generic %d, %s %d",
                                 eta, (unsigned)v, pos, ok_want, be->name,
                                 ok_got);
            }
        }
        for (round = 0; round < 100; round++) {
            test_rand_bytes(buf, len);
            ok_want = gen->unpack_eta(&want, buf, eta);
            ok_got = ops->unpack_eta(&got, buf, eta);
            REQUIRE(ok_got == ok_want);
            REQUIRE(memcmp(want.coeff, got.coeff, sizeof(want.coeff)) == 0);
        }
        free(buf);
    }
}
END_TEST

/*
 * The backend's HintBitPack writes the generic one's omega + k bytes for
 * every count of ones from 0 to omega (random positions), every parameter
 * set, with hint bytes other than 1 counting as set as in the generic.
 */
START_TEST(hint_encoding_same_as_generic_from_zero_to_omega_ones)
{
    BACKEND_OR_SKIP(be, "hint encode");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly, *gen = &ossl_ml_dsa_poly_generic;
    uint8_t h[ML_DSA_K_MAX * N], want[80 + ML_DSA_K_MAX + 8],
        got[80 + ML_DSA_K_MAX + 8];
    size_t i, j, count, pos;

    for (i = 0; i < NPARAMS; i++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(params[i]);

        for (count = 0; count <= (size_t)p->omega; count++) {
            memset(h, 0, sizeof(h));
            for (j = 0; j < count; j++) {
                do
                    pos = (size_t)test_rand_below(p->k * N);
                while (h[pos] != 0);
                h[pos] = test_rand_below(4) == 0
                         ? (uint8_t)(1 + test_rand_below(255)) : 1;
            }
            memset(want, 0x5a, sizeof(want));
            memset(got, 0x5a, sizeof(got));
            gen->hint_encode(want, p, h);
            ops->hint_encode(got, p, h);
            REQUIRE(memcmp(want, got, sizeof(want)) == 0);
        }
    }
}
END_TEST

/*
 * The verdict of hint_decode and, for a valid encoding, h, against the
 * generic op.
 */
static void check_hint_decode(const OSSL_ML_DSA_POLY_OPS *ops,
                              const ML_DSA_PARAMS *p, const uint8_t *enc)
{
    static uint8_t want[ML_DSA_K_MAX * N], got[ML_DSA_K_MAX * N];
    int w, g;

    memset(want, 0xa5, sizeof(want));
    memset(got, 0x5a, sizeof(got));
    w = ossl_ml_dsa_poly_generic.hint_decode(p, want, enc);
    g = ops->hint_decode(p, got, enc);
    REQUIRE(w == g);
    if (w)
        REQUIRE(memcmp(want, got, p->k * N) == 0);
}

/*
 * hint_decode on every valid encoding's shape (0 to omega ones) and on
 * malformed ones: an index not above the one before it (swapped pair,
 * repeat) inside a polynomial and across two, counts that decrease or
 * pass omega, non-zero padding at each place, random bytes.
 */
START_TEST(hint_decoding_same_as_generic_on_valid_and_malformed_encodings)
{
    BACKEND_OR_SKIP(be, "hint decode");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly, *gen = &ossl_ml_dsa_poly_generic;
    uint8_t h[ML_DSA_K_MAX * N], enc[80 + ML_DSA_K_MAX], bad[80 + ML_DSA_K_MAX];
    size_t i, j, count, pos, total, om, len;

    for (i = 0; i < NPARAMS; i++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(params[i]);

        om = (size_t)p->omega;
        len = om + p->k;
        for (count = 0; count <= om; count++) {
            memset(h, 0, sizeof(h));
            for (j = 0; j < count; j++) {
                do
                    pos = (size_t)test_rand_below(p->k * N);
                while (h[pos] != 0);
                h[pos] = 1;
            }
            gen->hint_encode(enc, p, h);
            check_hint_decode(ops, p, enc);
            total = enc[len - 1];
            for (j = 0; j + 1 < total; j++) {
                memcpy(bad, enc, len);
                bad[j + 1] = bad[j];            /* a repeat */
                check_hint_decode(ops, p, bad);
                memcpy(bad, enc, len);
                bad[j] = enc[j + 1];            /* swapped */
                bad[j + 1] = enc[j];
                check_hint_decode(ops, p, bad);
            }
            for (j = total; j < om; j++) {      /* padding */
                memcpy(bad, enc, len);
                bad[j] = (uint8_t)(1 + test_rand_below(255));
                check_hint_decode(ops, p, bad);
            }
            for (j = 0; j < p->k; j++) {        /* counts */
                memcpy(bad, enc, len);
                bad[om + j] = (uint8_t)test_rand_below(256);
                check_hint_decode(ops, p, bad);
                memcpy(bad, enc, len);
                bad[om + j] = (uint8_t)(om + 1);
                check_hint_decode(ops, p, bad);
            }
        }
        for (j = 0; j < 2000; j++) {
            test_rand_bytes(bad, len);
            if (j % 2)      /* counts in range, mostly non-decreasing */
                for (count = 0; count < p->k; count++)
                    bad[om + count] = (uint8_t)(om * (count + 1) / p->k);
            check_hint_decode(ops, p, bad);
        }
    }
}
END_TEST

/*
 * A coefficient in [lo, hi]: mostly uniform, five in sixteen from the
 * edges that matter to the row ops (lo, hi, 0, +-1, the Decompose
 * boundaries k * 2 gamma2 +- gamma2, LowBits 0 at k * 2 gamma2 +- 1 and
 * the wrap at q - gamma2 +- 1, shifted into the range).
 */
static int32_t row_coeff(int32_t lo, int32_t hi, int32_t gamma2)
{
    int32_t c;

    switch (test_rand_below(16)) {
    case 0:
        return lo;
    case 1:
        return hi;
    case 2:
        c = (int32_t)test_rand_below(3) - 1;
        break;
    case 3:
        c = (int32_t)(2 * gamma2 * (int32_t)test_rand_below(45))
            + gamma2 + (int32_t)test_rand_below(3) - 1;
        if (test_rand_below(2))
            c -= 8380417;
        break;
    case 4:
        /* LowBits 0 (multiples of 2 gamma2) and Decompose's wrap, q - gamma2 */
        c = test_rand_below(8) == 0
                ? 8380417 - gamma2 + (int32_t)test_rand_below(3) - 1
                : (int32_t)(2 * gamma2 * (int32_t)test_rand_below(45))
                      + (int32_t)test_rand_below(3) - 1;
        if (test_rand_below(2))
            c -= 8380417;
        break;
    default:
        return lo + (int32_t)test_rand_below((uint64_t)hi - lo + 1);
    }
    return c < lo ? lo : c > hi ? hi : c;
}

static void row_poly(ML_DSA_POLY *p, int32_t lo, int32_t hi, int32_t gamma2)
{
    for (size_t j = 0; j < ML_DSA_N; j++)
        p->coeff[j] = row_coeff(lo, hi, gamma2);
}

/*
 * The backend's row ops give the generic ones' results, bytes and return values, on random and edge inputs within
 * each op's documented bounds, for both gamma2.
 */
START_TEST(row_ops_same_as_generic_on_random_and_edge_inputs)
{
    BACKEND_OR_SKIP(be, "row ops");
    const OSSL_ML_DSA_POLY_OPS *ops = be->poly;
    const OSSL_ML_DSA_POLY_OPS *gen = &ossl_ml_dsa_poly_generic;
    const int32_t q = 8380417;
    ML_DSA_POLY a, b, a2, b2, c, d;
    uint8_t ha[ML_DSA_N], hb[ML_DSA_N], oa[ML_DSA_POLY_BYTES(6)],
        ob[ML_DSA_POLY_BYTES(6)];
    uint32_t ca, cb;
    size_t pi, j;
    int round;

    for (pi = 0; pi < NPARAMS; pi++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(params[pi]);
        const int32_t g2 = p->gamma2, m = (q - 1) / (2 * g2);

        for (round = 0; round < 200; round++) {
            /* w1: |w| < q */
            row_poly(&a, -q + 1, q - 1, g2);
            b = a;
            memset(oa, 0, sizeof(oa));
            memset(ob, 0, sizeof(ob));
            gen->w1(oa, &a, p);
            ops->w1(ob, &b, p);
            ck_assert_mem_eq(&a, &b, sizeof(a));
            ck_assert_mem_eq(oa, ob, sizeof(oa));

            /* z: |cs1| < q, y in [-gamma1 + 1, gamma1] */
            row_poly(&a, -q + 1, q - 1, g2);
            row_poly(&c, -p->gamma1 + 1, p->gamma1, g2);
            if (round % 4 == 0)     /* mostly inside the bound */
                for (j = 0; j < ML_DSA_N; j++)
                    a.coeff[j] = (int32_t)test_rand_below(2 * p->beta + 1) - p->beta;
            b = a;
            ck_assert_int_eq(gen->z(&a, &c, p->gamma1 - p->beta),
                             ops->z(&b, &c, p->gamma1 - p->beta));
            ck_assert_mem_eq(&a, &b, sizeof(a));

            /* r: w in [0, q), |cs2| < q; then hint: |ct0| < q */
            row_poly(&a, 0, q - 1, g2);
            row_poly(&c, -q + 1, q - 1, g2);
            if (round % 4 == 1)     /* small cs2, small ct0: the usual case */
                for (j = 0; j < ML_DSA_N; j++)
                    c.coeff[j] = (int32_t)test_rand_below(2 * p->beta + 1) - p->beta;
            b = a;
            memset(ha, 0, sizeof(ha));
            memset(hb, 0, sizeof(hb));
            ck_assert_int_eq(gen->r(&a, ha, &c, p), ops->r(&b, hb, &c, p));
            ck_assert_mem_eq(&a, &b, sizeof(a));
            ck_assert_mem_eq(ha, hb, sizeof(ha));
            row_poly(&c, -q + 1, q - 1, g2);
            if (round % 4 == 1)
                for (j = 0; j < ML_DSA_N; j++)
                    c.coeff[j] = (int32_t)test_rand_below(2 * g2 + 1) - g2;
            if (round % 4 == 2)     /* any HighBits value in h */
                for (j = 0; j < ML_DSA_N; j++)
                    ha[j] = hb[j] = (uint8_t)test_rand_below((uint64_t)m);
            ca = cb = (uint32_t)round;
            ck_assert_int_eq(gen->hint(ha, &ca, &a, &c, p),
                             ops->hint(hb, &cb, &b, &c, p));
            ck_assert_uint_eq(ca, cb);
            ck_assert_mem_eq(ha, hb, sizeof(ha));

            /* use_hint: |w| < q, h in {0, 1} */
            row_poly(&a2, -q + 1, q - 1, g2);
            b2 = a2;
            for (j = 0; j < ML_DSA_N; j++)
                ha[j] = (uint8_t)test_rand_below(2);
            gen->use_hint(&a2, ha, p);
            ops->use_hint(&b2, ha, p);
            ck_assert_mem_eq(&a2, &b2, sizeof(a2));

            /* power2round: |as1| < q, s2 in [-eta, eta] */
            row_poly(&a, -q + 1, q - 1, g2);
            row_poly(&c, -p->eta, p->eta, g2);
            gen->power2round(&a2, &b2, &a, &c);
            ops->power2round(&b, &d, &a, &c);
            ck_assert_mem_eq(&a2, &b, sizeof(a2));
            ck_assert_mem_eq(&b2, &d, sizeof(b2));

            /* exceeds: z in [-gamma1 + 1, gamma1], at the bound or not */
            row_poly(&a, -p->gamma1 + 1, p->gamma1, g2);
            if (round % 3 == 0)
                for (j = 0; j < ML_DSA_N; j++)
                    a.coeff[j] = (int32_t)test_rand_below(2 * (p->gamma1 - p->beta) - 1)
                                 - (p->gamma1 - p->beta) + 1;
            if (round % 3 == 1)
                a.coeff[test_rand_below(ML_DSA_N)] =
                    round % 2 ? p->gamma1 - p->beta : -(p->gamma1 - p->beta);
            ck_assert_int_eq(gen->exceeds(&a, p->gamma1 - p->beta) < 0,
                             ops->exceeds(&a, p->gamma1 - p->beta) < 0);

            /* sub_reduce: |w|, |t| < q */
            row_poly(&a, -q + 1, q - 1, g2);
            row_poly(&c, -q + 1, q - 1, g2);
            b = a;
            gen->sub_reduce(&a, &c);
            ops->sub_reduce(&b, &c);
            ck_assert_mem_eq(&a, &b, sizeof(a));
        }
    }
}
END_TEST

#ifdef _WIN32
/* Set (value non-NULL) or remove variable name in the environment a child
 * process inherits; what it was goes to old (NULL when unset). */
static void swap_env(const char *name, const char *value, char *old,
                     size_t oldlen, int *had)
{
    DWORD n;

    SetLastError(0);
    n = GetEnvironmentVariableA(name, old, (DWORD)oldlen);
    ck_assert_uint_lt(n, oldlen);
    *had = n > 0 || GetLastError() != ERROR_ENVVAR_NOT_FOUND;
    ck_assert(SetEnvironmentVariableA(name, value));
}

/*
 * Run this binary again with argument PRINT_ARG and with CAP_ENV and
 * MLDSA_BACKEND set to capmask and backend (each unset when NULL), and read
 * its standard output into out (at most outlen - 1 bytes, NUL-terminated);
 * the child must exit 0.  Under an emulator (qemu-user), where this binary
 * cannot exec itself, MLDSA_TEST_RUNNER (util/run-tests sets it from
 * RUNNER) is the command prefix, split on spaces, that starts it.  (The
 * one OS-specific step of the choice tests; the POSIX form follows.)
 */
static void run_self(const char *capmask, const char *backend, char *out,
                     size_t outlen)
{
    SECURITY_ATTRIBUTES sa = { sizeof(sa), NULL, TRUE };
    STARTUPINFOA si = { 0 };
    PROCESS_INFORMATION pi;
    HANDLE rd, wr;
    char exe[MAX_PATH], cmd[MAX_PATH + 32], old_cap[256], old_backend[256];
    DWORD got, total = 0, status;
    int had_cap, had_backend;
    BOOL started;

    ck_assert(GetModuleFileNameA(NULL, exe, sizeof(exe)) < sizeof(exe));
    snprintf(cmd, sizeof(cmd), "\"%s\" %s", exe, PRINT_ARG);
    ck_assert(CreatePipe(&rd, &wr, &sa, 0));
    ck_assert(SetHandleInformation(rd, HANDLE_FLAG_INHERIT, 0));
    si.cb = sizeof(si);
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdOutput = wr;
    si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    swap_env(CAP_ENV, capmask, old_cap, sizeof(old_cap), &had_cap);
    swap_env("MLDSA_BACKEND", backend, old_backend, sizeof(old_backend),
             &had_backend);
    started = CreateProcessA(exe, cmd, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi);
    SetEnvironmentVariableA(CAP_ENV, had_cap ? old_cap : NULL);
    SetEnvironmentVariableA("MLDSA_BACKEND", had_backend ? old_backend : NULL);
    CloseHandle(wr);
    ck_assert(started);
    while (total < outlen - 1
           && ReadFile(rd, out + total, (DWORD)(outlen - 1 - total), &got, NULL)
           && got > 0)
        total += got;
    out[total] = '\0';
    CloseHandle(rd);
    ck_assert_uint_eq(WaitForSingleObject(pi.hProcess, INFINITE), WAIT_OBJECT_0);
    ck_assert(GetExitCodeProcess(pi.hProcess, &status));
    CloseHandle(pi.hProcess);
    CloseHandle(pi.hThread);
    ck_assert_msg(status == 0, "%s exited %lu, having printed '%s'", cmd,
                  (unsigned long)status, out);
}
#else
static void run_self(const char *capmask, const char *backend, char *out,
                     size_t outlen)
{
    int fd[2], status;
    pid_t pid;
    size_t total = 0;
    ssize_t got;

    ck_assert_int_eq(pipe(fd), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        const char *runner = getenv("MLDSA_TEST_RUNNER");
        char words[512], *argv[32], *w;
        size_t argc = 0;

        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        if (capmask != NULL)
            setenv(CAP_ENV, capmask, 1);
        else
            unsetenv(CAP_ENV);
        if (backend != NULL)
            setenv("MLDSA_BACKEND", backend, 1);
        else
            unsetenv("MLDSA_BACKEND");
        if (runner != NULL && *runner != '\0') {
            if (strlen(runner) >= sizeof(words))
                _exit(126);
            strcpy(words, runner);
            for (w = strtok(words, " "); w != NULL && argc < 29; w = strtok(NULL, " "))
                argv[argc++] = w;
            argv[argc++] = (char *)self_path;
            argv[argc++] = PRINT_ARG;
            argv[argc] = NULL;
            execvp(argv[0], argv);
            _exit(127);
        }
        execl(self_path, self_path, PRINT_ARG, (char *)NULL);
        /* Started through PATH: argv[0] has no directory. */
        execl("/proc/self/exe", self_path, PRINT_ARG, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    while (total < outlen - 1
           && (got = read(fd[0], out + total, outlen - 1 - total)) > 0)
        total += (size_t)got;
    out[total] = '\0';
    close(fd[0]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "the child (%s) ended with status 0x%x, having printed '%s'",
                  PRINT_ARG, (unsigned)status, out);
}
#endif

/*
 * The choice a new process makes with CAP_ENV and MLDSA_BACKEND set to
 * capmask and backend (each unset when NULL): "<backend name> <capabilities>
 * <usable>" from run_self, usable having bit i set when the child runs
 * ossl_ml_dsa_backends[i].  A new process: the choice is cached per
 * process, and this one (or Check's parent, when CK_FORK=no) may have made
 * it already.  What the child can run comes from the child, so that the
 * test holds where the child runs on another CPU (a suite under qemu-user
 * -cpu MODEL, without MLDSA_TEST_RUNNER, starts its children natively).
 */
static void child_choice(const char *capmask, const char *backend, char *name,
                         size_t namelen, unsigned *cap, unsigned *usable)
{
    char out[256], fmt[32];

    run_self(capmask, backend, out, sizeof(out));
    snprintf(fmt, sizeof(fmt), "%%%zus %%x %%x", namelen - 1);
    ck_assert_msg(sscanf(out, fmt, name, cap, usable) == 3,
                  "the child (%s=%s, MLDSA_BACKEND=%s) printed '%s'", CAP_ENV,
                  capmask ? capmask : "(unset)", backend ? backend : "(unset)",
                  out);
}

/* 1 when name is one of this architecture's backends. */
static int known_backend(const char *name)
{
    for (size_t i = 0; ossl_ml_dsa_backends[i] != NULL; i++)
        if (strcmp(ossl_ml_dsa_backends[i]->name, name) == 0)
            return 1;
    return 0;
}

/*
 * MLDSA_BACKEND picks each backend this machine runs by name; an unknown
 * name, or one this machine cannot run, leaves the default choice.
 */
START_TEST(MLDSA_BACKEND_selects_each_usable_backend_and_ignores_others)
{
    char name[64], dflt[64];
    unsigned cap, usable;

    child_choice(NULL, NULL, dflt, sizeof(dflt), &cap, &usable);
    printf("default backend: %s\n", dflt);
    ck_assert(known_backend(dflt));
    for (size_t i = 0; ossl_ml_dsa_backends[i] != NULL; i++) {
        const OSSL_ML_DSA_BACKEND *b = ossl_ml_dsa_backends[i];

        child_choice(NULL, b->name, name, sizeof(name), &cap, &usable);
        printf("MLDSA_BACKEND=%s: %s\n", b->name, name);
        ck_assert_str_eq(name, (usable >> i) & 1 ? b->name : dflt);
    }
    child_choice(NULL, "no-such-backend", name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, dflt);
    child_choice(NULL, "", name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, dflt);
    child_choice(NULL, "generic", name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, "generic");
    fflush(stdout);
}
END_TEST

#ifdef KECCAK1600_ASM_X86_64
/* The index of the backend called name in ossl_ml_dsa_backends. */
static size_t backend_index(const char *name)
{
    size_t i;

    for (i = 0; ossl_ml_dsa_backends[i] != NULL; i++)
        if (strcmp(ossl_ml_dsa_backends[i]->name, name) == 0)
            break;
    ck_assert_ptr_nonnull(ossl_ml_dsa_backends[i]);
    return i;
}

/*
 * x86-64: without VBMI the x8 backend is not chosen, and the x8bw one is
 * wherever it runs (AVX-512BW and the zmm kernel); without AVX-512BW
 * neither x8 backend; with AVX-512 masked off neither the x8 ones nor the
 * x4 one, not even by name; an AVX2-only mask chooses the AVX2 kernel's
 * backend (when this CPU has AVX2 and the kernel is built full); with AVX2
 * masked off only the generic one is left, not even the AVX2 kernel's by
 * name.
 */
START_TEST(MLDSA_IA32CAP_masks_backends_off)
{
    char name[64];
    unsigned cap, usable;

    child_choice("~0x40", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_IA32CAP=~0x40: backend %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_ne(name, X8_NAME);
    if ((usable >> backend_index(X8BW_NAME)) & 1)
        ck_assert_str_eq(name, X8BW_NAME);
    child_choice("~0x20", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_IA32CAP=~0x20: backend %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_ne(name, X8_NAME);
    ck_assert_str_ne(name, X8BW_NAME);
    child_choice("~0x7", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_IA32CAP=~0x7: backend %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_ne(name, X4_NAME);
    ck_assert_str_ne(name, X8_NAME);
    ck_assert_str_ne(name, X8BW_NAME);
    ck_assert_uint_eq(cap & (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL
                             | OSSL_IA32CAP_ZMM_STATE), 0);
    child_choice("~0x7", X4_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_ne(name, X4_NAME);
    /* an AVX2-only CPU: the AVX2 kernel's backend where it is built full */
    child_choice("~0x67", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_IA32CAP=~0x67: backend %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_ne(name, X4_NAME);
    ck_assert_str_ne(name, X8_NAME);
    if ((cap & OSSL_IA32CAP_AVX2) != 0 && SHA3_avx2_capable())
        ck_assert_str_eq(name, AVX2_X4_NAME);
    child_choice("~0x8", AVX2_X4_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, GENERIC_NAME);
    child_choice("~0x8", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_IA32CAP=~0x8: backend %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_eq(name, GENERIC_NAME);
    child_choice("~0x8", AVX2_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, GENERIC_NAME);
    fflush(stdout);
}
END_TEST

#endif

#ifdef KECCAK1600_ASM_AARCH64
/*
 * aarch64: the SHA-3 backend is the default exactly where the CPU has the
 * extension (qemu -cpu max) and the assembler could build its kernel (not
 * in a stubs build), the NEON one otherwise (-cpu cortex-a72);
 * with SHA3 masked off the SHA-3 backend is not chosen, not even by name;
 * with ASIMD masked off only the generic one is left.
 */
START_TEST(MLDSA_ARMCAP_masks_backends_off)
{
    char name[64];
    unsigned cap, usable;

    child_choice(NULL, NULL, name, sizeof(name), &cap, &usable);
    printf("default: backend %s, armcap 0x%02x\n", name, cap);
    ck_assert_uint_ne(cap & OSSL_ARMCAP_ASIMD, 0);
    /* (the kernel's info, not its capability, which the mask set here
     * for this process would hide) */
    ck_assert_str_eq(name, (cap & OSSL_ARMCAP_SHA3) != 0
                           && strstr(SHA3_armv8_sha3_info(), " full, ") != NULL
                           ? SHA3_X2_NAME : NEON_X2_NAME);
    child_choice("~0x2", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_ARMCAP=~0x2: backend %s, armcap 0x%02x\n", name, cap);
    ck_assert_str_eq(name, NEON_X2_NAME);
    ck_assert_uint_eq(cap & OSSL_ARMCAP_SHA3, 0);
    child_choice("~0x2", SHA3_X2_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, NEON_X2_NAME);
    child_choice("~0x1", NULL, name, sizeof(name), &cap, &usable);
    printf("MLDSA_ARMCAP=~0x1: backend %s, armcap 0x%02x\n", name, cap);
    ck_assert_str_eq(name, GENERIC_NAME);
    child_choice("~0x1", NEON_X2_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, GENERIC_NAME);
    child_choice("0x1", SHA3_X2_NAME, name, sizeof(name), &cap, &usable);
    ck_assert_str_eq(name, NEON_X2_NAME);
    fflush(stdout);
}
END_TEST
#endif

#if defined(KECCAK1600_ASM_X86_64) || defined(KECCAK1600_ASM_AARCH64)
/*
 * The mask (CAP_ENV) only takes capabilities away: "~0xMASK" clears MASK,
 * "0xVALUE" keeps VALUE's bits; anything else is ignored.
 */
START_TEST(capability_mask_masks_and_ignores_malformed_values)
{
    static const struct {
        const char *env;
        uint32_t keep;          /* the bits of the unmasked vector kept */
    } cases[] = {
        { "~0x7", ~UINT32_C(0x7) }, { "~0x1f", ~UINT32_C(0x1f) }, { "~0xff", 0 },
        { "0x3", 0x3 },
        { "0X18", 0x18 }, { "0x0", 0 }, { "junk", ~UINT32_C(0) },
        { "", ~UINT32_C(0) }, { "0x", ~UINT32_C(0) }, { "~0x1g", ~UINT32_C(0) },
        { "0x100000000", ~UINT32_C(0) }, { "-0x1", ~UINT32_C(0) },
        { "0x 1", ~UINT32_C(0) },
    };
    char name[64];
    unsigned base, cap, usable;

    child_choice(NULL, NULL, name, sizeof(name), &base, &usable);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        child_choice(cases[i].env, NULL, name, sizeof(name), &cap, &usable);
        ck_assert_msg(cap == (base & cases[i].keep),
                      CAP_ENV "='%s': 0x%x, expected 0x%x", cases[i].env,
                      cap, base & cases[i].keep);
    }
}
END_TEST
#endif

/* Bit i set when this process runs ossl_ml_dsa_backends[i]. */
static unsigned usable_backends(void)
{
    unsigned mask = 0;

    for (size_t i = 0; ossl_ml_dsa_backends[i] != NULL; i++)
        if (ossl_ml_dsa_backend_usable(ossl_ml_dsa_backends[i]))
            mask |= 1u << i;
    return mask;
}

/* The capability vector, for PRINT_ARG (0 where there is none). */
static unsigned capabilities(void)
{
#if defined(KECCAK1600_ASM_X86_64)
    return (unsigned)ossl_ia32cap();
#elif defined(KECCAK1600_ASM_AARCH64)
    return (unsigned)ossl_armcap();
#else
    return 0;
#endif
}

int main(int argc, char **argv)
{
    size_t nbackends = 0;
    Suite *s;
    TCase *ops, *choice;

    if (argc == 2 && strcmp(argv[1], PRINT_ARG) == 0) {
        printf("%s %x %x\n", ossl_ml_dsa_backend()->name, capabilities(),
               usable_backends());
        return EXIT_SUCCESS;
    }
    self_path = argv[0];
    while (ossl_ml_dsa_backends[nbackends] != NULL)
        nbackends++;
    s = suite_create("backend");
    ops = tcase_create("ops");
    tcase_set_timeout(ops, 60);
    tcase_add_loop_test(ops, expand_A_same_as_reference_for_every_shape, 0, (int)nbackends);
    tcase_add_loop_test(ops, expand_S_same_as_reference_for_every_shape_and_eta, 0, (int)nbackends);
    tcase_add_loop_test(ops, expand_S_same_as_reference_when_a_lane_needs_more_blocks, 0, (int)nbackends);
    tcase_add_loop_test(ops, rejection_parsers_same_as_generic_for_every_length_start_and_rate, 0, (int)nbackends);
    tcase_add_loop_test(ops, expand_mask_same_as_reference_for_every_l_gamma1_and_kappa, 0, (int)nbackends);
    tcase_add_loop_test(ops, shared_sampler_requests_and_caller_jobs_same_as_reference, 0, (int)nbackends);
    tcase_add_loop_test(ops, ntt_and_inverse_same_as_generic_within_input_bounds, 0, (int)nbackends);
    tcase_add_loop_test(ops, ntt_mul_and_dot_same_as_generic_within_input_bounds, 0, (int)nbackends);
    tcase_add_loop_test(ops, ntt_ops_match_a_64_bit_reference_at_the_ends_of_their_ranges, 0, (int)nbackends);
    tcase_add_loop_test(ops, ntt_round_trip_keeps_the_bounds_and_the_values, 0, (int)nbackends);
    tcase_add_loop_test(ops, z_unpack_same_as_generic_and_reads_only_its_bytes, 0, (int)nbackends);
    tcase_add_loop_test(ops, w1_encoding_same_as_generic_and_writes_only_its_bytes, 0, (int)nbackends);
    tcase_add_loop_test(ops, packers_same_as_generic_at_range_ends_and_on_random_input, 0, (int)nbackends);
    tcase_add_loop_test(ops, t0_t1_unpack_same_as_generic_and_read_only_their_bytes, 0, (int)nbackends);
    tcase_add_loop_test(ops, eta_unpack_gives_generic_verdict_for_every_value_and_position, 0, (int)nbackends);
    tcase_add_loop_test(ops, hint_encoding_same_as_generic_from_zero_to_omega_ones, 0, (int)nbackends);
    tcase_add_loop_test(ops, hint_decoding_same_as_generic_on_valid_and_malformed_encodings, 0, (int)nbackends);
    tcase_add_loop_test(ops, row_ops_same_as_generic_on_random_and_edge_inputs, 0, (int)nbackends);
    tcase_add_loop_test(ops, row_ops_match_a_64_bit_reference_at_the_ends_of_their_ranges, 0, (int)nbackends);
    suite_add_tcase(s, ops);
    choice = tcase_create("choice");
    tcase_set_timeout(choice, 60);
    tcase_add_test(choice, MLDSA_BACKEND_selects_each_usable_backend_and_ignores_others);
#ifdef KECCAK1600_ASM_X86_64
    tcase_add_test(choice, MLDSA_IA32CAP_masks_backends_off);
#endif
#ifdef KECCAK1600_ASM_AARCH64
    tcase_add_test(choice, MLDSA_ARMCAP_masks_backends_off);
#endif
#if defined(KECCAK1600_ASM_X86_64) || defined(KECCAK1600_ASM_AARCH64)
    tcase_add_test(choice, capability_mask_masks_and_ignores_malformed_values);
#endif
#ifdef ML_DSA_CONTRACTS
    /* (a signal test needs Check's fork mode) */
    if (getenv("CK_FORK") == NULL || strcmp(getenv("CK_FORK"), "no") != 0)
        tcase_add_test_raise_signal(choice, contracts_abort_on_a_coefficient_out_of_range,
                                    SIGABRT);
#endif
    suite_add_tcase(s, choice);
    return test_run_suite(s);
}
