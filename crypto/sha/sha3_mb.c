/*
 * The multi-buffer SHAKE job scheduler (include/internal/sha3_mb.h): the
 * sponge of FIPS 202 (Algorithm 8, SHAKE128 / SHAKE256 of section 6.2)
 * for many jobs at once, each in a lane of a multi-way kernel, and the
 * one-state kernel every build has.
 *
 * A job's state is in its lane while it runs and in the job otherwise;
 * its bytes go into (and come out of) either place through the same
 * strided helpers.  pos == rate marks a state that needs a permutation
 * before anything more can be absorbed or read: a full block absorbed, the
 * padding in (it goes in as soon as the input is complete), or the block
 * read out.  So a round has nothing to do before the kernel runs but fill
 * the free lanes.  A lane started afresh (a new job's, or one restarted in
 * its lane) gets only the words its input and padding fall in; it owes
 * zeros in the others (the kernel call's shape[4 + j], kept in the
 * scheduler), which the x86-64 kernels write in registers as they load the
 * state, where 25 stores into the interleaved state would each touch a
 * cache line of its own; the scheduler writes them at once for the other
 * kernels, and for the x86-64 ones when it touches the lane's words first.
 * Which lanes hold a job and which owe zeros are bitmasks kept across
 * rounds, so a round's bookkeeping is a pass over the lanes before the
 * kernel (each job's class: whole blocks out, whole blocks in, or neither)
 * and one after it.
 * The kernel's squeeze writes the block of each job that takes a whole
 * block of output straight into that job's buffer, several blocks in one
 * call while every job in a lane does only that (a job that starts on a
 * short input, as most do, is padded at once and squeezes all its blocks
 * in one call); then each job absorbs or reads what it can of its new
 * block.
 */
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3_mb.h"

enum { PHASE_ABSORB, PHASE_PADDED, PHASE_SQUEEZE };
/*
 * What a job not in a lane holds in A: its state, or (so that a job
 * started while waiting for a lane writes only the words it needs) an
 * empty state not yet written, or the padded block of its whole short
 * input (held_len < rate) but for the words of held_zeros, not yet
 * written.
 */
enum { HELD_STATE, HELD_ZERO, HELD_SHORT };

/* Copy the 25 words of a state, src's word i at src[si * i] to dst[di * i]:
 * five per turn. */
static void state_copy(uint64_t *dst, size_t di, const uint64_t *src,
                       size_t si)
{
    size_t i;

    for (i = 0; i < KECCAK1600_LANES; i += 5) {
        dst[di * i] = src[si * i];
        dst[di * (i + 1)] = src[si * (i + 1)];
        dst[di * (i + 2)] = src[si * (i + 2)];
        dst[di * (i + 3)] = src[si * (i + 3)];
        dst[di * (i + 4)] = src[si * (i + 4)];
    }
}

/*
 * State j of ways interleaved states becomes what the job holds, but for
 * the words of the returned mask (bit i: word i), which are to be zeroed:
 * the zeros of an empty state or of a padded short input are left to the
 * caller, so that a kernel can write them in registers.  A may be the
 * job's own A (ways 1, j 0): a padded short input's words then copy onto
 * themselves.
 */
static uint32_t held_write(const SHA3_MB_JOB *job, uint64_t *A, size_t ways,
                           size_t j)
{
    size_t i, last;

    switch (job->held) {
    case HELD_ZERO:
        return KECCAK1600_ALL_WORDS;
    case HELD_SHORT:
        /* the words of the input and of the padding's first and last
         * bytes (KECCAK1600_set_last_block_words_xn's) */
        for (i = 0; i <= (size_t)job->held_len / 8; i++)
            A[ways * i + j] = job->A[i];
        last = job->rate / 8 - 1;
        A[ways * last + j] = job->A[last];
        return job->held_zeros;
    default:
        state_copy(A + j, ways, job->A, 1);
        return 0;
    }
}

/*
 * 1 when the kernel writes the zeros the lanes started afresh owe, in
 * registers as it loads the state.  Not under MemorySanitizer, which does
 * not see the kernel's stores: the words are zeroed in C there, so that
 * it knows them public.
 */
static int kernel_zeroes(const SHA3_MB_SCHED *s)
{
#ifdef ML_DSA_CT_MSAN
    (void)s;
    return 0;
#else
    return s->kernel->zeroes_lanes;
#endif
}

/*
 * Lane j is to be started afresh: on a kernel that does not zero lanes,
 * its 25 words are zeroed now, five per turn, before its first words are
 * written (fewer instructions than zeroing the others after them from
 * their mask, word by word).
 */
static void lane_clear(SHA3_MB_SCHED *s, size_t j)
{
    uint64_t *A = s->A + j;
    size_t i, w = s->ways;

    if (kernel_zeroes(s))
        return;
    for (i = 0; i < KECCAK1600_LANES; i += 5) {
        A[w * i] = 0;
        A[w * (i + 1)] = 0;
        A[w * (i + 2)] = 0;
        A[w * (i + 3)] = 0;
        A[w * (i + 4)] = 0;
    }
}

/* Lane j owes the zeros of mask (bit i: word i; 0: none): the kernel's to
 * write (other kernels' lanes were cleared before, lane_clear). */
static void lane_owe(SHA3_MB_SCHED *s, size_t j, uint32_t mask)
{
    if (!kernel_zeroes(s))
        mask = 0;
    s->shape[4 + j] = mask;
    if (mask != 0)
        s->fresh |= 1u << j;
    else
        s->fresh &= ~(1u << j);
}

/* Lane j's words are its job's state: the zeros it still owes written. */
static void lane_settle(SHA3_MB_SCHED *s, size_t j)
{
    if (!(s->fresh >> j & 1))
        return;
    KECCAK1600_zero_words_xn(s->A, s->ways, j, (uint32_t)s->shape[4 + j]);
    lane_owe(s, j, 0);
}

/* The state words of the job, in its lane or in itself: base, stride and
 * index. */
static uint64_t *job_state(SHA3_MB_JOB *job, size_t *ways, size_t *j)
{
    if (job->lane >= 0) {
        *ways = job->sched->ways;
        *j = (size_t)job->lane;
        lane_settle(job->sched, *j);
        return job->sched->A;
    }
    if (job->held != HELD_STATE) {
        KECCAK1600_zero_words_xn(job->A, 1, 0, held_write(job, job->A, 1, 0));
        job->held = HELD_STATE;
    }
    *ways = 1;
    *j = 0;
    return job->A;
}

/* The job's state leaves its lane (unless discarded), which is then free. */
static void lane_leave(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    size_t j = (size_t)job->lane;

    if (!job->discard) {
        lane_settle(s, j);
        state_copy(job->A, 1, s->A + j, s->ways);
        job->held = HELD_STATE;
    }
    lane_owe(s, j, 0);
    s->lanes[j] = NULL;
    s->used &= ~(1u << j);
    job->lane = -1;
}

/* The job's first input piece is used up. */
static void job_pop_piece(SHA3_MB_JOB *job)
{
    if (--job->npieces == 0)
        return;
    memmove(job->in, job->in + 1, job->npieces * sizeof(job->in[0]));
    memmove(job->inlen, job->inlen + 1, job->npieces * sizeof(job->inlen[0]));
}

/*
 * What a job can do without a permutation (FIPS 202 Algorithm 8): absorb
 * its input pieces until the current block is full, then, at the end of
 * the input, the padding; or read its output from the current block.
 */
static void job_advance(SHA3_MB_JOB *job)
{
    size_t ways, j, n;
    uint64_t *A;

    if (job->pos == job->rate || job->phase == PHASE_PADDED)
        return;
    A = job_state(job, &ways, &j);
    if (job->phase == PHASE_SQUEEZE) {
        n = job->rate - job->pos;
        if (n > job->outlen)
            n = job->outlen;
        KECCAK1600_extract_bytes_xn(A, ways, j, job->pos, job->out, n);
        job->pos += n;
        job->out += n;
        job->outlen -= n;
        return;
    }
    while (job->npieces > 0 && job->pos < job->rate) {
        n = job->rate - job->pos;
        if (n >= job->inlen[0]) {
            n = job->inlen[0];
            KECCAK1600_xor_bytes_xn(A, ways, j, job->pos, job->in[0], n);
            job_pop_piece(job);
        } else {
            KECCAK1600_xor_bytes_xn(A, ways, j, job->pos, job->in[0], n);
            job->in[0] += n;
            job->inlen[0] -= n;
        }
        job->pos += n;
    }
    if (job->pos < job->rate && job->final) {
        const uint8_t pad = SHAKE_PAD, last = KECCAK1600_PAD_LAST;

        KECCAK1600_xor_bytes_xn(A, ways, j, job->pos, &pad, 1);
        KECCAK1600_xor_bytes_xn(A, ways, j, job->rate - 1, &last, 1);
        job->pos = job->rate;
        job->phase = PHASE_PADDED;
    }
}

/* 1 when the job needs a permutation: a full block absorbed, its padding
 * in, or output wanted past the current block. */
static int job_runnable(const SHA3_MB_JOB *job)
{
    return job->pos == job->rate
           && (job->phase != PHASE_SQUEEZE || job->outlen > 0);
}

void SHA3_mb_job_init(SHA3_MB_JOB *job, size_t rate)
{
    job->done = NULL;
    job->arg = NULL;
    job->urgent = 0;
    job->sched = NULL;
    job->lane = -1;
    job->busy = 0;
    SHA3_mb_job_restart(job, rate);
}

/* Empty the job's state (in its lane, or held as zeros) and its input and
 * output. */
static void job_reset(SHA3_MB_JOB *job, size_t rate)
{
    if (job->lane >= 0) {
        lane_clear(job->sched, (size_t)job->lane);
        lane_owe(job->sched, (size_t)job->lane, KECCAK1600_ALL_WORDS);
    } else
        job->held = HELD_ZERO;
    job->npieces = 0;
    job->out = NULL;
    job->outlen = 0;
    job->rate = rate;
    job->pos = 0;
    job->final = 0;
    job->phase = PHASE_ABSORB;
    job->discard = 0;
}

void SHA3_mb_job_restart(SHA3_MB_JOB *job, size_t rate)
{
    job_reset(job, rate);
}

/* A job waits for a lane. */
static int sched_waiting(const SHA3_MB_SCHED *s)
{
    return s->head[0] != NULL || s->head[1] != NULL;
}

void SHA3_mb_job_start(SHA3_MB_JOB *job, size_t rate, const uint8_t *in,
                       size_t len, uint8_t *out, size_t outlen)
{
    /* restarted in its lane while a job waits for one: its submission will
     * give the lane up, so it leaves now, its old state dropped, and holds
     * its input instead of writing a state to carry out */
    if (job->lane >= 0 && sched_waiting(job->sched)) {
        job->discard = 1;
        lane_leave(job->sched, job);
    }
    if (job->lane >= 0) {
        SHA3_MB_SCHED *s = job->sched;
        size_t j = (size_t)job->lane;

        lane_clear(s, j);
        lane_owe(s, j, KECCAK1600_set_last_block_words_xn(s->A, s->ways, j,
                                                          in, len, SHAKE_PAD,
                                                          rate));
    } else {
        job->held_zeros = KECCAK1600_set_last_block_words_xn(job->A, 1, 0, in,
                                                             len, SHAKE_PAD,
                                                             rate);
        job->held = HELD_SHORT;
        job->held_len = (unsigned char)len;
    }
    job->discard = 0;
    job->npieces = 0;
    job->rate = rate;
    job->final = 1;
    job->pos = rate;
    job->phase = PHASE_PADDED;
    job->out = out;
    job->outlen = outlen;
}

void SHA3_mb_job_absorb(SHA3_MB_JOB *job, const uint8_t *in, size_t len)
{
    size_t last = job->npieces - 1;

    if (len == 0)
        return;
    /* bytes that follow the last waiting piece in memory lengthen it */
    if (job->npieces > 0 && job->in[last] + job->inlen[last] == in) {
        job->inlen[last] += len;
    } else {
        job->in[job->npieces] = in;
        job->inlen[job->npieces] = len;
        job->npieces++;
    }
    job_advance(job);
}

void SHA3_mb_job_final(SHA3_MB_JOB *job)
{
    job->final = 1;
    job_advance(job);
}

void SHA3_mb_job_squeeze(SHA3_MB_JOB *job, uint8_t *out, size_t len)
{
    job->out = out;
    job->outlen = len;
    job_advance(job);
}

void SHA3_mb_job_feed(SHA3_MB_SCHED *s, SHA3_MB_JOB *job, const uint8_t *in,
                      size_t len, uint8_t *out, size_t outlen)
{
    SHA3_mb_job_absorb(job, in, len);
    if (out != NULL) {
        SHA3_mb_job_final(job);
        SHA3_mb_job_squeeze(job, out, outlen);
    }
    if (!job->busy)
        SHA3_mb_submit(s, job);
}

void SHA3_mb_job_discard(SHA3_MB_JOB *job)
{
    job->discard = 1;
}

int SHA3_mb_job_busy(const SHA3_MB_JOB *job)
{
    return job->busy;
}

void SHA3_mb_job_cleanse(SHA3_MB_JOB *job)
{
    ossl_cleanse(job->A, sizeof(job->A));
    job->held = HELD_STATE;
}

unsigned SHA3_mb_call_cost(const KECCAK1600_MB_KERNEL *kernel)
{
    return kernel->call_cost != NULL ? kernel->call_cost()
                                     : SHA3_MB_COST_PERMUTATION;
}

void SHA3_mb_init(SHA3_MB_SCHED *s, const KECCAK1600_MB_KERNEL *kernel)
{
    unsigned cost = SHA3_mb_call_cost(kernel);

    memset(s->lanes, 0, sizeof(s->lanes));
    memset(s->shape, 0, sizeof(s->shape));
    s->used = s->fresh = 0;
    s->kernel = kernel;
    s->ways = kernel->ways;
    s->alone_lanes = cost > SHA3_MB_COST_PERMUTATION
                     ? (cost - 1) / SHA3_MB_COST_PERMUTATION : 1;
    s->head[0] = s->head[1] = s->tail[0] = s->tail[1] = NULL;
    s->sink_used = 0;
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
    int q = !job->urgent;

    job->sched = s;
    job->busy = 1;
    if (!job_runnable(job)) {
        job_done(s, job);
        return;
    }
    /* submitted again from its callback: it keeps its lane, unless a job
     * waits for one (which then takes it: an urgent one, or the oldest) */
    if (job->lane >= 0) {
        if (!sched_waiting(s))
            return;
        lane_leave(s, job);
    }
    job->next = NULL;
    if (s->tail[q] != NULL)
        s->tail[q]->next = job;
    else
        s->head[q] = job;
    s->tail[q] = job;
}

/* Put the first waiting job, urgent ones first, into free lane j; 0 when
 * none waits. */
static int lane_fill(SHA3_MB_SCHED *s, size_t j)
{
    int q = s->head[0] == NULL;
    SHA3_MB_JOB *job = s->head[q];

    if (job == NULL)
        return 0;
    s->head[q] = job->next;
    if (s->head[q] == NULL)
        s->tail[q] = NULL;
    if (job->held != HELD_STATE)
        lane_clear(s, j);
    lane_owe(s, j, held_write(job, s->A, s->ways, j));
    job->lane = (int)j;
    s->lanes[j] = job;
    s->used |= 1u << j;
    return 1;
}

/* Input for the lanes that absorb nothing in a round: XORed, it changes
 * nothing. */
static const uint8_t zeros[SHA3_MB_SPAN_MAX * SHAKE128_RATE];

#ifdef ML_DSA_CT_MSAN
/*
 * MemorySanitizer does not see the kernel's loads and stores: a lane
 * whose state held a secret byte, or that absorbed one, is all secret
 * after the kernel ran, and so are the blocks it wrote into that job's
 * buffer; a lane that held none stays public, and so do its blocks.
 */
static void msan_kernel_ran(SHA3_MB_SCHED *s, uint8_t *const *out,
                            const uint8_t *const *in, unsigned dout,
                            unsigned din, const size_t *shape)
{
    size_t i, j;
    int secret;

    for (j = 0; j < s->ways; j++) {
        secret = 0;
        for (i = 0; i < KECCAK1600_LANES; i++)
            secret |= __msan_test_shadow(&s->A[s->ways * i + j],
                                         sizeof(uint64_t)) != -1;
        if (din >> j & 1)
            secret |= __msan_test_shadow(in[j], shape[0] * shape[2]) != -1;
        for (i = 0; i < KECCAK1600_LANES && secret; i++)
            ML_DSA_CT_SECRET(&s->A[s->ways * i + j], sizeof(uint64_t));
        if ((dout >> j & 1) && secret)
            ML_DSA_CT_SECRET(out[j], shape[0] * shape[1]);
        else if (dout >> j & 1)
            ML_DSA_CT_DECLASSIFY(out[j], shape[0] * shape[1]);
    }
}
#endif

/* The lanes in mask. */
static unsigned lane_count(unsigned mask)
{
    unsigned n;

    for (n = 0; mask != 0; mask &= mask - 1)
        n++;
    return n;
}

/*
 * Of the lanes that can take their next blocks straight from the kernel,
 * those of SHAKE128 (m128, the fewest bytes one of them takes min128) and
 * those of SHAKE256 (m256, min256): the rate most of them have (SHAKE128's
 * on a tie; 0 when there are none), its lanes and the blocks the fewest of
 * them can take (SIZE_MAX when none): a division by a constant per call,
 * not one per lane.
 */
static inline size_t class_pick(unsigned m128, size_t min128, unsigned m256,
                                size_t min256, unsigned *mask, size_t *blocks)
{
    if (m256 != 0
        && (m128 == 0 || lane_count(m256) > lane_count(m128))) {
        *mask = m256;
        *blocks = min256 / SHAKE256_RATE;
        return SHAKE256_RATE;
    }
    *mask = m128;
    *blocks = m128 != 0 ? min128 / SHAKE128_RATE : SIZE_MAX;
    return m128 != 0 ? SHAKE128_RATE : 0;
}

/*
 * A job alone in the scheduler, nothing waiting (or, where a kernel call
 * costs more, one of as few as round_alone says): it runs to the end of
 * its work on the portable permutation, out of its lane, which is as fast
 * as a multi-way kernel's call (that permutes the empty lanes too)
 * without a round's bookkeeping per block; then it is done.
 */
static void job_run_alone(SHA3_MB_SCHED *s, SHA3_MB_JOB *job)
{
    lane_leave(s, job);
    while (job_runnable(job)) {
        KECCAK1600_permute(job->A);
        job->pos = 0;
        if (job->phase == PHASE_PADDED)
            job->phase = PHASE_SQUEEZE;
        /* whole blocks straight from the input or into the output */
        if (job->phase == PHASE_ABSORB && job->npieces > 0
            && job->inlen[0] >= job->rate) {
            KECCAK1600_xor_bytes(job->A, 0, job->in[0], job->rate);
            job->in[0] += job->rate;
            if ((job->inlen[0] -= job->rate) == 0)
                job_pop_piece(job);
            job->pos = job->rate;
        } else if (job->phase == PHASE_SQUEEZE && job->outlen >= job->rate) {
            KECCAK1600_extract_bytes(job->A, 0, job->out, job->rate);
            job->out += job->rate;
            job->outlen -= job->rate;
            job->pos = job->rate;
        } else {
            job_advance(job);
        }
    }
    job_done(s, job);
}

/*
 * Whether the busy lanes' jobs (nothing waiting: the free lanes were
 * filled first) run on the one-state permutation, one after the other,
 * rather than in a kernel call: one job, or as many as alone_lanes (where
 * a call costs more than their permutations).  The first runs to the end
 * of its work; the next round looks again at what is left and at what its
 * callback submitted.
 */
static int round_alone(const SHA3_MB_SCHED *s, unsigned used)
{
    unsigned rest = used & (used - 1);  /* but the lowest busy lane */
    size_t n;

    if (rest == 0)
        return 1;
    for (n = 1; n < s->alone_lanes && rest != 0; n++)
        rest &= rest - 1;
    return rest == 0;
}

/*
 * The lanes' jobs after the kernel ran: those in dout took nout bytes of
 * output, those in din nin bytes of input, straight from the kernel; the
 * others read or absorb what they can of their new block.  Each job that
 * needs no more permutations is done.
 */
static void lanes_advance(SHA3_MB_SCHED *s, unsigned used, unsigned dout,
                          unsigned din, size_t nout, size_t nin)
{
    size_t j;
    SHA3_MB_JOB *job;

    for (j = 0; j < s->ways; j++) {
        if (!(used >> j & 1))
            continue;
        job = s->lanes[j];
        if (dout >> j & 1) {
            job->phase = PHASE_SQUEEZE;
            job->out += nout;
            job->outlen -= nout;
            job->pos = job->rate;
        } else if (din >> j & 1) {
            job->in[0] += nin;
            job->inlen[0] -= nin;
            job->pos = job->rate;       /* the last block absorbed is in */
            if (job->inlen[0] == 0)
                job_pop_piece(job);
        } else {
            job->pos = 0;
            if (job->phase == PHASE_PADDED)
                job->phase = PHASE_SQUEEZE;
            job_advance(job);
        }
        if (!job_runnable(job))
            job_done(s, job);
    }
}

/* The inputs of a round in which no lane absorbs: XORed, they change
 * nothing. */
static const uint8_t *const no_input[] = {
    zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros,
};
typedef char no_input_has_every_lane[sizeof(no_input) / sizeof(no_input[0])
                                     == SHA3_MB_MAX_WAYS ? 1 : -1];

/*
 * The common round, the fast path: every job in a lane squeezes whole
 * blocks of one rate after this permutation (already, or with the padding
 * in: each sample entry's first squeeze and the blocks it asks for after).
 * Sets out, and shape[0 .. 2] to squeeze the blocks the fewest of them
 * take straight into their buffers; 0 (out then partly set) when the
 * round is not of that kind.
 */
static int round_squeeze(SHA3_MB_SCHED *s, unsigned used, uint8_t **out)
{
    size_t j, rate = 0, min = SIZE_MAX;
    const SHA3_MB_JOB *job;

    for (j = 0; j < s->ways; j++) {
        out[j] = s->sink;
        if (!(used >> j & 1))
            continue;
        job = s->lanes[j];
        if (job->phase == PHASE_ABSORB || job->outlen < job->rate
            || (rate != 0 && job->rate != rate))
            return 0;
        rate = job->rate;
        out[j] = job->out;
        if (job->outlen < min)
            min = job->outlen;
    }
    min = rate == SHAKE128_RATE ? min / SHAKE128_RATE : min / SHAKE256_RATE;
    s->shape[0] = min < SHA3_MB_SPAN_MAX ? min : SHA3_MB_SPAN_MAX;
    s->shape[1] = rate;
    s->shape[2] = 0;
    return 1;
}

/* A lane (bit) of rate that can take len bytes joins its rate's class:
 * lanes m128 or m256, the fewest bytes min128 or min256. */
static inline void class_add(unsigned bit, size_t rate, size_t len,
                             unsigned *m128, size_t *min128, unsigned *m256,
                             size_t *min256)
{
    if (rate == SHAKE128_RATE) {
        *m128 |= bit;
        *min128 = len < *min128 ? len : *min128;
    } else {
        *m256 |= bit;
        *min256 = len < *min256 ? len : *min256;
    }
}

/*
 * Any other round: the lanes that can take their next blocks straight
 * from the kernel, squeezing whole blocks after this permutation
 * (already, or with the padding in), or absorbing whole blocks after it
 * from the input piece they are in, those of the rate most of them have;
 * sets out and in (the job's buffers for those lanes, the sink and zeros
 * for the others), *dout and *din (those lanes) and shape[0 .. 2].
 */
static void round_sort(SHA3_MB_SCHED *s, unsigned used, uint8_t **out,
                       const uint8_t **in, unsigned *dout, unsigned *din)
{
    unsigned bit, sq128 = 0, sq256 = 0, ab128 = 0, ab256 = 0;
    size_t j, bout, bin, len, *shape = s->shape;
    size_t sqmin128 = SIZE_MAX, sqmin256 = SIZE_MAX;
    size_t abmin128 = SIZE_MAX, abmin256 = SIZE_MAX;
    const SHA3_MB_JOB *job;

    /* each lane's buffer the job's when it can take whole blocks (put
     * back below if its rate is not picked) */
    for (j = 0; j < s->ways; j++) {
        out[j] = s->sink;
        in[j] = zeros;
        bit = 1u << j;
        if (!(used & bit))
            continue;
        job = s->lanes[j];
        if (job->phase != PHASE_ABSORB) {
            len = job->outlen;
            if (len < job->rate)
                continue;
            out[j] = job->out;
            class_add(bit, job->rate, len, &sq128, &sqmin128, &sq256,
                      &sqmin256);
        } else if (job->npieces > 0) {
            len = job->inlen[0];
            if (len < job->rate)
                continue;
            in[j] = job->in[0];
            class_add(bit, job->rate, len, &ab128, &abmin128, &ab256,
                      &abmin256);
        }
    }
    shape[1] = class_pick(sq128, sqmin128, sq256, sqmin256, dout, &bout);
    shape[2] = class_pick(ab128, abmin128, ab256, abmin256, din, &bin);
    /* a lane of the rate not picked takes its block from the sink */
    for (bit = (sq128 | sq256) ^ *dout, j = 0; bit != 0; bit >>= 1, j++)
        if (bit & 1)
            out[j] = s->sink;
    for (bit = (ab128 | ab256) ^ *din, j = 0; bit != 0; bit >>= 1, j++)
        if (bit & 1)
            in[j] = zeros;
    /* several blocks only while every job in a lane takes them straight
     * from the kernel (a padded job's first permutation is the padding's) */
    shape[0] = 1;
    if ((*dout | *din) == used) {
        if (shape[1] == 0 || (shape[2] != 0 && bin < bout))
            bout = bin;
        shape[0] = bout < SHA3_MB_SPAN_MAX ? bout : SHA3_MB_SPAN_MAX;
    }
}

int SHA3_mb_step(SHA3_MB_SCHED *s)
{
    uint8_t *out[SHA3_MB_MAX_WAYS];
    const uint8_t *in_sorted[SHA3_MB_MAX_WAYS], *const *in = no_input;
    unsigned used, dout, din = 0;
    size_t j, ways = s->ways, *shape = s->shape;

    /* fill the free lanes */
    if (s->used != (1u << ways) - 1 && sched_waiting(s))
        for (j = 0; j < ways; j++)
            if (!(s->used >> j & 1) && !lane_fill(s, j))
                break;
    used = s->used;
    if (used == 0)
        return 0;
    if (round_alone(s, used) && ways > 1) {
        for (j = 0; !(used >> j & 1); j++)
            continue;
        job_run_alone(s, s->lanes[j]);
        return 1;
    }
    if (round_squeeze(s, used, out)) {
        dout = used;
    } else {
        round_sort(s, used, out, in_sorted, &dout, &din);
        in = in_sorted;
    }
    /* the zeros the lanes started afresh owe: the kernel's to write */
    shape[3] = s->fresh;
    if (shape[1] == 0 && shape[2] == 0 && shape[3] == 0) {
        s->kernel->permute(s->A);
    } else {
        /* the lanes that take no output write their blocks to the sink */
        if (dout != (1u << ways) - 1 && s->sink_used < shape[0] * shape[1])
            s->sink_used = shape[0] * shape[1];
        s->kernel->squeeze_absorb(s->A, out, in, shape);
        /* the kernel wrote the zeros */
        for (j = 0; shape[3] != 0 && j < ways; j++)
            shape[4 + j] = 0;
        s->fresh &= ~(unsigned)shape[3];
    }
#ifdef ML_DSA_CT_MSAN
    msan_kernel_ran(s, out, in, dout, din, shape);
#endif
    lanes_advance(s, used, dout, din, shape[0] * shape[1],
                  shape[0] * shape[2]);
    return 1;
}

void SHA3_mb_flush(SHA3_MB_SCHED *s, const SHA3_MB_JOB *job)
{
    while ((job == NULL || job->busy) && SHA3_mb_step(s))
        continue;
}

void SHA3_mb_cleanse(SHA3_MB_SCHED *s)
{
    ossl_cleanse(s->A, s->ways * KECCAK1600_LANES * sizeof(s->A[0]));
    ossl_cleanse(s->sink, s->sink_used);
}

/* The one-state kernel's squeeze-absorb: per block, permute, copy out
 * shape[1] bytes, XOR in shape[2]. */
static void scalar_squeeze_absorb(uint64_t *A, uint8_t *const *out,
                                  const uint8_t *const *in,
                                  const size_t *shape)
{
    uint8_t *o = out[0];
    const uint8_t *i = in[0];
    size_t n;

    for (n = 0; n < shape[0]; n++, o += shape[1], i += shape[2]) {
        KECCAK1600_permute(A);
        KECCAK1600_extract_bytes(A, 0, o, shape[1]);
        KECCAK1600_xor_bytes(A, 0, i, shape[2]);
    }
}

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_scalar = {
    "scalar", 1, KECCAK1600_permute, scalar_squeeze_absorb, 0, NULL,
};
