/*
 * Pseudorandom sampling of ML-DSA (FIPS 204 section 7.3): the generic
 * (scalar SHAKE) sample ops for ExpandA, ExpandS and ExpandMask, the
 * coefficient parsers they share with the x86-64 and aarch64 ops, and
 * SampleInBall, which is sequential and stays scalar.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3.h"
#include "ml_dsa_local.h"

/* ExpandA seed: rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1). */
#define RHO_BYTES ML_DSA_RHO_BYTES
#define A_SEED_BYTES (RHO_BYTES + 2)
/* RejNTTPoly: 5 SHAKE128 blocks (280 candidates) nearly always suffice. */
#define A_FIRST_BLOCKS 5
/* ExpandS / ExpandMask seeds: 64 bytes || IntegerToBytes(n, 2). */
#define SEED64_BYTES 64
#define NONCE_SEED_BYTES (SEED64_BYTES + 2)
/* ExpandMask output: 32 * (1 + bitlen(gamma1 - 1)) = 32 * 20 bytes at most. */
#define MASK_MAX_BYTES ML_DSA_POLY_BYTES(20)
/* SampleInBall: 8 bytes of sign bits, then one byte per candidate index. */
#define BALL_SIGN_BYTES 8

static ML_DSA_MATRIX_EXPAND_A_FN matrix_expand_A_generic;
static ML_DSA_VECTOR_EXPAND_S_FN vector_expand_S_generic;
static ML_DSA_VECTOR_EXPAND_MASK_FN vector_expand_mask_generic;

/*
 * RejNTTPoly (FIPS 204 Algorithm 30) body, with CoeffFromThreeBytes
 * (Algorithm 14): parse the 3-byte groups of buf (len a multiple of 3) into
 * coefficients b0 + 2^8 b1 + 2^16 (b2 mod 128), keeping those below q,
 * appending at coeff[ctr] until 256 are there.  Returns the new ctr.
 * Public data (A-hat).
 */
static size_t rej_ntt_poly_parse(int32_t *coeff, size_t ctr,
                                 const uint8_t *buf, size_t len)
{
    size_t pos;
    uint32_t v;

    for (pos = 0; ctr < ML_DSA_N && pos + 3 <= len; pos += 3) {
        v = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8)
            | ((uint32_t)(buf[pos + 2] & 0x7f) << 16);
        if (v < ML_DSA_Q)
            coeff[ctr++] = (int32_t)v;
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
static size_t rej_bounded_poly_parse(int32_t *coeff, size_t ctr,
                                     const uint8_t *buf, size_t len, int eta)
{
    uint32_t bound = eta == 2 ? 15 : 9, z0, z1;
    size_t pos, keep[2];

    /* Each candidate is written at coeff[ctr] (ctr < 256) and kept by
     * advancing ctr: no branch on the nibbles, so no mispredictions. */
    for (pos = 0; ctr < ML_DSA_N && pos < len; pos++) {
        z0 = buf[pos] & 0x0f;
        z1 = buf[pos] >> 4;
        keep[0] = z0 < bound;
        keep[1] = z1 < bound;
        /* public: which nibbles RejBoundedPoly rejects (so ctr) depends
         * only on discarded output; the kept ones stay uniform */
        ML_DSA_CT_DECLASSIFY(keep, sizeof(keep));
        coeff[ctr] = eta == 2 ? 2 - (int32_t)(z0 - 5 * ((z0 * 205) >> 10))
                              : 4 - (int32_t)z0;
        ctr += keep[0];
        if (ctr == ML_DSA_N)
            break;
        coeff[ctr] = eta == 2 ? 2 - (int32_t)(z1 - 5 * ((z1 * 205) >> 10))
                              : 4 - (int32_t)z1;
        ctr += keep[1];
    }
    return ctr;
}

/* IntegerToBytes(x, 2) (FIPS 204 Algorithm 11). */
static void put_u16(uint8_t *out, uint16_t x)
{
    out[0] = (uint8_t)x;
    out[1] = (uint8_t)(x >> 8);
}

/*
 * ExpandA (FIPS 204 Algorithm 32) with one SHAKE128 per entry:
 * a_hat[r * l + s] = RejNTTPoly(rho || s || r), coefficients in [0, q).
 */
static int matrix_expand_A_generic(ML_DSA_POLY *a_hat, const uint8_t rho[32],
                                   size_t k, size_t l)
{
    uint8_t seed[A_SEED_BYTES];
    uint8_t buf[A_FIRST_BLOCKS * SHAKE128_RATE];
    KECCAK1600_CTX ctx;
    size_t r, s, ctr;

    memcpy(seed, rho, RHO_BYTES);
    for (r = 0; r < k; r++) {
        for (s = 0; s < l; s++) {
            seed[RHO_BYTES] = (uint8_t)s;
            seed[RHO_BYTES + 1] = (uint8_t)r;
            SHA3_shake128_init(&ctx);
            SHA3_absorb(&ctx, seed, sizeof(seed));
            SHA3_squeeze(&ctx, buf, sizeof(buf));
            ctr = rej_ntt_poly_parse(a_hat[r * l + s].coeff, 0, buf,
                                     sizeof(buf));
            while (ctr < ML_DSA_N) {
                SHA3_squeeze(&ctx, buf, SHAKE128_RATE);
                ctr = rej_ntt_poly_parse(a_hat[r * l + s].coeff, ctr, buf,
                                         SHAKE128_RATE);
            }
        }
    }
    return 1;
}

/*
 * ExpandS (FIPS 204 Algorithm 33) with one SHAKE256 per polynomial:
 * s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)) for r < l + k (s1
 * then s2), coefficients in [-eta, eta].  Secret: buffers are wiped.
 */
static int vector_expand_S_generic(ML_DSA_POLY *s, const uint8_t rho_prime[64],
                                   size_t l, size_t k, int eta)
{
    uint8_t seed[NONCE_SEED_BYTES];
    uint8_t buf[SHAKE256_RATE];
    KECCAK1600_CTX ctx;
    size_t r, ctr;

    if (eta != 2 && eta != 4)
        return 0;
    memcpy(seed, rho_prime, SEED64_BYTES);
    for (r = 0; r < l + k; r++) {
        put_u16(seed + SEED64_BYTES, (uint16_t)r);
        SHA3_shake256_init(&ctx);
        SHA3_absorb(&ctx, seed, sizeof(seed));
        for (ctr = 0; ctr < ML_DSA_N;) {
            SHA3_squeeze(&ctx, buf, sizeof(buf));
            ctr = rej_bounded_poly_parse(s[r].coeff, ctr, buf, sizeof(buf),
                                         eta);
        }
    }
    SHA3_cleanse(&ctx);
    ossl_cleanse(seed, sizeof(seed));
    ossl_cleanse(buf, sizeof(buf));
    return 1;
}

/*
 * ExpandMask (FIPS 204 Algorithm 34) with one SHAKE256 per polynomial:
 * y[r] = BitUnpack(SHAKE256(rho'' || IntegerToBytes(kappa + r, 2)),
 * gamma1 - 1, gamma1) for r < l.  Secret: buffers are wiped.
 */
static int vector_expand_mask_generic(ML_DSA_POLY *y, const uint8_t rho_pp[64],
                                      uint16_t kappa, size_t l,
                                      int gamma1_bits)
{
    uint8_t seed[NONCE_SEED_BYTES];
    uint8_t buf[MASK_MAX_BYTES];
    size_t r, len = ML_DSA_POLY_BYTES(gamma1_bits + 1);

    if (gamma1_bits != 17 && gamma1_bits != 19)
        return 0;
    memcpy(seed, rho_pp, SEED64_BYTES);
    for (r = 0; r < l; r++) {
        put_u16(seed + SEED64_BYTES, (uint16_t)(kappa + r));
        SHA3_shake256(buf, len, seed, sizeof(seed));
        ossl_ml_dsa_poly_unpack_z_generic(&y[r], buf, gamma1_bits);
    }
    ossl_cleanse(seed, sizeof(seed));
    ossl_cleanse(buf, sizeof(buf));
    return 1;
}

const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_generic = {
    "generic",
    matrix_expand_A_generic,
    vector_expand_S_generic,
    vector_expand_mask_generic,
    1,
};

/* The portable sample ops, available in every build. */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops_generic(void)
{
    return &ossl_ml_dsa_sample_generic;
}

/*
 * SampleInBall (FIPS 204 Algorithm 29): c with tau coefficients +-1 and the
 * rest 0, from SHAKE256(ctilde): the first 8 bytes give the signs, then a
 * Fisher-Yates shuffle with rejected indices j > i.  c is derived from
 * ctilde, which the signature makes public; the loop is FIPS 204's.
 */
void ossl_ml_dsa_poly_sample_in_ball(ML_DSA_POLY *c, const uint8_t *ctilde,
                                     size_t ctilde_len, int tau)
{
    uint8_t buf[SHAKE256_RATE];
    KECCAK1600_CTX ctx;
    uint64_t signs = 0;
    size_t i, j, pos;

    SHA3_shake256_init(&ctx);
    SHA3_absorb(&ctx, ctilde, ctilde_len);
    SHA3_squeeze(&ctx, buf, sizeof(buf));
    for (i = 0; i < BALL_SIGN_BYTES; i++)
        signs |= (uint64_t)buf[i] << (8 * i);
    pos = BALL_SIGN_BYTES;
    memset(c, 0, sizeof(*c));
    for (i = ML_DSA_N - (size_t)tau; i < ML_DSA_N; i++) {
        do {
            if (pos == sizeof(buf)) {
                SHA3_squeeze(&ctx, buf, sizeof(buf));
                pos = 0;
            }
            j = buf[pos++];
        } while (j > i);
        c->coeff[i] = c->coeff[j];
        c->coeff[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}

/* The x86-64 multi-buffer ops, in builds with the assembly kernel. */
#ifdef KECCAK1600_ASM_X86_64
# include "x86_64/ml_dsa_sample_x86_64.inc"
#endif
/* The aarch64 ops, in builds with the assembly kernels. */
#ifdef KECCAK1600_ASM_AARCH64
# include "ml_dsa_sample_aarch64.inc"
#endif
