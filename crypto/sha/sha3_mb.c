/*
 * The multi-buffer SHAKE job scheduler (include/internal/sha3_mb.h): the
 * sponge of FIPS 202 (Algorithm 8, SHAKE128 / SHAKE256 of section 6.2)
 * for many jobs at once, each in a lane of a multi-way kernel, and the
 * one-state kernel every build has.
 *
 * A job's state is in its lane while it runs and in the job otherwise;
 * its bytes go into (and come out of) either place through the same
 * strided helpers.  pos == rate marks a state that needs a permutation
 * before anything more can be absorbed or read.  A round fills the free
 * lanes, XORs each absorbing job's block (or its padding) into its lane,
 * and calls the kernel once: its squeeze writes the block of each job that
 * takes a whole block of output straight into that job's buffer, several
 * blocks at once while every job in a lane does only that.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3_mb.h"

/* The last padding bit of FIPS 202's pad10*1, in the last byte of the block. */
#define SHAKE_PAD_LAST 0x80

/* The state words of job j's lane, or of the job itself: base and stride. */
static uint64_t *job_state(SHA3_MB_JOB *job, size_t *ways, size_t *j)
{
    if (job->lane >= 0) {
        *ways = job->sched->ways;
        *j = (size_t)job->lane;
        return job->sched->A;
    }
    *ways = 1;
    *j = 0;
    return job->A;
}

/*
 * What a job can do without a permutation (FIPS 202 Algorithm 8): absorb
 * its input pieces until the current block is full, or read its output
 * from the current block.
 */
static void job_advance(SHA3_MB_JOB *job)
{
    size_t ways, j, n;
    uint64_t *A = job_state(job, &ways, &j);

    if (!job->squeezing) {
        while (job->npieces > 0 && job->pos < job->rate) {
            n = job->rate - job->pos;
            if (n > job->inlen[0])
                n = job->inlen[0];
            KECCAK1600_xor_bytes_xn(A, ways, j, job->pos, job->in[0], n);
            job->pos += n;
            job->in[0] += n;
            job->inlen[0] -= n;
            if (job->inlen[0] == 0) {
                job->npieces--;
                memmove(job->in, job->in + 1, job->npieces * sizeof(job->in[0]));
                memmove(job->inlen, job->inlen + 1,
                        job->npieces * sizeof(job->inlen[0]));
            }
        }
    } else if (job->outlen > 0 && job->pos < job->rate) {
        n = job->rate - job->pos;
        if (n > job->outlen)
            n = job->outlen;
        KECCAK1600_extract_bytes_xn(A, ways, j, job->pos, job->out, n);
        job->pos += n;
        job->out += n;
        job->outlen -= n;
    }
}

/* 1 when the job needs a permutation: a full block absorbed, its padding
 * due, or output wanted past the current block. */
static int job_runnable(const SHA3_MB_JOB *job)
{
    if (!job->squeezing)
        return job->pos == job->rate || (job->final && job->npieces == 0);
    return job->outlen > 0 && job->pos == job->rate;
}

void SHA3_mb_job_init(SHA3_MB_JOB *job, size_t rate)
{
    job->done = NULL;
    job->arg = NULL;
    job->sched = NULL;
    job->lane = -1;
    job->busy = 0;
    SHA3_mb_job_restart(job, rate);
}

void SHA3_mb_job_restart(SHA3_MB_JOB *job, size_t rate)
{
    size_t ways, j, i;
    uint64_t *A = job_state(job, &ways, &j);

    for (i = 0; i < KECCAK1600_LANES; i++)
        A[ways * i + j] = 0;
    job->next = NULL;
    job->npieces = 0;
    job->out = NULL;
    job->outlen = 0;
    job->rate = rate;
    job->pos = 0;
    job->final = 0;
    job->squeezing = 0;
}

void SHA3_mb_job_absorb(SHA3_MB_JOB *job, const uint8_t *in, size_t len)
{
    if (len == 0)
        return;
    job->in[job->npieces] = in;
    job->inlen[job->npieces] = len;
    job->npieces++;
    job_advance(job);
}

void SHA3_mb_job_final(SHA3_MB_JOB *job)
{
    job->final = 1;
}

void SHA3_mb_job_squeeze(SHA3_MB_JOB *job, uint8_t *out, size_t len)
{
    job->out = out;
    job->outlen = len;
    job_advance(job);
}

int SHA3_mb_job_busy(const SHA3_MB_JOB *job)
{
    return job->busy;
}

void SHA3_mb_job_cleanse(SHA3_MB_JOB *job)
{
    ossl_cleanse(job->A, sizeof(job->A));
}

void SHA3_mb_init(SHA3_MB_SCHED *s, const KECCAK1600_MB_KERNEL *kernel)
{
    memset(s->lanes, 0, sizeof(s->lanes));
    s->kernel = kernel;
    s->ways = kernel->ways;
    s->head = s->tail = NULL;
}

/* The job's state leaves its lane, which is then free. */
static void lane_leave(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    size_t i, j = (size_t)job->lane;

    for (i = 0; i < KECCAK1600_LANES; i++)
        job->A[i] = s->A[s->ways * i + j];
    s->lanes[j] = NULL;
    job->lane = -1;
}

/* A done job: its callback, in its lane; then, unless it was submitted
 * again, its state leaves the lane. */
static void job_done(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    job->busy = 0;
    if (job->done != NULL)
        job->done(job);
    if (!job->busy && job->lane >= 0)
        lane_leave(s, job);
}

void SHA3_mb_submit(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    job->sched = s;
    job_advance(job);
    job->busy = 1;
    if (!job_runnable(job)) {
        job_done(s, job);
        return;
    }
    /* submitted again from its callback: it keeps its lane, unless other
     * jobs wait for one (lanes go round in submission order) */
    if (job->lane >= 0) {
        if (s->head == NULL)
            return;
        lane_leave(s, job);
    }
    job->next = NULL;
    if (s->tail != NULL)
        s->tail->next = job;
    else
        s->head = job;
    s->tail = job;
}

/* Put the first waiting job into free lane j. */
static void lane_fill(SHA3_MB_SCHED *s, size_t j)
{
    SHA3_MB_JOB *job = s->head;
    size_t i;

    s->head = job->next;
    if (s->head == NULL)
        s->tail = NULL;
    for (i = 0; i < KECCAK1600_LANES; i++)
        s->A[s->ways * i + j] = job->A[i];
    job->lane = (int)j;
    s->lanes[j] = job;
}

/*
 * Before the permutation: a job whose block is not full is at the end of
 * its input (job_runnable), so its padding goes in: the suffix and first
 * pad bit at pos, the last bit at the end of the block (FIPS 202 section
 * 6.2, pad10*1).  Returns 1 when it did.
 */
static int lane_pad(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    const uint8_t pad = SHAKE_PAD, last = SHAKE_PAD_LAST;
    size_t j = (size_t)job->lane;

    if (job->squeezing || job->pos == job->rate)
        return 0;
    KECCAK1600_xor_bytes_xn(s->A, s->ways, j, job->pos, &pad, 1);
    KECCAK1600_xor_bytes_xn(s->A, s->ways, j, job->rate - 1, &last, 1);
    return 1;
}

/*
 * Does the job take the whole block (of rate r) that follows this
 * permutation straight from the kernel?  Only when it squeezes after it:
 * it did before, or its padding goes in now (a job in a lane whose block
 * is not full is at the end of its input).
 */
static int lane_direct(const SHA3_MB_JOB *job, size_t r)
{
    return (job->squeezing || job->pos < job->rate) && job->rate == r
           && job->outlen >= r;
}

#ifdef ML_DSA_CT_MSAN
/*
 * MemorySanitizer does not see the kernel's loads and stores: a lane
 * whose state held a secret byte is all secret after the kernel ran, and
 * so are the blocks it wrote into that job's buffer; a lane that held none
 * stays public, and so do its blocks.
 */
static void msan_kernel_ran(SHA3_MB_SCHED *s, uint8_t *const *out,
                            const int *direct, size_t len)
{
    size_t i, j;
    int secret;

    for (j = 0; j < s->ways; j++) {
        secret = 0;
        for (i = 0; i < KECCAK1600_LANES; i++)
            secret |= __msan_test_shadow(&s->A[s->ways * i + j],
                                         sizeof(uint64_t)) != -1;
        for (i = 0; i < KECCAK1600_LANES; i++) {
            if (secret)
                ML_DSA_CT_SECRET(&s->A[s->ways * i + j], sizeof(uint64_t));
        }
        if (direct[j] && secret)
            ML_DSA_CT_SECRET(out[j], len);
        else if (direct[j])
            ML_DSA_CT_DECLASSIFY(out[j], len);
    }
}
#endif

/*
 * The rate whose jobs take the most whole blocks straight from the kernel
 * after this permutation (SHAKE128's on a tie; 0 when none does), and the
 * number of blocks one kernel call can give: more than one only while
 * every job in a lane just squeezes whole blocks of that rate.
 */
static size_t round_shape(const SHA3_MB_SCHED *s, size_t *span)
{
    size_t j, n128 = 0, n256 = 0, r, m = SHA3_MB_SPAN_MAX;
    const SHA3_MB_JOB *job;

    for (j = 0; j < s->ways; j++) {
        if ((job = s->lanes[j]) == NULL)
            continue;
        if (lane_direct(job, SHAKE128_RATE))
            n128++;
        else if (lane_direct(job, SHAKE256_RATE))
            n256++;
    }
    r = n128 >= n256 ? SHAKE128_RATE : SHAKE256_RATE;
    if (n128 + n256 == 0) {
        *span = 1;
        return 0;
    }
    for (j = 0; j < s->ways; j++) {
        if ((job = s->lanes[j]) == NULL)
            continue;
        if (!job->squeezing || !lane_direct(job, r)) {
            m = 1;
            break;
        }
        if (job->outlen / r < m)
            m = job->outlen / r;
    }
    *span = m;
    return r;
}

int SHA3_mb_step(SHA3_MB_SCHED *s)
{
    uint8_t *out[SHA3_MB_MAX_WAYS];
    int direct[SHA3_MB_MAX_WAYS], padded[SHA3_MB_MAX_WAYS];
    size_t j, r, span, any = 0;
    SHA3_MB_JOB *job;

    for (j = 0; j < s->ways; j++) {
        if (s->lanes[j] == NULL && s->head != NULL)
            lane_fill(s, j);
        if (s->lanes[j] != NULL)
            any = 1;
    }
    if (!any)
        return 0;
    r = round_shape(s, &span);
    for (j = 0; j < s->ways; j++) {
        out[j] = s->sink;
        direct[j] = padded[j] = 0;
        if ((job = s->lanes[j]) == NULL)
            continue;
        padded[j] = lane_pad(s, job);
        if (r != 0 && lane_direct(job, r)) {
            direct[j] = 1;
            out[j] = job->out;
        }
    }
    if (r != 0)
        s->kernel->squeeze(s->A, out, span, r);
    else
        s->kernel->permute(s->A);
#ifdef ML_DSA_CT_MSAN
    msan_kernel_ran(s, out, direct, span * r);
#endif
    for (j = 0; j < s->ways; j++) {
        if ((job = s->lanes[j]) == NULL)
            continue;
        job->pos = 0;
        if (padded[j])
            job->squeezing = 1;
        if (direct[j]) {
            job->out += span * r;
            job->outlen -= span * r;
            job->pos = job->rate;
        }
        job_advance(job);
        if (!job_runnable(job))
            job_done(s, job);
    }
    return 1;
}

void SHA3_mb_flush(SHA3_MB_SCHED *s, const SHA3_MB_JOB *job)
{
    while ((job == NULL || job->busy) && SHA3_mb_step(s))
        continue;
}

void SHA3_mb_cleanse(SHA3_MB_SCHED *s)
{
    ossl_cleanse(s->A, sizeof(s->A));
    ossl_cleanse(s->sink, sizeof(s->sink));
}

/* The one-state kernel's squeeze: permute, copy out r bytes, per block. */
static void scalar_squeeze(uint64_t *A, uint8_t *const *out, size_t nblocks,
                           size_t r)
{
    uint8_t *o = out[0];

    for (; nblocks > 0; nblocks--, o += r) {
        KECCAK1600_permute(A);
        KECCAK1600_extract_bytes(A, 0, o, r);
    }
}

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_scalar = {
    "scalar", 1, KECCAK1600_permute, scalar_squeeze,
};
