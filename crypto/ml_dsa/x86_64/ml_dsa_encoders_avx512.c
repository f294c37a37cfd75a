/*
 * AVX-512 versions of the per-polynomial packers of keys and signatures
 * (FIPS 204 Algorithms 16 - 20 as used by Algorithms 22 - 26), entries of
 * the AVX-512 poly ops (declared in ml_dsa_x86_64.h); each is
 * bit-identical to its generic twin in ml_dsa_encoders.c.  Only zmm
 * registers are used (no AVX512VL): AVX512F, BW and VBMI (the hint
 * encoder F and BW).
 *
 * Unpacking w bits (3 <= w <= 20), 16 coefficients per step from 2w
 * bytes: a masked load reads exactly those bytes (nothing past the
 * input), vpermb (VBMI) copies into dword j the four bytes starting with
 * the one that holds bit j * w, vpsrlvd drops the (j * w) % 8 bits below
 * it, and a mask the bits above.
 *
 * Packing w bits (4 <= w <= 20), 16 coefficients per step into 2w bytes:
 * the values of each dword pair join into one 2w-bit chunk per qword
 * (c_2m | c_2m+1 << w), vpsllvq moves chunk m up by the bit offset of
 * its start within its first byte, (2w * m) % 8, and two vpermb put the
 * chunks' bytes in place: every output byte holds bits of the chunk that
 * contains its lowest bit and, when 2w >= 8, at most of one more, the next
 * chunk, whose first byte it then is.  A masked store writes the 2w bytes.
 * The eta packer (3 or 4 bits) narrows to bytes first and joins with
 * multiply-adds instead.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include "internal/ct.h"
#include "ml_dsa_x86_64.h"

#define AVX512_VBMI_FN __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#define AVX512_BW_FN __attribute__((target("avx512f,avx512bw")))

/* Bitwise m ? a : b (vpternlogq truth table 0xca), for ML_DSA_CT_VEC. */
#define SELECT_BITS(m, a, b) _mm512_ternarylogic_epi64(m, a, b, 0xca)

/* The opmask of the first n bytes (n < 64). */
#define FIRST_BYTES(n) ((__mmask64)(((uint64_t)1 << (n)) - 1))

/* F(w, o) for o = 0 .. 15 or 0 .. 63, as initialiser lists. */
#define L8(F, w, o) F(w, (o)), F(w, (o) + 1), F(w, (o) + 2), F(w, (o) + 3), \
    F(w, (o) + 4), F(w, (o) + 5), F(w, (o) + 6), F(w, (o) + 7)
#define L16(F, w) L8(F, w, 0), L8(F, w, 8)
#define L64(F, w) L8(F, w, 0), L8(F, w, 8), L8(F, w, 16), L8(F, w, 24), \
    L8(F, w, 32), L8(F, w, 40), L8(F, w, 48), L8(F, w, 56)
/* F(w, o) | ... for o = 0 .. 63. */
#define O8(F, w, o) (F(w, (o)) | F(w, (o) + 1) | F(w, (o) + 2) | F(w, (o) + 3) \
    | F(w, (o) + 4) | F(w, (o) + 5) | F(w, (o) + 6) | F(w, (o) + 7))
#define O64(F, w) (O8(F, w, 0) | O8(F, w, 8) | O8(F, w, 16) | O8(F, w, 24) \
    | O8(F, w, 32) | O8(F, w, 40) | O8(F, w, 48) | O8(F, w, 56))

/*
 * Unpack tables for w bits: byte o of the vpermb index is byte o % 4 of
 * dword j = o / 4, the byte (j * w) / 8 + o % 4 of the input; dword j of
 * the shift is (j * w) % 8.
 */
typedef struct {
    uint8_t idx[64];
    uint32_t shift[16];
} UNPACK16;
#define UNPACK_IDX(w, o) ((((o) / 4) * (w)) / 8 + (o) % 4)
#define UNPACK_SHIFT(w, j) (((j) * (w)) % 8)
#define UNPACK16_TABLE(w) { { L64(UNPACK_IDX, w) }, { L16(UNPACK_SHIFT, w) } }

/*
 * Pack tables for w bits: output byte o holds bit 8o of the stream, in
 * chunk k = 8o / 2w = 4o / w, which starts in byte w * k / 4 and (after
 * the shift) sits in qword k from its byte 0: a[o] = 8k + o - w * k / 4.
 * When chunk k + 1 starts inside byte o (w * (k + 1) / 4 == o), its byte
 * 0 is ORed in: b[o] = 8(k + 1), bit o of bmask.  Qword m of the shift is
 * (2w * m) % 8.  Entries past byte 2w are never stored (& 63 keeps them
 * bytes).
 */
typedef struct {
    uint8_t a[64], b[64];
    uint64_t shift[8];
    uint64_t bmask;
} PACK16;
#define PACK_K(w, o) (4 * (o) / (w))
#define PACK_A(w, o) ((8 * PACK_K(w, o) + (o) - (w) * PACK_K(w, o) / 4) & 63)
#define PACK_B(w, o) ((8 * PACK_K(w, o) + 8) & 63)
#define PACK_BBIT(w, o) \
    ((uint64_t)((o) < 2 * (w) && (w) * (PACK_K(w, o) + 1) / 4 == (o)) << (o))
#define PACK_SHIFT(w, m) ((2 * (w) * (m)) % 8)
#define PACK16_TABLE(w) { { L64(PACK_A, w) }, { L64(PACK_B, w) }, \
    { L8(PACK_SHIFT, w, 0) }, O64(PACK_BBIT, w) }

/* An unpack table in registers, with the mask of w bits. */
typedef struct {
    __m512i idx, shift, mask;
    __mmask64 bytes;
} UNPACKER;

/* A pack table in registers, with the masks of w bits. */
typedef struct {
    __m512i a, b, shift, mask, low;
    __m128i hi_shift;
    __mmask64 bmask, bytes;
} PACKER;

static inline AVX512_VBMI_FN UNPACKER unpacker(const UNPACK16 *t, int w)
{
    UNPACKER u;

    u.idx = _mm512_loadu_si512(t->idx);
    u.shift = _mm512_loadu_si512(t->shift);
    u.mask = _mm512_set1_epi32((1 << w) - 1);
    u.bytes = FIRST_BYTES(2 * w);
    return u;
}

static inline AVX512_VBMI_FN PACKER packer(const PACK16 *t, int w)
{
    PACKER p;

    p.a = _mm512_loadu_si512(t->a);
    p.b = _mm512_loadu_si512(t->b);
    p.shift = _mm512_loadu_si512(t->shift);
    p.mask = _mm512_set1_epi32((1 << w) - 1);
    p.low = _mm512_set1_epi64((1 << w) - 1);
    p.hi_shift = _mm_cvtsi32_si128(32 - w);
    p.bmask = t->bmask;
    p.bytes = FIRST_BYTES(2 * w);
    return p;
}

/* 16 values of w bits from the 2w bytes at in (BitsToBytes order). */
static inline AVX512_VBMI_FN __m512i unpack16(const uint8_t *in,
                                              const UNPACKER *u)
{
    __m512i v = _mm512_maskz_loadu_epi8(u->bytes, in);

    v = ML_DSA_CT_VEC(_mm512_permutexvar_epi8, u->idx, v);
    return _mm512_and_si512(_mm512_srlv_epi32(v, u->shift), u->mask);
}

/* 16 values of w bits (each below 2^w) into the 2w bytes at out. */
static inline AVX512_VBMI_FN void pack16(uint8_t *out, __m512i v,
                                         const PACKER *p)
{
    /* low w bits from c_2m, the next w from c_2m+1 (shifted down to w) */
    __m512i q = ML_DSA_CT_VEC(SELECT_BITS, p->low, v,
                              _mm512_srl_epi64(v, p->hi_shift));

    q = _mm512_sllv_epi64(q, p->shift);
    q = _mm512_or_si512(ML_DSA_CT_VEC(_mm512_permutexvar_epi8, p->a, q),
                        ML_DSA_CT_VEC(_mm512_maskz_permutexvar_epi8, p->bmask,
                                      p->b, q));
    _mm512_mask_storeu_epi8(out, p->bytes, q);
}

static const UNPACK16 unpack_eta2 = UNPACK16_TABLE(3);
static const UNPACK16 unpack_eta4 = UNPACK16_TABLE(4);
static const UNPACK16 unpack_t0 = UNPACK16_TABLE(ML_DSA_T0_BITS);
static const UNPACK16 unpack_t1 = UNPACK16_TABLE(ML_DSA_T1_BITS);
static const UNPACK16 unpack_z18 = UNPACK16_TABLE(18);
static const UNPACK16 unpack_z20 = UNPACK16_TABLE(20);
static const PACK16 pack_t0 = PACK16_TABLE(ML_DSA_T0_BITS);
static const PACK16 pack_t1 = PACK16_TABLE(ML_DSA_T1_BITS);
static const PACK16 pack_z18 = PACK16_TABLE(18);
static const PACK16 pack_z20 = PACK16_TABLE(20);

/*
 * The eta packer's byte orders.  After vpackusdw and vpackuswb of four
 * vectors of 16 coefficients (A, B, C, D = coefficients 0-15, ... 48-63),
 * byte 4g + i of 128-bit lane L holds coefficient 16g + 4L + i.
 * eta = 4: vpmaddubsw joins byte pairs into one byte per word; output byte
 * o (coefficients 2o, 2o + 1: g = o / 8, L = (o % 8) / 2, pair o % 2) is
 * the low byte of word 2g + o % 2 of lane L.
 * eta = 2: vpmaddubsw and vpmaddwd join groups of four into 12 bits in
 * dword g of lane L; vpermd puts group n = 4g + L (coefficients 4n ..
 * 4n + 3) in dword n, from dword 4(n % 4) + n / 4; pairs then join into
 * 24 bits per qword, of which output bytes 3m .. 3m + 2 are bytes 0 - 2.
 */
#define ETA4_IDX(w, o) ((16 * (((o) % 8) / 2) + 4 * ((o) / 8) + 2 * ((o) % 2)) & 63)
#define ETA2_GROUP(w, n) (4 * ((n) % 4) + (n) / 4)
#define ETA2_IDX(w, o) ((8 * ((o) / 3) + (o) % 3) & 63)
static const uint8_t eta4_idx[64] = { L64(ETA4_IDX, 0) };
static const uint32_t eta2_group[16] = { L16(ETA2_GROUP, 0) };
static const uint8_t eta2_idx[64] = { L64(ETA2_IDX, 0) };

/*
 * BitPack(s, eta, eta) (FIPS 204 Algorithm 17, in skEncode, Algorithm 24
 * lines 3 and 6), 64 coefficients per step: (eta - s) & (2^bits - 1)
 * narrowed to bytes (nothing saturates), then joined as described above.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_pack_eta_avx512(uint8_t *out,
                                                     const ML_DSA_POLY *s,
                                                     int eta)
{
    const int bits = eta == 2 ? 3 : 4;
    const __m512i etav = _mm512_set1_epi32(eta);
    const __m512i mask = _mm512_set1_epi32((1 << bits) - 1);
    const __m512i pair = _mm512_set1_epi16(eta == 2 ? 0x0801 : 0x1001);
    const __m512i quad = _mm512_set1_epi32(0x00400001);    /* 1, 2^6 */
    const __m512i low12 = _mm512_set1_epi64(0xfff);
    const __m128i hi_shift = _mm_cvtsi32_si128(32 - 12);
    const __m512i group = _mm512_loadu_si512(eta2_group);
    const __m512i idx = _mm512_loadu_si512(eta == 2 ? eta2_idx : eta4_idx);
    const int32_t *c = s->coeff;
    __m512i v[4], lo, hi, b;
    size_t i, j;

    for (i = 0; i < ML_DSA_N; i += 64, c += 64) {
        for (j = 0; j < 4; j++)
            v[j] = _mm512_and_si512(
                _mm512_sub_epi32(etav, _mm512_loadu_si512(c + 16 * j)), mask);
        hi = ML_DSA_CT_VEC(_mm512_packus_epi32, v[2], v[3]);
        lo = ML_DSA_CT_VEC(_mm512_packus_epi32, v[0], v[1]);
        b = ML_DSA_CT_VEC(_mm512_packus_epi16, lo, hi);
        b = ML_DSA_CT_VEC(_mm512_maddubs_epi16, b, pair);
        if (eta == 2) {
            b = ML_DSA_CT_VEC(_mm512_madd_epi16, b, quad);
            b = ML_DSA_CT_VEC(_mm512_permutexvar_epi32, group, b);
            b = ML_DSA_CT_VEC(SELECT_BITS, low12, b,
                              _mm512_srl_epi64(b, hi_shift));
            _mm512_mask_storeu_epi8(out, FIRST_BYTES(24),
                                    ML_DSA_CT_VEC(_mm512_permutexvar_epi8,
                                                  idx, b));
            out += 24;
        } else {
            _mm512_mask_storeu_epi8(out, FIRST_BYTES(32),
                                    ML_DSA_CT_VEC(_mm512_permutexvar_epi8,
                                                  idx, b));
            out += 32;
        }
    }
}

/*
 * BitUnpack(v, eta, eta) of s1[i] or s2[i] (FIPS 204 Algorithm 19, in
 * skDecode, Algorithm 25 lines 8 and 11), with the range check of
 * ossl_ml_dsa_poly_unpack_eta_generic: writes every coefficient eta - v, returns
 * 1 when every v <= 2 eta, else 0; no branch on the data.
 */
int AVX512_VBMI_FN ossl_ml_dsa_poly_unpack_eta_avx512(ML_DSA_POLY *p,
                                                      const uint8_t *in,
                                                      int eta)
{
    const int bits = eta == 2 ? 3 : 4;
    const UNPACKER u = unpacker(eta == 2 ? &unpack_eta2 : &unpack_eta4, bits);
    const __m512i etav = _mm512_set1_epi32(eta);
    const __m512i limit = _mm512_set1_epi32(2 * eta);
    __mmask16 bad = 0;
    __m512i v;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 2 * bits) {
        v = unpack16(in, &u);
        bad |= _mm512_cmpgt_epi32_mask(v, limit);
        _mm512_storeu_si512(&p->coeff[i], _mm512_sub_epi32(etav, v));
    }
    return bad == 0;
}

/*
 * BitPack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 17, in skEncode,
 * Algorithm 24 line 9): (2^12 - t0) & (2^13 - 1), 26 bytes per step.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_pack_t0_avx512(uint8_t *out,
                                                    const ML_DSA_POLY *t0)
{
    const PACKER p = packer(&pack_t0, ML_DSA_T0_BITS);
    const __m512i max = _mm512_set1_epi32(ML_DSA_T0_MAX);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, out += 2 * ML_DSA_T0_BITS)
        pack16(out, _mm512_and_si512(
                   _mm512_sub_epi32(max, _mm512_loadu_si512(&t0->coeff[i])),
                   p.mask), &p);
}

/*
 * BitUnpack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 19, in skDecode,
 * Algorithm 25 line 14): 2^12 - v, 26 bytes per step.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_unpack_t0_avx512(ML_DSA_POLY *t0,
                                                      const uint8_t *in)
{
    const UNPACKER u = unpacker(&unpack_t0, ML_DSA_T0_BITS);
    const __m512i max = _mm512_set1_epi32(ML_DSA_T0_MAX);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 2 * ML_DSA_T0_BITS)
        _mm512_storeu_si512(&t0->coeff[i],
                            _mm512_sub_epi32(max, unpack16(in, &u)));
}

/*
 * SimpleBitPack(t1, 10) (FIPS 204 Algorithm 16, in pkEncode, Algorithm
 * 22): t1 in [0, 2^10), 20 bytes per step.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_pack_t1_avx512(uint8_t *out,
                                                    const ML_DSA_POLY *t1)
{
    const PACKER p = packer(&pack_t1, ML_DSA_T1_BITS);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, out += 2 * ML_DSA_T1_BITS)
        pack16(out, _mm512_and_si512(_mm512_loadu_si512(&t1->coeff[i]),
                                     p.mask), &p);
}

/*
 * SimpleBitUnpack(v, 10) (FIPS 204 Algorithm 18, in pkDecode, Algorithm
 * 23), 20 bytes per step.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_unpack_t1_avx512(ML_DSA_POLY *t1,
                                                      const uint8_t *in)
{
    const UNPACKER u = unpacker(&unpack_t1, ML_DSA_T1_BITS);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 2 * ML_DSA_T1_BITS)
        _mm512_storeu_si512(&t1->coeff[i], unpack16(in, &u));
}

/*
 * BitPack(z, gamma1 - 1, gamma1) (FIPS 204 Algorithm 17, in sigEncode,
 * Algorithm 26 line 3): z in [-gamma1 + 1, gamma1], gamma1 - z in
 * gamma1_bits + 1 bits, 36 or 40 bytes per step.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_pack_z_avx512(uint8_t *out,
                                                   const ML_DSA_POLY *z,
                                                   int gamma1_bits)
{
    const int bits = gamma1_bits + 1;
    const PACKER p = packer(bits == 18 ? &pack_z18 : &pack_z20, bits);
    const __m512i gamma1 = _mm512_set1_epi32(1 << gamma1_bits);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, out += 2 * bits)
        pack16(out, _mm512_and_si512(
                   _mm512_sub_epi32(gamma1, _mm512_loadu_si512(&z->coeff[i])),
                   p.mask), &p);
}

/*
 * BitUnpack(v, gamma1 - 1, gamma1) (FIPS 204 Algorithm 19, in sigDecode,
 * Algorithm 27 line 6, and ExpandMask, Algorithm 34 line 5): gamma1 - v,
 * 36 or 40 bytes per step; every bit string is valid.
 */
void AVX512_VBMI_FN ossl_ml_dsa_poly_unpack_z_avx512(ML_DSA_POLY *z,
                                                     const uint8_t *in,
                                                     int gamma1_bits)
{
    const int bits = gamma1_bits + 1;
    const UNPACKER u = unpacker(bits == 18 ? &unpack_z18 : &unpack_z20, bits);
    const __m512i gamma1 = _mm512_set1_epi32(1 << gamma1_bits);
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16, in += 2 * bits)
        _mm512_storeu_si512(&z->coeff[i],
                            _mm512_sub_epi32(gamma1, unpack16(in, &u)));
}

/*
 * HintBitPack (FIPS 204 Algorithm 20), as ossl_ml_dsa_hint_encode_generic: a
 * vptestmb finds the non-zero bytes of 64 hint bytes at a time, and the
 * loop visits only the set bits of that mask.  Public data (a signature
 * that is released), so the loop may depend on it.
 */
void AVX512_BW_FN ossl_ml_dsa_hint_encode_avx512(uint8_t *out,
                                                 const ML_DSA_PARAMS *params,
                                                 const uint8_t *h)
{
    size_t i, j, index = 0;
    size_t omega = (size_t)params->omega;
    uint64_t m;
    __m512i v;

    memset(out, 0, omega + params->k);
    for (i = 0; i < params->k; i++, h += ML_DSA_N) {
        for (j = 0; j < ML_DSA_N; j += 64) {
            v = _mm512_loadu_si512(h + j);
            for (m = _mm512_test_epi8_mask(v, v); m != 0; m &= m - 1)
                out[index++] = (uint8_t)(j + (size_t)__builtin_ctzll(m));
        }
        out[omega + i] = (uint8_t)index;
    }
}

/*
 * HintBitUnpack (FIPS 204 Algorithm 21), as ossl_ml_dsa_hint_decode_generic:
 * the k counts are checked one by one (non-decreasing, at most omega),
 * which marks where each polynomial's indices start; the omega index
 * bytes (at most 80) are then checked 64 at a time, each against the byte
 * before it (a masked load one byte back; the masked-off first byte is
 * never read): an index not above the one before it, except at a
 * polynomial's start, or a non-zero byte past the total makes the encoding
 * malformed.  h is cleared 64 bytes a store, and gets its ones by index.
 * Public data (a signature), so the loops may depend on it.
 */
int AVX512_BW_FN ossl_ml_dsa_hint_decode_avx512(const ML_DSA_PARAMS *params,
                                                uint8_t *h, const uint8_t *in)
{
    const size_t omega = (size_t)params->omega, k = params->k;
    uint64_t starts[2] = { 0, 0 }, used, bad = 0;
    size_t i, j, from, n, index = 0, end;
    __mmask64 bytes;
    __m512i cur, prev;

    for (i = 0; i < k; i++, index = end) {
        end = in[omega + i];
        if (end < index || end > omega)
            return 0;
        if (end > index)
            starts[index / 64] |= (uint64_t)1 << (index % 64);
    }
    for (from = 0; from < omega; from += 64) {
        n = omega - from < 64 ? omega - from : 64;
        bytes = n < 64 ? FIRST_BYTES(n) : ~(__mmask64)0;
        used = index <= from ? 0 : index - from >= 64 ? ~(uint64_t)0
               : ((uint64_t)1 << (index - from)) - 1;
        cur = _mm512_maskz_loadu_epi8(bytes, in + from);
        prev = _mm512_maskz_loadu_epi8(from == 0 ? bytes & ~(__mmask64)1 : bytes,
                                       in + from - 1);
        bad |= _mm512_cmple_epu8_mask(cur, prev) & used & ~starts[from / 64];
        bad |= _mm512_test_epi8_mask(cur, cur) & ~used;
    }
    if (bad != 0)
        return 0;
    for (j = 0; j < k * ML_DSA_N; j += 64)
        _mm512_storeu_si512(h + j, _mm512_setzero_si512());
    for (i = 0, index = 0; i < k; i++)
        for (end = in[omega + i]; index < end; index++)
            h[i * ML_DSA_N + in[index]] = 1;
    return 1;
}
