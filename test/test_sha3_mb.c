/*
 * The multi-buffer SHAKE job scheduler (include/internal/sha3_mb.h) against
 * scalar SHAKE128 / SHAKE256 (FIPS 202 section 6.2), on every kernel this
 * build has and this machine runs: the one-state scalar kernel, the x86-64
 * x4 (AVX-512VL), x8 (AVX-512F) and x4 AVX2 ones, the aarch64 x2 ones (Advanced
 * SIMD, the SHA-3 extension), and a 4-way one of the one-state permutation
 * that claims a costly call (so that rounds with two busy lanes run
 * alone).  Every job's output must
 * be the scalar SHAKE of its input, for every input length from 0 to three
 * rates plus one, with input and output cut into random pieces, jobs of
 * both rates sharing the lanes, jobs joining and leaving at every round
 * (driven from their callbacks, restarted in place, or resubmitted from
 * outside between rounds), and long whole-block outputs that the kernel
 * writes several blocks at a time; a random half of the jobs are urgent
 * (they take the next free lane before the others).  The seed is printed (TEST_SEED=...
 * replays a run).  Each test is a loop test over the kernels.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/sha3_mb.h"
#include "testutil.h"

#define MAX_RATE SHAKE128_RATE
#define MAX_IN (4 * MAX_RATE + 1)
#define MAX_OUT (6 * MAX_RATE)
#define MAX_CUTS 12
#define POOL 20                     /* test jobs alive at once, at most */

/* New jobs a callback may still start in place of a finished one. */
static size_t restart_budget;

/*
 * A 4-way kernel made of the one-state permutation, whose call claims to
 * cost 2.8 permutations (as the AVX2 kernel's on AMD Zen 1): the scheduler
 * then runs the jobs of a round with two busy lanes one after the other
 * on the one-state permutation (alone_lanes), which this tests on every
 * build.
 */
#define ONE_STATE_X4_WAYS 4

static void one_state_x4_permute(uint64_t *A)
{
    uint64_t st[KECCAK1600_LANES];
    size_t i, j;

    for (j = 0; j < ONE_STATE_X4_WAYS; j++) {
        for (i = 0; i < KECCAK1600_LANES; i++)
            st[i] = A[ONE_STATE_X4_WAYS * i + j];
        KECCAK1600_permute(st);
        for (i = 0; i < KECCAK1600_LANES; i++)
            A[ONE_STATE_X4_WAYS * i + j] = st[i];
    }
}

static void one_state_x4_squeeze_absorb(uint64_t *A, uint8_t *const *out,
                                        const uint8_t *const *in,
                                        const size_t *shape)
{
    size_t n, j;

    for (n = 0; n < shape[0]; n++) {
        one_state_x4_permute(A);
        for (j = 0; j < ONE_STATE_X4_WAYS; j++) {
            KECCAK1600_extract_bytes_xn(A, ONE_STATE_X4_WAYS, j, 0,
                                        out[j] + n * shape[1], shape[1]);
            KECCAK1600_xor_bytes_xn(A, ONE_STATE_X4_WAYS, j, 0,
                                    in[j] + n * shape[2], shape[2]);
        }
    }
}

static unsigned one_state_x4_call_cost(void)
{
    return 280;
}

static const KECCAK1600_MB_KERNEL one_state_x4 = {
    "x4 of the one-state permutation, call cost 2.8", ONE_STATE_X4_WAYS,
    one_state_x4_permute, one_state_x4_squeeze_absorb, 0,
    one_state_x4_call_cost,
};

/* A kernel under test; NULL capable: always usable. */
typedef struct {
    const KECCAK1600_MB_KERNEL *kernel;
    int (*capable)(void);
} MB_KERNEL;

static const MB_KERNEL kernels[] = {
    { &SHA3_mb_kernel_scalar, NULL },
    { &one_state_x4, NULL },
#ifdef KECCAK1600_ASM_X86_64
    { &SHA3_mb_kernel_x4, SHA3_avx512vl_capable },
    { &SHA3_mb_kernel_x8, SHA3_avx512_capable },
    { &SHA3_mb_kernel_x4_avx2, SHA3_avx2_capable },
#endif
#ifdef KECCAK1600_ASM_AARCH64
    { &SHA3_mb_kernel_x2_neon, SHA3_armv8_capable },
    { &SHA3_mb_kernel_x2_sha3, SHA3_armv8_sha3_capable },
#endif
};
#define NKERNELS (int)(sizeof(kernels) / sizeof(kernels[0]))

/* The kernel of loop iteration i, or NULL (a counted skip) when this
 * machine does not run it. */
static const KECCAK1600_MB_KERNEL *kernel_under_test(int i, const char *test)
{
    char what[128];

    if (kernels[i].capable == NULL || kernels[i].capable())
        return kernels[i].kernel;
    snprintf(what, sizeof(what), "%s: kernel %s: this machine cannot run it",
             test, kernels[i].kernel->name);
    test_skip(what);
    return NULL;
}

/*
 * One test job: a random SHAKE input cut into pieces and a random output
 * length cut into pieces, fed to its scheduler job one submission at a
 * time, from its callback or from the test's main loop.
 */
typedef struct {
    SHA3_MB_JOB job;
    SHA3_MB_SCHED *sched;
    size_t rate;
    uint8_t in[MAX_IN];
    size_t inlen, incut[MAX_CUTS], nin, in_next;
    uint8_t got[MAX_OUT];
    size_t outlen, outcut[MAX_CUTS], nout, out_next;
    int final_given, by_callback, restart, alive;
    size_t *finished;           /* count of jobs checked */
} TJOB;

/* n cut points of [0, len] in order, biased to multiples of unit. */
static size_t random_cuts(size_t *cut, size_t len, size_t unit)
{
    size_t n = (size_t)test_rand_below(MAX_CUTS - 1), i, t;

    for (i = 0; i < n; i++) {
        t = (size_t)test_rand_below(len + 1);
        if (unit != 0 && test_rand_below(2))
            t -= t % unit;
        cut[i] = t;
    }
    /* insertion sort: n is small */
    for (i = 1; i < n; i++)
        for (t = i; t > 0 && cut[t - 1] > cut[t]; t--) {
            size_t x = cut[t];

            cut[t] = cut[t - 1];
            cut[t - 1] = x;
        }
    cut[n++] = len;
    return n;
}

/* A new random job of rate (0: either) with inlen input bytes (SIZE_MAX:
 * random) into t. */
static void tjob_new(TJOB *t, size_t rate, size_t inlen)
{
    t->rate = rate != 0 ? rate
              : test_rand_below(2) ? SHAKE128_RATE : SHAKE256_RATE;
    t->inlen = inlen != SIZE_MAX ? inlen : (size_t)test_rand_below(MAX_IN + 1);
    test_rand_bytes(t->in, t->inlen);
    t->nin = random_cuts(t->incut, t->inlen, t->rate);
    t->in_next = 0;
    t->outlen = (size_t)test_rand_below(MAX_OUT + 1);
    if (test_rand_below(2))
        t->outlen -= t->outlen % t->rate;
    memset(t->got, 0xa5, sizeof(t->got));
    t->nout = random_cuts(t->outcut, t->outlen, t->rate);
    t->out_next = 0;
    t->final_given = 0;
    t->restart = (int)test_rand_below(2);
    t->alive = 1;
}

/* 1 when the outlen bytes of got are scalar SHAKE of rate on in. */
static int equals_scalar_shake(size_t rate, const uint8_t *in, size_t inlen,
                               const uint8_t *got, size_t outlen)
{
    static uint8_t want[MAX_OUT];

    if (rate == SHAKE128_RATE)
        SHA3_shake128(want, outlen, in, inlen);
    else
        SHA3_shake256(want, outlen, in, inlen);
    return memcmp(want, got, outlen) == 0;
}

/* The job's output against scalar SHAKE of its input. */
static void tjob_check(const TJOB *t)
{
    ck_assert_msg(equals_scalar_shake(t->rate, t->in, t->inlen, t->got,
                                      t->outlen),
                  "rate %zu, input %zu bytes in %zu pieces, output %zu bytes "
                  "in %zu pieces: differs", t->rate, t->inlen, t->nin,
                  t->outlen, t->nout);
}

/*
 * Give the job its next piece of work and submit it: 1 to 3 input pieces,
 * perhaps the end of the input and the first output piece with them, or
 * the next output piece.  0 when it had nothing left (it was checked).
 */
static int tjob_feed(TJOB *t)
{
    size_t n, from, to;

    if (t->in_next < t->nin) {
        for (n = 1 + (size_t)test_rand_below(3); n > 0 && t->in_next < t->nin;
             n--, t->in_next++) {
            from = t->in_next == 0 ? 0 : t->incut[t->in_next - 1];
            SHA3_mb_job_absorb(&t->job, t->in + from,
                               t->incut[t->in_next] - from);
        }
        if (t->in_next < t->nin || test_rand_below(2)) {
            SHA3_mb_submit(t->sched, &t->job);
            return 1;
        }
    }
    if (!t->final_given) {
        SHA3_mb_job_final(&t->job);
        t->final_given = 1;
        if (test_rand_below(2)) {
            SHA3_mb_submit(t->sched, &t->job);
            return 1;
        }
    }
    if (t->out_next < t->nout) {
        from = t->out_next == 0 ? 0 : t->outcut[t->out_next - 1];
        to = t->outcut[t->out_next++];
        SHA3_mb_job_squeeze(&t->job, t->got + from, to - from);
        SHA3_mb_submit(t->sched, &t->job);
        return 1;
    }
    tjob_check(t);
    (*t->finished)++;
    return 0;
}

/* The callback of a job driven from it: its next work, or, when it has
 * none left, perhaps a new random job started in its place. */
static void tjob_done(SHA3_MB_JOB *job)
{
    TJOB *t = job->arg;

    if (!t->by_callback || tjob_feed(t))
        return;
    if (t->restart && restart_budget > 0) {
        restart_budget--;
        tjob_new(t, 0, SIZE_MAX);
        SHA3_mb_job_restart(&t->job, t->rate);
        t->job.urgent = (int)test_rand_below(2);
        tjob_feed(t);
        return;
    }
    t->alive = 0;
}

/* Start pool entry t on s: a fresh scheduler job for a fresh test job. */
static void tjob_start(TJOB *t, SHA3_MB_SCHED *s, size_t *finished,
                       size_t rate, size_t inlen, int by_callback)
{
    tjob_new(t, rate, inlen);
    t->sched = s;
    t->finished = finished;
    t->by_callback = by_callback;
    SHA3_mb_job_init(&t->job, t->rate);
    t->job.done = tjob_done;
    t->job.arg = t;
    t->job.urgent = (int)test_rand_below(2);
    if (!tjob_feed(t))
        t->alive = 0;
}

/* Feed every idle job driven from outside; 1 when some job is alive. */
static int feed_outside(TJOB *pool, size_t n)
{
    int alive = 0;

    for (size_t i = 0; i < n; i++) {
        if (!pool[i].alive)
            continue;
        if (!pool[i].by_callback && !SHA3_mb_job_busy(&pool[i].job)
            && !tjob_feed(&pool[i]))
            pool[i].alive = 0;
        alive |= pool[i].alive;
    }
    return alive;
}

START_TEST(every_length_of_both_rates_equals_scalar_shake)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "every_length");
    static TJOB pool[POOL];
    SHA3_MB_SCHED s;
    size_t len, i, n, finished = 0, want = 0, max = 3 * MAX_RATE + 1;

    if (k == NULL)
        return;
    /* each round: 2 * ways + 1 jobs (up to POOL) of lengths len, len + 1,
     * ..., alternating rates, sharing the lanes */
    n = 2 * k->ways + 1 < POOL ? 2 * k->ways + 1 : POOL;
    for (len = 0; len <= max; len += n) {
        SHA3_mb_init(&s, k);
        for (i = 0; i < n; i++) {
            tjob_start(&pool[i], &s, &finished,
                       i % 2 ? SHAKE256_RATE : SHAKE128_RATE,
                       len + i <= max ? len + i : max, (int)(i % 3 == 0));
            pool[i].restart = 0;
            want++;
        }
        do
            SHA3_mb_flush(&s, NULL);
        while (feed_outside(pool, n));
        SHA3_mb_cleanse(&s);
    }
    ck_assert_uint_eq(finished, want);
}
END_TEST

START_TEST(random_job_mixes_joining_and_leaving_equal_scalar_shake)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "random_mixes");
    static TJOB pool[POOL];
    SHA3_MB_SCHED s;
    size_t i, finished = 0, started = 0, target = 600;
    int alive;

    if (k == NULL)
        return;
    memset(pool, 0, sizeof(pool));
    restart_budget = target;
    SHA3_mb_init(&s, k);
    /* every round: perhaps new jobs, the outside-driven ones fed, one step */
    for (;;) {
        for (i = 0; i < POOL && started < target; i++)
            if (!pool[i].alive && test_rand_below(3) == 0) {
                tjob_start(&pool[i], &s, &finished, 0, SIZE_MAX,
                           (int)test_rand_below(2));
                started++;
            }
        alive = feed_outside(pool, POOL);
        if (!SHA3_mb_step(&s) && !alive && started >= target)
            break;
    }
    SHA3_mb_cleanse(&s);
    ck_assert_uint_eq(finished, started + target - restart_budget);
}
END_TEST

/* Jobs that only squeeze whole blocks: the kernel writes several at once. */
START_TEST(long_whole_block_outputs_equal_scalar_shake)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "whole_blocks");
    static TJOB pool[POOL];
    SHA3_MB_SCHED s;
    size_t i, n = k != NULL ? k->ways + 1 : 0, finished = 0;

    if (k == NULL)
        return;
    for (int round = 0; round < 40; round++) {
        SHA3_mb_init(&s, k);
        for (i = 0; i < n; i++) {
            TJOB *t = &pool[i];

            t->rate = round % 2 || i == 0 ? SHAKE128_RATE : SHAKE256_RATE;
            t->inlen = (size_t)test_rand_below(2 * t->rate);
            test_rand_bytes(t->in, t->inlen);
            t->outlen = t->rate * (1 + (size_t)test_rand_below(MAX_OUT / t->rate));
            memset(t->got, 0xa5, sizeof(t->got));
            t->nin = t->nout = 1;
            t->finished = &finished;
            SHA3_mb_job_init(&t->job, t->rate);
            SHA3_mb_job_absorb(&t->job, t->in, t->inlen);
            SHA3_mb_job_final(&t->job);
            SHA3_mb_job_squeeze(&t->job, t->got, t->outlen);
            SHA3_mb_submit(&s, &t->job);
        }
        SHA3_mb_flush(&s, NULL);
        for (i = 0; i < n; i++)
            tjob_check(&pool[i]);
        SHA3_mb_cleanse(&s);
    }
}
END_TEST

/* A job is busy from submission until done, and its callback runs once
 * per submission; a job with nothing to permute is done at submission. */
static int calls;
static void count_call(SHA3_MB_JOB *job)
{
    (void)job;
    calls++;
}

START_TEST(busy_until_done_and_one_callback_per_submission)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "busy");
    static const uint8_t msg[SHAKE128_RATE + 3] = { 1, 2, 3 };
    uint8_t out[2 * SHAKE128_RATE], want[2 * SHAKE128_RATE];
    SHA3_MB_SCHED s;
    SHA3_MB_JOB job;

    if (k == NULL)
        return;
    SHA3_mb_init(&s, k);
    SHA3_mb_job_init(&job, SHAKE128_RATE);
    job.done = count_call;
    calls = 0;
    /* a partial block: done at once */
    SHA3_mb_job_absorb(&job, msg, 3);
    SHA3_mb_submit(&s, &job);
    ck_assert_int_eq(SHA3_mb_job_busy(&job), 0);
    ck_assert_int_eq(calls, 1);
    /* past the block: busy until a step */
    SHA3_mb_job_absorb(&job, msg + 3, SHAKE128_RATE);
    SHA3_mb_submit(&s, &job);
    ck_assert_int_eq(SHA3_mb_job_busy(&job), 1);
    ck_assert_int_eq(SHA3_mb_step(&s), 1);
    ck_assert_int_eq(SHA3_mb_job_busy(&job), 0);
    ck_assert_int_eq(calls, 2);
    ck_assert_int_eq(SHA3_mb_step(&s), 0);
    SHA3_mb_job_final(&job);
    SHA3_mb_job_squeeze(&job, out, sizeof(out));
    SHA3_mb_submit(&s, &job);
    SHA3_mb_flush(&s, &job);
    ck_assert_int_eq(calls, 3);
    SHA3_shake128(want, sizeof(want), msg, sizeof(msg));
    ck_assert_mem_eq(out, want, sizeof(want));
    SHA3_mb_job_cleanse(&job);
    SHA3_mb_cleanse(&s);
}
END_TEST

/* Jobs of two permutations each (a whole block, then the padding and a
 * short output); the done callback of the urgent one notes how many of
 * the others were done by then. */
static int others_done, others_done_before_urgent;
static void other_done(SHA3_MB_JOB *job)
{
    (void)job;
    others_done++;
}
static void urgent_done(SHA3_MB_JOB *job)
{
    (void)job;
    others_done_before_urgent = others_done;
}

static void two_block_job(SHA3_MB_JOB *job, const uint8_t *in, uint8_t *out,
                          SHA3_MB_DONE_FN *done)
{
    SHA3_mb_job_init(job, SHAKE128_RATE);
    job->done = done;
    SHA3_mb_job_absorb(job, in, SHAKE128_RATE);
    SHA3_mb_job_final(job);
    SHA3_mb_job_squeeze(job, out, 32);
}

/*
 * With every lane taken, `ways` ordinary jobs and then an urgent one
 * waiting: when the lanes free, the urgent job takes one before the
 * ordinary jobs that waited longer, so the last of those is not done when
 * the urgent one is (without the priority, all of them would be).
 */
START_TEST(urgent_job_takes_the_next_free_lane)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "urgent");
    static uint8_t in[2 * SHA3_MB_MAX_WAYS + 1][SHAKE128_RATE];
    static uint8_t out[2 * SHA3_MB_MAX_WAYS + 1][32];
    SHA3_MB_JOB job[2 * SHA3_MB_MAX_WAYS + 1];
    uint8_t want[32];
    SHA3_MB_SCHED s;
    size_t i, w;

    if (k == NULL)
        return;
    w = k->ways;
    test_rand_bytes(in[0], sizeof(in));
    SHA3_mb_init(&s, k);
    /* the first w jobs take every lane */
    for (i = 0; i < w; i++) {
        two_block_job(&job[i], in[i], out[i], NULL);
        SHA3_mb_submit(&s, &job[i]);
    }
    ck_assert_int_eq(SHA3_mb_step(&s), 1);
    others_done = 0;
    others_done_before_urgent = -1;
    for (i = w; i < 2 * w; i++) {
        two_block_job(&job[i], in[i], out[i], other_done);
        SHA3_mb_submit(&s, &job[i]);
    }
    two_block_job(&job[2 * w], in[2 * w], out[2 * w], urgent_done);
    job[2 * w].urgent = 1;
    SHA3_mb_submit(&s, &job[2 * w]);
    SHA3_mb_flush(&s, &job[2 * w]);
    ck_assert_int_ge(others_done_before_urgent, 0);
    ck_assert_int_lt(others_done_before_urgent, (int)w);
    SHA3_mb_flush(&s, NULL);
    ck_assert_int_eq(others_done, (int)w);
    for (i = 0; i <= 2 * w; i++) {
        SHA3_shake128(want, sizeof(want), in[i], SHAKE128_RATE);
        ck_assert_mem_eq(out[i], want, sizeof(want));
    }
    SHA3_mb_cleanse(&s);
}
END_TEST

/*
 * A job that waits for a lane is not starved by jobs that go on being
 * submitted again from their callbacks: with every lane held by a job that
 * restarts itself ROUNDS times, one more ordinary job submitted after them
 * is done long before they are (each resubmission gives its lane to the
 * waiting job; before, the lanes stayed with their holders to the end).
 */
#define RESUBMIT_ROUNDS 20
static int resubmits_left[SHA3_MB_MAX_WAYS], waiting_done_at = -1, steps;
static uint8_t resubmit_in[SHAKE128_RATE], resubmit_out[SHA3_MB_MAX_WAYS][32];
static void resubmit_done(SHA3_MB_JOB *job)
{
    int *left = job->arg;

    if (--*left > 0) {
        SHA3_mb_job_start(job, SHAKE128_RATE, resubmit_in, 32,
                          resubmit_out[left - resubmits_left], 32);
        SHA3_mb_submit(job->sched, job);
    }
}
static void waiting_done(SHA3_MB_JOB *job)
{
    (void)job;
    waiting_done_at = steps;
}

START_TEST(waiting_job_is_not_starved_by_resubmitted_ones)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "no_starving");
    SHA3_MB_JOB job[SHA3_MB_MAX_WAYS], waiting;
    uint8_t in[SHAKE128_RATE], out[32], want[32];
    SHA3_MB_SCHED s;
    size_t i, w;

    if (k == NULL)
        return;
    w = k->ways;
    test_rand_bytes(resubmit_in, sizeof(resubmit_in));
    test_rand_bytes(in, sizeof(in));
    SHA3_mb_init(&s, k);
    for (i = 0; i < w; i++) {
        resubmits_left[i] = RESUBMIT_ROUNDS;
        SHA3_mb_job_init(&job[i], SHAKE128_RATE);
        job[i].done = resubmit_done;
        job[i].arg = &resubmits_left[i];
        SHA3_mb_job_start(&job[i], SHAKE128_RATE, resubmit_in, 32,
                          resubmit_out[i], 32);
        SHA3_mb_submit(&s, &job[i]);
    }
    two_block_job(&waiting, in, out, waiting_done);
    SHA3_mb_submit(&s, &waiting);
    waiting_done_at = -1;
    for (steps = 0; SHA3_mb_step(&s); steps++)
        continue;
    ck_assert_int_ge(waiting_done_at, 0);
    ck_assert_int_lt(waiting_done_at, RESUBMIT_ROUNDS / 2);
    SHA3_shake128(want, sizeof(want), in, SHAKE128_RATE);
    ck_assert_mem_eq(out, want, sizeof(want));
    SHA3_shake128(want, sizeof(want), resubmit_in, 32);
    for (i = 0; i < w; i++)
        ck_assert_mem_eq(resubmit_out[i], want, sizeof(want));
    SHA3_mb_cleanse(&s);
}
END_TEST

/*
 * Input given as it comes by SHA3_mb_job_feed, busy or not (as keygen
 * feeds H(pk) a row at a time from the sampler's callbacks): many more
 * contiguous pieces than a job holds, each given between rounds while
 * other jobs fill the lanes; equals scalar SHAKE.
 */
START_TEST(input_given_while_busy_in_many_pieces_equals_scalar_shake)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "busy_absorb");
    static uint8_t in[16 * SHAKE128_RATE], bg_out[SHA3_MB_MAX_WAYS][MAX_OUT];
    static SHA3_MB_JOB bg[SHA3_MB_MAX_WAYS];
    uint8_t want[64], got[64], bg_in[32] = { 0 };
    SHA3_MB_SCHED s;
    SHA3_MB_JOB job;
    size_t fed, cut, rate, i;
    int pieces;

    if (k == NULL)
        return;
    for (int round = 0; round < 60; round++) {
        rate = round % 2 ? SHAKE128_RATE : SHAKE256_RATE;
        test_rand_bytes(in, sizeof(in));
        SHA3_mb_init(&s, k);
        /* long squeezes in the other lanes, so that rounds go on */
        for (i = 0; i + 1 < k->ways; i++) {
            SHA3_mb_job_init(&bg[i], SHAKE128_RATE);
            SHA3_mb_job_start(&bg[i], SHAKE128_RATE, bg_in, sizeof(bg_in),
                              bg_out[i], MAX_OUT - MAX_OUT % SHAKE128_RATE);
            SHA3_mb_submit(&s, &bg[i]);
        }
        SHA3_mb_job_init(&job, rate);
        job.urgent = round % 3 == 0;
        for (fed = 0, pieces = 0; fed < sizeof(in); pieces++) {
            cut = fed + 1 + (size_t)test_rand_below(2 * rate);
            if (cut > sizeof(in))
                cut = sizeof(in);
            SHA3_mb_job_feed(&s, &job, in + fed, cut - fed,
                             cut == sizeof(in) ? got : NULL, sizeof(got));
            fed = cut;
            SHA3_mb_step(&s);
        }
        ck_assert_int_gt(pieces, SHA3_MB_JOB_PIECES);
        SHA3_mb_flush(&s, NULL);
        if (rate == SHAKE128_RATE)
            SHA3_shake128(want, sizeof(want), in, sizeof(in));
        else
            SHA3_shake256(want, sizeof(want), in, sizeof(in));
        ck_assert_mem_eq(got, want, sizeof(want));
        SHA3_mb_cleanse(&s);
    }
}
END_TEST

/*
 * Jobs that squeeze in steps, from their callbacks, whole blocks and
 * pieces in turn, some restarting at the other rate: the rounds switch
 * mid-stream between the fast path (every lane squeezing whole blocks of
 * one rate, straight into the buffers, as many as the fewest takes) and
 * the sorted one (a lane reading part of a block, or of the rate not
 * picked), and back.
 */
#define STEPS_MAX 6
typedef struct {
    SHA3_MB_JOB job;
    SHA3_MB_SCHED *sched;
    size_t rate, inlen, step, nsteps, outlen, restarts;
    size_t len[STEPS_MAX];
    uint8_t in[2 * SHAKE128_RATE], got[MAX_OUT];
} STEP_JOB;

/* Step job sj's next squeeze: whole blocks, or a piece of a block. */
static size_t step_len(const STEP_JOB *sj)
{
    size_t blocks = 1 + (size_t)test_rand_below(4);

    if (test_rand_below(3) == 0)
        return 1 + (size_t)test_rand_below(sj->rate + 7);
    return blocks * sj->rate;
}

/* A new input and squeeze script for sj, of rate. */
static void step_job_new(STEP_JOB *sj, size_t rate)
{
    size_t i;

    sj->rate = rate;
    sj->inlen = (size_t)test_rand_below(sizeof(sj->in) + 1);
    test_rand_bytes(sj->in, sj->inlen);
    sj->nsteps = 1 + (size_t)test_rand_below(STEPS_MAX);
    for (i = 0, sj->outlen = 0; i < sj->nsteps; i++) {
        sj->len[i] = step_len(sj);
        if (sj->outlen + sj->len[i] > MAX_OUT)
            sj->len[i] = MAX_OUT - sj->outlen;
        sj->outlen += sj->len[i];
    }
    sj->step = 0;
    memset(sj->got, 0xa5, sizeof(sj->got));
}

/* The job's squeezes so far equal scalar SHAKE. */
static void step_job_check(const STEP_JOB *sj)
{
    ck_assert_msg(equals_scalar_shake(sj->rate, sj->in, sj->inlen, sj->got,
                                      sj->outlen),
                  "rate %zu, input %zu bytes, %zu squeezes: differs",
                  sj->rate, sj->inlen, sj->nsteps);
}

/* The next squeeze of the script; at its end, the check and, while it
 * has restarts left, a new script (at either rate) in its lane. */
static void step_job_done(SHA3_MB_JOB *job)
{
    STEP_JOB *sj = job->arg;
    size_t off = 0, i;

    if (++sj->step == sj->nsteps) {
        step_job_check(sj);
        if (sj->restarts == 0)
            return;
        sj->restarts--;
        step_job_new(sj, test_rand_below(2) ? SHAKE128_RATE : SHAKE256_RATE);
        SHA3_mb_job_restart(job, sj->rate);
        SHA3_mb_job_absorb(job, sj->in, sj->inlen);
        SHA3_mb_job_final(job);
    }
    for (i = 0; i < sj->step; i++)
        off += sj->len[i];
    SHA3_mb_job_squeeze(job, sj->got + off, sj->len[sj->step]);
    SHA3_mb_submit(sj->sched, job);
}

START_TEST(squeezes_switching_between_fast_and_sorted_rounds_equal_scalar_shake)
{
    const KECCAK1600_MB_KERNEL *k = kernel_under_test(_i, "switching");
    static STEP_JOB jobs[SHA3_MB_MAX_WAYS];
    SHA3_MB_SCHED s;
    size_t i;

    if (k == NULL)
        return;
    for (int round = 0; round < 60; round++) {
        SHA3_mb_init(&s, k);
        for (i = 0; i < k->ways; i++) {
            STEP_JOB *sj = &jobs[i];

            /* one rate at the start of most rounds: fast rounds first */
            step_job_new(sj, round % 3 == 0 && i % 2 ? SHAKE256_RATE
                                                     : SHAKE128_RATE);
            sj->sched = &s;
            sj->restarts = (size_t)test_rand_below(4);
            SHA3_mb_job_init(&sj->job, sj->rate);
            sj->job.done = step_job_done;
            sj->job.arg = sj;
            SHA3_mb_job_absorb(&sj->job, sj->in, sj->inlen);
            SHA3_mb_job_final(&sj->job);
            SHA3_mb_job_squeeze(&sj->job, sj->got, sj->len[0]);
            SHA3_mb_submit(&s, &sj->job);
        }
        SHA3_mb_flush(&s, NULL);
        for (i = 0; i < k->ways; i++)
            ck_assert_msg(!SHA3_mb_job_busy(&jobs[i].job), "job %zu busy", i);
        SHA3_mb_cleanse(&s);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sha3_mb");
    TCase *tc = tcase_create("scheduler");

    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, busy_until_done_and_one_callback_per_submission,
                        0, NKERNELS);
    tcase_add_loop_test(tc, every_length_of_both_rates_equals_scalar_shake,
                        0, NKERNELS);
    tcase_add_loop_test(tc, random_job_mixes_joining_and_leaving_equal_scalar_shake,
                        0, NKERNELS);
    tcase_add_loop_test(tc, long_whole_block_outputs_equal_scalar_shake, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, urgent_job_takes_the_next_free_lane, 0, NKERNELS);
    tcase_add_loop_test(tc, waiting_job_is_not_starved_by_resubmitted_ones,
                        0, NKERNELS);
    tcase_add_loop_test(tc, input_given_while_busy_in_many_pieces_equals_scalar_shake,
                        0, NKERNELS);
    tcase_add_loop_test(tc,
                        squeezes_switching_between_fast_and_sorted_rounds_equal_scalar_shake,
                        0, NKERNELS);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
