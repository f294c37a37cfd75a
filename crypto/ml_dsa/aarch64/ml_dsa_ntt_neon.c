/*
 * NEON versions of the ML-DSA NTT (FIPS 204 section 7.5, Algorithms 41
 * and 42) and of the products in the NTT domain (Algorithms 45 and 48),
 * entries of the aarch64 poly ops.  They are bit-identical to the generic
 * code (ml_dsa_ntt.c) for every input within its documented bounds: the
 * same butterflies in the same layers, the same Montgomery reduction
 * (R = 2^32) computed exactly, the same (lazy) reduction points.  Only the
 * order in which independent butterflies run differs.
 *
 * A register holds 4 consecutive coefficients.  The layers with len >= 16
 * run on 16 registers at a time (coefficients j + 16m, m = 0..15, for 4
 * consecutive j), every butterfly pairing whole registers, the zeta a lane
 * of a table row (by-element multiplies).  The layers with len <= 8 run
 * per block of 16 coefficients in 4 registers: len 8 and 4 in natural
 * order, len 2 and 1 with the block transposed (register k lane i holds
 * coefficient 4i + k, which is how st4 stores and ld4 loads it), so that
 * every butterfly again pairs lane i with lane i, with a zeta per lane.
 */
#include <arm_neon.h>
#include <stdint.h>
#include "ml_dsa_aarch64.h"
#include "../ml_dsa_poly.h"
#include "ml_dsa_zetas_neon.h"

#define NEON_INLINE static inline __attribute__((always_inline))

/* z * q^-1 mod 2^32 as int32, for a constant z */
#define ZETA_QINV(z) ((int32_t)((uint32_t)(z) * (uint32_t)ML_DSA_QINV))

/*
 * Montgomery product of the lanes of a and z (zq = z * q^-1 mod 2^32), as
 * ml_dsa_montgomery_reduce((int64_t)a * z): t = a * zq mod 2^32 and
 * (a * z - t * q) / 2^32.  sqdmulh gives floor(2 x y / 2^32); since
 * a * z and t * q agree in their low 32 bits, the two doubled high halves
 * differ by exactly 2 (a z - t q) / 2^32, which the halving subtract
 * (computed without overflow) halves.  No saturation: sqdmulh saturates
 * only for INT32_MIN times INT32_MIN, and q and the zetas are small.
 */
NEON_INLINE int32x4_t mont_mul(int32x4_t a, int32x4_t z, int32x4_t zq)
{
    int32x4_t t = vmulq_s32(a, zq);

    return vhsubq_s32(vqdmulhq_s32(a, z), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/* mont_mul by lane i (a constant) of z and zq. */
#define MONT_LANE(a, z, zq, i) \
    vhsubq_s32(vqdmulhq_laneq_s32((a), (z), (i)), \
               vqdmulhq_n_s32(vmulq_laneq_s32((a), (zq), (i)), ML_DSA_Q))

/* Cooley-Tukey butterfly: t = mont(z b); (a, b) <- (a + t, a - t). */
NEON_INLINE void ct(int32x4_t *a, int32x4_t *b, int32x4_t z, int32x4_t zq)
{
    int32x4_t t = mont_mul(*b, z, zq);

    *b = vsubq_s32(*a, t);
    *a = vaddq_s32(*a, t);
}

#define CT_LANE(a, b, z, zq, i) \
    do { \
        int32x4_t t_ = MONT_LANE(b, z, zq, i); \
        (b) = vsubq_s32((a), t_); \
        (a) = vaddq_s32((a), t_); \
    } while (0)

/*
 * Gentleman-Sande butterfly of the inverse: (a, b) <- (a + b,
 * mont(-zeta (a - b))), computed as mont(zeta (b - a)) (the same 64-bit
 * product), z holding +zeta.
 */
NEON_INLINE void gs(int32x4_t *a, int32x4_t *b, int32x4_t z, int32x4_t zq)
{
    int32x4_t d = vsubq_s32(*b, *a);

    *a = vaddq_s32(*a, *b);
    *b = mont_mul(d, z, zq);
}

#define GS_LANE(a, b, z, zq, i) \
    do { \
        int32x4_t d_ = vsubq_s32((b), (a)); \
        (a) = vaddq_s32((a), (b)); \
        (b) = MONT_LANE(d_, z, zq, i); \
    } while (0)

/*
 * The 4 x 4 transpose of a block of 16 coefficients: natural order
 * (register m lane i = coefficient 4m + i) to the transposed one
 * (register k lane i = coefficient 4i + k), and back (it is its own
 * inverse).
 */
NEON_INLINE void transpose(int32x4x4_t *v)
{
    int32x4_t t0 = vtrn1q_s32(v->val[0], v->val[1]);
    int32x4_t t1 = vtrn2q_s32(v->val[0], v->val[1]);
    int32x4_t t2 = vtrn1q_s32(v->val[2], v->val[3]);
    int32x4_t t3 = vtrn2q_s32(v->val[2], v->val[3]);

    v->val[0] = vreinterpretq_s32_s64(vtrn1q_s64(vreinterpretq_s64_s32(t0),
                                                 vreinterpretq_s64_s32(t2)));
    v->val[1] = vreinterpretq_s32_s64(vtrn1q_s64(vreinterpretq_s64_s32(t1),
                                                 vreinterpretq_s64_s32(t3)));
    v->val[2] = vreinterpretq_s32_s64(vtrn2q_s64(vreinterpretq_s64_s32(t0),
                                                 vreinterpretq_s64_s32(t2)));
    v->val[3] = vreinterpretq_s32_s64(vtrn2q_s64(vreinterpretq_s64_s32(t1),
                                                 vreinterpretq_s64_s32(t3)));
}

/*
 * The top layers in assembly, 16 registers of data (v16-v31, r[m] = the
 * coefficients j + 16m, m = 0..15, for four consecutive j), the 16 zetas
 * of the big-layer table in v0-v3 and their zeta * q^-1 in v4-v7 (by-element
 * multiplies), q in lane 0 of v10 and v8, v9 for the products.  Written
 * in assembly because the compilers, short of registers for these 27
 * values, spill the zetas and reload them in every pass.  The products
 * are mont_mul's: mul, sqdmulh, sqdmulh and shsub.
 *
 * CT_ASM(a, b, z, zq, lane): t = mont(z b); (a, b) <- (a + t, a - t).
 * GS_ASM(a, b, z, zq, lane): (a, b) <- (a + b, mont(z (b - a))).
 */
#define CT_ASM(a, b, z, zq, l) \
    "mul     v9.4s, " b ".4s, " zq ".s[" l "]\n\t" \
    "sqdmulh v8.4s, " b ".4s, " z ".s[" l "]\n\t" \
    "sqdmulh v9.4s, v9.4s, v10.s[0]\n\t" \
    "shsub   v8.4s, v8.4s, v9.4s\n\t" \
    "sub     " b ".4s, " a ".4s, v8.4s\n\t" \
    "add     " a ".4s, " a ".4s, v8.4s\n\t"
#define GS_ASM(a, b, z, zq, l) \
    "sub     v8.4s, " b ".4s, " a ".4s\n\t" \
    "add     " a ".4s, " a ".4s, " b ".4s\n\t" \
    "mul     v9.4s, v8.4s, " zq ".s[" l "]\n\t" \
    "sqdmulh " b ".4s, v8.4s, " z ".s[" l "]\n\t" \
    "sqdmulh v9.4s, v9.4s, v10.s[0]\n\t" \
    "shsub   " b ".4s, " b ".4s, v9.4s\n\t"
/* The inverse's last layer with the scaling (intt_top's LAST): a =
 * mont(f (a + b)), b = mont(f * (-zetas[1]) / R (a - b)), f and its
 * partner in lanes 0 and 1 of v0 (zq: v4). */
#define LAST_ASM(a, b) \
    "add     v8.4s, " a ".4s, " b ".4s\n\t" \
    "sub     v9.4s, " a ".4s, " b ".4s\n\t" \
    "mul     " a ".4s, v8.4s, v4.s[0]\n\t" \
    "sqdmulh v8.4s, v8.4s, v0.s[0]\n\t" \
    "sqdmulh " a ".4s, " a ".4s, v10.s[0]\n\t" \
    "shsub   " a ".4s, v8.4s, " a ".4s\n\t" \
    "mul     " b ".4s, v9.4s, v4.s[1]\n\t" \
    "sqdmulh v9.4s, v9.4s, v0.s[1]\n\t" \
    "sqdmulh " b ".4s, " b ".4s, v10.s[0]\n\t" \
    "shsub   " b ".4s, v9.4s, " b ".4s\n\t"
/* r[m] = v(16 + m) from and to a + 16m (x the pointer a + j) */
#define TOP_LOAD(x) \
    "ldr q16, [" x "]\n\tldr q17, [" x ", #64]\n\t" \
    "ldr q18, [" x ", #128]\n\tldr q19, [" x ", #192]\n\t" \
    "ldr q20, [" x ", #256]\n\tldr q21, [" x ", #320]\n\t" \
    "ldr q22, [" x ", #384]\n\tldr q23, [" x ", #448]\n\t" \
    "ldr q24, [" x ", #512]\n\tldr q25, [" x ", #576]\n\t" \
    "ldr q26, [" x ", #640]\n\tldr q27, [" x ", #704]\n\t" \
    "ldr q28, [" x ", #768]\n\tldr q29, [" x ", #832]\n\t" \
    "ldr q30, [" x ", #896]\n\tldr q31, [" x ", #960]\n\t"
#define TOP_STORE(x) \
    "str q16, [" x "]\n\tstr q17, [" x ", #64]\n\t" \
    "str q18, [" x ", #128]\n\tstr q19, [" x ", #192]\n\t" \
    "str q20, [" x ", #256]\n\tstr q21, [" x ", #320]\n\t" \
    "str q22, [" x ", #384]\n\tstr q23, [" x ", #448]\n\t" \
    "str q24, [" x ", #512]\n\tstr q25, [" x ", #576]\n\t" \
    "str q26, [" x ", #640]\n\tstr q27, [" x ", #704]\n\t" \
    "str q28, [" x ", #768]\n\tstr q29, [" x ", #832]\n\t" \
    "str q30, [" x ", #896]\n\tstr q31, [" x ", #960]\n\t"
#define TOP_CLOBBERS \
    "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", \
    "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", \
    "v26", "v27", "v28", "v29", "v30", "v31", "cc", "memory"

/*
 * The layers len = 128, 64, 32, 16 of the NTT on all of a, in four passes
 * (j = 0, 4, 8, 12): layer len = 16 * 2^s pairs r[m] with r[m + 2^s],
 * block b of the layer (m / 2^(s+1)) using zetas[128 / len + b]; zt is
 * the big-layer table (zetas, then zeta * q^-1).
 */
static void ntt_top(int32_t *a, const int32_t zt[2][16])
{
    size_t passes = 4;

    __asm__ volatile(
        "ld1     {v0.4s-v3.4s}, [%[zt]], #64\n\t"
        "ld1     {v4.4s-v7.4s}, [%[zt]]\n\t"
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        TOP_LOAD("%[a]")
        CT_ASM("v16", "v24", "v0", "v4", "1")
        CT_ASM("v17", "v25", "v0", "v4", "1")
        CT_ASM("v18", "v26", "v0", "v4", "1")
        CT_ASM("v19", "v27", "v0", "v4", "1")
        CT_ASM("v20", "v28", "v0", "v4", "1")
        CT_ASM("v21", "v29", "v0", "v4", "1")
        CT_ASM("v22", "v30", "v0", "v4", "1")
        CT_ASM("v23", "v31", "v0", "v4", "1")
        CT_ASM("v16", "v20", "v0", "v4", "2")
        CT_ASM("v17", "v21", "v0", "v4", "2")
        CT_ASM("v18", "v22", "v0", "v4", "2")
        CT_ASM("v19", "v23", "v0", "v4", "2")
        CT_ASM("v24", "v28", "v0", "v4", "3")
        CT_ASM("v25", "v29", "v0", "v4", "3")
        CT_ASM("v26", "v30", "v0", "v4", "3")
        CT_ASM("v27", "v31", "v0", "v4", "3")
        CT_ASM("v16", "v18", "v1", "v5", "0")
        CT_ASM("v17", "v19", "v1", "v5", "0")
        CT_ASM("v20", "v22", "v1", "v5", "1")
        CT_ASM("v21", "v23", "v1", "v5", "1")
        CT_ASM("v24", "v26", "v1", "v5", "2")
        CT_ASM("v25", "v27", "v1", "v5", "2")
        CT_ASM("v28", "v30", "v1", "v5", "3")
        CT_ASM("v29", "v31", "v1", "v5", "3")
        CT_ASM("v16", "v17", "v2", "v6", "0")
        CT_ASM("v18", "v19", "v2", "v6", "1")
        CT_ASM("v20", "v21", "v2", "v6", "2")
        CT_ASM("v22", "v23", "v2", "v6", "3")
        CT_ASM("v24", "v25", "v3", "v7", "0")
        CT_ASM("v26", "v27", "v3", "v7", "1")
        CT_ASM("v28", "v29", "v3", "v7", "2")
        CT_ASM("v30", "v31", "v3", "v7", "3")
        TOP_STORE("%[a]")
        "add     %[a], %[a], #16\n\t"
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [zt] "+r"(zt), [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q)
        : TOP_CLOBBERS);
}

/*
 * The layers len = 16, 32, 64 of the inverse NTT on all of a, as ntt_top
 * (layer len = 16 * 2^s, block b uses -zetas[256 / len - 1 - b], GS_ASM
 * taking +zeta), and the last one, len = 128, with the scaling by f merged
 * in (LAST_ASM), as the generic inverse does: the big-layer table is
 * loaded, then f and f * (-zetas[1]) / R put in lanes 0 and 1 of v0 (and
 * their zeta * q^-1 in v4; the inverse uses no other zeta of those lanes).
 */
static void intt_top(int32_t *a)
{
    const int32_t (*zt)[16] = ntt_neon_big_zetas;
    size_t passes = 4;

    __asm__ volatile(
        "ld1     {v0.4s-v3.4s}, [%[zt]], #64\n\t"
        "ld1     {v4.4s-v7.4s}, [%[zt]]\n\t"
        "mov     v0.s[0], %w[f]\n\t"
        "mov     v0.s[1], %w[fz]\n\t"
        "mov     v4.s[0], %w[fq]\n\t"
        "mov     v4.s[1], %w[fzq]\n\t"
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        TOP_LOAD("%[a]")
        GS_ASM("v16", "v17", "v3", "v7", "3")
        GS_ASM("v18", "v19", "v3", "v7", "2")
        GS_ASM("v20", "v21", "v3", "v7", "1")
        GS_ASM("v22", "v23", "v3", "v7", "0")
        GS_ASM("v24", "v25", "v2", "v6", "3")
        GS_ASM("v26", "v27", "v2", "v6", "2")
        GS_ASM("v28", "v29", "v2", "v6", "1")
        GS_ASM("v30", "v31", "v2", "v6", "0")
        GS_ASM("v16", "v18", "v1", "v5", "3")
        GS_ASM("v17", "v19", "v1", "v5", "3")
        GS_ASM("v20", "v22", "v1", "v5", "2")
        GS_ASM("v21", "v23", "v1", "v5", "2")
        GS_ASM("v24", "v26", "v1", "v5", "1")
        GS_ASM("v25", "v27", "v1", "v5", "1")
        GS_ASM("v28", "v30", "v1", "v5", "0")
        GS_ASM("v29", "v31", "v1", "v5", "0")
        GS_ASM("v16", "v20", "v0", "v4", "3")
        GS_ASM("v17", "v21", "v0", "v4", "3")
        GS_ASM("v18", "v22", "v0", "v4", "3")
        GS_ASM("v19", "v23", "v0", "v4", "3")
        GS_ASM("v24", "v28", "v0", "v4", "2")
        GS_ASM("v25", "v29", "v0", "v4", "2")
        GS_ASM("v26", "v30", "v0", "v4", "2")
        GS_ASM("v27", "v31", "v0", "v4", "2")
        LAST_ASM("v16", "v24")
        LAST_ASM("v17", "v25")
        LAST_ASM("v18", "v26")
        LAST_ASM("v19", "v27")
        LAST_ASM("v20", "v28")
        LAST_ASM("v21", "v29")
        LAST_ASM("v22", "v30")
        LAST_ASM("v23", "v31")
        TOP_STORE("%[a]")
        "add     %[a], %[a], #16\n\t"
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [zt] "+r"(zt), [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q), [f] "r"(INV_NTT_F), [fz] "r"(INV_NTT_F_ZETA),
          [fq] "r"(ZETA_QINV(INV_NTT_F)), [fzq] "r"(ZETA_QINV(INV_NTT_F_ZETA))
        : TOP_CLOBBERS);
}
#undef CT_ASM
#undef GS_ASM
#undef LAST_ASM
#undef TOP_LOAD
#undef TOP_STORE
#undef TOP_CLOBBERS

/*
 * NTT (FIPS 204 Algorithm 41) in place, output in bit-reversed order:
 * input |a| < q, output |a| < 9q, as ossl_ml_dsa_poly_ntt_generic.
 */
void ossl_ml_dsa_poly_ntt_neon(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32x4x4_t v, lo, hi;
    size_t b;

    ntt_top(a, ntt_neon_big_zetas);
    for (b = 0; b < ML_DSA_N / 16; b++) {
        v = vld1q_s32_x4(a + 16 * b);
        lo = vld1q_s32_x4(ntt_neon_small_zetas[b][0]);
        hi = vld1q_s32_x4(ntt_neon_small_zetas[b][4]);
        /* len 8 (lane 0 of row 0) and len 4 (lanes 1, 2), natural order */
        CT_LANE(v.val[0], v.val[2], lo.val[0], lo.val[1], 0);
        CT_LANE(v.val[1], v.val[3], lo.val[0], lo.val[1], 0);
        CT_LANE(v.val[0], v.val[1], lo.val[0], lo.val[1], 1);
        CT_LANE(v.val[2], v.val[3], lo.val[0], lo.val[1], 2);
        /* len 2 and len 1, transposed; st4 puts the block back in order */
        transpose(&v);
        ct(&v.val[0], &v.val[2], lo.val[2], lo.val[3]);
        ct(&v.val[1], &v.val[3], lo.val[2], lo.val[3]);
        ct(&v.val[0], &v.val[1], hi.val[0], hi.val[1]);
        ct(&v.val[2], &v.val[3], hi.val[2], hi.val[3]);
        vst4q_s32(a + 16 * b, v);
    }
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42) in place, input in bit-reversed
 * order, times R = 2^32: input |a| < q, output |a| < q, as
 * ossl_ml_dsa_poly_ntt_inverse_generic (no reduction between the layers).
 */
void ossl_ml_dsa_poly_ntt_inverse_neon(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32x4x4_t v, lo, hi;
    size_t b;

    for (b = 0; b < ML_DSA_N / 16; b++) {
        /* len 1 and len 2 on the block as ld4 transposes it */
        v = vld4q_s32(a + 16 * b);
        lo = vld1q_s32_x4(intt_neon_small_zetas[b][0]);
        hi = vld1q_s32_x4(intt_neon_small_zetas[b][4]);
        gs(&v.val[0], &v.val[1], lo.val[0], lo.val[1]);
        gs(&v.val[2], &v.val[3], lo.val[2], lo.val[3]);
        gs(&v.val[0], &v.val[2], hi.val[0], hi.val[1]);
        gs(&v.val[1], &v.val[3], hi.val[0], hi.val[1]);
        /* len 4 (lanes 0, 1 of row 6) and len 8 (lane 2), natural order */
        transpose(&v);
        GS_LANE(v.val[0], v.val[1], hi.val[2], hi.val[3], 0);
        GS_LANE(v.val[2], v.val[3], hi.val[2], hi.val[3], 1);
        GS_LANE(v.val[0], v.val[2], hi.val[2], hi.val[3], 2);
        GS_LANE(v.val[1], v.val[3], hi.val[2], hi.val[3], 2);
        vst1q_s32_x4(a + 16 * b, v);
    }
    intt_top(a);
}

/*
 * Montgomery product of two vectors of coefficients:
 * ml_dsa_montgomery_reduce((int64_t)a * b) per lane, as mont_mul with
 * zq = b * q^-1 computed here (qinv holds q^-1 mod 2^32 in every lane).
 */
NEON_INLINE int32x4_t mont_mul_var(int32x4_t a, int32x4_t b, int32x4_t qinv)
{
    int32x4_t t = vmulq_s32(vmulq_s32(a, b), qinv);

    return vhsubq_s32(vqdmulhq_s32(a, b), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45,
 * MultiplyNTT) with the Montgomery factor: r = a * b * 2^-32, |a * b| <
 * 2^31 q per coefficient, output |r| < q.  r may alias a or b: each block
 * of 16 coefficients is loaded whole before it is stored.
 */
void ossl_ml_dsa_poly_ntt_mul_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff, *end = r->coeff + ML_DSA_N;
    int32x4x4_t x, y;

    for (; pr != end; pa += 16, pb += 16, pr += 16) {
        x = vld1q_s32_x4(pa);
        y = vld1q_s32_x4(pb);
        x.val[0] = mont_mul_var(x.val[0], y.val[0], qinv);
        x.val[1] = mont_mul_var(x.val[1], y.val[1], qinv);
        x.val[2] = mont_mul_var(x.val[2], y.val[2], qinv);
        x.val[3] = mont_mul_var(x.val[3], y.val[3], qinv);
        vst1q_s32_x4(pr, x);
    }
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over n polynomials, n a constant (1 <= n <= 7), as
 * ossl_ml_dsa_poly_ntt_dot_generic: per block of 16 coefficients the
 * products of the n pairs summed exactly in 64 bits (smull / smlal, eight
 * sums in v16-v23, the n - 1 accumulating steps repeated by .rept), then
 * reduced once: t = (low half of the sum) * q^-1 mod 2^32, and the high
 * half of sum - t * q, which is exact.  Written in assembly because the
 * compilers' allocation of the four-register loads (ld1 {4 registers},
 * post-indexed by the polynomial stride) adds a move or an address
 * computation for most of them.  Uses v0-v7 and v16-v24 only (none of
 * the callee-saved d8-d15).
 */
NEON_INLINE void dot_row(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                         const ML_DSA_POLY *b, size_t n)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff;
    size_t blocks = ML_DSA_N / 16;
    /* back to the next block of a[0] after n post-indexed loads */
    const size_t stride = sizeof(ML_DSA_POLY), back = n * stride - 64;

#define DOT_MUL(op) \
    op "     v16.2d, v0.2s, v4.2s\n\t" \
    op "2    v17.2d, v0.4s, v4.4s\n\t" \
    op "     v18.2d, v1.2s, v5.2s\n\t" \
    op "2    v19.2d, v1.4s, v5.4s\n\t" \
    op "     v20.2d, v2.2s, v6.2s\n\t" \
    op "2    v21.2d, v2.4s, v6.4s\n\t" \
    op "     v22.2d, v3.2s, v7.2s\n\t" \
    op "2    v23.2d, v3.4s, v7.4s\n\t"
#define DOT_REDUCE(lo, hi, out) \
    "uzp1   v24.4s, " lo ".4s, " hi ".4s\n\t" \
    "mul    v24.4s, v24.4s, %[qinv].4s\n\t" \
    "smlsl  " lo ".2d, v24.2s, %[q].2s\n\t" \
    "smlsl2 " hi ".2d, v24.4s, %[q].4s\n\t" \
    "uzp2   " out ".4s, " lo ".4s, " hi ".4s\n\t"
    __asm__ volatile(
        "1:\n\t"
        "ld1    {v0.4s-v3.4s}, [%[pa]], %[stride]\n\t"
        "ld1    {v4.4s-v7.4s}, [%[pb]], %[stride]\n\t"
        DOT_MUL("smull")
        ".rept  %c[more]\n\t"
        "ld1    {v0.4s-v3.4s}, [%[pa]], %[stride]\n\t"
        "ld1    {v4.4s-v7.4s}, [%[pb]], %[stride]\n\t"
        DOT_MUL("smlal")
        ".endr\n\t"
        DOT_REDUCE("v16", "v17", "v0")
        DOT_REDUCE("v18", "v19", "v1")
        DOT_REDUCE("v20", "v21", "v2")
        DOT_REDUCE("v22", "v23", "v3")
        "st1    {v0.4s-v3.4s}, [%[pr]], #64\n\t"
        "sub    %[pa], %[pa], %[back]\n\t"
        "sub    %[pb], %[pb], %[back]\n\t"
        "subs   %[blocks], %[blocks], #1\n\t"
        "b.ne   1b"
        : [pa] "+r"(pa), [pb] "+r"(pb), [pr] "+r"(pr), [blocks] "+r"(blocks)
        : [more] "i"(n - 1), [stride] "r"(stride), [back] "r"(back),
          [qinv] "w"(qinv), [q] "w"(q)
        : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v16", "v17",
          "v18", "v19", "v20", "v21", "v22", "v23", "v24", "cc", "memory");
#undef DOT_MUL
#undef DOT_REDUCE
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over 1 <= n <= 7 polynomials, as
 * ossl_ml_dsa_poly_ntt_dot_generic (dot_row, with n a constant).
 */
void ossl_ml_dsa_poly_ntt_dot_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b, size_t n)
{
    switch (n) {
    case 1:
        dot_row(r, a, b, 1);
        break;
    case 2:
        dot_row(r, a, b, 2);
        break;
    case 3:
        dot_row(r, a, b, 3);
        break;
    case 4:
        dot_row(r, a, b, 4);
        break;
    case 5:
        dot_row(r, a, b, 5);
        break;
    case 6:
        dot_row(r, a, b, 6);
        break;
    default:
        dot_row(r, a, b, 7);
        break;
    }
}
