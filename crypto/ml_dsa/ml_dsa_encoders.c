/*
 * Bit packing of ML-DSA polynomials, keys and signatures (FIPS 204
 * section 7.1 - 7.2, Algorithms 16 - 28).  Coefficients go little-endian,
 * lowest bit first, as BitsToBytes lays them out.
 */
#include <string.h>
#include "ml_dsa_local.h"

/*@ // 2^n for the widths and shifts the packers use (0 <= n <= 32)
    logic integer pow2(integer n) =
      n <= 0 ? 1 : n == 1 ? 2 : n == 2 ? 4 : n == 3 ? 8 : n == 4 ? 16 :
      n == 5 ? 32 : n == 6 ? 64 : n == 7 ? 128 : n == 8 ? 256 :
      n == 9 ? 512 : n == 10 ? 1024 : n == 11 ? 2048 : n == 12 ? 4096 :
      n == 13 ? 8192 : n == 14 ? 16384 : n == 15 ? 32768 :
      n == 16 ? 65536 : n == 17 ? 131072 : n == 18 ? 262144 :
      n == 19 ? 524288 : n == 20 ? 1048576 : 4294967296;

    // ACSL's definitions of the bit operators on integers (ACSL manual
    // 2.2.4: x << n = x 2^n, x >> n = floor(x / 2^n), & | of the two's
    // complement representations), which WP's solvers do not have (no
    // theory of bitwise operators on unbounded integers), stated for the
    // operands here: n in [0, 32], x >= 0.  util/prove checks each on
    // every x in [-4096, 4096) (x >= 0 where required) and n in [0, 20].
    axiomatic PackBits {
      axiom shl_pow2: \forall integer x, n; 0 <= n <= 32 ==> (x << n) == x * pow2(n);
      axiom shr_pow2: \forall integer x, n; 0 <= n <= 32 && x >= 0 ==>
          (x >> n) == x / pow2(n);
      // x & m keeps some of m's bits: in [0, m] when m >= 0
      axiom and_mask: \forall integer x, m; m >= 0 ==> 0 <= (x & m) <= m;
      // x | y sets no bit that neither sets, and the carries of x + y only
      // add: in [0, x + y] when x, y >= 0
      axiom or_sum: \forall integer x, y; x >= 0 && y >= 0 ==> 0 <= (x | y) <= x + y;
      // the sign bit of x | y is that of x or that of y
      axiom or_sign: \forall integer x, y; (x | y) >= 0 <==> (x >= 0 && y >= 0);
    }
*/

/*
 * Write 256 values of `bits` bits each (1 <= bits <= 20), value i being
 * c[i] (negate = 0) or b - c[i] (negate = 1), reduced to its low `bits`
 * bits: SimpleBitPack / BitPack (FIPS 204 Algorithms 16 and 17).
 * 32 * bits bytes.
 */
/*@ requires 1 <= bits <= 20 && 0 <= b <= pow2(20);
    requires \valid(out + (0 .. 32 * bits - 1));
    requires \valid_read(c + (0 .. ML_DSA_N - 1));
    requires \separated(out + (0 .. 32 * bits - 1), c + (0 .. ML_DSA_N - 1));
    requires negate != 0 ==> \forall integer k; 0 <= k < ML_DSA_N ==>
        b - pow2(bits) < c[k] <= b;
    requires negate == 0 ==> \forall integer k; 0 <= k < ML_DSA_N ==>
        0 <= c[k] < pow2(bits);
    assigns out[0 .. 32 * bits - 1];
*/
static void pack_bits(uint8_t *out, const int32_t *c, int bits, int32_t b,
                      int negate)
{
    const uint32_t mask = ((uint32_t)1 << bits) - 1;
    uint64_t acc = 0;
    int n = 0;
    size_t i;
    uint32_t v;

    /*@ loop invariant 0 <= i <= ML_DSA_N && 0 <= n < 8;
        loop invariant 8 * (out - \at(out, Pre)) + n == i * bits;
        loop assigns i, v, acc, n, out, \at(out, Pre)[0 .. 32 * bits - 1];
        loop variant ML_DSA_N - i;
    */
    for (i = 0; i < ML_DSA_N; i++) {
        v = negate ? (uint32_t)(b - c[i]) : (uint32_t)c[i];
        acc |= (uint64_t)(v & mask) << n;
        n += bits;
        /*@ assert (i + 1) * bits <= ML_DSA_N * bits; */
        /*@ loop invariant 0 <= n < 8 + bits;
            loop invariant 8 * (out - \at(out, Pre)) + n == (i + 1) * bits;
            loop assigns out, acc, n, \at(out, Pre)[0 .. 32 * bits - 1];
            loop variant n;
        */
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
/*@ requires 1 <= bits <= 20 && 0 <= b <= pow2(20);
    requires \valid(c + (0 .. ML_DSA_N - 1));
    requires \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(in + (0 .. 32 * bits - 1), c + (0 .. ML_DSA_N - 1));
    assigns c[0 .. ML_DSA_N - 1];
    ensures negate != 0 ==> \forall integer k; 0 <= k < ML_DSA_N ==>
        b - pow2(bits) < c[k] <= b;
    ensures negate == 0 ==> \forall integer k; 0 <= k < ML_DSA_N ==>
        0 <= c[k] < pow2(bits);
*/
static void unpack_bits(int32_t *c, const uint8_t *in, int bits, int32_t b,
                        int negate)
{
    const uint32_t mask = ((uint32_t)1 << bits) - 1;
    uint64_t acc = 0;
    int n = 0;
    size_t i;
    int32_t v;

    /*@ assert mask == pow2(bits) - 1; */
    /*@ loop invariant 0 <= i <= ML_DSA_N && 0 <= n < 8;
        loop invariant 8 * (in - \at(in, Pre)) == i * bits + n;
        loop invariant negate != 0 ==> \forall integer k; 0 <= k < i ==>
            b - pow2(bits) < c[k] <= b;
        loop invariant negate == 0 ==> \forall integer k; 0 <= k < i ==>
            0 <= c[k] < pow2(bits);
        loop assigns i, v, acc, n, in, c[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
    */
    for (i = 0; i < ML_DSA_N; i++) {
        /*@ assert (i + 1) * bits <= ML_DSA_N * bits; */
        /*@ loop invariant 0 <= n < bits + 8;
            loop invariant 8 * (in - \at(in, Pre)) == i * bits + n;
            loop assigns in, acc, n;
            loop variant bits - n;
        */
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
 * SimpleBitPack (FIPS 204 Algorithm 16): coefficients in [0, 2^bits), a
 * width of 1 to 20 (as proved; ML-DSA's are 4 to 20).  The widths on hot paths (t1, w1, z) have unrolled versions below,
 * which test_encoders checks against these generic ones.
 */
/*@ requires 1 <= bits <= 20;
    requires \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    requires \forall integer k; 0 <= k < ML_DSA_N ==> 0 <= p->coeff[k] < pow2(bits);
    assigns out[0 .. 32 * bits - 1];
*/
void ossl_ml_dsa_poly_simple_pack(uint8_t *out, const ML_DSA_POLY *p,
                                  int bits)
{
    pack_bits(out, p->coeff, bits, 0, 0);
}

/* SimpleBitUnpack (FIPS 204 Algorithm 18): coefficients in [0, 2^bits). */
/*@ requires 1 <= bits <= 20;
    requires \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(in + (0 .. 32 * bits - 1), p);
    assigns p->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==> 0 <= p->coeff[k] < pow2(bits);
*/
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
/*@ requires bits == 4 || bits == 6;
    requires \valid(out + (0 .. 32 * bits - 1)) && \valid_read(w1);
    requires \separated(out + (0 .. 32 * bits - 1), w1);
    requires \forall integer k; 0 <= k < ML_DSA_N ==> 0 <= w1->coeff[k] < pow2(bits);
    assigns out[0 .. 32 * bits - 1];
*/
void ossl_ml_dsa_poly_pack_w1_generic(uint8_t *out, const ML_DSA_POLY *w1,
                                      int bits)
{
    const int32_t *c = w1->coeff;
    size_t i;

    if (bits == 6) {
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 4 == 0;
            loop invariant 4 * (out - \at(out, Pre)) == 3 * i;
            loop assigns i, out, \at(out, Pre)[0 .. 32 * 6 - 1];
            loop variant ML_DSA_N - i;
        */
        for (i = 0; i < ML_DSA_N; i += 4, out += 3) {
            out[0] = (uint8_t)(c[i] | c[i + 1] << 6);
            out[1] = (uint8_t)(c[i + 1] >> 2 | c[i + 2] << 4);
            out[2] = (uint8_t)(c[i + 2] >> 4 | c[i + 3] << 2);
        }
    } else {
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 2 == 0;
            loop invariant 2 * (out - \at(out, Pre)) == i;
            loop assigns i, out, \at(out, Pre)[0 .. 32 * 4 - 1];
            loop variant ML_DSA_N - i;
        */
        for (i = 0; i < ML_DSA_N; i += 2)
            *out++ = (uint8_t)(c[i] | c[i + 1] << 4);
    }
}

/* BitPack(w, a, b) (FIPS 204 Algorithm 17): coefficients in [b - 2^bits + 1, b]. */
/*@ requires 1 <= bits <= 20 && 0 <= b <= pow2(20);
    requires \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    requires \forall integer k; 0 <= k < ML_DSA_N ==>
        b - pow2(bits) < p->coeff[k] <= b;
    assigns out[0 .. 32 * bits - 1];
*/
void ossl_ml_dsa_poly_pack(uint8_t *out, const ML_DSA_POLY *p, int bits,
                           int32_t b)
{
    pack_bits(out, p->coeff, bits, b, 1);
}

/* BitUnpack(v, a, b) (FIPS 204 Algorithm 19): coefficients b - [0, 2^bits). */
/*@ requires 1 <= bits <= 20 && 0 <= b <= pow2(20);
    requires \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(in + (0 .. 32 * bits - 1), p);
    assigns p->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==>
        b - pow2(bits) < p->coeff[k] <= b;
*/
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
/*@ requires eta == 2 || eta == 4;
    requires \valid(c + (0 .. ML_DSA_N - 1)) && \valid_read(in + (0 .. ML_DSA_N / 2 - 1));
    requires \separated(c + (0 .. ML_DSA_N - 1), in + (0 .. ML_DSA_N / 2 - 1));
    assigns c[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==> eta - 15 <= c[k] <= eta;
*/
static void unpack_nibbles(int32_t *restrict c, const uint8_t *restrict in,
                           int32_t eta)
{
    size_t i;

    /*@ loop invariant 0 <= i <= ML_DSA_N / 2;
        loop invariant \forall integer k; 0 <= k < 2 * i ==> eta - 15 <= c[k] <= eta;
        loop assigns i, c[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N / 2 - i;
    */
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
/*@ requires eta == 2 || eta == 4;
    requires \valid(p) && \valid_read(in + (0 .. 32 * (eta == 2 ? 3 : 4) - 1));
    requires \separated(p, in + (0 .. 32 * (eta == 2 ? 3 : 4) - 1));
    assigns p->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==> eta - 15 <= p->coeff[k] <= eta;
    ensures \result == 1 <==>
        (\forall integer k; 0 <= k < ML_DSA_N ==> -eta <= p->coeff[k]);
    ensures \result == 0 || \result == 1;
*/
int ossl_ml_dsa_poly_unpack_eta_generic(ML_DSA_POLY *p, const uint8_t *in, int eta)
{
    int32_t *c = p->coeff, bad = 0;
    uint32_t v;
    size_t i, j;

    /* BitUnpack (Algorithm 19) unrolled: 3 bits 8 per 3 bytes, 4 bits 2 a byte */
    if (eta == 2) {
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 8 == 0;
            loop invariant 8 * (in - \at(in, Pre)) == 3 * i;
            loop invariant \forall integer k; 0 <= k < i ==> eta - 7 <= c[k] <= eta;
            loop assigns i, j, v, in, c[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - i;
        */
        for (i = 0; i < ML_DSA_N; i += 8, in += 3) {
            v = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16;
            /*@ loop invariant 0 <= j <= 8;
                loop invariant \forall integer k; 0 <= k < i + j ==> eta - 7 <= c[k] <= eta;
                loop assigns j, c[i .. i + 7];
                loop variant 8 - j;
            */
            for (j = 0; j < 8; j++)
                c[i + j] = eta - (int32_t)((v >> (3 * j)) & 7);
        }
    } else {
        unpack_nibbles(c, in, eta);
    }
    /* eta - c in [0, 2^bits); valid when c >= -eta */
    /*@ loop invariant 0 <= i <= ML_DSA_N;
        loop invariant bad >= 0 <==> (\forall integer k; 0 <= k < i ==> -eta <= c[k]);
        loop assigns i, bad;
        loop variant ML_DSA_N - i;
    */
    for (i = 0; i < ML_DSA_N; i++)
        bad |= c[i] + eta;
    return bad >= 0;
}

/*
 * BitPack(z, gamma1 - 1, gamma1) (FIPS 204 Algorithm 26, line 3): values
 * gamma1 - z in [0, 2 gamma1), unrolled like its inverse below.
 */
/*@ requires gamma1_bits == 17 || gamma1_bits == 19;
    requires \valid(out + (0 .. 32 * (gamma1_bits + 1) - 1)) && \valid_read(z);
    requires \separated(out + (0 .. 32 * (gamma1_bits + 1) - 1), z);
    requires \forall integer k; 0 <= k < ML_DSA_N ==>
        -pow2(gamma1_bits) < z->coeff[k] <= pow2(gamma1_bits);
    assigns out[0 .. 32 * (gamma1_bits + 1) - 1];
*/
void ossl_ml_dsa_poly_pack_z_generic(uint8_t *out, const ML_DSA_POLY *z,
                             int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    const int32_t *c = z->coeff;
    uint32_t v0, v1, v2, v3;
    size_t i;

    if (gamma1_bits == 17) {
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 4 == 0;
            loop invariant 4 * (out - \at(out, Pre)) == 9 * i;
            loop assigns i, v0, v1, v2, v3, out, \at(out, Pre)[0 .. 32 * 18 - 1];
            loop variant ML_DSA_N - i;
        */
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
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 2 == 0;
            loop invariant 2 * (out - \at(out, Pre)) == 5 * i;
            loop assigns i, v0, v1, out, \at(out, Pre)[0 .. 32 * 20 - 1];
            loop variant ML_DSA_N - i;
        */
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
/*@ requires gamma1_bits == 17 || gamma1_bits == 19;
    requires \valid(z) && \valid_read(in + (0 .. 32 * (gamma1_bits + 1) - 1));
    requires \separated(in + (0 .. 32 * (gamma1_bits + 1) - 1), z);
    assigns z->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==>
        -pow2(gamma1_bits) < z->coeff[k] <= pow2(gamma1_bits);
*/
void ossl_ml_dsa_poly_unpack_z_generic(ML_DSA_POLY *z, const uint8_t *in,
                                       int gamma1_bits)
{
    const int32_t gamma1 = (int32_t)1 << gamma1_bits;
    int32_t *c = z->coeff;
    size_t i;

    if (gamma1_bits == 17) {
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 4 == 0;
            loop invariant 4 * (in - \at(in, Pre)) == 9 * i;
            loop invariant \forall integer k; 0 <= k < i ==> -gamma1 < c[k] <= gamma1;
            loop assigns i, in, c[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - i;
        */
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
        /*@ loop invariant 0 <= i <= ML_DSA_N && i % 2 == 0;
            loop invariant 2 * (in - \at(in, Pre)) == 5 * i;
            loop invariant \forall integer k; 0 <= k < i ==> -gamma1 < c[k] <= gamma1;
            loop assigns i, in, c[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - i;
        */
        for (i = 0; i < ML_DSA_N; i += 2, in += 5) {
            c[i] = gamma1 - (int32_t)(in[0] | (uint32_t)in[1] << 8
                                      | (uint32_t)(in[2] & 0x0f) << 16);
            c[i + 1] = gamma1 - (int32_t)(in[2] >> 4 | (uint32_t)in[3] << 4
                                          | (uint32_t)in[4] << 12);
        }
    }
}

/* SimpleBitPack(t1, 10) unrolled: 4 coefficients in [0, 2^10) per 5 bytes. */
/*@ requires \valid(out + (0 .. 319)) && \valid_read(t1);
    requires \separated(out + (0 .. 319), t1);
    requires \forall integer k; 0 <= k < ML_DSA_N ==> 0 <= t1->coeff[k] < 1024;
    assigns out[0 .. 319];
*/
void ossl_ml_dsa_poly_pack_t1_generic(uint8_t *out, const ML_DSA_POLY *t1)
{
    const int32_t *c = t1->coeff;
    size_t i;

    /*@ loop invariant 0 <= i <= ML_DSA_N && i % 4 == 0;
        loop invariant 4 * (out - \at(out, Pre)) == 5 * i;
        loop assigns i, out, \at(out, Pre)[0 .. 319];
        loop variant ML_DSA_N - i;
    */
    for (i = 0; i < ML_DSA_N; i += 4, out += 5) {
        out[0] = (uint8_t)c[i];
        out[1] = (uint8_t)(c[i] >> 8 | c[i + 1] << 2);
        out[2] = (uint8_t)(c[i + 1] >> 6 | c[i + 2] << 4);
        out[3] = (uint8_t)(c[i + 2] >> 4 | c[i + 3] << 6);
        out[4] = (uint8_t)(c[i + 3] >> 2);
    }
}

/* SimpleBitUnpack(v, 10) unrolled: 4 coefficients per 5 bytes (hot in verify). */
/*@ requires \valid(t1) && \valid_read(in + (0 .. 319));
    requires \separated(in + (0 .. 319), t1);
    assigns t1->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==> 0 <= t1->coeff[k] < 1024;
*/
void ossl_ml_dsa_poly_unpack_t1_generic(ML_DSA_POLY *t1, const uint8_t *in)
{
    int32_t *c = t1->coeff;
    size_t i;

    /*@ loop invariant 0 <= i <= ML_DSA_N && i % 4 == 0;
        loop invariant 4 * (in - \at(in, Pre)) == 5 * i;
        loop invariant \forall integer k; 0 <= k < i ==> 0 <= c[k] < 1024;
        loop assigns i, in, c[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
    */
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
/*@ // proved with the generic packer (the vector ones meet the same
    // contract, ml_dsa_backend.h, by test: test_backend, test_encoder_bounds)
    requires \valid_read(poly) && poly->pack_t1 == &ossl_ml_dsa_poly_pack_t1_generic;
    requires first + n <= ML_DSA_K_MAX;
    requires \valid(pk + (0 .. 32 + 320 * (first + n) - 1));
    requires \valid_read(rho + (0 .. 31)) && \valid_read(t1 + (first .. first + n - 1));
    requires \separated(pk + (0 .. 32 + 320 * (first + n) - 1), rho + (0 .. 31),
                        t1 + (first .. first + n - 1), poly);
    requires \forall integer r, k; first <= r < first + n && 0 <= k < ML_DSA_N ==>
        0 <= t1[r].coeff[k] < 1024;
    assigns pk[0 .. 31], pk[32 + 320 * first .. 32 + 320 * (first + n) - 1];
*/
void ossl_ml_dsa_pk_encode_rows(const OSSL_ML_DSA_POLY_OPS *poly, uint8_t *pk,
                                const uint8_t rho[32], const ML_DSA_POLY *t1,
                                size_t first, size_t n)
{
    size_t i;

    if (first == 0)
        memcpy(pk, rho, ML_DSA_RHO_BYTES);
    pk += ML_DSA_RHO_BYTES + first * ML_DSA_POLY_BYTES(ML_DSA_T1_BITS);
    /*@ loop invariant first <= i <= first + n;
        loop invariant pk == \at(pk, Pre) + 32 + 320 * i;
        loop assigns i, pk, \at(pk, Pre)[32 + 320 * first .. 32 + 320 * (first + n) - 1];
        loop variant first + n - i;
    */
    for (i = first; i < first + n; i++, pk += ML_DSA_POLY_BYTES(ML_DSA_T1_BITS))
        /*@ calls ossl_ml_dsa_poly_pack_t1_generic; */
        poly->pack_t1(pk, &t1[i]);
}

/* pkDecode (FIPS 204 Algorithm 23): rho and t1 (coefficients in [0, 2^10)). */
/*@ // proved with the generic unpacker (as pk_encode_rows)
    requires \valid_read(poly) && poly->unpack_t1 == &ossl_ml_dsa_poly_unpack_t1_generic;
    requires \valid_read(params) && 1 <= params->k <= ML_DSA_K_MAX;
    requires \valid(rho + (0 .. 31)) && \valid(t1 + (0 .. params->k - 1));
    requires \valid_read(pk + (0 .. 32 + 320 * params->k - 1));
    requires \separated(rho + (0 .. 31), t1 + (0 .. params->k - 1),
                        pk + (0 .. 32 + 320 * params->k - 1), params, poly);
    assigns rho[0 .. 31], t1[0 .. params->k - 1];
    ensures \forall integer r, k; 0 <= r < params->k && 0 <= k < ML_DSA_N ==>
        0 <= t1[r].coeff[k] < 1024;
*/
void ossl_ml_dsa_pk_decode(const OSSL_ML_DSA_POLY_OPS *poly,
                           const ML_DSA_PARAMS *params, uint8_t rho[32],
                           ML_DSA_POLY *t1, const uint8_t *pk)
{
    size_t i;

    memcpy(rho, pk, ML_DSA_RHO_BYTES);
    pk += ML_DSA_RHO_BYTES;
    /*@ loop invariant 0 <= i <= params->k;
        loop invariant pk == \at(pk, Pre) + 32 + 320 * i;
        loop invariant \forall integer r, k; 0 <= r < i && 0 <= k < ML_DSA_N ==>
            0 <= t1[r].coeff[k] < 1024;
        loop assigns i, pk, t1[0 .. params->k - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++, pk += ML_DSA_POLY_BYTES(ML_DSA_T1_BITS))
        /*@ calls ossl_ml_dsa_poly_unpack_t1_generic; */
        poly->unpack_t1(&t1[i], pk);
}

/*
 * BitPack(s, eta, eta) of a secret polynomial s1[i] or s2[i] (FIPS 204
 * Algorithm 24, lines 3 and 6): values eta - s in [0, 2 eta], in
 * bitlen(2 eta) bits (3 for eta = 2, 4 for eta = 4).
 */
/*@ requires eta == 2 || eta == 4;
    requires \valid(out + (0 .. 32 * (eta == 2 ? 3 : 4) - 1)) && \valid_read(s);
    requires \separated(out + (0 .. 32 * (eta == 2 ? 3 : 4) - 1), s);
    requires \forall integer k; 0 <= k < ML_DSA_N ==> -eta <= s->coeff[k] <= eta;
    assigns out[0 .. 32 * (eta == 2 ? 3 : 4) - 1];
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
/*@ requires \valid(out + (0 .. 415)) && \valid_read(t0);
    requires \separated(out + (0 .. 415), t0);
    requires \forall integer k; 0 <= k < ML_DSA_N ==> -4096 < t0->coeff[k] <= 4096;
    assigns out[0 .. 415];
*/
void ossl_ml_dsa_poly_pack_t0_generic(uint8_t *out, const ML_DSA_POLY *t0)
{
    pack_bits(out, t0->coeff, ML_DSA_T0_BITS, ML_DSA_T0_MAX, 1);
}

/*
 * skEncode (FIPS 204 Algorithm 24): rho || K || tr || BitPack(s1[i], eta, eta)
 * || BitPack(s2[i], eta, eta) || BitPack(t0[i], 2^12 - 1, 2^12).
 */
/*@ // the sizes of skEncode's parts (FIPS 204 Table 2)
    predicate sk_params(ML_DSA_PARAMS *p) =
      1 <= p->k <= ML_DSA_K_MAX && 1 <= p->l <= ML_DSA_L_MAX &&
      ((p->eta == 2 && p->eta_bits == 3) || (p->eta == 4 && p->eta_bits == 4));
    logic integer sk_size(ML_DSA_PARAMS *p) =
      128 + 32 * p->eta_bits * (p->l + p->k) + 416 * p->k;
*/
/*@ // proved with the generic packers (as pk_encode_rows)
    requires \valid_read(poly) && poly->pack_eta == &ossl_ml_dsa_poly_pack_eta_generic
        && poly->pack_t0 == &ossl_ml_dsa_poly_pack_t0_generic;
    requires \valid_read(params) && sk_params(params);
    requires \valid(sk + (0 .. sk_size(params) - 1));
    requires \valid_read(rho + (0 .. 31)) && \valid_read(key + (0 .. 31))
        && \valid_read(tr + (0 .. 63));
    requires \valid_read(s1 + (0 .. params->l - 1)) && \valid_read(s2 + (0 .. params->k - 1))
        && \valid_read(t0 + (0 .. params->k - 1));
    requires \separated(sk + (0 .. sk_size(params) - 1), rho + (0 .. 31), key + (0 .. 31),
                        tr + (0 .. 63), s1 + (0 .. params->l - 1),
                        s2 + (0 .. params->k - 1), t0 + (0 .. params->k - 1), params, poly);
    requires \forall integer r, k; 0 <= r < params->l && 0 <= k < ML_DSA_N ==>
        -params->eta <= s1[r].coeff[k] <= params->eta;
    requires \forall integer r, k; 0 <= r < params->k && 0 <= k < ML_DSA_N ==>
        -params->eta <= s2[r].coeff[k] <= params->eta;
    requires \forall integer r, k; 0 <= r < params->k && 0 <= k < ML_DSA_N ==>
        -4096 < t0[r].coeff[k] <= 4096;
    assigns sk[0 .. sk_size(params) - 1];
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
    /*@ loop invariant 0 <= i <= params->l;
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * i;
        loop assigns i, sk, \at(sk, Pre)[0 .. sk_size(params) - 1];
        loop variant params->l - i;
    */
    for (i = 0; i < params->l; i++, sk += eta_bytes)
        /*@ calls ossl_ml_dsa_poly_pack_eta_generic; */
        poly->pack_eta(sk, &s1[i], params->eta);
    /*@ loop invariant 0 <= i <= params->k;
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * (params->l + i);
        loop assigns i, sk, \at(sk, Pre)[0 .. sk_size(params) - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++, sk += eta_bytes)
        /*@ calls ossl_ml_dsa_poly_pack_eta_generic; */
        poly->pack_eta(sk, &s2[i], params->eta);
    /*@ loop invariant 0 <= i <= params->k;
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * (params->l + params->k) + 416 * i;
        loop assigns i, sk, \at(sk, Pre)[0 .. sk_size(params) - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++, sk += ML_DSA_POLY_BYTES(ML_DSA_T0_BITS))
        /*@ calls ossl_ml_dsa_poly_pack_t0_generic; */
        poly->pack_t0(sk, &t0[i]);
}

/*
 * BitUnpack(t0, 2^12 - 1, 2^12) (FIPS 204 Algorithm 25, line 14) unrolled:
 * 8 coefficients 2^12 - v in [-2^12 + 1, 2^12] per 13 bytes.  Secret;
 * no branch on the data.
 */
/*@ requires \valid(t0) && \valid_read(in + (0 .. 415));
    requires \separated(in + (0 .. 415), t0);
    assigns t0->coeff[0 .. ML_DSA_N - 1];
    ensures \forall integer k; 0 <= k < ML_DSA_N ==> -4096 < t0->coeff[k] <= 4096;
*/
void ossl_ml_dsa_poly_unpack_t0_generic(ML_DSA_POLY *t0, const uint8_t *in)
{
    const uint32_t mask = (1 << ML_DSA_T0_BITS) - 1;
    int32_t *c = t0->coeff;
    size_t i;

    /*@ loop invariant 0 <= i <= ML_DSA_N && i % 8 == 0;
        loop invariant 8 * (in - \at(in, Pre)) == 13 * i;
        loop invariant \forall integer k; 0 <= k < i ==> -4096 < c[k] <= 4096;
        loop assigns i, in, c[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
    */
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
/*@ // proved with the generic unpackers (as pk_encode_rows)
    requires \valid_read(poly) && poly->unpack_eta == &ossl_ml_dsa_poly_unpack_eta_generic
        && poly->unpack_t0 == &ossl_ml_dsa_poly_unpack_t0_generic;
    requires \valid_read(params) && sk_params(params);
    requires \valid_read(sk + (0 .. sk_size(params) - 1));
    requires \valid(rho + (0 .. 31)) && \valid(key + (0 .. 31)) && \valid(tr + (0 .. 63));
    requires \valid(s1 + (0 .. params->l - 1)) && \valid(s2 + (0 .. params->k - 1))
        && \valid(t0 + (0 .. params->k - 1));
    requires \separated(sk + (0 .. sk_size(params) - 1), rho + (0 .. 31), key + (0 .. 31),
                        tr + (0 .. 63), s1 + (0 .. params->l - 1),
                        s2 + (0 .. params->k - 1), t0 + (0 .. params->k - 1), params, poly);
    assigns rho[0 .. 31], key[0 .. 31], tr[0 .. 63], s1[0 .. params->l - 1],
        s2[0 .. params->k - 1], t0[0 .. params->k - 1];
    ensures \result == 0 || \result == 1;
    ensures \result == 1 ==> \forall integer r, k; 0 <= r < params->l && 0 <= k < ML_DSA_N ==>
        -params->eta <= s1[r].coeff[k] <= params->eta;
    ensures \result == 1 ==> \forall integer r, k; 0 <= r < params->k && 0 <= k < ML_DSA_N ==>
        -params->eta <= s2[r].coeff[k] <= params->eta;
    ensures \forall integer r, k; 0 <= r < params->k && 0 <= k < ML_DSA_N ==>
        -4096 < t0[r].coeff[k] <= 4096;
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
    /*@ loop invariant 0 <= i <= params->l && (ok == 0 || ok == 1);
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * i;
        loop invariant ok == 1 ==> \forall integer r, k; 0 <= r < i && 0 <= k < ML_DSA_N ==>
            -params->eta <= s1[r].coeff[k] <= params->eta;
        loop assigns i, ok, sk, s1[0 .. params->l - 1];
        loop variant params->l - i;
    */
    for (i = 0; i < params->l; i++, sk += eta_bytes)
        /*@ calls ossl_ml_dsa_poly_unpack_eta_generic; */
        ok &= poly->unpack_eta(&s1[i], sk, params->eta);
    /*@ loop invariant 0 <= i <= params->k && (ok == 0 || ok == 1);
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * (params->l + i);
        loop invariant ok == 1 ==> \forall integer r, k; 0 <= r < params->l && 0 <= k < ML_DSA_N ==>
            -params->eta <= s1[r].coeff[k] <= params->eta;
        loop invariant ok == 1 ==> \forall integer r, k; 0 <= r < i && 0 <= k < ML_DSA_N ==>
            -params->eta <= s2[r].coeff[k] <= params->eta;
        loop assigns i, ok, sk, s2[0 .. params->k - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++, sk += eta_bytes)
        /*@ calls ossl_ml_dsa_poly_unpack_eta_generic; */
        ok &= poly->unpack_eta(&s2[i], sk, params->eta);
    /*@ loop invariant 0 <= i <= params->k;
        loop invariant sk == \at(sk, Pre) + 128 + eta_bytes * (params->l + params->k) + 416 * i;
        loop invariant \forall integer r, k; 0 <= r < i && 0 <= k < ML_DSA_N ==>
            -4096 < t0[r].coeff[k] <= 4096;
        loop assigns i, sk, t0[0 .. params->k - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++, sk += ML_DSA_POLY_BYTES(ML_DSA_T0_BITS))
        /*@ calls ossl_ml_dsa_poly_unpack_t0_generic; */
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
/*@ // the number of non-zero bytes among h[0 .. n - 1]
    logic integer ones{L}(uint8_t *h, integer n) =
      n <= 0 ? 0 : ones(h, n - 1) + (h[n - 1] != 0 ? 1 : 0);
*/
/*@ requires \valid_read(params) && 1 <= params->k <= ML_DSA_K_MAX;
    requires 0 <= params->omega <= 255 - ML_DSA_K_MAX;
    requires \valid_read(h + (0 .. params->k * ML_DSA_N - 1));
    requires \valid(out + (0 .. params->omega + params->k - 1));
    requires \separated(out + (0 .. params->omega + params->k - 1),
                        h + (0 .. params->k * ML_DSA_N - 1), params);
    // at most omega ones, stated for every prefix
    requires \forall integer m; 0 <= m <= params->k * ML_DSA_N ==>
        ones(h, m) <= params->omega;
    assigns out[0 .. params->omega + params->k - 1];
*/
void ossl_ml_dsa_hint_encode_generic(uint8_t *out, const ML_DSA_PARAMS *params,
                             const uint8_t *h)
{
    size_t i, j, index = 0;
    size_t omega = (size_t)params->omega;

    memset(out, 0, omega + params->k);
    /*@ loop invariant 0 <= i <= params->k;
        loop invariant index == ones(h, i * ML_DSA_N) && index <= omega;
        loop assigns i, j, index, out[0 .. omega + params->k - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++) {
        /*@ loop invariant 0 <= j <= ML_DSA_N;
            loop invariant index == ones(h, i * ML_DSA_N + j) && index <= omega;
            loop assigns j, index, out[0 .. omega - 1];
            loop variant ML_DSA_N - j;
        */
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
/*@ // in (omega index bytes, then k counts) is well formed: the counts do
    // not decrease nor pass omega, the indices of each polynomial strictly
    // increase, the unused index bytes are zero
    predicate hints_ok{L}(uint8_t *in, integer omega, integer k) =
      (\forall integer i; 0 <= i < k ==> in[omega + i] <= omega) &&
      (\forall integer i; 0 < i < k ==> in[omega + i - 1] <= in[omega + i]) &&
      (\forall integer t; 0 < t < in[omega] ==> in[t - 1] < in[t]) &&
      (\forall integer i, t; 0 < i < k && in[omega + i - 1] < t < in[omega + i]
          ==> in[t - 1] < in[t]) &&
      (\forall integer t; in[omega + k - 1] <= t < omega ==> in[t] == 0);
*/
/*@ requires \valid_read(params) && 1 <= params->k <= ML_DSA_K_MAX;
    requires 0 <= params->omega <= 255 - ML_DSA_K_MAX;
    requires \valid_read(in + (0 .. params->omega + params->k - 1));
    requires \valid(h + (0 .. params->k * ML_DSA_N - 1));
    requires \separated(h + (0 .. params->k * ML_DSA_N - 1),
                        in + (0 .. params->omega + params->k - 1), params);
    assigns h[0 .. params->k * ML_DSA_N - 1];
    ensures \result == 0 || \result == 1;
    ensures \result == 1 ==> hints_ok(in, params->omega, params->k);
    ensures \forall integer t; 0 <= t < params->k * ML_DSA_N ==> h[t] == 0 || h[t] == 1;
*/
int ossl_ml_dsa_hint_decode_generic(const ML_DSA_PARAMS *params, uint8_t *h,
                            const uint8_t *in)
{
    size_t i, index = 0, first, end;
    size_t omega = (size_t)params->omega;

    memset(h, 0, params->k * ML_DSA_N);
    /*@ loop invariant 0 <= i <= params->k && index <= omega;
        loop invariant index == (i == 0 ? 0 : in[omega + i - 1]);
        loop invariant \forall integer t; 0 <= t < i ==> in[omega + t] <= omega;
        loop invariant \forall integer t; 0 < t < i ==> in[omega + t - 1] <= in[omega + t];
        loop invariant i > 0 ==> \forall integer t; 0 < t < in[omega] ==> in[t - 1] < in[t];
        loop invariant \forall integer u, t; 0 < u < i && in[omega + u - 1] < t < in[omega + u]
            ==> in[t - 1] < in[t];
        loop invariant \forall integer t; 0 <= t < params->k * ML_DSA_N ==> h[t] == 0 || h[t] == 1;
        loop assigns i, index, first, end, h[0 .. params->k * ML_DSA_N - 1];
        loop variant params->k - i;
    */
    for (i = 0; i < params->k; i++) {
        end = in[omega + i];
        if (end < index || end > omega)
            return 0;
        /*@ loop invariant first <= index <= end;
            loop invariant first == (i == 0 ? 0 : in[omega + i - 1]);
            loop invariant \forall integer t; first < t < index ==> in[t - 1] < in[t];
            loop invariant \forall integer t; 0 <= t < params->k * ML_DSA_N ==> h[t] == 0 || h[t] == 1;
            loop assigns index, h[0 .. params->k * ML_DSA_N - 1];
            loop variant end - index;
        */
        for (first = index; index < end; index++) {
            if (index > first && in[index - 1] >= in[index])
                return 0;
            h[i * ML_DSA_N + in[index]] = 1;
        }
    }
    /*@ loop invariant in[omega + params->k - 1] <= index <= omega;
        loop invariant \forall integer t; in[omega + params->k - 1] <= t < index ==> in[t] == 0;
        loop assigns index;
        loop variant omega - index;
    */
    for (; index < omega; index++)
        if (in[index] != 0)
            return 0;
    return 1;
}
