/*
 * Internal declarations of the ML-DSA core (FIPS 204).
 */
#ifndef MLDSA_ML_DSA_LOCAL_H
#define MLDSA_ML_DSA_LOCAL_H

#include <stddef.h>
#include <stdint.h>
#include "mldsa.h"

#define ML_DSA_N 256                 /* coefficients per polynomial */
#define ML_DSA_Q 8380417             /* 2^23 - 2^13 + 1 */

/*
 * A polynomial of R_q or of T_q: 256 coefficients, 64-byte aligned: the
 * zmm ops load 16 coefficients at a time, and a load that splits a cache
 * line costs about twice as much (the dot product of 5: 190 cycles
 * unaligned, 92 aligned).
 */
#define ML_DSA_POLY_ALIGN 64
typedef struct ml_dsa_poly_st {
    _Alignas(ML_DSA_POLY_ALIGN) int32_t coeff[ML_DSA_N];
} ML_DSA_POLY;

/* ------------------------------------------------------------------------
 * Parameter sets (FIPS 204 section 4, Table 1) and sizes (Table 2).
 * ------------------------------------------------------------------------ */
#define ML_DSA_D 13                  /* dropped bits of t (Power2Round) */
#define ML_DSA_K_MAX 8
#define ML_DSA_L_MAX 7
#define ML_DSA_RHO_BYTES 32          /* rho: public seed of A */
#define ML_DSA_RHO_PRIME_BYTES 64    /* rho': seed of s1, s2 */
#define ML_DSA_K_BYTES 32            /* K: signing seed */
#define ML_DSA_TR_BYTES 64           /* tr = H(pk, 64) */
#define ML_DSA_MU_BYTES 64
#define ML_DSA_RND_BYTES 32
#define ML_DSA_SEED_BYTES 32         /* xi */
#define ML_DSA_CTILDE_MAX_BYTES 64   /* lambda / 4 for ML-DSA-87 */
#define ML_DSA_T1_BITS 10            /* bitlen(q - 1) - d */
#define ML_DSA_T0_BITS ML_DSA_D
#define ML_DSA_T0_MAX (1 << (ML_DSA_D - 1))  /* t0 in [-2^12 + 1, 2^12] */
#define ML_DSA_GAMMA2_88 ((ML_DSA_Q - 1) / 88)  /* ML-DSA-44 */
#define ML_DSA_GAMMA2_32 ((ML_DSA_Q - 1) / 32)  /* ML-DSA-65, -87 */
/* Bytes of one packed polynomial of b-bit coefficients: 256 * b / 8. */
#define ML_DSA_POLY_BYTES(bits) (32 * (bits))

typedef struct ml_dsa_params_st {
    mldsa_param id;
    size_t k, l;            /* A is k x l */
    int eta;                /* secret coefficient bound */
    int eta_bits;           /* bitlen(2 * eta): 3 or 4 */
    int tau;                /* number of +-1 in c */
    int beta;               /* tau * eta */
    int32_t gamma1;         /* y coefficient range */
    int gamma1_bits;        /* log2(gamma1): 17 or 19 */
    int32_t gamma2;         /* low-order rounding range */
    int w1_bits;            /* bitlen((q - 1) / (2 * gamma2) - 1): 6 or 4 */
    int omega;              /* maximum number of 1s in the hint */
    size_t ctilde_bytes;    /* lambda / 4 */
    size_t pk_bytes, sk_bytes, sig_bytes;
} ML_DSA_PARAMS;

/* The parameter set, or NULL when unknown. */
const ML_DSA_PARAMS *ossl_ml_dsa_params_get(mldsa_param id);

#include "ml_dsa_backend.h"

/* ------------------------------------------------------------------------
 * NTT (ml_dsa_ntt.c): the generic poly ops (ml_dsa_backend.h states the
 * bounds).
 * ------------------------------------------------------------------------ */
ML_DSA_NTT_FN ossl_ml_dsa_poly_ntt_generic;
ML_DSA_NTT_INVERSE_FN ossl_ml_dsa_poly_ntt_inverse_generic;
ML_DSA_NTT_MUL_FN ossl_ml_dsa_poly_ntt_mul_generic;
ML_DSA_NTT_DOT_FN ossl_ml_dsa_poly_ntt_dot_generic;

/* ------------------------------------------------------------------------
 * Encoders (ml_dsa_encoders.c), FIPS 204 section 7.1 - 7.2
 * ------------------------------------------------------------------------ */
void ossl_ml_dsa_poly_pack(uint8_t *out, const ML_DSA_POLY *p, int bits,
                           int32_t b);
void ossl_ml_dsa_poly_unpack(ML_DSA_POLY *p, const uint8_t *in, int bits,
                             int32_t b);
void ossl_ml_dsa_poly_simple_pack(uint8_t *out, const ML_DSA_POLY *p,
                                  int bits);
void ossl_ml_dsa_poly_simple_unpack(ML_DSA_POLY *p, const uint8_t *in,
                                    int bits);
/* The generic poly ops' packers (ml_dsa_backend.h states what each does). */
ML_DSA_PACK_W1_FN ossl_ml_dsa_poly_pack_w1_generic;
ML_DSA_UNPACK_Z_FN ossl_ml_dsa_poly_unpack_z_generic;
ML_DSA_PACK_Z_FN ossl_ml_dsa_poly_pack_z_generic;
ML_DSA_HINT_ENCODE_FN ossl_ml_dsa_hint_encode_generic;
ML_DSA_HINT_DECODE_FN ossl_ml_dsa_hint_decode_generic;
ML_DSA_PACK_ETA_FN ossl_ml_dsa_poly_pack_eta_generic;
ML_DSA_UNPACK_ETA_FN ossl_ml_dsa_poly_unpack_eta_generic;
ML_DSA_PACK_T0_FN ossl_ml_dsa_poly_pack_t0_generic;
ML_DSA_UNPACK_T0_FN ossl_ml_dsa_poly_unpack_t0_generic;
ML_DSA_PACK_T1_FN ossl_ml_dsa_poly_pack_t1_generic;
ML_DSA_UNPACK_T1_FN ossl_ml_dsa_poly_unpack_t1_generic;
/* pkEncode / pkDecode (Algorithms 22, 23), skEncode / skDecode (24, 25)
 * with poly's per-polynomial packers; pkEncode rows first .. first + n - 1
 * of t1 (and rho with row 0); skDecode returns 0 when s1 or s2 has a
 * coefficient outside [-eta, eta]. */
void ossl_ml_dsa_pk_encode_rows(const OSSL_ML_DSA_POLY_OPS *poly, uint8_t *pk,
                                const uint8_t rho[32], const ML_DSA_POLY *t1,
                                size_t first, size_t n);
void ossl_ml_dsa_pk_decode(const OSSL_ML_DSA_POLY_OPS *poly,
                           const ML_DSA_PARAMS *params, uint8_t rho[32],
                           ML_DSA_POLY *t1, const uint8_t *pk);
void ossl_ml_dsa_sk_encode(const OSSL_ML_DSA_POLY_OPS *poly, uint8_t *sk,
                           const ML_DSA_PARAMS *params,
                           const uint8_t rho[32], const uint8_t key[32],
                           const uint8_t tr[64], const ML_DSA_POLY *s1,
                           const ML_DSA_POLY *s2, const ML_DSA_POLY *t0);
int ossl_ml_dsa_sk_decode(const OSSL_ML_DSA_POLY_OPS *poly,
                          const ML_DSA_PARAMS *params, uint8_t rho[32],
                          uint8_t key[32], uint8_t tr[64], ML_DSA_POLY *s1,
                          ML_DSA_POLY *s2, ML_DSA_POLY *t0, const uint8_t *sk);
/* ------------------------------------------------------------------------
 * Sampling (ml_dsa_sample.c): ExpandA, ExpandS and ExpandMask (FIPS 204
 * Algorithms 32 - 34) as SHAKE jobs of one scheduler, which the caller's
 * own jobs (H(pk), mu, c-tilde) may share.  A request asks for count
 * entries and is done when all are written; the sampler keeps one job per
 * lane of the backend's kernel, and starts the next entry of the oldest
 * request in a job's lane the moment its entry is finished.
 * ------------------------------------------------------------------------ */
/* Bytes a sample job squeezes at most at once: 5 SHAKE128 blocks. */
#define ML_DSA_SAMPLE_BUF_BYTES (5 * 168)

typedef struct ml_dsa_sample_req_st ML_DSA_SAMPLE_REQ;
typedef struct ml_dsa_sampler_st ML_DSA_SAMPLER;

struct ml_dsa_sample_req_st {
    ML_DSA_SAMPLE_REQ *next;    /* in the sampler's queue */
    int kind;                   /* ML_DSA_SAMPLE_A, _S or _MASK */
    uint8_t seed[64 + 2];       /* rho, rho' or rho'', then the entry's
                                   nonce: a copy, wiped when done */
    ML_DSA_POLY *polys;         /* entry i is written to polys[i] */
    size_t first;               /* entry i is number first + i */
    size_t count, started, pending;
    size_t l;                   /* ExpandA: number e is (r, s) = (e / l, e % l) */
    int param;                  /* ExpandS: eta; ExpandMask: gamma1 bits */
    /* the owner's, set after queueing (the queue clears them): NULL, or
     * called when the last entry is written, from the callback of the job
     * that wrote it (in its lane: urgent jobs the callback submits take
     * that lane next) */
    void (*done)(ML_DSA_SAMPLE_REQ *req);
    void *arg;
};

/* One lane's job: the entry it samples and the SHAKE output so far. */
typedef struct ml_dsa_sample_job_st {
    SHA3_MB_JOB job;
    ML_DSA_SAMPLER *smp;
    ML_DSA_SAMPLE_REQ *req;     /* NULL: idle */
    ML_DSA_POLY *poly;
    size_t ctr, got;            /* coefficients written; bytes in buf */
    size_t used;                /* bytes of buf ever written */
    uint8_t buf[ML_DSA_SAMPLE_BUF_BYTES];
} ML_DSA_SAMPLE_JOB;

struct ml_dsa_sampler_st {
    SHA3_MB_SCHED sched;        /* the caller's jobs may be submitted here */
    const OSSL_ML_DSA_SAMPLE_OPS *ops;
    ML_DSA_SAMPLE_REQ *head, *tail;   /* requests with entries to start */
    ML_DSA_SAMPLE_JOB jobs[SHA3_MB_MAX_WAYS];
};

enum { ML_DSA_SAMPLE_A, ML_DSA_SAMPLE_S, ML_DSA_SAMPLE_MASK };

/* A sampler on ops' kernel with one job per lane (the caller's jobs take
 * the lane of the next entry finished, its urgent ones first). */
void ossl_ml_dsa_sampler_init(ML_DSA_SAMPLER *smp,
                              const OSSL_ML_DSA_SAMPLE_OPS *ops);
/* Wipe the sampler (its buffers saw secrets; every request done). */
void ossl_ml_dsa_sampler_cleanse(ML_DSA_SAMPLER *smp);
/* ExpandA entries first .. first + count - 1 (number e = r * l + s is
 * RejNTTPoly(rho || s || r)) into a_hat[first ...]. */
void ossl_ml_dsa_sample_A(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                          ML_DSA_POLY *a_hat, const uint8_t rho[32], size_t l,
                          size_t first, size_t count);
/* ExpandS: s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)) for
 * r < count; eta 2 or 4.  Secret. */
void ossl_ml_dsa_sample_S(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                          ML_DSA_POLY *s, const uint8_t rho_prime[64],
                          size_t count, int eta);
/* ExpandMask: y[r] = BitUnpack(SHAKE256(rho'' || IntegerToBytes(kappa + r,
 * 2)), gamma1 - 1, gamma1) for r < count (kappa + r mod 2^16); gamma1 bits
 * 17 or 19.  Secret. */
void ossl_ml_dsa_sample_mask(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req,
                             ML_DSA_POLY *y, const uint8_t rho_pp[64],
                             uint16_t kappa, size_t count, int gamma1_bits);
/* Run the scheduler until the request is done. */
void ossl_ml_dsa_sample_wait(ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *req);
/* The kernel blocks that many ExpandA entries take on that many lanes
 * (whole rounds: nearly every entry squeezes the same blocks). */
size_t ossl_ml_dsa_sample_A_blocks(size_t entries, size_t lanes);

/* The sampler's calls out (ml_dsa_sample_calls.c): a sample job's len
 * bytes at buf parsed into poly by ops' op of kind (ctr coefficients there
 * already; returns the new ctr), and the owner's done of a request whose
 * entries are all written (nothing when done is NULL). */
size_t ossl_ml_dsa_sample_parse(const OSSL_ML_DSA_SAMPLE_OPS *ops, int kind,
                                ML_DSA_POLY *poly, size_t ctr,
                                const uint8_t *buf, size_t len, int param);
void ossl_ml_dsa_sample_req_finished(ML_DSA_SAMPLER *smp,
                                     ML_DSA_SAMPLE_REQ *req);

/* The three at once, each on a sampler of its own (what tests compare). */
void ossl_ml_dsa_expand_A(const OSSL_ML_DSA_SAMPLE_OPS *ops,
                          ML_DSA_POLY *a_hat, const uint8_t rho[32], size_t k,
                          size_t l);
int ossl_ml_dsa_expand_S(const OSSL_ML_DSA_SAMPLE_OPS *ops, ML_DSA_POLY *s,
                         const uint8_t rho_prime[64], size_t l, size_t k,
                         int eta);
int ossl_ml_dsa_expand_mask(const OSSL_ML_DSA_SAMPLE_OPS *ops, ML_DSA_POLY *y,
                            const uint8_t rho_pp[64], uint16_t kappa,
                            size_t l, int gamma1_bits);

/*
 * SampleInBall (FIPS 204 Algorithm 29) from the first block of
 * SHAKE256(ctilde) (136 bytes) that job, of that hash, has written to
 * block; more are squeezed on sched when needed (rarely).  c is public
 * once ctilde is.  Its coefficients are one times FIPS 204's (+-1, 0):
 * verification takes c 2^d.
 */
void ossl_ml_dsa_sample_in_ball_job(ML_DSA_POLY *c, SHA3_MB_SCHED *sched,
                                    SHA3_MB_JOB *job, uint8_t *block, int tau,
                                    int32_t one);
void ossl_ml_dsa_poly_sample_in_ball(ML_DSA_POLY *c, const uint8_t *ctilde,
                                     size_t ctilde_len, int tau);

/* ------------------------------------------------------------------------
 * The key object (ml_dsa_key.c)
 * ------------------------------------------------------------------------ */
struct mldsa_key_st {
    const ML_DSA_PARAMS *params;
    const OSSL_ML_DSA_BACKEND *backend;  /* the ops it signs and verifies with */
    int has_secret, has_seed, has_public;
    uint8_t seed[ML_DSA_SEED_BYTES];
    uint8_t rho[ML_DSA_RHO_BYTES];
    uint8_t key[ML_DSA_K_BYTES];
    uint8_t tr[ML_DSA_TR_BYTES];
    ML_DSA_POLY *a_hat;     /* k * l, row-major, in [0, q) */
    ML_DSA_POLY *s1_hat;    /* l, NTT(s1), |coeff| < 9q (NULL: public key) */
    ML_DSA_POLY *s2_hat;    /* k, NTT(s2), |coeff| < 9q (NULL: public key) */
    ML_DSA_POLY *t0_hat;    /* k, NTT(t0), |coeff| < 9q (NULL: public key) */
    ML_DSA_POLY *t1_hat;    /* k, NTT(t1), |coeff| < 9q */
    size_t secret_size;     /* bytes from the start of this block that hold
                               secrets (the struct, s1, s2, t0): wiped on free */
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];   /* (written when has_secret) */
};

int ossl_ml_dsa_key_new(MLDSA_KEY **out, mldsa_param param,
                        int with_secret);
int ossl_ml_dsa_key_init_seed(MLDSA_KEY *key, const uint8_t seed[32],
                              int prepare);
/* ml_dsa_keygen.c: a new key, with the PCT in a PCT=1 build. */
int ossl_ml_dsa_key_generate(MLDSA_KEY **out, mldsa_param param,
                             const uint8_t *seed, int prepare);
int ossl_ml_dsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *sk, int with_public);
int ossl_ml_dsa_key_decode_secret(MLDSA_KEY *key, const uint8_t *sk);
int ossl_ml_dsa_key_check_secret(MLDSA_KEY *key, const uint8_t *sk,
                                 int with_public, ML_DSA_SAMPLER *smp);
void ossl_ml_dsa_key_start_public(MLDSA_KEY *key, const uint8_t *pk,
                                  ML_DSA_SAMPLER *smp, ML_DSA_SAMPLE_REQ *rows,
                                  SHA3_MB_JOB *hpk, SHA3_MB_DONE_FN *tr_done,
                                  void *arg);

int ossl_ml_dsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t mu[64], const uint8_t *rnd);
/* ------------------------------------------------------------------------
 * The message representative mu (ml_dsa_mu.c)
 * ------------------------------------------------------------------------ */
int ossl_ml_dsa_check_message(const uint8_t *msg, size_t msglen,
                              const uint8_t *ctx, size_t ctxlen);
int ossl_ml_dsa_check_digest(mldsa_hash hash, size_t digestlen);

/* M' (FIPS 204 Algorithms 2, 4, and the internal interface), by its pieces
 * (pointers to the caller's bytes). */
typedef struct ml_dsa_mprime_st {
    int framed;                 /* sep || |ctx| || ctx first (not internal) */
    uint8_t head[2];
    const uint8_t *ctx, *oid;   /* oid: HashML-DSA's, else NULL */
    const uint8_t *msg;         /* M, PH(M), or M' whole */
    size_t ctxlen, msglen;
} ML_DSA_MPRIME;

void ossl_ml_dsa_mprime_pure(ML_DSA_MPRIME *m, const uint8_t *msg,
                             size_t msglen, const uint8_t *ctx, size_t ctxlen);
int ossl_ml_dsa_mprime_prehash(ML_DSA_MPRIME *m, mldsa_hash hash,
                               const uint8_t *digest, size_t digestlen,
                               const uint8_t *ctx, size_t ctxlen);
void ossl_ml_dsa_mprime_internal(ML_DSA_MPRIME *m, const uint8_t *mprime,
                                 size_t mprimelen);
/* mu = H(tr || M', 64) as a job to submit, or at once. */
void ossl_ml_dsa_mu_job(SHA3_MB_JOB *job, uint8_t mu[64], const uint8_t tr[64],
                        const ML_DSA_MPRIME *m);
void ossl_ml_dsa_mu(uint8_t mu[64], const uint8_t tr[64],
                    const ML_DSA_MPRIME *m);

/* ML-DSA.Sign (FIPS 204 Algorithm 2, 4, or 7 on M' or from mu, with mu
 * not NULL) with the encoded secret key sk (ml_dsa_sign.c); errors as
 * mldsa_sign. */
int ossl_ml_dsa_sign_sk(mldsa_param param, uint8_t *sig, const uint8_t *sk,
                        const ML_DSA_MPRIME *m, const uint8_t *mu,
                        const uint8_t *rnd);

/* ------------------------------------------------------------------------
 * Verification (ml_dsa_verify.c)
 * ------------------------------------------------------------------------ */
/* ML-DSA.Verify (FIPS 204 Algorithm 3, 5, or 8 on M' or from mu, with
 * mu not NULL) of sig (of the parameter set's length) under the encoded
 * public key pk, the key decoded beside the verification's own SHAKE work:
 * MLDSA_OK, _VERIFY or _MEMORY. */
int ossl_ml_dsa_verify_pk(mldsa_param param, const uint8_t *pk,
                          const uint8_t *sig, const ML_DSA_MPRIME *m,
                          const uint8_t *mu);

/* ------------------------------------------------------------------------
 * Self-tests (ml_dsa_selftest.c)
 * ------------------------------------------------------------------------ */
/* The pairwise consistency test of a new key that can sign (PCT=1
 * builds): MLDSA_OK, or MLDSA_ERR_SELF_TEST when its signature does not
 * verify. */
int ossl_ml_dsa_key_pct(const MLDSA_KEY *key);
#ifdef ML_DSA_SELF_TEST_FAULTS
/*
 * Fault injection, in the test build of test/test_selftest_faults.sh only:
 * 1 .. ML_DSA_SELF_TEST_CHECKS corrupts the expected value of that check
 * of mldsa_self_test, ML_DSA_FAULT_PCT the pairwise consistency test's
 * signature; 0 injects nothing.
 */
extern int ossl_ml_dsa_self_test_fault;
# define ML_DSA_SELF_TEST_CHECKS 19
# define ML_DSA_FAULT_PCT 100
#endif

/* ------------------------------------------------------------------------
 * Helpers shared by the API files
 * ------------------------------------------------------------------------ */
/* Fill buf with len bytes from the OS (getrandom, or BCryptGenRandom on
 * Windows); MLDSA_OK or MLDSA_ERR_RANDOM. */
int ossl_ml_dsa_random(uint8_t *buf, size_t len);

#endif /* MLDSA_ML_DSA_LOCAL_H */
