/*
 * Bit packing of ML-DSA polynomials, keys and signatures (FIPS 204
 * section 7.1 - 7.2, Algorithms 16 - 28).  Coefficients go little-endian,
 * lowest bit first, as BitsToBytes lays them out.
 */
#include <string.h>
#include "ml_dsa_local.h"

/*
 * Write 256 values of `bits` bits each (1 <= bits <= 20), value i being
 * c[i] (negate = 0) or b - c[i] (negate = 1), reduced to its low `bits`
 * bits: SimpleBitPack / BitPack (FIPS 204 Algorithms 16 and 17).
 * 32 * bits bytes.
 */
static void pack_bits(uint8_t *out, const int32_t *c, int bits, int32_t b,
                      int negate)
{
    const uint32_t mask = ((uint32_t)1 << bits) - 1;
    uint64_t acc = 0;
    int n = 0;
    size_t i;
    uint32_t v;

    for (i = 0; i < ML_DSA_N; i++) {
        v = negate ? (uint32_t)(b - c[i]) : (uint32_t)c[i];
        acc |= (uint64_t)(v & mask) << n;
        n += bits;
        while (n >= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
            n -= 8;
        }
    }
}

/*
 * Read 256 values of `bits` bits each into c: value i (negate = 0) or
 * b - value i (negate = 1): SimpleBitUnpack / BitUnpack (FIPS 204
 * Algorithms 18 and 19).  Reads 32 * bits bytes.
 */
static void unpack_bits(int32_t *c, const uint8_t *in, int bits, int32_t b,
                        int negate)
{
    const uint32_t mask = ((uint32_t)1 << bits) - 1;
    uint64_t acc = 0;
    int n = 0;
    size_t i;
    int32_t v;

    for (i = 0; i < ML_DSA_N; i++) {
        while (n < bits) {
            acc |= (uint64_t)*in++ << n;
            n += 8;
        }
        v = (int32_t)(acc & mask);
        acc >>= bits;
        n -= bits;
        c[i] = negate ? b - v : v;
    }
}

/*
 * SimpleBitPack (FIPS 204 Algorithm 16): coefficients in [0, 2^bits), any
 * width.  The widths on hot paths (t1, w1, z) have unrolled versions below,
 * which test_encoders checks against these generic ones.
 */
void ossl_ml_dsa_poly_simple_pack(uint8_t *out, const ML_DSA_POLY *p,
                                  int bits)
{
    pack_bits(out, p->coeff, bits, 0, 0);
}

/* SimpleBitUnpack (FIPS 204 Algorithm 18): coefficients in [0, 2^bits). */
void ossl_ml_dsa_poly_simple_unpack(ML_DSA_POLY *p, const uint8_t *in,
                                    int bits)
{
    unpack_bits(p->coeff, in, bits, 0, 0);
}

/*
 * w1Encode of one polynomial (FIPS 204 Algorithm 28): SimpleBitPack with
 * bits = bitlen((q - 1) / (2 gamma2) - 1), 6 (coefficients < 44) or 4
 * (< 16).  Hot (every signing attempt), so both widths are unrolled:
 * 4 coefficients per 3 bytes, or 2 per byte.
 */
void ossl_ml_dsa_poly_pack_w1_generic(uint8_t *out, const ML_DSA_POLY *w1,
                                      int bits)
{
    const int32_t *c = w1->coeff;
    size_t i;

    if (bits == 6) {
        for (i = 0; i < ML_DSA_N; i += 4, out += 3) {
            out[0] = (uint8_t)(c[i] | c[i + 1] << 6);
            out[1] = (uint8_t)(c[i + 1] >> 2 | c[i + 2] << 4);
            out[2] = (uint8_t)(c[i + 2] >> 4 | c[i + 3] << 2);
        }
    } else {
        for (i = 0; i < ML_DSA_N; i += 2)
            *out++ = (uint8_t)(c[i] | c[i + 1] << 4);
    }
}

/* BitPack(w, a, b) (FIPS 204 Algorithm 17): coefficients in [b - 2^bits + 1, b]. */
void ossl_ml_dsa_poly_pack(uint8_t *out, const ML_DSA_POLY *p, int bits,
                           int32_t b)
{
    pack_bits(out, p->coeff, bits, b, 1);
}

/* BitUnpack(v, a, b) (FIPS 204 Algorithm 19): coefficients b - [0, 2^bits). */
void ossl_ml_dsa_poly_unpack(ML_DSA_POLY *p, const uint8_t *in, int bits,
                             int32_t b)
{
    unpack_bits(p->coeff, in, bits, b, 1);
}

/*
 * BitUnpack(v, eta, eta) of 4-bit values (FIPS 204 Algorithm 19, eta = 4):
 * 2 coefficients eta - v per byte, low nibble first.  restrict (the bytes are not the coefficients)
 * lets the loop vectorise without a run-time overlap check.
 */
static void unpack_nibbles(int32_t *restrict c, const uint8_t *restrict in,
                           int32_t eta)
{
    size_t i;

    for (i = 0; i < ML_DSA_N / 2; i++) {
        c[2 * i] = eta - (int32_t)(in[i] & 15);
        c[2 * i + 1] = eta - (int32_t)(in[i] >> 4);
    }
}

/*
 * BitUnpack(v, eta, eta) of a secret polynomial s1[i] or s2[i] (FIPS 204
 * Algorithm 25, lines 8 and 11), checking each coefficient lies in
 * [-eta, eta] (values above 2 * eta fit in bitlen(2 * eta) bits but are
 * not valid).  Returns 1 when all are in range, 0 otherwise; the check does
 * not branch on the coefficients.
 */
int ossl_ml_dsa_poly_unpack_eta_generic(ML_DSA_POLY *p, const uint8_t *in, int eta)
{
    int32_t *c = p->coeff, bad = 0;
    uint32_t v;
    size_t i, j;

    /* BitUnpack (Algorithm 19) unrolled: 3 bits 8 per 3 bytes, 4 bits 2 a byte */
    if (eta == 2) {
        for (i = 0; i < ML_DSA_N; i += 8, in += 3) {
            v = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16;
            for (j = 0; j < 8; j++)
                c[i + j] = eta - (int32_t)((v >> (3 * j)) & 7);
        }
    } else {
        unpack_nibbles(c, in, eta);
    }
    /* eta - c in [0, 2^bits); valid when c >= -eta */
    for (i = 0; i < ML_DSA_N; i++)
        bad |= c[i] + eta;
    return bad >= 0;
}

/*
 * BitPack(z, gamma1 - 1, gamma1) (FIPS 204 Algorithm 26, line 3): values
 * gamma1 - z in [0, 2 gamma1), unrolled like its inverse below.
 */
void ossl_ml_dsa_poly_pack_z_generic(uint8_t *out, const ML_DSA_POLY *z,
                             int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    const int32_t *c = z->coeff;
    uint32_t v0, v1, v2, v3;
    size_t i;

    if (gamma1_bits == 17) {
        for (i = 0; i < ML_DSA_N; i += 4, out += 9) {
            v0 = (uint32_t)(gamma1 - c[i]);
            v1 = (uint32_t)(gamma1 - c[i + 1]);
            v2 = (uint32_t)(gamma1 - c[i + 2]);
            v3 = (uint32_t)(gamma1 - c[i + 3]);
            out[0] = (uint8_t)v0;
            out[1] = (uint8_t)(v0 >> 8);
            out[2] = (uint8_t)(v0 >> 16 | v1 << 2);
            out[3] = (uint8_t)(v1 >> 6);
            out[4] = (uint8_t)(v1 >> 14 | v2 << 4);
            out[5] = (uint8_t)(v2 >> 4);
            out[6] = (uint8_t)(v2 >> 12 | v3 << 6);
            out[7] = (uint8_t)(v3 >> 2);
            out[8] = (uint8_t)(v3 >> 10);
        }
    } else {
        for (i = 0; i < ML_DSA_N; i += 2, out += 5) {
            v0 = (uint32_t)(gamma1 - c[i]);
            v1 = (uint32_t)(gamma1 - c[i + 1]);
            out[0] = (uint8_t)v0;
            out[1] = (uint8_t)(v0 >> 8);
            out[2] = (uint8_t)(v0 >> 16 | v1 << 4);
            out[3] = (uint8_t)(v1 >> 4);
            out[4] = (uint8_t)(v1 >> 12);
        }
    }
}

/*
 * BitUnpack(v, gamma1 - 1, gamma1) (FIPS 204 Algorithm 27, line 6, and
 * Algorithm 34, line 5): coefficients gamma1 - v in [-gamma1 + 1, gamma1],
 * every bit string being valid.  Hot (every signing attempt and every
 * verification), so the two widths are unrolled: 18 bits = 4 coefficients
 * per 9 bytes, 20 bits = 2 coefficients per 5 bytes.
 */
void ossl_ml_dsa_poly_unpack_z_generic(ML_DSA_POLY *z, const uint8_t *in,
                                       int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    int32_t *c = z->coeff;
    size_t i;

    if (gamma1_bits == 17) {
        for (i = 0; i < ML_DSA_N; i += 4, in += 9) {
            c[i] = gamma1 - (int32_t)(in[0] | (uint32_t)in[1] << 8
                                      | (uint32_t)(in[2] & 0x03) << 16);
            c[i + 1] = gamma1 - (int32_t)(in[2] >> 2 | (uint32_t)in[3] << 6
                                          | (uint32_t)(in[4] & 0x0f) << 14);
            c[i + 2] = gamma1 - (int32_t)(in[4] >> 4 | (uint32_t)in[5] << 4
                                          | (uint32_t)(in[6] & 0x3f) << 12);
            c[i + 3] = gamma1 - (int32_t)(in[6] >> 6 | (uint32_t)in[7] << 2
                                          | (uint32_t)in[8] << 10);
        }
    } else {
        for (i = 0; i < ML_DSA_N; i += 2, in += 5) {
            c[i] = gamma1 - (int32_t)(in[0] | (uint32_t)in[1] << 8
                                      | (uint32_t)(in[2] & 0x0f) << 16);
            c[i + 1] = gamma1 - (int32_t)(in[2] >> 4 | (uint32_t)in[3] << 4
                                          | (uint32_t)in[4] << 12);
        }
    }
}

/* SimpleBitPack(t1, 10) unrolled: 4 coefficients in [0, 2^10) per 5 bytes. */
void ossl_ml_dsa_poly_pack_t1_generic(uint8_t *out, const ML_DSA_POLY *t1)
{
    const int32_t *c = t1->coeff;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 4, out += 5) {
        out[0] = (uint8_t)c[i];
        out[1] = (uint8_t)(c[i] >> 8 | c[i + 1] << 2);
        out[2] = (uint8_t)(c[i + 1] >> 6 | c[i + 2] << 4);
        out[3] = (uint8_t)(c[i + 2] >> 4 | c[i + 3] << 6);
        out[4] = (uint8_t)(c[i + 3] >> 2);
    }
}

/* SimpleBitUnpack(v, 10) unrolled: 4 coefficients per 5 bytes (hot in verify). */
void ossl_ml_dsa_poly_unpack_t1_generic(ML_DSA_POLY *t1, const uint8_t *in)
{
    int32_t *c = t1->coeff;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 4, in += 5) {
        c[i] = (int32_t)(in[0] | (uint32_t)(in[1] & 0x03) << 8);
        c[i + 1] = (int32_t)(in[1] >> 2 | (uint32_t)(in[2] & 0x0f) << 6);
        c[i + 2] = (int32_t)(in[2] >> 4 | (uint32_t)(in[3] & 0x3f) << 4);
        c[i + 3] = (int32_t)(in[3] >> 6 | (uint32_t)in[4] << 2);
    }
}

/*
 * pkEncode (FIPS 204 Algorithm 22), n rows from row first: rho (with row
 * 0) and SimpleBitPack(t1[i], 10) for i = first .. first + n - 1, each at
 * its place in pk, so that the public key can be written (and hashed) row
 * by row.
 */
void ossl_ml_dsa_pk_encode_rows(const OSSL_ML_DSA_POLY_OPS *poly, uint8_t *pk,
                                const uint8_t rho[32], const ML_DSA_POLY *t1,
                                size_t first, size_t n)
{
    size_t i;

    if (first == 0)
        memcpy(pk, rho, ML_DSA_RHO_BYTES);
    pk += ML_DSA_RHO_BYTES + first * ML_DSA_POLY_BYTES(ML_DSA_T1_BITS);
    for (i = first; i < first + n; i++, pk += ML_DSA_POLY_BYTES(ML_DSA_T1_BITS))
        poly->pack_t1(pk, &t1[i]);
}

/* pkDecode (FIPS 204 Algorithm 23): rho and t1 (coefficients in [0, 2^10)). */
void ossl_ml_dsa_pk_decode(const OSSL_ML_DSA_POLY_OPS *poly,
                           const ML_DSA_PARAMS *params, uint8_t rho[32],
                           ML_DSA_POLY *t1, const uint8_t *pk)
{
    size_t i;

    memcpy(rho, pk, ML_DSA_RHO_BYTES);
    pk += ML_DSA_RHO_BYTES;
    for (i = 0; i < params->k; i++, pk += ML_DSA_POLY_BYTES(ML_DSA_T1_BITS))
        poly->unpack_t1(&t1[i], pk);
}

/*
 * BitPack(s, eta, eta) of a secret polynomial s1[i] or s2[i] (FIPS 204
 * Algorithm 24, lines 3 and 6): values eta - s in [0, 2 eta], in
 * bitlen(2 eta) bits (3 for eta = 2, 4 for eta = 4).
 */
void ossl_ml_dsa_poly_pack_eta_generic(uint8_t *out, const ML_DSA_POLY *s,
                                       int eta)
{
    pack_bits(out, s->coeff, eta == 2 ? 3 : 4, eta, 1);
}

/*
 * BitPack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 24, line 9): values
 * 2^12 - t0 in [0, 2^13).
 */
void ossl_ml_dsa_poly_pack_t0_generic(uint8_t *out, const ML_DSA_POLY *t0)
{
    pack_bits(out, t0->coeff, ML_DSA_T0_BITS, ML_DSA_T0_MAX, 1);
}

/*
 * skEncode (FIPS 204 Algorithm 24): rho || K || tr || BitPack(s1[i], eta, eta)
 * || BitPack(s2[i], eta, eta) || BitPack(t0[i], 2^12 - 1, 2^12).
 */
void ossl_ml_dsa_sk_encode(const OSSL_ML_DSA_POLY_OPS *poly, uint8_t *sk,
                           const ML_DSA_PARAMS *params,
                           const uint8_t rho[32], const uint8_t key[32],
                           const uint8_t tr[64], const ML_DSA_POLY *s1,
                           const ML_DSA_POLY *s2, const ML_DSA_POLY *t0)
{
    size_t i, eta_bytes = ML_DSA_POLY_BYTES(params->eta_bits);

    memcpy(sk, rho, ML_DSA_RHO_BYTES);
    sk += ML_DSA_RHO_BYTES;
    memcpy(sk, key, ML_DSA_K_BYTES);
    sk += ML_DSA_K_BYTES;
    memcpy(sk, tr, ML_DSA_TR_BYTES);
    sk += ML_DSA_TR_BYTES;
    for (i = 0; i < params->l; i++, sk += eta_bytes)
        poly->pack_eta(sk, &s1[i], params->eta);
    for (i = 0; i < params->k; i++, sk += eta_bytes)
        poly->pack_eta(sk, &s2[i], params->eta);
    for (i = 0; i < params->k; i++, sk += ML_DSA_POLY_BYTES(ML_DSA_T0_BITS))
        poly->pack_t0(sk, &t0[i]);
}

/*
 * BitUnpack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 25, line 14) unrolled:
 * 8 coefficients 2^12 - v in [-2^12 + 1, 2^12] per 13 bytes.  Secret;
 * no branch on the data.
 */
void ossl_ml_dsa_poly_unpack_t0_generic(ML_DSA_POLY *t0, const uint8_t *in)
{
    const uint32_t mask = (1 << ML_DSA_T0_BITS) - 1;
    int32_t *c = t0->coeff;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 8, in += 13) {
        c[i] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[0] | (uint32_t)in[1] << 8) & mask);
        c[i + 1] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[1] >> 5 | (uint32_t)in[2] << 3
                         | (uint32_t)in[3] << 11) & mask);
        c[i + 2] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[3] >> 2 | (uint32_t)in[4] << 6) & mask);
        c[i + 3] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[4] >> 7 | (uint32_t)in[5] << 1
                         | (uint32_t)in[6] << 9) & mask);
        c[i + 4] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[6] >> 4 | (uint32_t)in[7] << 4
                         | (uint32_t)in[8] << 12) & mask);
        c[i + 5] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[8] >> 1 | (uint32_t)in[9] << 7) & mask);
        c[i + 6] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[9] >> 6 | (uint32_t)in[10] << 2
                         | (uint32_t)in[11] << 10) & mask);
        c[i + 7] = ML_DSA_T0_MAX
            - (int32_t)(((uint32_t)in[11] >> 3 | (uint32_t)in[12] << 5) & mask);
    }
}

/*
 * skDecode (FIPS 204 Algorithm 25), refusing s1 or s2 coefficients outside
 * [-eta, eta].  Returns 1 on success, 0 for an out-of-range key (the
 * outputs are then partly written: the caller wipes them).  t0 needs no
 * check: every 13-bit value gives a coefficient in [-2^12 + 1, 2^12].
 */
int ossl_ml_dsa_sk_decode(const OSSL_ML_DSA_POLY_OPS *poly,
                          const ML_DSA_PARAMS *params, uint8_t rho[32],
                          uint8_t key[32], uint8_t tr[64], ML_DSA_POLY *s1,
                          ML_DSA_POLY *s2, ML_DSA_POLY *t0, const uint8_t *sk)
{
    size_t i, eta_bytes = ML_DSA_POLY_BYTES(params->eta_bits);
    int ok = 1;

    memcpy(rho, sk, ML_DSA_RHO_BYTES);
    sk += ML_DSA_RHO_BYTES;
    memcpy(key, sk, ML_DSA_K_BYTES);
    sk += ML_DSA_K_BYTES;
    memcpy(tr, sk, ML_DSA_TR_BYTES);
    sk += ML_DSA_TR_BYTES;
    for (i = 0; i < params->l; i++, sk += eta_bytes)
        ok &= poly->unpack_eta(&s1[i], sk, params->eta);
    for (i = 0; i < params->k; i++, sk += eta_bytes)
        ok &= poly->unpack_eta(&s2[i], sk, params->eta);
    for (i = 0; i < params->k; i++, sk += ML_DSA_POLY_BYTES(ML_DSA_T0_BITS))
        poly->unpack_t0(&t0[i], sk);
    return ok;
}

/*
 * HintBitPack (FIPS 204 Algorithm 20): h holds k * 256 bits as bytes 0/1,
 * at most omega of them set (the caller checked); writes omega + k bytes:
 * the indices of the 1s of each polynomial in turn, zero padding, then the
 * running count after each polynomial.  Called only on a signature that
 * is released, so branching on h is fine.
 */
void ossl_ml_dsa_hint_encode_generic(uint8_t *out, const ML_DSA_PARAMS *params,
                             const uint8_t *h)
{
    size_t i, j, index = 0;
    size_t omega = (size_t)params->omega;

    memset(out, 0, omega + params->k);
    for (i = 0; i < params->k; i++) {
        for (j = 0; j < ML_DSA_N; j++)
            if (h[i * ML_DSA_N + j] != 0)
                out[index++] = (uint8_t)j;
        out[omega + i] = (uint8_t)index;
    }
}

/*
 * HintBitUnpack (FIPS 204 Algorithm 21), strict: the counts must not
 * decrease nor exceed omega, the indices within each polynomial must
 * strictly increase, and the unused index bytes must be zero.  h receives
 * k * 256 bytes 0/1.  Returns 1, or 0 for a malformed encoding.  Public
 * data only.
 */
int ossl_ml_dsa_hint_decode_generic(const ML_DSA_PARAMS *params, uint8_t *h,
                            const uint8_t *in)
{
    size_t i, index = 0, first, end;
    size_t omega = (size_t)params->omega;

    memset(h, 0, params->k * ML_DSA_N);
    for (i = 0; i < params->k; i++) {
        end = in[omega + i];
        if (end < index || end > omega)
            return 0;
        for (first = index; index < end; index++) {
            if (index > first && in[index - 1] >= in[index])
                return 0;
            h[i * ML_DSA_N + in[index]] = 1;
        }
    }
    for (; index < omega; index++)
        if (in[index] != 0)
            return 0;
    return 1;
}
