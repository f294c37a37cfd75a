/*
 * NEON versions of the bit packers of ML-DSA (FIPS 204 section 7.1 - 7.2),
 * entries of the aarch64 poly ops and bit-identical to the _generic
 * functions of ml_dsa_encoders.c: BitUnpack of z and of the mask
 * (Algorithm 27 line 6, Algorithm 34 line 5), BitPack of z (Algorithm 26
 * line 3), w1Encode (Algorithm 28), the t0, t1 and eta packers and
 * decoders of the keys (Algorithms 22 - 25), and HintBitPack (Algorithm
 * 20).
 *
 * The packers of widths w >= 10 share one scheme.  A step is S = 8
 * (w >= 16) or 16 coefficients, L = S * w / 8 bytes (16 < L <= 32), held
 * as a 32-byte tbl table: bytes 0 - 15 of the step, then its bytes
 * L - 16 .. L - 1 (two loads that stay inside the step), so that byte b of
 * the step is table entry TAB(b) = b < 16 ? b : b + 32 - L.
 *
 * - Decoding: coefficient j starts at bit w * j, in byte (w * j) / 8 at
 *   bit (w * j) % 8; tbl gathers that byte and the next three (those past
 *   the step are zero) into dword j, a per-lane shift drops the low bits,
 *   a mask the high ones.
 * - Encoding: each coefficient is shifted left by (w * j) % 8 in its
 *   dword; output byte o of the step gets byte o - (w * j) / 8 of dword j
 *   for the coefficient j covering it.  Coefficients j and j + 2 never
 *   share a byte (w >= 8), so one tbl gathers the even coefficients' bytes,
 *   one the odd ones', and an OR joins them; this for the step's bytes
 *   0 - 15 and for its bytes L - 16 .. L - 1, stored as two overlapping
 *   16-byte stores.
 *
 * The tables below are those formulas as constant expressions.
 */
#include <arm_neon.h>
#include <stdint.h>
#include <string.h>
#include "ml_dsa_aarch64.h"

#define NEON_INLINE static inline __attribute__((always_inline))

/* Table entry of step byte b, for a step of l bytes. */
#define TAB(b, l) ((b) < 16 ? (b) : (b) + 32 - (l))
/* Decoding: byte k (0..3) of dword j, width w, step of l bytes. */
#define DEC(w, l, j, k) \
    ((w) * (j) / 8 + (k) < (l) ? TAB((w) * (j) / 8 + (k), (l)) : 0xff)
#define DEC4(w, l, j) \
    DEC(w, l, j, 0), DEC(w, l, j, 1), DEC(w, l, j, 2), DEC(w, l, j, 3)
#define DEC_ROW(w, l, j) \
    { DEC4(w, l, j), DEC4(w, l, (j) + 1), DEC4(w, l, (j) + 2), \
      DEC4(w, l, (j) + 3) }
/*
 * Encoding: the coefficient of parity p covering output byte o (width w):
 * the last j of that parity starting at or before o, ENC_J, when it
 * reaches o; then table entry 4 j + (o - start byte), or 0xff.
 */
#define ENC_JMAX(w, o) ((8 * (o) + 7) / (w))
#define ENC_J(w, o, p) \
    (ENC_JMAX(w, o) % 2 == (p) ? ENC_JMAX(w, o) : ENC_JMAX(w, o) - 1)
#define ENC_OK(w, o, p, s) \
    (ENC_J(w, o, p) >= 0 && ENC_J(w, o, p) < (s) \
     && (o) <= ((w) * ENC_J(w, o, p) + (w) - 1) / 8)
#define ENC(w, o, p, s) \
    (ENC_OK(w, o, p, s) ? 4 * ENC_J(w, o, p) + (o) - (w) * ENC_J(w, o, p) / 8 \
                        : 0xff)
#define ENC4(w, o, p, s) \
    ENC(w, o, p, s), ENC(w, (o) + 1, p, s), ENC(w, (o) + 2, p, s), \
    ENC(w, (o) + 3, p, s)
#define ENC_ROW(w, o, p, s) \
    { ENC4(w, o, p, s), ENC4(w, (o) + 4, p, s), ENC4(w, (o) + 8, p, s), \
      ENC4(w, (o) + 12, p, s) }
/* The bit offset of coefficient j within its first byte. */
#define SH(w, j) ((w) * (j) % 8)
#define SH4(w, j) SH(w, j), SH(w, (j) + 1), SH(w, (j) + 2), SH(w, (j) + 3)

/*
 * The tables of one width: dec[v] gathers coefficients 4v .. 4v + 3,
 * enc[0][p] the output bytes 0 .. 15 from the coefficients of parity p,
 * enc[1][p] the bytes L - 16 .. L - 1, sh the bit offsets.
 */
typedef struct {
    uint8_t dec[4][16];
    uint8_t enc[2][2][16];
    int32_t sh[16];
} BITS_TABLES;

#define TABLES8(w) { \
    { DEC_ROW(w, w, 0), DEC_ROW(w, w, 4) }, \
    { { ENC_ROW(w, 0, 0, 8), ENC_ROW(w, 0, 1, 8) }, \
      { ENC_ROW(w, (w) - 16, 0, 8), ENC_ROW(w, (w) - 16, 1, 8) } }, \
    { SH4(w, 0), SH4(w, 4) } }
#define TABLES16(w) { \
    { DEC_ROW(w, 2 * (w), 0), DEC_ROW(w, 2 * (w), 4), \
      DEC_ROW(w, 2 * (w), 8), DEC_ROW(w, 2 * (w), 12) }, \
    { { ENC_ROW(w, 0, 0, 16), ENC_ROW(w, 0, 1, 16) }, \
      { ENC_ROW(w, 2 * (w) - 16, 0, 16), ENC_ROW(w, 2 * (w) - 16, 1, 16) } }, \
    { SH4(w, 0), SH4(w, 4), SH4(w, 8), SH4(w, 12) } }

static const BITS_TABLES bits18 = TABLES8(18);   /* z, gamma1 = 2^17 */
static const BITS_TABLES bits20 = TABLES8(20);   /* z, gamma1 = 2^19 */
static const BITS_TABLES bits10 = TABLES16(10);  /* t1 */
static const BITS_TABLES bits13 = TABLES16(13);  /* t0 */

/*
 * Decode one step of nv * 4 coefficients of w bits (l = nv * w / 2 bytes
 * at in) into c: c[i] = b - v[i] (negate) or v[i].
 */
NEON_INLINE void decode_step(int32_t *c, const uint8_t *in, size_t l,
                             size_t nv, const BITS_TABLES *t, int w,
                             int32_t b, int negate)
{
    const uint32x4_t mask = vdupq_n_u32((1u << w) - 1);
    uint8x16x2_t tab = { { vld1q_u8(in), vld1q_u8(in + l - 16) } };
    uint32x4_t v;
    size_t k;

    for (k = 0; k < nv; k++) {
        v = vreinterpretq_u32_u8(vqtbl2q_u8(tab, vld1q_u8(t->dec[k])));
        v = vshlq_u32(v, vnegq_s32(vld1q_s32(t->sh + 4 * k)));
        v = vandq_u32(v, mask);
        if (negate)
            vst1q_s32(c + 4 * k, vsubq_s32(vdupq_n_s32(b),
                                           vreinterpretq_s32_u32(v)));
        else
            vst1q_s32(c + 4 * k, vreinterpretq_s32_u32(v));
    }
}

/*
 * Encode one step of nv * 4 coefficients (b - c[i] when negate, else
 * c[i], each in [0, 2^w)) into l = nv * w / 2 bytes at out.
 */
NEON_INLINE void encode_step(uint8_t *out, const int32_t *c, size_t l,
                             size_t nv, const BITS_TABLES *t, int32_t b,
                             int negate)
{
    uint8x16x4_t words;
    uint8x16_t lo, hi;
    int32x4_t v;
    size_t k;

    for (k = 0; k < nv; k++) {
        v = vld1q_s32(c + 4 * k);
        if (negate)
            v = vsubq_s32(vdupq_n_s32(b), v);
        words.val[k] = vreinterpretq_u8_u32(
            vshlq_u32(vreinterpretq_u32_s32(v), vld1q_s32(t->sh + 4 * k)));
    }
    if (nv == 2) {
        uint8x16x2_t w2 = { { words.val[0], words.val[1] } };

        lo = vorrq_u8(vqtbl2q_u8(w2, vld1q_u8(t->enc[0][0])),
                      vqtbl2q_u8(w2, vld1q_u8(t->enc[0][1])));
        hi = vorrq_u8(vqtbl2q_u8(w2, vld1q_u8(t->enc[1][0])),
                      vqtbl2q_u8(w2, vld1q_u8(t->enc[1][1])));
    } else {
        lo = vorrq_u8(vqtbl4q_u8(words, vld1q_u8(t->enc[0][0])),
                      vqtbl4q_u8(words, vld1q_u8(t->enc[0][1])));
        hi = vorrq_u8(vqtbl4q_u8(words, vld1q_u8(t->enc[1][0])),
                      vqtbl4q_u8(words, vld1q_u8(t->enc[1][1])));
    }
    /* hi holds bytes l - 16 .. l - 1, lo bytes 0 .. 15: both stores stay
     * inside the step, and where they overlap they write the same bytes */
    vst1q_u8(out + l - 16, hi);
    vst1q_u8(out, lo);
}

/*
 * BitUnpack(in, gamma1 - 1, gamma1) (FIPS 204 Algorithm 27 line 6,
 * Algorithm 34 line 5): z = gamma1 - v in [-gamma1 + 1, gamma1] for the
 * 18- or 20-bit values v; 8 coefficients per step.
 */
void ossl_ml_dsa_poly_unpack_z_neon(ML_DSA_POLY *z, const uint8_t *in,
                                    int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    size_t i;

    if (gamma1_bits == 17)
        for (i = 0; i < ML_DSA_N; i += 8, in += 18)
            decode_step(z->coeff + i, in, 18, 2, &bits18, 18, gamma1, 1);
    else
        for (i = 0; i < ML_DSA_N; i += 8, in += 20)
            decode_step(z->coeff + i, in, 20, 2, &bits20, 20, gamma1, 1);
}

/*
 * BitPack(z, gamma1 - 1, gamma1) (FIPS 204 Algorithm 26 line 3): the
 * values gamma1 - z in [0, 2 gamma1), 18 or 20 bits; 8 coefficients per
 * step.
 */
void ossl_ml_dsa_poly_pack_z_neon(uint8_t *out, const ML_DSA_POLY *z,
                                  int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    size_t i;

    if (gamma1_bits == 17)
        for (i = 0; i < ML_DSA_N; i += 8, out += 18)
            encode_step(out, z->coeff + i, 18, 2, &bits18, gamma1, 1);
    else
        for (i = 0; i < ML_DSA_N; i += 8, out += 20)
            encode_step(out, z->coeff + i, 20, 2, &bits20, gamma1, 1);
}

/* SimpleBitPack(t1, 10) (FIPS 204 Algorithm 22 line 3): 16 coefficients
 * in [0, 2^10) per 20 bytes. */
void ossl_ml_dsa_poly_pack_t1_neon(uint8_t *out, const ML_DSA_POLY *t1)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, out += 20)
        encode_step(out, t1->coeff + i, 20, 4, &bits10, 0, 0);
}

/* SimpleBitUnpack(v, 10) (FIPS 204 Algorithm 23 line 4). */
void ossl_ml_dsa_poly_unpack_t1_neon(ML_DSA_POLY *t1, const uint8_t *in)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 20)
        decode_step(t1->coeff + i, in, 20, 4, &bits10, 10, 0, 0);
}

/* BitPack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 24 line 11): the values
 * 2^12 - t0 in [0, 2^13), 16 per 26 bytes.  Secret: no branch on data. */
void ossl_ml_dsa_poly_pack_t0_neon(uint8_t *out, const ML_DSA_POLY *t0)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, out += 26)
        encode_step(out, t0->coeff + i, 26, 4, &bits13, ML_DSA_T0_MAX, 1);
}

/* BitUnpack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 25 line 14): every
 * 13-bit value is valid.  Secret. */
void ossl_ml_dsa_poly_unpack_t0_neon(ML_DSA_POLY *t0, const uint8_t *in)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 26)
        decode_step(t0->coeff + i, in, 26, 4, &bits13, ML_DSA_T0_BITS,
                    ML_DSA_T0_MAX, 1);
}

/*
 * 16 coefficients (each in [0, 16), as 32-bit lanes at c, minus from b
 * when negate) packed two to a byte, the lower one in the low nibble:
 * narrowed to bytes in order, then each 16-bit pair x = c0 + 2^8 c1 gives
 * c0 + 2^4 c1 as x + (x >> 4) (the nibbles do not overlap).
 */
NEON_INLINE uint8x8_t nibbles16(const int32_t *c, int32_t b, int negate)
{
    int32x4x4_t v = vld1q_s32_x4(c);
    uint16x8_t lo, hi, x;
    size_t k;

    if (negate)
        for (k = 0; k < 4; k++)
            v.val[k] = vsubq_s32(vdupq_n_s32(b), v.val[k]);
    lo = vuzp1q_u16(vreinterpretq_u16_s32(v.val[0]),
                    vreinterpretq_u16_s32(v.val[1]));
    hi = vuzp1q_u16(vreinterpretq_u16_s32(v.val[2]),
                    vreinterpretq_u16_s32(v.val[3]));
    x = vreinterpretq_u16_u8(vuzp1q_u8(vreinterpretq_u8_u16(lo),
                                       vreinterpretq_u8_u16(hi)));
    return vmovn_u16(vsraq_n_u16(x, x, 4));
}

/*
 * w1Encode of one polynomial (FIPS 204 Algorithm 28): SimpleBitPack of
 * w1 in [0, 2^bits), bits = 4 (two a byte) or 6 (four per 3 bytes: ld4
 * puts coefficients 4i .. 4i + 3 in lane i of four registers, three
 * shift-inserts join them into 24 bits, a tbl keeps the three low bytes
 * of each lane).
 */
void ossl_ml_dsa_poly_pack_w1_neon(uint8_t *out, const ML_DSA_POLY *w1,
                                   int bits)
{
    static const uint8_t low3[16] = { 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14,
                                      0xff, 0xff, 0xff, 0xff };
    const int32_t *c = w1->coeff;
    int32x4x4_t v;
    uint32x4_t x;
    uint8x16_t bytes;
    size_t i;

    if (bits == 6) {
        for (i = 0; i < ML_DSA_N; i += 16, out += 12) {
            v = vld4q_s32(c + i);
            x = vsliq_n_u32(vreinterpretq_u32_s32(v.val[0]),
                            vreinterpretq_u32_s32(v.val[1]), 6);
            x = vsliq_n_u32(x, vreinterpretq_u32_s32(v.val[2]), 12);
            x = vsliq_n_u32(x, vreinterpretq_u32_s32(v.val[3]), 18);
            bytes = vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(low3));
            vst1_u8(out, vget_low_u8(bytes));
            vst1q_lane_u32((uint32_t *)(void *)(out + 8),
                           vreinterpretq_u32_u8(bytes), 2);
        }
    } else {
        for (i = 0; i < ML_DSA_N; i += 16, out += 8)
            vst1_u8(out, nibbles16(c + i, 0, 0));
    }
}

/*
 * 32 coefficients at c in [-2, 2] as eta - c in [0, 4], 3 bits each, 8
 * per 3 bytes (12 bytes at out): the words narrowed to bytes in order
 * (two's complement, so that 2 - b mod 2^8 is eta - c), then joined in
 * three rounds of doubling lanes, each lane x = lo + 2^k hi becoming
 * (x & low) + (x >> (k - w)) for the w bits a value has so far (16-bit
 * lanes from 3 to 6 bits, 32-bit ones to 12, 64-bit ones to 24); a tbl
 * keeps the three low bytes of each 64-bit lane.
 */
NEON_INLINE void pack_eta2_32(uint8_t *out, const int32_t *c)
{
    static const uint8_t low3[16] = { 0, 1, 2, 8, 9, 10, 16, 17, 18, 24,
                                      25, 26, 0xff, 0xff, 0xff, 0xff };
    int32x4x4_t v0 = vld1q_s32_x4(c), v1 = vld1q_s32_x4(c + 16);
    uint8x16x2_t b;
    uint16x8_t x;
    uint32x4_t y;
    uint64x2_t z;
    uint8x16_t bytes;
    size_t k;

    b.val[0] = vuzp1q_u8(
        vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_s32(v0.val[0]),
                                        vreinterpretq_u16_s32(v0.val[1]))),
        vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_s32(v0.val[2]),
                                        vreinterpretq_u16_s32(v0.val[3]))));
    b.val[1] = vuzp1q_u8(
        vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_s32(v1.val[0]),
                                        vreinterpretq_u16_s32(v1.val[1]))),
        vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_s32(v1.val[2]),
                                        vreinterpretq_u16_s32(v1.val[3]))));
    for (k = 0; k < 2; k++) {
        x = vreinterpretq_u16_u8(vsubq_u8(vdupq_n_u8(2), b.val[k]));
        x = vsraq_n_u16(vandq_u16(x, vdupq_n_u16(0x7)), x, 5);
        y = vreinterpretq_u32_u16(x);
        y = vsraq_n_u32(vandq_u32(y, vdupq_n_u32(0x3f)), y, 10);
        z = vreinterpretq_u64_u32(y);
        z = vsraq_n_u64(vandq_u64(z, vdupq_n_u64(0xfff)), z, 20);
        b.val[k] = vreinterpretq_u8_u64(z);
    }
    bytes = vqtbl2q_u8(b, vld1q_u8(low3));
    vst1_u8(out, vget_low_u8(bytes));
    vst1q_lane_u32((uint32_t *)(void *)(out + 8), vreinterpretq_u32_u8(bytes),
                   2);
}

/*
 * BitPack(s, eta, eta) (FIPS 204 Algorithm 24 lines 4 - 9): the values
 * eta - s in [0, 2 eta]; for eta = 4 two a byte, 16 coefficients per
 * step; for eta = 2 3 bits each, 32 coefficients per 12 bytes.  Secret:
 * no branch on the data.
 */
void ossl_ml_dsa_poly_pack_eta_neon(uint8_t *out, const ML_DSA_POLY *s,
                                    int eta)
{
    size_t i;

    if (eta == 2) {
        for (i = 0; i < ML_DSA_N; i += 32, out += 12)
            pack_eta2_32(out, s->coeff + i);
        return;
    }
    for (i = 0; i < ML_DSA_N; i += 16, out += 8)
        vst1_u8(out, nibbles16(s->coeff + i, eta, 1));
}

/*
 * The 3-bit values v of 16 coefficients from the 6 bytes of each 64-bit
 * lane of w (the low 24 bits of each), one per byte: the pack's rounds
 * undone, each lane x splitting into two of half the width, the low one
 * keeping x and the high one getting x >> w (64 to 32 bits: w = 12; 32 to
 * 16: 6; 16 to 8: 3); the bits above a value are cleared once at the end.
 */
NEON_INLINE uint8x16_t unpack_eta2_16(uint64x2_t w)
{
    uint32x4_t y = vreinterpretq_u32_u64(vsliq_n_u64(w, vshrq_n_u64(w, 12),
                                                     32));
    uint16x8_t x = vreinterpretq_u16_u32(vsliq_n_u32(y, vshrq_n_u32(y, 6),
                                                     16));

    x = vsliq_n_u16(x, vshrq_n_u16(x, 3), 8);
    return vandq_u8(vreinterpretq_u8_u16(x), vdupq_n_u8(0x7));
}

/* The 16 coefficients eta - v of the bytes v (eta - v as a signed byte,
 * widened) stored at c. */
NEON_INLINE void store_eta16(int32_t *c, uint8x16_t v, int eta)
{
    int8x16_t s = vreinterpretq_s8_u8(vsubq_u8(vdupq_n_u8((uint8_t)eta), v));
    int16x8_t h = vmovl_s8(vget_low_s8(s));

    vst1q_s32(c, vmovl_s16(vget_low_s16(h)));
    vst1q_s32(c + 4, vmovl_high_s16(h));
    h = vmovl_high_s8(s);
    vst1q_s32(c + 8, vmovl_s16(vget_low_s16(h)));
    vst1q_s32(c + 12, vmovl_high_s16(h));
}

/*
 * BitUnpack(in, eta, eta) with skDecode's range check (FIPS 204 Algorithm
 * 25 lines 5 - 10): for eta = 4, 32 coefficients 4 - v per 16 bytes (the
 * nibbles split, zipped back in order); for eta = 2, 32 coefficients
 * 2 - v per 12 bytes (a tbl spreads each 3 bytes into a 64-bit lane, then
 * unpack_eta2_16); 1 when every v <= 2 eta, from the running byte maximum
 * (no early exit, no branch on the data).  Secret.
 */
int ossl_ml_dsa_poly_unpack_eta_neon(ML_DSA_POLY *p, const uint8_t *in,
                                     int eta)
{
    static const uint8_t spread[2][16] = {
        { 0, 1, 2, 0xff, 0xff, 0xff, 0xff, 0xff,
          3, 4, 5, 0xff, 0xff, 0xff, 0xff, 0xff },
        { 6, 7, 8, 0xff, 0xff, 0xff, 0xff, 0xff,
          9, 10, 11, 0xff, 0xff, 0xff, 0xff, 0xff },
    };
    const uint8x16_t low4 = vdupq_n_u8(0x0f);
    uint8x16_t b, z[2], top = vdupq_n_u8(0);
    int32_t *c = p->coeff;
    size_t i, k;

    for (i = 0; i < ML_DSA_N; i += 32) {
        if (eta == 2) {
            /* 12 bytes: 8, then 4 into a zeroed register */
            b = vcombine_u8(vld1_u8(in), vreinterpret_u8_u32(vld1_lane_u32(
                    (const uint32_t *)(const void *)(in + 8),
                    vdup_n_u32(0), 0)));
            z[0] = unpack_eta2_16(vreinterpretq_u64_u8(
                vqtbl1q_u8(b, vld1q_u8(spread[0]))));
            z[1] = unpack_eta2_16(vreinterpretq_u64_u8(
                vqtbl1q_u8(b, vld1q_u8(spread[1]))));
            in += 12;
        } else {
            b = vld1q_u8(in);
            z[0] = vzip1q_u8(vandq_u8(b, low4), vshrq_n_u8(b, 4));
            z[1] = vzip2q_u8(vandq_u8(b, low4), vshrq_n_u8(b, 4));
            in += 16;
        }
        for (k = 0; k < 2; k++) {
            top = vmaxq_u8(top, z[k]);
            store_eta16(c + i + 16 * k, z[k], eta);
        }
    }
    return vmaxvq_u8(top) <= 2 * eta;
}

/*
 * HintBitPack (FIPS 204 Algorithm 20), as ossl_ml_dsa_hint_encode_generic:
 * 16 hint bytes a step become a 16-bit mask of the non-zero ones (each
 * byte's test ANDed with its bit, the two halves summed), whose set bits,
 * lowest first, give the indices.  The hint is released in the signature:
 * the loop over the set bits branches on it, as the generic one does.
 */
void ossl_ml_dsa_hint_encode_neon(uint8_t *out, const ML_DSA_PARAMS *params,
                                  const uint8_t *h)
{
    static const uint8_t bits[16] = { 1, 2, 4, 8, 16, 32, 64, 128,
                                      1, 2, 4, 8, 16, 32, 64, 128 };
    const uint8x16_t weight = vld1q_u8(bits);
    size_t omega = (size_t)params->omega, index = 0, i, j;
    uint8x16_t v;
    unsigned mask;

    memset(out, 0, omega + params->k);
    for (i = 0; i < params->k; i++, h += ML_DSA_N) {
        for (j = 0; j < ML_DSA_N; j += 16) {
            v = vld1q_u8(h + j);
            v = vandq_u8(vtstq_u8(v, v), weight);
            mask = vaddv_u8(vget_low_u8(v))
                   | (unsigned)vaddv_u8(vget_high_u8(v)) << 8;
            for (; mask != 0; mask &= mask - 1)
                out[index++] = (uint8_t)(j + (size_t)__builtin_ctz(mask));
        }
        out[omega + i] = (uint8_t)index;
    }
}
