/*
 * Pseudorandom sampling of ML-DSA (FIPS 204 section 7.3): ExpandA, ExpandS
 * and ExpandMask as jobs of the multi-buffer SHAKE scheduler
 * (include/internal/sha3_mb.h), written once for every backend; the
 * generic sample ops (the scalar kernel and the scalar coefficient
 * parsers, which the x86-64 and aarch64 ops' vector front ends finish
 * with); and SampleInBall.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3_mb.h"
#include "ml_dsa_local.h"

/* ExpandA seed: rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1). */
#define RHO_BYTES ML_DSA_RHO_BYTES
#define A_SEED_BYTES (RHO_BYTES + 2)
/* RejNTTPoly: 5 SHAKE128 blocks (280 candidates) nearly always suffice. */
#define A_FIRST_BLOCKS 5
/* ExpandS / ExpandMask seeds: 64 bytes || IntegerToBytes(n, 2). */
#define SEED64_BYTES 64
#define NONCE_SEED_BYTES (SEED64_BYTES + 2)
/* SampleInBall: 8 bytes of sign bits, then one byte per candidate index. */
#define BALL_SIGN_BYTES 8

static ML_DSA_REJ_NTT_PARSE_FN rej_ntt_poly_parse;
static ML_DSA_REJ_BOUNDED_PARSE_FN rej_bounded_poly_parse;

/*@ // For make prove (doc/proofs.md): the SHAKE jobs' calls that
    // SampleInBall makes, as contracts of their prototypes
    // (include/internal/sha3_mb.h; the bodies are crypto/sha's).  Admitted:
    // the scheduler writes only itself, the job and, when the job runs,
    // the output bytes its squeeze asked for; the scalar jobs here have
    // no callback.
    requires \valid(job);
    assigns *job;
 */
void SHA3_mb_job_init(SHA3_MB_JOB *job, size_t rate);
/*@ requires \valid(job) && \valid_read(in + (0 .. len - 1));
    assigns *job;
 */
void SHA3_mb_job_absorb(SHA3_MB_JOB *job, const uint8_t *in, size_t len);
/*@ requires \valid(job);
    assigns *job;
 */
void SHA3_mb_job_final(SHA3_MB_JOB *job);
/*@ requires \valid(job) && \valid(out + (0 .. len - 1));
    requires \separated(job, out + (0 .. len - 1));
    assigns *job;
    ensures job->out == out && job->outlen == len;
 */
void SHA3_mb_job_squeeze(SHA3_MB_JOB *job, uint8_t *out, size_t len);
/*@ // (and every kernel has 1 to SHA3_MB_MAX_WAYS ways: util/prove checks
    // the kernels' tables)
    requires \valid(s);
    assigns *s;
    ensures 1 <= s->ways <= SHA3_MB_MAX_WAYS;
 */
void SHA3_mb_init(SHA3_MB_SCHED *s, const KECCAK1600_MB_KERNEL *kernel);
/*@ requires \valid(s) && \valid(job) && \separated(s, job);
    requires \valid(job->out + (0 .. job->outlen - 1));
    assigns *s, *job, job->out[0 .. job->outlen - 1];
    ensures job->out == \old(job->out) && job->outlen == \old(job->outlen);
    ensures s->ways == \old(s->ways);
 */
void SHA3_mb_submit(SHA3_MB_SCHED *s, SHA3_MB_JOB *job);
/*@ requires \valid(s) && \valid_read(job) && \separated(s, job);
    requires \valid(job->out + (0 .. job->outlen - 1));
    assigns *s, *(SHA3_MB_JOB *)job, job->out[0 .. job->outlen - 1];
 */
void SHA3_mb_flush(SHA3_MB_SCHED *s, const SHA3_MB_JOB *job);
/*@ // the job's input is absorbed at once (len < rate), so in is read here
    requires \valid(job) && \valid_read(in + (0 .. len - 1));
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(job, out + (0 .. outlen - 1));
    assigns *job;
    ensures job->out == out && job->outlen == outlen;
 */
void SHA3_mb_job_start(SHA3_MB_JOB *job, size_t rate, const uint8_t *in,
                       size_t len, uint8_t *out, size_t outlen);
/*@ requires \valid(job);
    assigns *job;
 */
void SHA3_mb_job_discard(SHA3_MB_JOB *job);
/*@ requires \valid(job);
    assigns *job;
 */
void SHA3_mb_job_cleanse(SHA3_MB_JOB *job);
/*@ requires \valid(s);
    assigns *s;
    ensures s->ways == \old(s->ways);
 */
void SHA3_mb_cleanse(SHA3_MB_SCHED *s);
/*@ // Admitted as well: a step also runs the callbacks of the jobs it
    // finishes, whose writes (for a sampler's jobs, sample_job_done's:
    // the entries' polynomials, the requests, the sampler's jobs) are left
    // out here, as SHA3_mb_submit's and SHA3_mb_flush's are: the
    // contracts below state nothing about those after a step, but for the
    // jobs' used <= ML_DSA_SAMPLE_BUF_BYTES, which sample_start keeps
    // (used is the largest got, got <= ML_DSA_SAMPLE_BUF_BYTES); nothing
    // sets a scheduler's ways after SHA3_mb_init.
    requires \valid(s);
    assigns *s;
    ensures s->ways == \old(s->ways);
 */
int SHA3_mb_step(SHA3_MB_SCHED *s);

/*@ axiomatic SampleBits {
      // Instances of ACSL's definitions of >> (floor division by 2^n) and
      // of the two's complement & and | (Frama-C's ACSL manual, 2.2.4), for the
      // shifts and masks of the parsers below.  Admitted: WP's solvers
      // have no theory of >>, & or | on unbounded integers.  (The constants
      // are variables n == 4, m == 15 so that WP does not fold them.)
      axiom sample_shr4: \forall integer x, n; n == 4 && x >= 0 ==>
        (x >> n) == x / 16;
      axiom sample_shr10: \forall integer x, n; n == 10 && x >= 0 ==>
        (x >> n) == x / 1024;
      axiom sample_and15: \forall integer x, m; m == 15 && x >= 0 ==>
        0 <= (x & m) <= 15;
      axiom sample_and127: \forall integer x, m; m == 127 && x >= 0 ==>
        0 <= (x & m) <= 127;
      axiom sample_and1: \forall integer x, m; m == 1 && x >= 0 ==>
        0 <= (x & m) <= 1;
      axiom sample_or_nonneg: \forall integer x, y; x >= 0 && y >= 0 ==>
        (x | y) >= 0;
    }
 */

/*
 * RejNTTPoly (FIPS 204 Algorithm 30) body, with CoeffFromThreeBytes
 * (Algorithm 14): parse the 3-byte groups of buf (len a multiple of 3) into
 * coefficients b0 + 2^8 b1 + 2^16 (b2 mod 128), keeping those below q,
 * appending at coeff[ctr] until 256 are there.  Returns the new ctr.
 * Public data (A-hat).
 */
/*@ // len: a SHAKE128 squeeze, at most 5 blocks (the bound keeps pos + 3
    // from wrapping)
    requires ctr <= ML_DSA_N && len % 3 == 0 && len <= 65536;
    requires \valid(coeff + (0 .. ML_DSA_N - 1));
    requires \valid_read(buf + (0 .. len - 1));
    requires \separated(coeff + (0 .. ML_DSA_N - 1), buf + (0 .. len - 1));
    assigns coeff[ctr .. ML_DSA_N - 1];
    ensures ctr <= \result <= ML_DSA_N;
    ensures \forall integer k; ctr <= k < \result ==>
      0 <= coeff[k] < ML_DSA_Q;
 */
static size_t rej_ntt_poly_parse(int32_t *coeff, size_t ctr,
                                 const uint8_t *buf, size_t len)
{
    size_t pos;
    uint32_t v;

    /*@ loop invariant \at(ctr, Pre) <= ctr <= ML_DSA_N;
        loop invariant 0 <= pos <= len && pos % 3 == 0;
        loop invariant \forall integer k; \at(ctr, Pre) <= k < ctr ==>
          0 <= coeff[k] < ML_DSA_Q;
        loop assigns pos, v, ctr, coeff[\at(ctr, Pre) .. ML_DSA_N - 1];
        loop variant len - pos;
     */
    for (pos = 0; ctr < ML_DSA_N && pos + 3 <= len; pos += 3) {
        v = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8)
            | ((uint32_t)(buf[pos + 2] & 0x7f) << 16);
        if (v < ML_DSA_Q) {
            /*@ assert kept: 0 <= (int32_t)v < ML_DSA_Q; */
            coeff[ctr++] = (int32_t)v;
        }
    }
    return ctr;
}

/*
 * RejBoundedPoly (FIPS 204 Algorithm 31) body, with CoeffFromHalfByte
 * (Algorithm 15): both nibbles of each byte of buf, low one first; for
 * eta = 2 a nibble z < 15 gives 2 - (z mod 5), for eta = 4 a nibble z < 9
 * gives 4 - z; appends at coeff[ctr] until 256.  Returns the new ctr.  The
 * rejection itself is FIPS 204's (it depends only on the SHAKE stream);
 * z mod 5 is computed without a division: z - 5 * floor(z * 205 / 1024),
 * exact for 0 <= z < 15.
 */
/*@ requires ctr <= ML_DSA_N && (eta == 2 || eta == 4);
    requires \valid(coeff + (0 .. ML_DSA_N - 1));
    requires \valid_read(buf + (0 .. len - 1));
    requires \separated(coeff + (0 .. ML_DSA_N - 1), buf + (0 .. len - 1));
    assigns coeff[ctr .. ML_DSA_N - 1];
    ensures ctr <= \result <= ML_DSA_N;
    ensures \forall integer k; ctr <= k < \result ==>
      -eta <= coeff[k] <= eta;
 */
static size_t rej_bounded_poly_parse(int32_t *coeff, size_t ctr,
                                     const uint8_t *buf, size_t len, int eta)
{
    uint32_t bound = eta == 2 ? 15 : 9, z0, z1;
    size_t pos, keep[2];

    /* Each candidate is written at coeff[ctr] (ctr < 256) and kept by
     * advancing ctr: no branch on the nibbles, so no mispredictions. */
    /*@ loop invariant \at(ctr, Pre) <= ctr <= ML_DSA_N;
        loop invariant 0 <= pos <= len;
        loop invariant bound == (eta == 2 ? 15 : 9);
        loop invariant \forall integer k; \at(ctr, Pre) <= k < ctr ==>
          -eta <= coeff[k] <= eta;
        loop assigns pos, z0, z1, keep[0 .. 1], ctr,
                     coeff[\at(ctr, Pre) .. ML_DSA_N - 1];
        loop variant len - pos;
     */
    for (pos = 0; ctr < ML_DSA_N && pos < len; pos++) {
        z0 = buf[pos] & 0x0f;
        z1 = buf[pos] >> 4;
        /*@ assert nibbles: z0 < 16 && z1 < 16; */
        /*@ assert z0_cases: z0 == 0 || z0 == 1 || z0 == 2 || z0 == 3 ||
              z0 == 4 || z0 == 5 || z0 == 6 || z0 == 7 || z0 == 8 ||
              z0 == 9 || z0 == 10 || z0 == 11 || z0 == 12 || z0 == 13 ||
              z0 == 14 || z0 == 15; */
        /*@ assert z1_cases: z1 == 0 || z1 == 1 || z1 == 2 || z1 == 3 ||
              z1 == 4 || z1 == 5 || z1 == 6 || z1 == 7 || z1 == 8 ||
              z1 == 9 || z1 == 10 || z1 == 11 || z1 == 12 || z1 == 13 ||
              z1 == 14 || z1 == 15; */
        keep[0] = z0 < bound;
        keep[1] = z1 < bound;
        /* public: which nibbles RejBoundedPoly rejects (so ctr) depends
         * only on discarded output; the kept ones stay uniform */
        ML_DSA_CT_DECLASSIFY(keep, sizeof(keep));
        /*@ assert mod5_z0: 5 * ((z0 * 205) >> 10) <= z0 &&
              z0 - 5 * ((z0 * 205) >> 10) <= 4; */
        coeff[ctr] = eta == 2 ? 2 - (int32_t)(z0 - 5 * ((z0 * 205) >> 10))
                              : 4 - (int32_t)z0;
        ctr += keep[0];
        if (ctr == ML_DSA_N)
            break;
        /*@ assert mod5_z1: 5 * ((z1 * 205) >> 10) <= z1 &&
              z1 - 5 * ((z1 * 205) >> 10) <= 4; */
        coeff[ctr] = eta == 2 ? 2 - (int32_t)(z1 - 5 * ((z1 * 205) >> 10))
                              : 4 - (int32_t)z1;
        ctr += keep[1];
    }
    return ctr;
}

/* IntegerToBytes(x, 2) (FIPS 204 Algorithm 11). */
/*@ requires \valid(out + (0 .. 1));
    assigns out[0 .. 1];
 */
static void put_u16(uint8_t *out, uint16_t x)
{
    out[0] = (uint8_t)x;
    out[1] = (uint8_t)(x >> 8);
}

const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_generic = {
    "generic",
    &SHA3_mb_kernel_scalar,
    rej_ntt_poly_parse,
    rej_bounded_poly_parse,
    ossl_ml_dsa_poly_unpack_z_generic,
};

/*
 * The first squeeze of an entry, in bytes: whole blocks, so that the
 * kernel writes them straight into the job's buffer.
 *
 * RejNTTPoly reads 3 bytes per candidate and keeps those below q
 * (probability q / 2^23 > 0.999): 256 coefficients need at least 768
 * bytes, so A_FIRST_BLOCKS = 5 SHAKE128 blocks (840 bytes, 280 candidates)
 * fall short only when 25 of them are rejected (probability 1.4e-40, so
 * no test reaches the top-up, one block at a time; ExpandS's, written the
 * same way, is tested).  168 is a multiple of 3: no candidate straddles
 * two squeezes.
 *
 * RejBoundedPoly reads two candidates per byte and keeps those below 15
 * (eta 2) or 9 (eta 4): on average 137 or 228 bytes per polynomial.  Two
 * SHAKE256 blocks (544 candidates) fall short with probability 7e-6 for
 * eta 4 and never in practice for eta 2; one block would, for eta 2, 54%
 * of the time.  With one lane (the scalar kernel) a second block costs a
 * permutation of its own, so the first squeeze is one block there; with
 * several lanes it is two, so that the lanes of a batch stay in step.
 *
 * ExpandMask takes 32 * (1 + bitlen(gamma1 - 1)) bytes per polynomial:
 * 576 (gamma1 = 2^17) or 640 (2^19); 5 SHAKE256 blocks are 680.
 */
#define S_FIRST_BLOCKS_XN 2
#define MASK_BLOCKS 5

/* Bytes the entry's first squeeze takes. */
/*@ requires \valid_read(smp);
    assigns \nothing;
    ensures 0 < \result <= ML_DSA_SAMPLE_BUF_BYTES;
    ensures kind == ML_DSA_SAMPLE_A ==>
      \result == A_FIRST_BLOCKS * SHAKE128_RATE;
    ensures kind != ML_DSA_SAMPLE_A && kind != ML_DSA_SAMPLE_S ==>
      \result == MASK_BLOCKS * SHAKE256_RATE;
 */
static size_t first_squeeze(const ML_DSA_SAMPLER *smp, int kind)
{
    switch (kind) {
    case ML_DSA_SAMPLE_A:
        return A_FIRST_BLOCKS * SHAKE128_RATE;
    case ML_DSA_SAMPLE_S:
        return (smp->sched.ways > 1 ? S_FIRST_BLOCKS_XN : 1) * SHAKE256_RATE;
    default:
        return MASK_BLOCKS * SHAKE256_RATE;
    }
}

/*@ // the lanes, each job's buffer, and the queue's tail (NULL, or the
    // last request queued, which its owner keeps until it is done)
    predicate sampler_ok(ML_DSA_SAMPLER *smp) =
      \valid(smp) && 1 <= smp->sched.ways <= SHA3_MB_MAX_WAYS &&
      (smp->tail == \null || \valid(smp->tail)) &&
      \forall integer i; 0 <= i < smp->sched.ways ==>
        smp->jobs[i].used <= ML_DSA_SAMPLE_BUF_BYTES;
 */

/*@ // a request with an entry to start
    predicate req_ok(ML_DSA_SAMPLE_REQ *r) =
      \valid(r) && r->started < r->count &&
      (r->kind == ML_DSA_SAMPLE_A || r->kind == ML_DSA_SAMPLE_S ||
       r->kind == ML_DSA_SAMPLE_MASK) &&
      (r->kind == ML_DSA_SAMPLE_A ==> r->l >= 1) &&
      \valid(r->polys + (0 .. r->count - 1));
 */

/*
 * Start entry i of request req on sample job sj: the SHAKE instance of the
 * entry's seed (FIPS 204 Algorithms 32 - 34: rho || s || r for ExpandA,
 * rho' or rho'' || IntegerToBytes(n, 2) for ExpandS and ExpandMask), its
 * first squeeze into sj->buf.
 */
/*@ requires sampler_ok(smp);
    requires \exists integer j; 0 <= j < smp->sched.ways &&
             sj == &smp->jobs[j];
    // (what the above implies, for the provers: no job's used is in sj's
    // job or buffer)
    requires \forall integer k; 0 <= k < SHA3_MB_MAX_WAYS ==>
             \separated(&smp->jobs[k].used, &sj->job,
                        sj->buf + (0 .. ML_DSA_SAMPLE_BUF_BYTES - 1));
    requires \valid(req) && \separated(req, smp) && i < req->count;
    requires req->kind == ML_DSA_SAMPLE_A ==> req->l >= 1;
    requires \valid(req->polys + (0 .. req->count - 1));
    assigns *sj, smp->sched, req->seed[RHO_BYTES .. NONCE_SEED_BYTES - 1];
    ensures smp->sched.ways == \old(smp->sched.ways);
    ensures \forall integer k; 0 <= k < smp->sched.ways ==>
      smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES;
    // the job as its callback takes it (sample_job_done's job_busy): the
    // entry's polynomial, no coefficient yet, the squeeze's bytes
    ensures sj->req == \old(sj->req);
    ensures sj->poly == &req->polys[i] && sj->ctr == 0;
    ensures 0 < sj->got <= ML_DSA_SAMPLE_BUF_BYTES;
    ensures req->kind == ML_DSA_SAMPLE_A ==>
      sj->got == A_FIRST_BLOCKS * SHAKE128_RATE;
    ensures req->kind != ML_DSA_SAMPLE_A && req->kind != ML_DSA_SAMPLE_S ==>
      sj->got == MASK_BLOCKS * SHAKE256_RATE;
 */
static void start_entry(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_JOB *sj,
                        ML_DSA_SAMPLE_REQ *req, size_t i)
{
    size_t n = req->first + i;

    sj->poly = &req->polys[i];
    sj->ctr = 0;
    sj->got = first_squeeze(smp, req->kind);
    if (sj->used < sj->got)
        sj->used = sj->got;
    /*@ assert used: \forall integer k; 0 <= k < smp->sched.ways ==>
          smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES; */
    /* the seed is absorbed at once: the request's copy serves every entry */
    if (req->kind == ML_DSA_SAMPLE_A) {
        req->seed[RHO_BYTES] = (uint8_t)(n % req->l);      /* s */
        req->seed[RHO_BYTES + 1] = (uint8_t)(n / req->l);  /* r */
        SHA3_mb_job_start(&sj->job, SHAKE128_RATE, req->seed, A_SEED_BYTES,
                          sj->buf, sj->got);
        /*@ assert used_a: \forall integer k; 0 <= k < smp->sched.ways ==>
          smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES; */
    } else {
        put_u16(req->seed + SEED64_BYTES, (uint16_t)n);
        SHA3_mb_job_start(&sj->job, SHAKE256_RATE, req->seed,
                          NONCE_SEED_BYTES, sj->buf, sj->got);
        /*@ assert used_sm: \forall integer k; 0 <= k < smp->sched.ways ==>
          smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES; */
    }
    /*@ assert out: sj->job.out == sj->buf &&
          sj->job.outlen <= ML_DSA_SAMPLE_BUF_BYTES; */
    /*@ assert out_apart: \forall integer k; 0 <= k < SHA3_MB_MAX_WAYS ==>
          \separated(&smp->jobs[k].used,
                     sj->job.out + (0 .. sj->job.outlen - 1)); */
    SHA3_mb_submit(&smp->sched, &sj->job);
    /*@ assert used_end: \forall integer k; 0 <= k < smp->sched.ways ==>
      smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES; */
}

/*
 * Start the next entry of the oldest request on sample job sj (in its
 * lane, when called from its callback), or leave it idle when no request
 * has one.
 */
/*@ requires sampler_ok(smp);
    requires \exists integer j; 0 <= j < smp->sched.ways &&
             sj == &smp->jobs[j];
    // (what the above implies, for the provers: no job's used is in sj's
    // job or buffer)
    requires \forall integer k; 0 <= k < SHA3_MB_MAX_WAYS ==>
             \separated(&smp->jobs[k].used, &sj->job,
                        sj->buf + (0 .. ML_DSA_SAMPLE_BUF_BYTES - 1));
    requires smp->head == \null ||
             (req_ok(smp->head) && \separated(smp->head, smp));
    assigns *sj, smp->head, smp->tail, smp->sched, smp->head->started,
            smp->head->seed[0 .. NONCE_SEED_BYTES - 1];
    ensures \valid(smp) && 1 <= smp->sched.ways <= SHA3_MB_MAX_WAYS;
    ensures smp->sched.ways == \old(smp->sched.ways);
    ensures smp->tail == \null || smp->tail == \old(smp->tail);
    // the head request keeps an entry to start, or the next one is the head
    ensures smp->head == \null ||
            (smp->head == \old(smp->head) && req_ok(smp->head)) ||
            smp->head == \old(smp->head->next);
    ensures \forall integer i; 0 <= i < smp->sched.ways ==>
      smp->jobs[i].used <= ML_DSA_SAMPLE_BUF_BYTES;
    // the job's entry, as its callback takes it (sample_job_done's
    // job_busy): the head's, no coefficient yet, the squeeze's bytes
    ensures sj->req == \old(smp->head);
    ensures sj->req != \null ==> sj->ctr == 0 &&
      0 < sj->got <= ML_DSA_SAMPLE_BUF_BYTES &&
      (sj->req->kind == ML_DSA_SAMPLE_A ==>
         sj->got == A_FIRST_BLOCKS * SHAKE128_RATE) &&
      (sj->req->kind != ML_DSA_SAMPLE_A && sj->req->kind != ML_DSA_SAMPLE_S ==>
         sj->got == MASK_BLOCKS * SHAKE256_RATE);
 */
static void sample_start(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_JOB *sj)
{
    ML_DSA_SAMPLE_REQ *req = smp->head;

    sj->req = req;
    if (req == NULL) {
        SHA3_mb_job_discard(&sj->job);
        /*@ assert used_idle: \forall integer k; 0 <= k < smp->sched.ways ==>
          smp->jobs[k].used <= ML_DSA_SAMPLE_BUF_BYTES; */
        return;
    }
    req->started++;
    if (req->started == req->count) {
        smp->head = req->next;
        if (smp->head == NULL)
            smp->tail = NULL;
    }
    start_entry(smp, sj, req, req->started - 1);
}

/*@ // the queue's head: NULL, or a request with an entry to start
    predicate queue_ok(ML_DSA_SAMPLER *smp) =
      smp->head == \null ||
      (req_ok(smp->head) && \separated(smp->head, smp));
 */

/*@ // For make prove (doc/proofs.md): the sampler's calls out, in
    // ml_dsa_sample_calls.c, whose targets are behind function pointers
    // and static in other files.  Admitted: ossl_ml_dsa_sample_parse is
    // the op of its kind of ops, with the ranges ml_dsa_backend.h states
    // for it (the generic ops' own contracts, proved in this file and in
    // ml_dsa_encoders.c; the vector ones checked at run time by make
    // CONTRACTS=1, ml_dsa_contracts.c, and compared byte for byte with the
    // generic ones by the tests).
    requires \valid_read(ops) && ctr <= ML_DSA_N && \valid(poly);
    requires \valid_read(buf + (0 .. len - 1));
    requires \separated(poly, buf + (0 .. len - 1));
    requires kind == ML_DSA_SAMPLE_A ==> len % 3 == 0 && len <= 65536;
    requires kind == ML_DSA_SAMPLE_S ==> param == 2 || param == 4;
    requires kind != ML_DSA_SAMPLE_A && kind != ML_DSA_SAMPLE_S ==>
             (param == 17 || param == 19) && len >= 32 * (param + 1);
    assigns poly->coeff[0 .. ML_DSA_N - 1];
    ensures ctr <= \result <= ML_DSA_N;
    ensures kind == ML_DSA_SAMPLE_A ==> \forall integer k;
      ctr <= k < \result ==> 0 <= poly->coeff[k] < ML_DSA_Q;
    ensures kind == ML_DSA_SAMPLE_S ==> \forall integer k;
      ctr <= k < \result ==> -param <= poly->coeff[k] <= param;
    ensures kind != ML_DSA_SAMPLE_A && kind != ML_DSA_SAMPLE_S ==>
      \result == ML_DSA_N && \forall integer k; 0 <= k < ML_DSA_N ==>
        -(param == 17 ? 131072 : 524288) < poly->coeff[k] <=
        (param == 17 ? 131072 : 524288);
 */
size_t ossl_ml_dsa_sample_parse(const OSSL_ML_DSA_SAMPLE_OPS *ops, int kind,
                                ML_DSA_POLY *poly, size_t ctr,
                                const uint8_t *buf, size_t len, int param);
/*@ // Admitted as well: the owner's done (ml_dsa_key.c's, for the rows of
    // A-hat and ExpandS in key generation) writes its own state and
    // submits jobs to the sampler's scheduler, whose callbacks may queue
    // requests (ossl_ml_dsa_sample_A, _S, _mask, which keep sampler_ok
    // and a head with an entry to start); it writes anything, so no
    // assigns clause, but leaves the sampler as it needs.
    requires sampler_ok(smp) && \valid(req);
    ensures sampler_ok(smp) && smp->sched.ways == \old(smp->sched.ways);
    ensures queue_ok(smp);
 */
void ossl_ml_dsa_sample_req_finished(ML_DSA_SAMPLER *smp,
                                     ML_DSA_SAMPLE_REQ *req);

/*@ // a busy job of the sampler, as start_entry or its callback left it:
    // the entry's request and polynomial, the coefficients so far, the
    // bytes of the squeeze in its buffer (for ExpandA a multiple of 3, for
    // ExpandMask the whole polynomial), and the queue
    predicate job_busy(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_JOB *sj) =
      sampler_ok(smp) && \valid_read(smp->ops) &&
      (\exists integer j; 0 <= j < smp->sched.ways && sj == &smp->jobs[j]) &&
      (\forall integer k; 0 <= k < SHA3_MB_MAX_WAYS ==>
         \separated(&smp->jobs[k].used, &sj->job,
                    sj->buf + (0 .. ML_DSA_SAMPLE_BUF_BYTES - 1))) &&
      sj->smp == smp && \valid(sj->req) && \separated(sj->req, smp) &&
      \valid(sj->poly) && \separated(sj->poly, smp, sj->req) &&
      (smp->head == \null || (\separated(sj->poly, smp->head) &&
         (smp->head == sj->req || \separated(smp->head, sj->req)))) &&
      sj->ctr <= ML_DSA_N && 0 < sj->got <= ML_DSA_SAMPLE_BUF_BYTES &&
      (sj->req->kind == ML_DSA_SAMPLE_A ==> sj->got % 3 == 0) &&
      (sj->req->kind == ML_DSA_SAMPLE_S ==>
         sj->req->param == 2 || sj->req->param == 4) &&
      (sj->req->kind != ML_DSA_SAMPLE_A && sj->req->kind != ML_DSA_SAMPLE_S ==>
         (sj->req->param == 17 || sj->req->param == 19) &&
         sj->got >= 32 * (sj->req->param + 1)) &&
      queue_ok(smp);
 */

/*
 * A sample job's squeeze is done: parse it into the entry's polynomial
 * (FIPS 204 Algorithms 30, 31, or 34's BitUnpack); squeeze one more block
 * when the rejection sampling needs it, else the entry is finished and the
 * job starts the next one.
 */
/*@ // Admitted: the scheduler (crypto/sha) calls it for a job of the
    // sampler, busy, whose squeeze is done (job_busy: what sample_start's
    // contract ensures of the job, or this callback's top-up; the queue as
    // sample_queue and sample_start keep it; the owners' requests and
    // polynomials apart, their eta and gamma1 bits valid: doc/proofs.md);
    // it writes anything the owner's done writes.
    requires \valid(job) && job_busy(((ML_DSA_SAMPLE_JOB *)job->arg)->smp,
                                     (ML_DSA_SAMPLE_JOB *)job->arg);
    requires job == &((ML_DSA_SAMPLE_JOB *)job->arg)->job;
 */
static void sample_job_done(SHA3_MB_JOB *job)
{
    ML_DSA_SAMPLE_JOB *sj = job->arg;
    ML_DSA_SAMPLER *smp = sj->smp;
    ML_DSA_SAMPLE_REQ *req = sj->req;

    sj->ctr = ossl_ml_dsa_sample_parse(smp->ops, req->kind, sj->poly, sj->ctr,
                                       sj->buf, sj->got, req->param);
    /*@ assert parsed: queue_ok(smp); */
    if (sj->ctr < ML_DSA_N) {
        /* one more block: SHAKE128's for ExpandA, else SHAKE256's */
        sj->got = req->kind == ML_DSA_SAMPLE_A ? SHAKE128_RATE : SHAKE256_RATE;
        SHA3_mb_job_squeeze(job, sj->buf, sj->got);
        SHA3_mb_submit(&smp->sched, job);
        return;
    }
    if (--req->pending == 0) {
        ossl_cleanse(req->seed, sizeof(req->seed));
        ossl_ml_dsa_sample_req_finished(smp, req);
    }
    /*@ assert next: queue_ok(smp); */
    sample_start(smp, sj);
}

/*@ requires \valid(smp) && \valid_read(ops);
    assigns *smp;
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sampler_init(ML_DSA_SAMPLER *smp,
                              const OSSL_ML_DSA_SAMPLE_OPS *ops)
{
    size_t i;

    SHA3_mb_init(&smp->sched, ops->kernel);
    smp->ops = ops;
    smp->head = smp->tail = NULL;
    /*@ loop invariant 0 <= i <= smp->sched.ways;
        loop invariant 1 <= smp->sched.ways <= SHA3_MB_MAX_WAYS;
        loop invariant \forall integer k; 0 <= k < i ==>
          smp->jobs[k].used == 0;
        loop assigns i, smp->jobs[0 .. SHA3_MB_MAX_WAYS - 1];
        loop variant smp->sched.ways - i;
     */
    for (i = 0; i < smp->sched.ways; i++) {
        SHA3_mb_job_init(&smp->jobs[i].job, SHAKE128_RATE);
        smp->jobs[i].job.done = sample_job_done;
        smp->jobs[i].job.arg = &smp->jobs[i];
        smp->jobs[i].smp = smp;
        smp->jobs[i].req = NULL;
        smp->jobs[i].used = 0;
    }
}

/*@ requires sampler_ok(smp);
    assigns *smp;
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sampler_cleanse(ML_DSA_SAMPLER *smp)
{
    size_t i;

    SHA3_mb_cleanse(&smp->sched);
    /*@ loop invariant 0 <= i <= smp->sched.ways;
        loop invariant sampler_ok(smp);
        loop assigns i, smp->jobs[0 .. SHA3_MB_MAX_WAYS - 1];
        loop variant smp->sched.ways - i;
     */
    for (i = 0; i < smp->sched.ways; i++) {
        SHA3_mb_job_cleanse(&smp->jobs[i].job);
        ossl_cleanse(smp->jobs[i].buf, smp->jobs[i].used);
    }
}

/*
 * The request's copy of its seed (rho, rho' or rho''), len bytes.  (A
 * function of its own for make prove: the memcpy's void * casts stay out
 * of sample_queue's goals; compilers inline it, the object code is the
 * same.)
 */
/*@ requires \valid(req) && (len == RHO_BYTES || len == SEED64_BYTES);
    requires \valid_read(seed + (0 .. len - 1));
    requires \separated(req, seed + (0 .. len - 1));
    assigns req->seed[0 .. len - 1];
 */
static void copy_seed(ML_DSA_SAMPLE_REQ *req, const uint8_t *seed, size_t len)
{
    memcpy(req->seed, seed, len);
}

/*
 * Queue a request of count entries; idle jobs start on it at once.  Jobs
 * are idle only while the queue is empty: a job finishing an entry starts
 * the queue's next one, so none is left idle behind a queued request.
 */
/*@ requires sampler_ok(smp) && \valid(req) && \separated(req, smp);
    requires kind == ML_DSA_SAMPLE_A || kind == ML_DSA_SAMPLE_S ||
             kind == ML_DSA_SAMPLE_MASK;
    requires kind == ML_DSA_SAMPLE_A ==> l >= 1;
    requires \valid_read(seed + (0 .. (kind == ML_DSA_SAMPLE_A ?
                                       RHO_BYTES : SEED64_BYTES) - 1));
    requires \separated(req, seed + (0 .. (kind == ML_DSA_SAMPLE_A ?
                                           RHO_BYTES : SEED64_BYTES) - 1));
    requires \valid(polys + (0 .. count - 1));
    requires \separated(req, polys + (0 .. count - 1));
    ensures sampler_ok(smp);
 */
static void sample_queue(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req, int kind,
                         const uint8_t *seed, ML_DSA_POLY *polys, size_t first,
                         size_t count, size_t l, int param)
{
    size_t i;

    req->next = NULL;
    req->kind = kind;
    copy_seed(req, seed, kind == ML_DSA_SAMPLE_A ? RHO_BYTES : SEED64_BYTES);
    req->polys = polys;
    req->first = first;
    req->count = req->pending = count;
    req->started = 0;
    req->l = l;
    req->param = param;
    req->done = NULL;
    req->arg = NULL;
    /*@ assert written: sampler_ok(smp); */
    if (count == 0)
        return;
    if (smp->tail != NULL) {
        /* no job is idle: the queue had a request */
        smp->tail->next = req;
        smp->tail = req;
        /*@ assert appended: sampler_ok(smp); */
        return;
    }
    smp->head = smp->tail = req;
    /*@ loop invariant 0 <= i <= smp->sched.ways;
        loop invariant sampler_ok(smp);
        loop invariant smp->tail == \null || smp->tail == req;
        loop invariant req->next == \null;
        loop invariant smp->head == \null ||
          (smp->head == req && req_ok(req));
        loop assigns i, smp->head, smp->tail, smp->sched,
                     smp->jobs[0 .. SHA3_MB_MAX_WAYS - 1], req->started,
                     req->seed[0 .. NONCE_SEED_BYTES - 1];
        loop variant SHA3_MB_MAX_WAYS - i;
     */
    for (i = 0; i < smp->sched.ways && smp->head != NULL; i++)
        if (smp->jobs[i].req == NULL)
            sample_start(smp, &smp->jobs[i]);
}

/*@ requires sampler_ok(smp) && \valid(req) && \separated(req, smp);
    requires l >= 1 && \valid_read(rho + (0 .. 31));
    requires \separated(req, rho + (0 .. 31));
    requires \valid(a_hat + (first .. first + count - 1));
    requires \separated(req, a_hat + (first .. first + count - 1));
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sample_A(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                          ML_DSA_POLY *a_hat, const uint8_t rho[32], size_t l,
                          size_t first, size_t count)
{
    sample_queue(smp, req, ML_DSA_SAMPLE_A, rho, a_hat + first, first, count,
                 l, 0);
}

/*@ requires sampler_ok(smp) && \valid(req) && \separated(req, smp);
    requires \valid_read(rho_prime + (0 .. 63));
    requires \separated(req, rho_prime + (0 .. 63));
    requires \valid(s + (0 .. count - 1));
    requires \separated(req, s + (0 .. count - 1));
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sample_S(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                          ML_DSA_POLY *s, const uint8_t rho_prime[64],
                          size_t count, int eta)
{
    sample_queue(smp, req, ML_DSA_SAMPLE_S, rho_prime, s, 0, count, 0, eta);
}

/*@ requires sampler_ok(smp) && \valid(req) && \separated(req, smp);
    requires \valid_read(rho_pp + (0 .. 63));
    requires \separated(req, rho_pp + (0 .. 63));
    requires \valid(y + (0 .. count - 1));
    requires \separated(req, y + (0 .. count - 1));
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sample_mask(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                             ML_DSA_POLY *y, const uint8_t rho_pp[64],
                             uint16_t kappa, size_t count, int gamma1_bits)
{
    sample_queue(smp, req, ML_DSA_SAMPLE_MASK, rho_pp, y, kappa, count, 0,
                 gamma1_bits);
}

/*@ requires lanes >= 1;
    assigns \nothing;
 */
size_t ossl_ml_dsa_sample_A_blocks(size_t entries, size_t lanes)
{
    return (entries + lanes - 1) / lanes * A_FIRST_BLOCKS;
}

/*@ // (the callbacks of the steps write anything: no assigns clause)
    requires sampler_ok(smp) && \valid_read(req);
    ensures sampler_ok(smp);
 */
void ossl_ml_dsa_sample_wait(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req)
{
    /*@ loop invariant smp == \at(smp, Pre) && req == \at(req, Pre);
        loop invariant sampler_ok(smp) && \valid_read(req);
     */
    while (req->pending > 0 && SHA3_mb_step(&smp->sched))
        continue;
}

/*
 * ExpandA (FIPS 204 Algorithm 32): a_hat[r * l + s] = RejNTTPoly(rho || s
 * || r), coefficients in [0, q), k * l entries on ops' kernel.
 */
/*@ requires \valid_read(ops) && l >= 1 && \valid_read(rho + (0 .. 31));
    requires \valid(a_hat + (0 .. k * l - 1));
 */
void ossl_ml_dsa_expand_A(const OSSL_ML_DSA_SAMPLE_OPS *ops,
                          ML_DSA_POLY *a_hat, const uint8_t rho[32], size_t k,
                          size_t l)
{
    ML_DSA_SAMPLER smp;
    ML_DSA_SAMPLE_REQ req;

    ossl_ml_dsa_sampler_init(&smp, ops);
    ossl_ml_dsa_sample_A(&smp, &req, a_hat, rho, l, 0, k * l);
    ossl_ml_dsa_sample_wait(&smp, &req);
}

/*
 * ExpandS (FIPS 204 Algorithm 33): s1 then s2 as one list of l + k,
 * coefficients in [-eta, eta]; 0 for an eta other than 2 or 4.  Secret:
 * the sampler is wiped.
 */
/*@ requires \valid_read(ops) && \valid_read(rho_prime + (0 .. 63));
    requires \valid(s + (0 .. l + k - 1));
    ensures \result == (eta == 2 || eta == 4);
 */
int ossl_ml_dsa_expand_S(const OSSL_ML_DSA_SAMPLE_OPS *ops, ML_DSA_POLY *s,
                         const uint8_t rho_prime[64], size_t l, size_t k,
                         int eta)
{
    ML_DSA_SAMPLER smp;
    ML_DSA_SAMPLE_REQ req;

    if (eta != 2 && eta != 4)
        return 0;
    ossl_ml_dsa_sampler_init(&smp, ops);
    ossl_ml_dsa_sample_S(&smp, &req, s, rho_prime, l + k, eta);
    ossl_ml_dsa_sample_wait(&smp, &req);
    ossl_ml_dsa_sampler_cleanse(&smp);
    return 1;
}

/*
 * ExpandMask (FIPS 204 Algorithm 34): l polynomials from kappa, in
 * [-gamma1 + 1, gamma1]; 0 for gamma1 bits other than 17 or 19.  Secret:
 * the sampler is wiped.
 */
/*@ requires \valid_read(ops) && \valid_read(rho_pp + (0 .. 63));
    requires \valid(y + (0 .. l - 1));
    ensures \result == (gamma1_bits == 17 || gamma1_bits == 19);
 */
int ossl_ml_dsa_expand_mask(const OSSL_ML_DSA_SAMPLE_OPS *ops, ML_DSA_POLY *y,
                            const uint8_t rho_pp[64], uint16_t kappa,
                            size_t l, int gamma1_bits)
{
    ML_DSA_SAMPLER smp;
    ML_DSA_SAMPLE_REQ req;

    if (gamma1_bits != 17 && gamma1_bits != 19)
        return 0;
    ossl_ml_dsa_sampler_init(&smp, ops);
    ossl_ml_dsa_sample_mask(&smp, &req, y, rho_pp, kappa, l, gamma1_bits);
    ossl_ml_dsa_sample_wait(&smp, &req);
    ossl_ml_dsa_sampler_cleanse(&smp);
    return 1;
}

/*
 * SampleInBall (FIPS 204 Algorithm 29): c with tau coefficients +-one and
 * the rest 0, from SHAKE256(ctilde), whose first block job (a SHAKE256 job of
 * sched) has written to block: the first 8 bytes give the signs, then a
 * Fisher-Yates shuffle with rejected indices j > i, the job squeezing the
 * next block into block when one is used up.  c is derived from ctilde,
 * which the signature makes public; the loop is FIPS 204's.
 */
/*@ requires 0 <= tau <= ML_DSA_N && one > -2147483647 - 1;
    requires \valid(c) && \valid(sched) && \valid(job);
    requires \valid(block + (0 .. SHAKE256_RATE - 1));
    requires \separated(c, sched, job, block + (0 .. SHAKE256_RATE - 1));
    assigns *c, *sched, *job, block[0 .. SHAKE256_RATE - 1];
 */
void ossl_ml_dsa_sample_in_ball_job(ML_DSA_POLY *c, SHA3_MB_SCHED *sched,
                                    SHA3_MB_JOB *job, uint8_t *block, int tau,
                                    int32_t one)
{
    uint64_t signs = 0;
    size_t i, j, pos;

    /*@ loop invariant 0 <= i <= BALL_SIGN_BYTES;
        loop assigns i, signs;
        loop variant BALL_SIGN_BYTES - i;
     */
    for (i = 0; i < BALL_SIGN_BYTES; i++)
        signs |= (uint64_t)block[i] << (8 * i);
    pos = BALL_SIGN_BYTES;
    /* c = 0 (a loop rather than memset, whose void * WP's typed model
     * does not follow; compilers emit the same store or memset call) */
    /*@ loop invariant 0 <= i <= ML_DSA_N;
        loop assigns i, c->coeff[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
     */
    for (i = 0; i < ML_DSA_N; i++)
        c->coeff[i] = 0;
    /*@ loop invariant ML_DSA_N - tau <= i <= ML_DSA_N;
        loop invariant 0 <= pos <= SHAKE256_RATE;
        loop assigns i, j, pos, signs, c->coeff[0 .. ML_DSA_N - 1], *sched,
                     *job, block[0 .. SHAKE256_RATE - 1];
        loop variant ML_DSA_N - i;
     */
    for (i = ML_DSA_N - (size_t)tau; i < ML_DSA_N; i++) {
        /*@ loop invariant 0 <= pos <= SHAKE256_RATE;
            loop assigns j, pos, *sched, *job, block[0 .. SHAKE256_RATE - 1];
         */
        do {
            if (pos == SHAKE256_RATE) {
                SHA3_mb_job_squeeze(job, block, SHAKE256_RATE);
                SHA3_mb_submit(sched, job);
                SHA3_mb_flush(sched, job);
                pos = 0;
            }
            j = block[pos++];
        } while (j > i);
        c->coeff[i] = c->coeff[j];
        /*@ assert sign: (signs & 1) <= 1; */
        /*@ assert sign_pm: 1 - 2 * (int32_t)(signs & 1) == 1 ||
                            1 - 2 * (int32_t)(signs & 1) == -1; */
        c->coeff[j] = (1 - 2 * (int32_t)(signs & 1)) * one;
        signs >>= 1;
    }
}

/* SampleInBall of ctilde (FIPS 204 Algorithm 29), with the scalar Keccak. */
/*@ requires 0 <= tau <= ML_DSA_N && \valid(c);
    requires \valid_read(ctilde + (0 .. ctilde_len - 1));
    assigns *c;
 */
void ossl_ml_dsa_poly_sample_in_ball(ML_DSA_POLY *c, const uint8_t *ctilde,
                                     size_t ctilde_len, int tau)
{
    uint8_t block[SHAKE256_RATE];
    SHA3_MB_SCHED sched;
    SHA3_MB_JOB job;

    SHA3_mb_init(&sched, &SHA3_mb_kernel_scalar);
    SHA3_mb_job_init(&job, SHAKE256_RATE);
    SHA3_mb_job_absorb(&job, ctilde, ctilde_len);
    SHA3_mb_job_final(&job);
    SHA3_mb_job_squeeze(&job, block, sizeof(block));
    SHA3_mb_submit(&sched, &job);
    SHA3_mb_flush(&sched, &job);
    ossl_ml_dsa_sample_in_ball_job(c, &sched, &job, block, tau, 1);
}

/* The x86-64 multi-buffer ops, in builds with the assembly kernel. */
#ifdef KECCAK1600_ASM_X86_64
# include "x86_64/ml_dsa_sample_x86_64.inc"
#endif
/* The aarch64 ops, in builds with the assembly kernels. */
#ifdef KECCAK1600_ASM_AARCH64
# include "aarch64/ml_dsa_sample_aarch64.inc"
#endif
