/*
 * Multi-buffer SHAKE: a job scheduler over a multi-way Keccak-f[1600]
 * kernel (FIPS 202), for any architecture and any number of ways.
 *
 * A job is one SHAKE128 or SHAKE256 instance (FIPS 202 section 6.2).  Its
 * owner gives it input in as many pieces as it likes (SHA3_mb_job_absorb;
 * SHA3_mb_job_final when the input is complete) and asks for output in as
 * many pieces as it likes (SHA3_mb_job_squeeze), then submits it to a
 * scheduler.  The buffers stay the owner's: an input piece is read in
 * place and an output buffer written in place, so neither may change or go
 * away until the job is done; the scheduler keeps only the job's state.
 * The scheduler holds up to `ways` jobs in the lanes of one interleaved
 * state and permutes them all at once; a job takes a lane when it needs a
 * permutation (a whole block to absorb, its padded last block, or another
 * block to squeeze) and keeps it until it needs none (the bytes of a
 * partial block go into its state without one).  It is then done: its done
 * callback runs, while the job still holds its lane, and may give it more
 * input or ask for more output, or start it afresh, and submit it again:
 * it continues in its lane unless another job is waiting for one (it then
 * waits behind it, so that no job starves while others go on resubmitted).
 * Otherwise the job's state leaves the lane, and the lane is refilled from
 * the jobs waiting before the next permutation: the urgent ones first (an
 * owner marks urgent the jobs on its critical path, such as H(pk) beside
 * ExpandA's bulk), each kind in the order submitted.  Jobs of different rates
 * and kinds share a batch, and each job's bytes are those of scalar SHAKE
 * on its input, whatever its neighbours and however its input and output
 * were cut into pieces.
 *
 * A scheduler and its jobs belong to one thread.  Every job submitted must
 * be done (SHA3_mb_flush) before the scheduler is cleansed; the owner
 * cleanses its jobs when they hashed secrets.
 */
#ifndef MLDSA_INTERNAL_SHA3_MB_H
#define MLDSA_INTERNAL_SHA3_MB_H

#include <stddef.h>
#include <stdint.h>
#include "internal/sha3.h"

/* The most lanes a kernel has (x86-64's zmm kernel). */
#define SHA3_MB_MAX_WAYS 8
/* The most blocks one kernel call permutes. */
#define SHA3_MB_SPAN_MAX 8
/* Input pieces a job holds at once, beyond what its state absorbed. */
#define SHA3_MB_JOB_PIECES 4
/* The words of a kernel call's shape (below). */
#define SHA3_MB_SHAPE_WORDS (4 + SHA3_MB_MAX_WAYS)
/* A kernel call's cost (call_cost below) when it costs as much as one
 * one-state permutation (KECCAK1600_permute). */
#define SHA3_MB_COST_PERMUTATION 100

/*
 * A multi-way Keccak-f[1600] kernel: ways states, lane-interleaved (lane i
 * of state j is A[ways * i + j]), A aligned to 8 * ways bytes.
 */
typedef struct keccak1600_mb_kernel_st {
    const char *name;
    size_t ways;
    /* Keccak-f[1600] (FIPS 202 Algorithm 7) on every state. */
    void (*permute)(uint64_t *A);
    /* For each of shape[0] blocks: permute every state, write its first
     * shape[1] bytes to out[j], then XOR shape[2] bytes of in[j] into it,
     * out[j] and in[j] advancing (both rates multiples of 8, at most
     * SHAKE128_RATE; 0: nothing written, or nothing absorbed).  Before
     * that, with zeroes_lanes, when shape[3] is not 0: zero each word i of
     * state j whose bit i is set in shape[4 + j]. */
    void (*squeeze_absorb)(uint64_t *A, uint8_t *const *out,
                           const uint8_t *const *in, const size_t *shape);
    /* 1: squeeze_absorb zeroes words as above (never given otherwise). */
    int zeroes_lanes;
    /* What one call costs on this CPU, in hundredths of the one-state
     * permutation the scheduler runs a lone job on (a round with one busy
     * lane); NULL: SHA3_MB_COST_PERMUTATION, a round costs the same
     * whatever its busy lanes.  Where it is more, the scheduler also runs
     * the jobs of a round with as few busy lanes as cost less than a call
     * one after the other on that permutation (alone_lanes below), and
     * work planned around the scheduler (ml_dsa_sign.c's look-ahead)
     * weighs its rounds by it; never for correctness. */
    unsigned (*call_cost)(void);
} KECCAK1600_MB_KERNEL;

typedef struct sha3_mb_job_st SHA3_MB_JOB;
typedef struct sha3_mb_sched_st SHA3_MB_SCHED;

/* Called when a job is done (see the top); job->arg is the owner's. */
typedef void SHA3_MB_DONE_FN(SHA3_MB_JOB *job);

struct sha3_mb_job_st {
    SHA3_MB_DONE_FN *done;     /* the owner's: NULL, or its callback */
    void *arg;                 /* the owner's */
    int urgent;                /* the owner's: on its critical path */
    /* The rest is the scheduler's. */
    uint64_t A[KECCAK1600_LANES];   /* the state, while not in a lane (or
                                       its form as held says) */
    SHA3_MB_SCHED *sched;      /* the scheduler it was last submitted to */
    SHA3_MB_JOB *next;         /* in the queue of waiting jobs */
    const uint8_t *in[SHA3_MB_JOB_PIECES];
    size_t inlen[SHA3_MB_JOB_PIECES];
    size_t npieces;            /* input pieces not yet absorbed */
    uint8_t *out;              /* output still to write: outlen bytes */
    size_t outlen;
    size_t rate;               /* SHAKE128_RATE or SHAKE256_RATE */
    size_t pos;                /* bytes absorbed into (or read from) the
                                  current block; rate: it needs a
                                  permutation before more */
    int lane;                  /* its lane, or -1 */
    unsigned char final;       /* the input is complete */
    unsigned char phase;       /* absorbing, padded (the permutation after
                                  the padding is due), squeezing */
    unsigned char busy;        /* submitted and not yet done */
    unsigned char discard;     /* its state may be dropped */
    unsigned char held;        /* A holds: the state; zeros not yet
                                  written; or the words of a short
                                  input's padded block, but for those of
                                  held_zeros */
    unsigned char held_len;    /* that input's length */
    uint32_t held_zeros;       /* the words of that block to be zeroed
                                  (bit i: word i) */
};

struct sha3_mb_sched_st {
    _Alignas(64) uint64_t A[SHA3_MB_MAX_WAYS * KECCAK1600_LANES];
    const KECCAK1600_MB_KERNEL *kernel;
    size_t ways;
    /* a round with at most this many busy lanes, none waiting, runs them
     * on the one-state permutation, one job after the other: 1, or the
     * most whose permutations cost less than a kernel call (call_cost) */
    size_t alone_lanes;
    SHA3_MB_JOB *lanes[SHA3_MB_MAX_WAYS];
    unsigned used;             /* the lanes holding a job (bit j: lane j) */
    unsigned fresh;            /* the lanes that owe zeros (below) */
    /* the kernel call's shape; shape[4 + j], kept between calls: the words
     * of lane j still to be zeroed before its next permutation (bit i:
     * word i), those of a lane started afresh that its start did not
     * write (0 unless lane j is in fresh) */
    size_t shape[SHA3_MB_SHAPE_WORDS];
    /* jobs waiting for a lane, in order: the urgent ones, the others */
    SHA3_MB_JOB *head[2], *tail[2];
    size_t sink_used;          /* bytes of sink written so far */
    /* where the kernel writes the blocks no job takes */
    _Alignas(64) uint8_t sink[SHA3_MB_SPAN_MAX * SHAKE128_RATE];
};

/* A new job: SHAKE128 or SHAKE256 (rate SHAKE128_RATE or SHAKE256_RATE),
 * empty input, no output asked, no callback. */
void SHA3_mb_job_init(SHA3_MB_JOB *job, size_t rate);
/*
 * Start the job afresh (empty SHAKE of that rate), keeping its callback,
 * arg and, inside its done callback, its lane.  Only for a job that is
 * not busy.
 */
void SHA3_mb_job_restart(SHA3_MB_JOB *job, size_t rate);
/*
 * Append len bytes of input, read in place when the job runs; not after
 * SHA3_mb_job_final.  What fits in the current block is absorbed at once;
 * at most SHA3_MB_JOB_PIECES pieces wait beyond it, bytes that follow the
 * last waiting piece in memory counting as part of it.  Also while the job
 * is busy (submitted and not done): its owner then does not submit it
 * again, and the bytes are absorbed as the job runs.
 */
void SHA3_mb_job_absorb(SHA3_MB_JOB *job, const uint8_t *in, size_t len);
/* The input is complete: the padding follows it (also while busy, as
 * SHA3_mb_job_absorb). */
void SHA3_mb_job_final(SHA3_MB_JOB *job);
/* Ask for the next len bytes of output, written to out; after
 * SHA3_mb_job_final (also while busy), and only when no output is
 * pending. */
void SHA3_mb_job_squeeze(SHA3_MB_JOB *job, uint8_t *out, size_t len);
/*
 * Start the job afresh (as SHA3_mb_job_restart) as the SHAKE of the len
 * (< rate) bytes of in, the whole input, and ask for outlen bytes into out:
 * restart, absorb, final and squeeze in one, for the many short jobs.
 * From its callback while another job waits for a lane, the job gives up
 * its lane at once (its submission would), its input held until it gets
 * one, rather than written into the lane and carried out again.
 */
void SHA3_mb_job_start(SHA3_MB_JOB *job, size_t rate, const uint8_t *in,
                       size_t len, uint8_t *out, size_t outlen);
/*
 * Input as it comes, for a job fed while it runs: SHA3_mb_job_absorb of
 * len bytes of in, and with the last of it (out not NULL) SHA3_mb_job_final
 * and a squeeze of outlen bytes into out; then the job is submitted to s
 * unless it is busy already.
 */
void SHA3_mb_job_feed(SHA3_MB_SCHED *s, SHA3_MB_JOB *job, const uint8_t *in,
                      size_t len, uint8_t *out, size_t outlen);
/* From the job's callback: its owner is finished with it, so its state
 * need not leave the lane (it is then empty; restart it before use). */
void SHA3_mb_job_discard(SHA3_MB_JOB *job);
/* 1 from submission until the job is done (its callback then runs). */
int SHA3_mb_job_busy(const SHA3_MB_JOB *job);
/* Wipe the job's state (it must not be busy). */
void SHA3_mb_job_cleanse(SHA3_MB_JOB *job);

/* What a call of the kernel costs on this CPU (its call_cost, or
 * SHA3_MB_COST_PERMUTATION when it has none). */
unsigned SHA3_mb_call_cost(const KECCAK1600_MB_KERNEL *kernel);
/* An empty scheduler on the kernel. */
void SHA3_mb_init(SHA3_MB_SCHED *s, const KECCAK1600_MB_KERNEL *kernel);
/*
 * Hand the job to the scheduler: what needs no permutation is done at
 * once; the job is then busy until done.  A job that needs no permutation
 * at all is done here, and its callback runs before this returns.
 */
void SHA3_mb_submit(SHA3_MB_SCHED *s, SHA3_MB_JOB *job);
/*
 * Refill the free lanes, permute (one block, or several when every job in
 * a lane squeezes whole blocks straight into its buffer or absorbs whole
 * blocks straight from its input), and run the callbacks of the jobs that
 * are then done.  0 when there was nothing to do.
 */
int SHA3_mb_step(SHA3_MB_SCHED *s);
/* Run until job is done (NULL: until every job is). */
void SHA3_mb_flush(SHA3_MB_SCHED *s, const SHA3_MB_JOB *job);
/* Wipe the lanes and what the sink received (every job must be done). */
void SHA3_mb_cleanse(SHA3_MB_SCHED *s);

/* The one-state kernel: the portable Keccak-f[1600], in every build. */
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_scalar;
#ifdef KECCAK1600_ASM_X86_64
/* The x86-64 kernels (crypto/sha/x86_64/keccak1600xn.c): 4-way
 * AVX-512VL on ymm, 8-way AVX-512F on zmm, 4-way AVX2 (use each only when
 * its SHA3_*_capable() says so). */
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4;
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x8;
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4_avx2;
#endif
#ifdef KECCAK1600_ASM_AARCH64
/* The aarch64 kernels (crypto/sha/aarch64/keccak1600x2.c): 2-way
 * Advanced SIMD, 2-way with the SHA-3 extension. */
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_neon;
extern const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_sha3;
#endif

#endif /* MLDSA_INTERNAL_SHA3_MB_H */
