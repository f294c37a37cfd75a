/*
 * Backends of the ML-DSA core: every architecture-specific op, chosen once.
 *
 * A backend is a name, the CPU capabilities it needs, a sample-ops table
 * (the SHAKE-driven sampling of FIPS 204 section 7.3) and a poly-ops table
 * (the arithmetic with vector versions).  Every op of every table gives
 * bit-identical results to the generic op for every input within the bounds
 * stated here: the choice between backends is speed only.
 *
 * The generic backend (ml_dsa_backend.c) is pure C and exists in every
 * build.  Each architecture has one file, crypto/ml_dsa/<arch>/
 * ml_dsa_backends.c, with its backends in priority order and the capability
 * test; it is the only code that reads the CPU capabilities.  The choice is
 * made once per process (MLDSA_BACKEND=NAME picks one by name) and stored in
 * every MLDSA_KEY; algorithm code calls through key->backend.
 */
#ifndef MLDSA_ML_DSA_BACKEND_H
#define MLDSA_ML_DSA_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include "internal/sha3_mb.h"

/* ------------------------------------------------------------------------
 * The poly ops: the NTT and the coefficient-wise work of signing and
 * verification, one polynomial per call.  No op branches on, or indexes
 * memory by, a coefficient: every one may see secret data.  Arguments do
 * not overlap unless an op says so.
 * ------------------------------------------------------------------------ */

/* NTT (Algorithm 41) in place, output in bit-reversed order:
 * input |c| < q, output |c| < 9q. */
typedef void ML_DSA_NTT_FN(ML_DSA_POLY *p);
/* Inverse NTT (Algorithm 42) in place, input in bit-reversed order, times
 * R = 2^32 (undoing the R^-1 of one Montgomery product): input |c| < q,
 * output |c| < q. */
typedef void ML_DSA_NTT_INVERSE_FN(ML_DSA_POLY *p);
/* MultiplyNTT (Algorithm 45) with the Montgomery factor: r = a * b * 2^-32;
 * needs |a * b| < 2^31 q per coefficient (|a| < q and |b| < 9q, or both
 * NTT outputs, |a|, |b| < 9q: 81 q^2 < 2^31 q); output |r| < q.  r is a,
 * or b, or separate from both (no partial overlap). */
typedef void ML_DSA_NTT_MUL_FN(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                               const ML_DSA_POLY *b);
/* A row of MatrixVectorNTT (Algorithm 48): r = sum_j a[j] * b[j] * 2^-32
 * over n <= 7 polynomials, summed exactly and reduced once; needs
 * |a| < q, |b| < 9q; output |r| < q.  r does not alias a or b. */
typedef void ML_DSA_NTT_DOT_FN(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                               const ML_DSA_POLY *b, size_t n);
/* w (|c| < q, from the inverse NTT) reduced to [0, q) in place;
 * out = w1Encode(HighBits(w)) (Algorithms 28 and 37). */
typedef void ML_DSA_ROW_W1_FN(uint8_t *out, ML_DSA_POLY *w,
                              const ML_DSA_PARAMS *p);
/* cs1 = <<c s1>> (|c| < q) becomes z = y + (cs1 mod+- q) in place, y in
 * [-gamma1 + 1, gamma1] (gamma1 <= 2^19), so |z| <= (q - 1) / 2 + 2^19;
 * negative when some |z| >= bound (Algorithm 7 line 23, gamma1 - beta). */
typedef int32_t ML_DSA_ROW_Z_FN(ML_DSA_POLY *cs1, const ML_DSA_POLY *y,
                                int32_t bound);
/* w (in [0, q)) becomes r = (w - cs2) mod q in place, cs2 = <<c s2>>
 * (|c| < q, from the inverse NTT), r1 = HighBits(r) as bytes; negative
 * when some |LowBits(r)| >= gamma2 - beta (line 23). */
typedef int32_t ML_DSA_ROW_R_FN(ML_DSA_POLY *w, uint8_t *r1,
                                const ML_DSA_POLY *cs2,
                                const ML_DSA_PARAMS *p);
/* From r (in [0, q)) and ct0 = <<c t0>> (|c| < q), h (holding HighBits(r))
 * becomes MakeHint(-ct0, r + ct0) (Algorithm 39); adds its ones to *count;
 * negative when some |ct0| >= gamma2 (line 28). */
typedef int32_t ML_DSA_ROW_HINT_FN(uint8_t *h, uint32_t *count,
                                   const ML_DSA_POLY *r,
                                   const ML_DSA_POLY *ct0,
                                   const ML_DSA_PARAMS *p);
/* w (|c| < q) becomes UseHint(h, w) (Algorithm 40) in place; h holds 0/1
 * bytes.  Public data (verification). */
typedef void ML_DSA_ROW_USE_HINT_FN(ML_DSA_POLY *w, const uint8_t *h,
                                    const ML_DSA_PARAMS *p);
/* KeyGen's t = as1 + s2 (as1 |c| < q from the inverse NTT, s2 in [-eta,
 * eta], eta <= 4) split by Power2Round (Algorithm 35) into t1 in [0, 2^10) and t0
 * in (-2^12, 2^12].  Secret (t0). */
typedef void ML_DSA_ROW_POWER2ROUND_FN(ML_DSA_POLY *t1, ML_DSA_POLY *t0,
                                       const ML_DSA_POLY *as1,
                                       const ML_DSA_POLY *s2);
/* Negative when some |c| of z (in [-gamma1 + 1, gamma1], gamma1 <= 2^19,
 * as unpack_z gives) is >= bound (Algorithm 8 line 13), looking at every
 * coefficient.  Public data. */
typedef int32_t ML_DSA_ROW_EXCEEDS_FN(const ML_DSA_POLY *z, int32_t bound);
/* w becomes w - t reduced to |c| < q (w, t |c| < q; Algorithm 8 line 9).
 * Public data. */
typedef void ML_DSA_ROW_SUB_REDUCE_FN(ML_DSA_POLY *w, const ML_DSA_POLY *t);
/* w1Encode of one polynomial (Algorithm 28): SimpleBitPack of w1 (in
 * [0, 2^bits)), bits = 4 or 6. */
typedef void ML_DSA_PACK_W1_FN(uint8_t *out, const ML_DSA_POLY *w1, int bits);
/* BitUnpack(in, gamma1 - 1, gamma1) (Algorithm 27 line 6, Algorithm 34
 * line 5): z in [-gamma1 + 1, gamma1]; gamma1_bits = 17 or 19. */
typedef void ML_DSA_UNPACK_Z_FN(ML_DSA_POLY *z, const uint8_t *in,
                                int gamma1_bits);

/* BitPack(s, eta, eta) (Algorithm 24 lines 4 - 9): s in [-eta, eta],
 * 32 * bitlen(2 eta) bytes; eta = 2 or 4.  Secret. */
typedef void ML_DSA_PACK_ETA_FN(uint8_t *out, const ML_DSA_POLY *s, int eta);
/* BitUnpack(in, eta, eta) (Algorithm 25 lines 5 - 10) with the range check
 * of skDecode: 1 when every coefficient is in [-eta, eta], else 0 (the
 * coefficients are written either way).  Secret: no early exit. */
typedef int ML_DSA_UNPACK_ETA_FN(ML_DSA_POLY *p, const uint8_t *in, int eta);
/* t0: BitPack(t0, 2^12 - 1, 2^12), t0 in (-2^12, 2^12], 416 bytes
 * (Algorithm 24 line 11), and its BitUnpack (every string is valid).
 * Secret. */
typedef void ML_DSA_PACK_T0_FN(uint8_t *out, const ML_DSA_POLY *t0);
typedef void ML_DSA_UNPACK_T0_FN(ML_DSA_POLY *t0, const uint8_t *in);
/* t1: SimpleBitPack(t1, 2^10 - 1), t1 in [0, 2^10), 320 bytes (Algorithm
 * 22 line 3), and its unpack (Algorithm 23 line 4).  Public. */
typedef void ML_DSA_PACK_T1_FN(uint8_t *out, const ML_DSA_POLY *t1);
typedef void ML_DSA_UNPACK_T1_FN(ML_DSA_POLY *t1, const uint8_t *in);
/* BitPack(z, gamma1 - 1, gamma1) (Algorithm 26 line 3): z in
 * [-gamma1 + 1, gamma1], gamma1_bits = 17 or 19.  Released in the
 * signature. */
typedef void ML_DSA_PACK_Z_FN(uint8_t *out, const ML_DSA_POLY *z,
                              int gamma1_bits);
/* HintBitPack (Algorithm 20): h holds k * 256 bytes, non-zero for a set
 * bit, at most omega of them; omega + k bytes out.  Released in the
 * signature. */
typedef void ML_DSA_HINT_ENCODE_FN(uint8_t *out, const ML_DSA_PARAMS *params,
                                   const uint8_t *h);
/* HintBitUnpack (Algorithm 21): h gets k * 256 bytes of 0/1 from the
 * omega + k bytes at in; 0 (h then unspecified) when in is malformed:
 * counts that decrease or pass omega, indices of a polynomial not strictly
 * increasing, non-zero padding.  Public data (a signature). */
typedef int ML_DSA_HINT_DECODE_FN(const ML_DSA_PARAMS *params, uint8_t *h,
                                  const uint8_t *in);

typedef struct ossl_ml_dsa_poly_ops_st {
    const char *name;                    /* "generic", "avx2" */
    ML_DSA_NTT_FN *ntt;
    ML_DSA_NTT_INVERSE_FN *ntt_inverse;
    ML_DSA_NTT_MUL_FN *ntt_mul;
    ML_DSA_NTT_DOT_FN *ntt_dot;
    ML_DSA_ROW_W1_FN *w1;
    ML_DSA_ROW_Z_FN *z;
    ML_DSA_ROW_R_FN *r;
    ML_DSA_ROW_HINT_FN *hint;
    ML_DSA_ROW_USE_HINT_FN *use_hint;
    ML_DSA_ROW_POWER2ROUND_FN *power2round;
    ML_DSA_ROW_EXCEEDS_FN *exceeds;
    ML_DSA_ROW_SUB_REDUCE_FN *sub_reduce;
    ML_DSA_PACK_W1_FN *pack_w1;
    ML_DSA_UNPACK_Z_FN *unpack_z;
    ML_DSA_PACK_Z_FN *pack_z;
    ML_DSA_HINT_ENCODE_FN *hint_encode;
    ML_DSA_HINT_DECODE_FN *hint_decode;
    ML_DSA_PACK_ETA_FN *pack_eta;
    ML_DSA_UNPACK_ETA_FN *unpack_eta;
    ML_DSA_PACK_T0_FN *pack_t0;
    ML_DSA_UNPACK_T0_FN *unpack_t0;
    ML_DSA_PACK_T1_FN *pack_t1;
    ML_DSA_UNPACK_T1_FN *unpack_t1;
} OSSL_ML_DSA_POLY_OPS;

/* The C poly ops (ml_dsa_poly_ops.c), in every build. */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_generic;

/* ------------------------------------------------------------------------
 * The sample ops (FIPS 204 section 7.3, "Pseudorandom sampling"): what a
 * backend brings to ExpandA, ExpandS and ExpandMask, which are written
 * once, over the SHAKE job scheduler (ml_dsa_sample.c): the Keccak kernel
 * its jobs run on, and the per-coefficient parsers of the SHAKE streams.
 * ------------------------------------------------------------------------ */

/*
 * RejNTTPoly (Algorithm 30) body, with CoeffFromThreeBytes (Algorithm
 * 14): the 3-byte groups of buf (len a multiple of 3) become coefficients
 * b0 + 2^8 b1 + 2^16 (b2 mod 128), those below q kept, appended at
 * coeff[ctr] until 256 are there; returns the new ctr.  May store (not
 * keep) up to 16 words past the last kept one, within coeff[0..256).
 * Public data (A-hat).
 */
typedef size_t ML_DSA_REJ_NTT_PARSE_FN(int32_t *coeff, size_t ctr,
                                       const uint8_t *buf, size_t len);
/*
 * RejBoundedPoly (Algorithm 31) body, with CoeffFromHalfByte (Algorithm
 * 15): both nibbles of each byte of buf, low one first; eta 2 keeps z < 15
 * as 2 - (z mod 5), eta 4 keeps z < 9 as 4 - z; appended at coeff[ctr]
 * until 256; returns the new ctr.  May store (not keep) up to 16 words
 * past the last kept one, within coeff[0..256).  Secret coefficients: no
 * branch on them (which nibbles are rejected is public, FIPS 204's
 * rejection only discards output).
 */
typedef size_t ML_DSA_REJ_BOUNDED_PARSE_FN(int32_t *coeff, size_t ctr,
                                           const uint8_t *buf, size_t len,
                                           int eta);

typedef struct ossl_ml_dsa_sample_ops_st {
    const char *name;                    /* "generic", "x86_64-avx512vl-x4" */
    const KECCAK1600_MB_KERNEL *kernel;  /* the SHAKE jobs' kernel */
    ML_DSA_REJ_NTT_PARSE_FN *rej_ntt_parse;
    ML_DSA_REJ_BOUNDED_PARSE_FN *rej_bounded_parse;
    ML_DSA_UNPACK_Z_FN *unpack_mask;     /* ExpandMask's BitUnpack */
} OSSL_ML_DSA_SAMPLE_OPS;

/* The scalar SHAKE sample ops (ml_dsa_sample.c), in every build. */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_generic;

/* The sample ops of the backend in use (ossl_ml_dsa_backend()). */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops(void);

/* ------------------------------------------------------------------------
 * Backends
 * ------------------------------------------------------------------------ */
typedef struct ossl_ml_dsa_backend_st {
    const char *name;                    /* "generic", "x86_64-avx2", ... */
    uint32_t caps;                       /* what it needs: the arch's bits */
    const OSSL_ML_DSA_SAMPLE_OPS *sample;
    const OSSL_ML_DSA_POLY_OPS *poly;
} OSSL_ML_DSA_BACKEND;

/* The pure C backend (ml_dsa_backend.c), in every build. */
extern const OSSL_ML_DSA_BACKEND ossl_ml_dsa_backend_generic;

/*
 * The architecture's backends (crypto/ml_dsa/<arch>/ml_dsa_backends.c):
 * best first, the generic one last, then NULL; and whether this machine
 * runs one (the CPU and OS have its capabilities, its kernels are built
 * full).
 */
extern const OSSL_ML_DSA_BACKEND *const ossl_ml_dsa_backends[];
int ossl_ml_dsa_backend_usable(const OSSL_ML_DSA_BACKEND *b);

/*
 * The backend in use: the one MLDSA_BACKEND names when this machine runs
 * it, else the first usable one.  Chosen on the first call, cached without
 * a lock (every thread computes the same choice).
 */
const OSSL_ML_DSA_BACKEND *ossl_ml_dsa_backend(void);

#ifdef ML_DSA_CONTRACTS
/*
 * make CONTRACTS=1 (ml_dsa_contracts.c): b with every op checked against
 * the bounds stated above, aborting when one is broken; what
 * ossl_ml_dsa_backend() returns in that build.
 */
const OSSL_ML_DSA_BACKEND *ossl_ml_dsa_contracts_wrap(const OSSL_ML_DSA_BACKEND *b);
#endif

#endif /* MLDSA_ML_DSA_BACKEND_H */
