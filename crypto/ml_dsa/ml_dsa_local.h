/*
 * Internal declarations of the ML-DSA core (FIPS 204).
 */
#ifndef MLDSA_ML_DSA_LOCAL_H
#define MLDSA_ML_DSA_LOCAL_H

#include <stddef.h>
#include <stdint.h>
#include "mldsa.h"

/*
 * ML_DSA_AVX2: x86-64 with GCC or Clang, not MLDSA_NO_ASM (make NO_ASM=1).
 * The AVX2 versions of the hot loops (NTT, row operations, encoders) are
 * then built, with ML_DSA_AVX2_FN, and chosen at run time when
 * ossl_ia32cap() reports AVX2.
 */
#if !defined(MLDSA_NO_ASM) && (defined(__x86_64__) || defined(_M_X64)) \
    && (defined(__GNUC__) || defined(__clang__))
# define ML_DSA_AVX2
# define ML_DSA_AVX2_FN __attribute__((target("avx2")))
#endif

#define ML_DSA_N 256                 /* coefficients per polynomial */
#define ML_DSA_Q 8380417             /* 2^23 - 2^13 + 1 */

/* A polynomial of R_q or of T_q: 256 coefficients. */
typedef struct ml_dsa_poly_st {
    int32_t coeff[ML_DSA_N];
} ML_DSA_POLY;

/*
 * The sample ops (FIPS 204 section 7.3, "Pseudorandom sampling").  Every
 * implementation gives byte-identical results for every input; the choice
 * between them is speed only.  All return 1 on success, 0 on failure.
 *
 * matrix_expand_A: ExpandA (Algorithm 32).  a_hat holds k * l polynomials,
 *   row-major: a_hat[r * l + s] = RejNTTPoly(rho || s || r), coefficients in
 *   [0, q).
 * vector_expand_S: ExpandS (Algorithm 33).  s holds l + k polynomials, s1
 *   then s2: s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)), coefficients
 *   in [-eta, eta]; eta is 2 or 4.
 * vector_expand_mask: ExpandMask (Algorithm 34).  y holds l polynomials:
 *   y[r] = BitUnpack(SHAKE256(rho'' || IntegerToBytes(kappa + r, 2)), gamma1 - 1,
 *   gamma1), coefficients in [-gamma1 + 1, gamma1]; gamma1_bits is 17 or 19.
 * mask_batch: how many ExpandMask polynomials cost about as much as one
 *   (1 for the generic ops, 4 or 8 for a 4- or 8-way kernel; at most
 *   ML_DSA_MASK_BATCH_MAX): signing asks for multiples of it and keeps the
 *   polynomials of the next attempt.
 */
#define ML_DSA_MASK_BATCH_MAX 8
typedef int ML_DSA_MATRIX_EXPAND_A_FN(ML_DSA_POLY *a_hat, const uint8_t rho[32],
                                      size_t k, size_t l);
typedef int ML_DSA_VECTOR_EXPAND_S_FN(ML_DSA_POLY *s, const uint8_t rho_prime[64],
                                      size_t l, size_t k, int eta);
typedef int ML_DSA_VECTOR_EXPAND_MASK_FN(ML_DSA_POLY *y,
                                         const uint8_t rho_pp[64],
                                         uint16_t kappa, size_t l,
                                         int gamma1_bits);

typedef struct ossl_ml_dsa_sample_ops_st {
    const char *name;                    /* "generic", "x86_64-avx512vl-x4" */
    ML_DSA_MATRIX_EXPAND_A_FN *matrix_expand_A;
    ML_DSA_VECTOR_EXPAND_S_FN *vector_expand_S;
    ML_DSA_VECTOR_EXPAND_MASK_FN *vector_expand_mask;
    size_t mask_batch;
} OSSL_ML_DSA_SAMPLE_OPS;

/* The ops to use on this machine: the fastest the build and the CPU allow. */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops(void);
/* The portable ops, built everywhere (tests compare every other ops to these). */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops_generic(void);
#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
/* The 8-way ops ("x86_64-avx512-x8", ml_dsa_sample_x86_64.inc), for a
 * backend to choose: usable when SHA3_avx512_capable(),
 * SHA3_avx512vl_capable() and OSSL_IA32CAP_AVX2 all hold. */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_ops_x8;
#endif

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

/* ------------------------------------------------------------------------
 * NTT (ml_dsa_ntt.c)
 * ------------------------------------------------------------------------ */
void ossl_ml_dsa_poly_ntt(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_inverse(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_mul(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                              const ML_DSA_POLY *b);
void ossl_ml_dsa_poly_ntt_dot(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                              const ML_DSA_POLY *b, size_t n);
/*
 * The generic C versions of the four above, and (ML_DSA_AVX2, x86-64
 * with GCC or Clang, not MLDSA_NO_ASM) bit-identical AVX2 versions
 * (ml_dsa_ntt_x86_64.c); the four above choose at run time (ossl_ia32cap).
 */
void ossl_ml_dsa_poly_ntt_generic(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_inverse_generic(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_mul_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b);
void ossl_ml_dsa_poly_ntt_dot_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b, size_t n);
#ifdef ML_DSA_AVX2
void ossl_ml_dsa_poly_ntt_avx2(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_inverse_avx2(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_mul_avx2(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b);
void ossl_ml_dsa_poly_ntt_dot_avx2(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b, size_t n);
#endif

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
void ossl_ml_dsa_poly_pack_w1(uint8_t *out, const ML_DSA_POLY *w1, int bits);
/* The generic C version of the one above, and (ML_DSA_AVX2) a
 * bit-identical AVX2 one (ml_dsa_encoders_x86_64.c); it chooses at run time. */
void ossl_ml_dsa_poly_pack_w1_generic(uint8_t *out, const ML_DSA_POLY *w1,
                                      int bits);
#ifdef ML_DSA_AVX2
void ossl_ml_dsa_poly_pack_w1_avx2(uint8_t *out, const ML_DSA_POLY *w1,
                                   int bits);
#endif
int ossl_ml_dsa_poly_unpack_eta(ML_DSA_POLY *p, const uint8_t *in, int eta);
void ossl_ml_dsa_poly_pack_z(uint8_t *out, const ML_DSA_POLY *z,
                             int gamma1_bits);
void ossl_ml_dsa_poly_unpack_z(ML_DSA_POLY *z, const uint8_t *in,
                               int gamma1_bits);
/* The generic C version of the one above, and (ML_DSA_AVX2) a
 * bit-identical AVX2 one (ml_dsa_encoders_x86_64.c); it chooses at run time. */
void ossl_ml_dsa_poly_unpack_z_generic(ML_DSA_POLY *z, const uint8_t *in,
                                       int gamma1_bits);
#ifdef ML_DSA_AVX2
void ossl_ml_dsa_poly_unpack_z_avx2(ML_DSA_POLY *z, const uint8_t *in,
                                    int gamma1_bits);
#endif
void ossl_ml_dsa_pk_encode(uint8_t *pk, const ML_DSA_PARAMS *params,
                           const uint8_t rho[32], const ML_DSA_POLY *t1);
void ossl_ml_dsa_pk_decode(const ML_DSA_PARAMS *params, uint8_t rho[32],
                           ML_DSA_POLY *t1, const uint8_t *pk);
void ossl_ml_dsa_sk_encode(uint8_t *sk, const ML_DSA_PARAMS *params,
                           const uint8_t rho[32], const uint8_t key[32],
                           const uint8_t tr[64], const ML_DSA_POLY *s1,
                           const ML_DSA_POLY *s2, const ML_DSA_POLY *t0);
int ossl_ml_dsa_sk_decode(const ML_DSA_PARAMS *params, uint8_t rho[32],
                          uint8_t key[32], uint8_t tr[64], ML_DSA_POLY *s1,
                          ML_DSA_POLY *s2, ML_DSA_POLY *t0, const uint8_t *sk);
void ossl_ml_dsa_hint_encode(uint8_t *out, const ML_DSA_PARAMS *params,
                             const uint8_t *h);
int ossl_ml_dsa_hint_decode(const ML_DSA_PARAMS *params, uint8_t *h,
                            const uint8_t *in);

/* ------------------------------------------------------------------------
 * Row ops (ml_dsa_rows.c): the coefficient-wise work of signing and
 * verification, one polynomial (row) per call, every coefficient looked at
 * (no early exit, no branch on a coefficient).  The generic and the AVX2
 * ops are one C source compiled twice and give the same results.
 *
 * w1: w (|coeff| < q, from the inverse NTT) reduced to [0, q) in place;
 *   out = w1Encode(HighBits(w)) (FIPS 204 Algorithms 28 and 37).
 * z: cs1 = <<c s1>> (|coeff| < q) becomes z = y + cs1 (centred) in place;
 *   negative when some |z| >= bound (Algorithm 7 line 23, gamma1 - beta).
 * r: w (in [0, q)) becomes r = (w - cs2) mod q in place, r1 = HighBits(r)
 *   as bytes; negative when some |LowBits(r)| >= gamma2 - beta (line 23).
 * hint: from r (in [0, q)) and ct0 = <<c t0>> (|coeff| < q), h (holding
 *   HighBits(r)) becomes MakeHint(-ct0, r + ct0) (Algorithm 39); adds its
 *   ones to *count; negative when some |ct0| >= gamma2 (line 28).
 * use_hint: w (|coeff| < q) becomes UseHint(h, w) (Algorithm 40) in place.
 * ------------------------------------------------------------------------ */
typedef struct ossl_ml_dsa_row_ops_st {
    const char *name;                    /* "generic", "avx2" */
    void (*w1)(uint8_t *out, ML_DSA_POLY *w, const ML_DSA_PARAMS *p);
    int32_t (*z)(ML_DSA_POLY *cs1, const ML_DSA_POLY *y, int32_t bound);
    int32_t (*r)(ML_DSA_POLY *w, uint8_t *r1, const ML_DSA_POLY *cs2,
                 const ML_DSA_PARAMS *p);
    int32_t (*hint)(uint8_t *h, uint32_t *count, const ML_DSA_POLY *r,
                    const ML_DSA_POLY *ct0, const ML_DSA_PARAMS *p);
    void (*use_hint)(ML_DSA_POLY *w, const uint8_t *h,
                     const ML_DSA_PARAMS *p);
} OSSL_ML_DSA_ROW_OPS;

/* The AVX2 row ops when the build and the CPU allow, else the generic ones. */
const OSSL_ML_DSA_ROW_OPS *ossl_ml_dsa_row_ops(void);
const OSSL_ML_DSA_ROW_OPS *ossl_ml_dsa_row_ops_generic(void);

/* ------------------------------------------------------------------------
 * Sampling (ml_dsa_sample.c)
 * ------------------------------------------------------------------------ */
void ossl_ml_dsa_poly_sample_in_ball(ML_DSA_POLY *c, const uint8_t *ctilde,
                                     size_t ctilde_len, int tau);

/* ------------------------------------------------------------------------
 * The key object (ml_dsa_key.c)
 * ------------------------------------------------------------------------ */
struct mldsa_key_st {
    const ML_DSA_PARAMS *params;
    int has_secret, has_seed, has_public;
    uint8_t seed[ML_DSA_SEED_BYTES];
    uint8_t rho[ML_DSA_RHO_BYTES];
    uint8_t key[ML_DSA_K_BYTES];
    uint8_t tr[ML_DSA_TR_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    ML_DSA_POLY *a_hat;     /* k * l, row-major, in [0, q) */
    ML_DSA_POLY *s1_hat;    /* l, NTT(s1), |coeff| < q (NULL: public key) */
    ML_DSA_POLY *s2_hat;    /* k, NTT(s2), |coeff| < q (NULL: public key) */
    ML_DSA_POLY *t0_hat;    /* k, NTT(t0), |coeff| < q (NULL: public key) */
    ML_DSA_POLY *t1_hat;    /* k, NTT(t1 * 2^d), |coeff| < q */
    size_t secret_size;     /* bytes from the start of this block that hold
                               secrets (the struct, s1, s2, t0): wiped on free */
};

int ossl_ml_dsa_key_new(MLDSA_KEY **out, mldsa_param param,
                        int with_secret);
int ossl_ml_dsa_key_init_seed(MLDSA_KEY *key, const uint8_t seed[32],
                              int prepare);
int ossl_ml_dsa_key_generate(MLDSA_KEY **out, mldsa_param param,
                             const uint8_t *seed, int prepare);
int ossl_ml_dsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *sk, int with_public);
int ossl_ml_dsa_key_from_public(MLDSA_KEY **out, mldsa_param param,
                                const uint8_t *pk);
int ossl_ml_dsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig,
                            const uint8_t mu[64], const uint8_t *rnd);
int ossl_ml_dsa_key_verify_mu(const MLDSA_KEY *key, const uint8_t *sig,
                              const uint8_t mu[64]);

/* ------------------------------------------------------------------------
 * The message representative mu (ml_dsa_mu.c)
 * ------------------------------------------------------------------------ */
int ossl_ml_dsa_check_message(const uint8_t *msg, size_t msglen,
                              const uint8_t *ctx, size_t ctxlen);
void ossl_ml_dsa_mu_pure(uint8_t mu[64], const uint8_t tr[64],
                         const uint8_t *msg, size_t msglen,
                         const uint8_t *ctx, size_t ctxlen);
int ossl_ml_dsa_check_digest(mldsa_hash hash, size_t digestlen);
int ossl_ml_dsa_mu_prehash(uint8_t mu[64], const uint8_t tr[64],
                           mldsa_hash hash, const uint8_t *digest,
                           size_t digestlen, const uint8_t *ctx, size_t ctxlen);
void ossl_ml_dsa_mu_internal(uint8_t mu[64], const uint8_t tr[64],
                             const uint8_t *mprime, size_t mprimelen);

/* ------------------------------------------------------------------------
 * Helpers shared by the API files
 * ------------------------------------------------------------------------ */
/* Fill buf with len bytes from the OS (getrandom); MLDSA_OK or MLDSA_ERR_RANDOM. */
int ossl_ml_dsa_random(uint8_t *buf, size_t len);

#endif /* MLDSA_ML_DSA_LOCAL_H */
