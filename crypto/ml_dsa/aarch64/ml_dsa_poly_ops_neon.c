/*
 * The NEON poly ops (ml_dsa_backend.h): the NEON NTT and products
 * (ml_dsa_ntt_neon.c), the w1, z and r rows of signing, the use_hint
 * row of verification and KeyGen's power2round row in NEON (below: the hottest rows, where what the
 * compiler makes of the C ones executes 1.3 - 2x the instructions), the
 * other row ops (ml_dsa_rows.inc), which the compiler vectorises four
 * 32-bit lanes wide (Advanced SIMD is baseline on aarch64; GCC 12 and
 * clang do it at -O2), there calling the NEON w1Encode, the NEON packers,
 * decoders and HintBitPack (ml_dsa_encoders_neon.c), and the generic
 * HintBitUnpack (it runs once per verification and branches on the
 * public hint).
 */
#include <arm_neon.h>
#include "internal/cleanse.h"
#include "ml_dsa_aarch64.h"

#define ROWS(name) name##_neon
#define ROWS_TARGET
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_neon
#define ROWS_OWN_W1_Z_R
#define ROWS_OWN_USE_HINT
#define ROWS_OWN_POWER2ROUND
#include "../ml_dsa_rows.inc"

/* The OR of the four lanes of v. */
static inline int32_t or_lanes(int32x4_t v)
{
    int32x2_t h = vorr_s32(vget_low_s32(v), vget_high_s32(v));

    return vget_lane_s32(h, 0) | vget_lane_s32(h, 1);
}

/*
 * For |c| < q: y + the centred representative of c mod q, as
 * y + ml_dsa_centre(ml_dsa_caddq(c)) in one step: q taken off where
 * c > (q - 1) / 2, added where c < -(q - 1) / 2 (the compare masks are -1
 * there, so multiply-accumulates of q on y + c apply them).
 */
static inline int32x4_t add_centred(int32x4_t y, int32x4_t c)
{
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    int32x4_t above = vreinterpretq_s32_u32(
        vcgtq_s32(c, vdupq_n_s32((ML_DSA_Q - 1) / 2)));
    int32x4_t below = vreinterpretq_s32_u32(
        vcltq_s32(c, vdupq_n_s32(-(ML_DSA_Q - 1) / 2)));

    return vmlsq_s32(vmlaq_s32(vaddq_s32(y, c), above, q), below, q);
}

/*
 * For -q < a < 2q: a mod q in [0, q), as ml_dsa_freeze: a + q where
 * a < 0, a - q where a >= q.
 */
static inline int32x4_t frozen(int32x4_t a)
{
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    int32x4_t neg = vreinterpretq_s32_u32(vcltzq_s32(a));
    int32x4_t big = vreinterpretq_s32_u32(vcgeq_s32(a, q));

    return vmlaq_s32(vmlsq_s32(a, neg, q), big, q);
}

/*
 * One row of z = y + <<c s1>> (FIPS 204 Algorithm 7, lines 18 and 23), as
 * the generic row op: cs1 (|coeff| < q from the inverse NTT) becomes
 * y + (cs1 mod+- q) in place; the result, the OR of (bound - 1) - |z|
 * over the coefficients, is negative when some |z| >= bound.  16
 * coefficients a step.
 */
static int32_t z_neon(ML_DSA_POLY *cs1, const ML_DSA_POLY *y, int32_t bound)
{
    const int32x4_t lim = vdupq_n_s32(bound - 1);
    int32x4_t z0, z1, z2, z3, bad = vdupq_n_s32(0);
    const int32_t *py = y->coeff;
    int32_t *pz = cs1->coeff, *end = cs1->coeff + ML_DSA_N;

    for (; pz != end; py += 16, pz += 16) {
#define Z_ONE(k) \
        do { \
            z##k = add_centred(vld1q_s32(py + 4 * (k)), \
                               vld1q_s32(pz + 4 * (k))); \
            bad = vorrq_s32(bad, vsubq_s32(lim, vabsq_s32(z##k))); \
        } while (0)
        Z_ONE(0);
        Z_ONE(1);
        Z_ONE(2);
        Z_ONE(3);
#undef Z_ONE
        vst1q_s32(pz, z0);
        vst1q_s32(pz + 4, z1);
        vst1q_s32(pz + 8, z2);
        vst1q_s32(pz + 12, z3);
    }
    return or_lanes(bad);
}

/*
 * Decompose's r1 before its wrap (FIPS 204 Algorithm 36) for the lanes of
 * r (in [0, q)), as ml_dsa_decompose computes it: floor((r + gamma2 - 1)
 * / (2 gamma2)) in [0, m], gamma2 a constant.
 */
static inline __attribute__((always_inline))
int32x4_t decompose_high(int32x4_t r, int32_t gamma2)
{
    const int g32 = gamma2 == ML_DSA_GAMMA2_32;
    const int32x4_t down = vdupq_n_s32(g32 ? -DECOMPOSE_32_SHIFT
                                           : -DECOMPOSE_88_SHIFT);
    const int32x4_t down2 = vdupq_n_s32(g32 ? -DECOMPOSE_32_MUL_SHIFT
                                            : -DECOMPOSE_88_MUL_SHIFT);
    const int32x4_t mul = vdupq_n_s32(g32 ? DECOMPOSE_32_MUL
                                          : DECOMPOSE_88_MUL);
    int32x4_t x = vaddq_s32(r, vdupq_n_s32(gamma2 - 1));

    return vshlq_s32(vmulq_s32(vshlq_s32(x, down), mul), down2);
}

/*
 * Decompose (FIPS 204 Algorithm 36) of the lanes of r (in [0, q)) as
 * ml_dsa_decompose with gamma2 a constant: returns r1 and sets *r0.
 */
static inline __attribute__((always_inline))
int32x4_t decompose(int32x4_t *r0, int32x4_t r, int32_t gamma2)
{
    const int32x4_t top = vdupq_n_s32((gamma2 == ML_DSA_GAMMA2_32
                                       ? DECOMPOSE_32_M : DECOMPOSE_88_M) - 1);
    int32x4_t r1 = decompose_high(r, gamma2);
    int32x4_t wrap = vreinterpretq_s32_u32(vcgtq_s32(r1, top));

    *r0 = vaddq_s32(vmlsq_s32(r, r1, vdupq_n_s32(2 * gamma2)), wrap);
    return vbicq_s32(r1, wrap);
}

/*
 * Four coefficients, from i, of the r row below: w[i..] becomes
 * r = (w - cs2) mod q, the OR of gamma2 - beta - 1 - |LowBits(r)| goes
 * into *bad; returns HighBits(r).
 */
static inline __attribute__((always_inline))
int32x4_t r_four(ML_DSA_POLY *w, const ML_DSA_POLY *cs2, size_t i,
                 int32x4_t lim, int32x4_t *bad, int32_t gamma2)
{
    int32x4_t r0, r1, r = frozen(vsubq_s32(vld1q_s32(w->coeff + i),
                                           vld1q_s32(cs2->coeff + i)));

    r1 = decompose(&r0, r, gamma2);
    *bad = vorrq_s32(*bad, vsubq_s32(lim, vabsq_s32(r0)));
    vst1q_s32(w->coeff + i, r);
    return r1;
}

/*
 * One row of r = w - <<c s2>> (FIPS 204 Algorithm 7, lines 19 and 21), as
 * the generic row op: w (in [0, q)) becomes r mod q in place, r1 receives
 * HighBits(r) as bytes (16 per store), and the result (the OR of
 * gamma2 - beta - 1 - |LowBits(r)|) is negative when some |LowBits(r)| >=
 * gamma2 - beta.  gamma2 is a constant in each caller.
 */
static inline __attribute__((always_inline))
int32_t r_row_neon(ML_DSA_POLY *w, uint8_t *r1, const ML_DSA_POLY *cs2,
                   int32_t beta, int32_t gamma2)
{
    const int32x4_t lim = vdupq_n_s32(gamma2 - beta - 1);
    int32x4_t h0, h1, h2, h3, bad = vdupq_n_s32(0);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16) {
        h0 = r_four(w, cs2, i, lim, &bad, gamma2);
        h1 = r_four(w, cs2, i + 4, lim, &bad, gamma2);
        h2 = r_four(w, cs2, i + 8, lim, &bad, gamma2);
        h3 = r_four(w, cs2, i + 12, lim, &bad, gamma2);
        vst1q_u8(r1 + i, vreinterpretq_u8_s8(vcombine_s8(
            vmovn_s16(vcombine_s16(vmovn_s32(h0), vmovn_s32(h1))),
            vmovn_s16(vcombine_s16(vmovn_s32(h2), vmovn_s32(h3))))));
    }
    return or_lanes(bad);
}

static int32_t r_neon(ML_DSA_POLY *w, uint8_t *r1, const ML_DSA_POLY *cs2,
                      const ML_DSA_PARAMS *p)
{
    return GAMMA2_DISPATCH(p, r_row_neon, w, r1, cs2, p->beta);
}

/*
 * Four coefficients, from i, of the w1 row below: w[i..] reduced to
 * [0, q) in place (caddq: q added where negative); returns their HighBits.
 */
static inline __attribute__((always_inline))
int32x4_t w1_four(ML_DSA_POLY *w, size_t i, int32_t gamma2)
{
    int32x4_t r0, r = vld1q_s32(w->coeff + i);

    r = vmlsq_s32(r, vreinterpretq_s32_u32(vcltzq_s32(r)),
                  vdupq_n_s32(ML_DSA_Q));
    vst1q_s32(w->coeff + i, r);
    return decompose(&r0, r, gamma2);
}

/*
 * One row of w (|coeff| < q from the inverse NTT), as the generic row op:
 * reduced to [0, q) in place, and w1Encode (FIPS 204 Algorithm 28) of
 * HighBits(w) (Algorithm 37) written to out.  Returns 0.  gamma2 is a
 * constant in each caller.  For gamma2 = (q - 1) / 32 (4-bit w1) the high
 * bits of 16 coefficients are packed straight from the registers (narrowed
 * to bytes in order, then x + (x >> 4) on each 16-bit pair, as
 * pack_w1_neon does); for (q - 1) / 88 (6 bits) they go through a
 * polynomial to the NEON w1Encode.
 */
static inline __attribute__((always_inline))
int w1_row_neon(uint8_t *out, ML_DSA_POLY *w, int32_t gamma2)
{
    ML_DSA_POLY w1;
    int32x4_t h0, h1, h2, h3;
    uint16x8_t x;
    size_t i;

    if (gamma2 == ML_DSA_GAMMA2_32) {
        for (i = 0; i < ML_DSA_N; i += 16, out += 8) {
            h0 = w1_four(w, i, gamma2);
            h1 = w1_four(w, i + 4, gamma2);
            h2 = w1_four(w, i + 8, gamma2);
            h3 = w1_four(w, i + 12, gamma2);
            x = vreinterpretq_u16_s8(vcombine_s8(
                vmovn_s16(vcombine_s16(vmovn_s32(h0), vmovn_s32(h1))),
                vmovn_s16(vcombine_s16(vmovn_s32(h2), vmovn_s32(h3)))));
            vst1_u8(out, vmovn_u16(vsraq_n_u16(x, x, 4)));
        }
        return 0;
    }
    for (i = 0; i < ML_DSA_N; i += 4)
        vst1q_s32(w1.coeff + i, w1_four(w, i, gamma2));
    ossl_ml_dsa_poly_pack_w1_neon(out, &w1, 6);
    /* HighBits(w) of an attempt: secret until its signature is released */
    ossl_cleanse(&w1, sizeof(w1));
    return 0;
}

static void w1_neon(uint8_t *out, ML_DSA_POLY *w, const ML_DSA_PARAMS *p)
{
    GAMMA2_DISPATCH(p, w1_row_neon, out, w);
}

/*
 * UseHint (FIPS 204 Algorithm 40) of four coefficients w (|c| < q, first
 * reduced to [0, q) as caddq), hm -1 where the hint is 1, as
 * ml_dsa_use_hint: Decompose's r1 before its wrap (r1 = m where
 * r - r0 = q - 1) and the sign of its r0 before the wrap's -1 (r0 <= 0
 * either way there) are enough, as the step and the final mod m put the
 * wrap's r1 = 0 right: r1 + (hm ^ pos) - pos is r1 + h when r0 > 0 (pos
 * -1), r1 - h otherwise, in [-1, m]; then mod m (m = 16: the low four
 * bits; m = 44: -1 to 43, 44 to 0).
 */
static inline __attribute__((always_inline))
int32x4_t use_hint_four(int32x4_t w, int32x4_t hm, int32_t gamma2)
{
    const int g32 = gamma2 == ML_DSA_GAMMA2_32;
    const int32x4_t m = vdupq_n_s32(g32 ? DECOMPOSE_32_M : DECOMPOSE_88_M);
    int32x4_t r = vmlsq_s32(w, vreinterpretq_s32_u32(vcltzq_s32(w)),
                            vdupq_n_s32(ML_DSA_Q));
    int32x4_t r1 = decompose_high(r, gamma2);
    int32x4_t r0 = vmlsq_s32(r, r1, vdupq_n_s32(2 * gamma2));
    int32x4_t pos = vreinterpretq_s32_u32(vcgtzq_s32(r0));

    r1 = vsubq_s32(vaddq_s32(r1, veorq_s32(hm, pos)), pos);
    if (g32)
        return vandq_s32(r1, vsubq_s32(m, vdupq_n_s32(1)));
    r1 = vmlsq_s32(r1, vreinterpretq_s32_u32(vcltzq_s32(r1)), m);
    return vbicq_s32(r1, vreinterpretq_s32_u32(vceqq_s32(r1, m)));
}

/*
 * One row of Verify (FIPS 204 Algorithm 8, line 10): w1' = UseHint(h, w)
 * (Algorithm 40) for w with |coeff| < q from the inverse NTT, in place, as
 * the generic row op; 16 coefficients a step, their hint bytes widened to
 * -1 / 0 masks.  gamma2 is a constant in each caller.
 */
static inline __attribute__((always_inline))
void use_hint_row_neon(ML_DSA_POLY *w, const uint8_t *h, int32_t gamma2)
{
    int8x16_t hm;
    int16x8_t lo, hi;
    int32_t *c = w->coeff;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16) {
        hm = vreinterpretq_s8_u8(vtstq_u8(vld1q_u8(h + i), vld1q_u8(h + i)));
        lo = vmovl_s8(vget_low_s8(hm));
        hi = vmovl_high_s8(hm);
        vst1q_s32(c + i, use_hint_four(vld1q_s32(c + i),
                                       vmovl_s16(vget_low_s16(lo)), gamma2));
        vst1q_s32(c + i + 4, use_hint_four(vld1q_s32(c + i + 4),
                                           vmovl_high_s16(lo), gamma2));
        vst1q_s32(c + i + 8, use_hint_four(vld1q_s32(c + i + 8),
                                           vmovl_s16(vget_low_s16(hi)), gamma2));
        vst1q_s32(c + i + 12, use_hint_four(vld1q_s32(c + i + 12),
                                            vmovl_high_s16(hi), gamma2));
    }
}

static void use_hint_neon(ML_DSA_POLY *w, const uint8_t *h,
                          const ML_DSA_PARAMS *p)
{
    if (p->gamma2 == ML_DSA_GAMMA2_32)
        use_hint_row_neon(w, h, ML_DSA_GAMMA2_32);
    else
        use_hint_row_neon(w, h, ML_DSA_GAMMA2_88);
}

/*
 * One row of KeyGen (FIPS 204 Algorithm 6, lines 5 - 6), as the generic
 * row op: t = as1 + s2 reduced to [0, q) (as1 |c| < q from the inverse
 * NTT, plus q where negative, then s2 in [-eta, eta] added: the sum in
 * (-eta, q + eta), less q where >= q, plus q where negative), split by
 * Power2Round (Algorithm 35): t1 = (t + 2^12 - 1) >> 13, t0 = t - t1 2^13.
 * Secret (t0): no branch on the data.
 */
static void power2round_neon(ML_DSA_POLY *t1, ML_DSA_POLY *t0,
                             const ML_DSA_POLY *as1, const ML_DSA_POLY *s2)
{
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    const int32x4_t half = vdupq_n_s32((1 << (ML_DSA_D - 1)) - 1);
    const int32x4_t unit = vdupq_n_s32(1 << ML_DSA_D);
    int32x4_t t, r1;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 4) {
        t = vld1q_s32(as1->coeff + i);
        t = vmlsq_s32(t, vreinterpretq_s32_u32(vcltzq_s32(t)), q);
        t = vaddq_s32(t, vld1q_s32(s2->coeff + i));
        t = vmlaq_s32(t, vreinterpretq_s32_u32(vcgeq_s32(t, q)), q);
        t = vmlsq_s32(t, vreinterpretq_s32_u32(vcltzq_s32(t)), q);
        r1 = vshrq_n_s32(vaddq_s32(t, half), ML_DSA_D);
        vst1q_s32(t1->coeff + i, r1);
        vst1q_s32(t0->coeff + i, vmlsq_s32(t, r1, unit));
    }
}

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_neon = {
    "neon",
    ossl_ml_dsa_poly_ntt_neon,
    ossl_ml_dsa_poly_ntt_inverse_neon,
    ossl_ml_dsa_poly_ntt_mul_neon,
    ossl_ml_dsa_poly_ntt_dot_neon,
    w1_neon,
    z_neon,
    r_neon,
    hint_neon,
    use_hint_neon,
    power2round_neon,
    exceeds_neon,
    sub_reduce_neon,
    ossl_ml_dsa_poly_pack_w1_neon,
    ossl_ml_dsa_poly_unpack_z_neon,
    ossl_ml_dsa_poly_pack_z_neon,
    ossl_ml_dsa_hint_encode_neon,
    ossl_ml_dsa_hint_decode_generic,
    ossl_ml_dsa_poly_pack_eta_neon,
    ossl_ml_dsa_poly_unpack_eta_neon,
    ossl_ml_dsa_poly_pack_t0_neon,
    ossl_ml_dsa_poly_unpack_t0_neon,
    ossl_ml_dsa_poly_pack_t1_neon,
    ossl_ml_dsa_poly_unpack_t1_neon,
};
