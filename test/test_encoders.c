/*
 * The bit-packing routines of ML-DSA (FIPS 204 Algorithms 16 - 28): round
 * trips for every coefficient width the scheme uses (and every width up
 * to 20), boundary values, the bit order of BitsToBytes, the range check
 * of the secret-key decoder, and the strict hint decoder.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ml_dsa/ml_dsa_local.h"
#include "testutil.h"

#define N ML_DSA_N
#define MAX_WIDTH 20
#define HINT_MAX_BYTES (80 + ML_DSA_K_MAX)   /* omega + k, largest */

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
#define NPARAMS (sizeof(params) / sizeof(params[0]))

START_TEST(simple_pack_round_trips_for_every_width)
{
    ML_DSA_POLY a, b;
    uint8_t buf[ML_DSA_POLY_BYTES(MAX_WIDTH)];
    int bits, round;
    size_t i;

    for (bits = 1; bits <= MAX_WIDTH; bits++) {
        for (round = 0; round < 4; round++) {
            for (i = 0; i < N; i++) {
                /* round 0: all zero; round 1: all maximal; then random */
                a.coeff[i] = round == 0 ? 0
                    : round == 1 ? (1 << bits) - 1
                    : (int32_t)test_rand_below((uint64_t)1 << bits);
            }
            memset(buf, 0xaa, sizeof(buf));
            ossl_ml_dsa_poly_simple_pack(buf, &a, bits);
            /* exactly 32 * bits bytes are written */
            for (i = ML_DSA_POLY_BYTES(bits); i < sizeof(buf); i++)
                ck_assert_int_eq(buf[i], 0xaa);
            ossl_ml_dsa_poly_simple_unpack(&b, buf, bits);
            ck_assert_mem_eq(a.coeff, b.coeff, sizeof(a.coeff));
        }
    }
}
END_TEST

START_TEST(w1_encoding_equals_simple_bit_pack)
{
    ML_DSA_POLY a;
    uint8_t fast[ML_DSA_POLY_BYTES(6)], slow[ML_DSA_POLY_BYTES(6)];
    int bits, round;
    size_t i;

    for (bits = 4; bits <= 6; bits += 2) {
        for (round = 0; round < 3; round++) {
            for (i = 0; i < N; i++)
                a.coeff[i] = round == 0 ? 0
                    : round == 1 ? (bits == 6 ? 43 : 15)
                    : (int32_t)test_rand_below(bits == 6 ? 44 : 16);
            ossl_ml_dsa_poly_pack_w1_generic(fast, &a, bits);
            ossl_ml_dsa_poly_simple_pack(slow, &a, bits);
            ck_assert_mem_eq(fast, slow, ML_DSA_POLY_BYTES(bits));
        }
    }
}
END_TEST

START_TEST(bit_pack_round_trips_at_both_ends_of_each_range)
{
    /* (bits, b): eta 2 and 4, t0, z for gamma1 = 2^17 and 2^19 */
    static const struct { int bits; int32_t b; } widths[] = {
        { 3, 2 }, { 4, 4 }, { 13, 1 << 12 }, { 18, 1 << 17 }, { 20, 1 << 19 }
    };
    ML_DSA_POLY a, b;
    uint8_t buf[ML_DSA_POLY_BYTES(MAX_WIDTH)];
    int32_t lo, hi;
    size_t w, i;
    int round;

    for (w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
        hi = widths[w].b;
        lo = widths[w].b - (1 << widths[w].bits) + 1;
        for (round = 0; round < 4; round++) {
            for (i = 0; i < N; i++)
                a.coeff[i] = round == 0 ? lo : round == 1 ? hi
                    : (i % 2 ? lo : hi) * (round == 2)
                      + (round == 3) * (lo + (int32_t)test_rand_below(
                                            (uint64_t)(hi - lo + 1)));
            ossl_ml_dsa_poly_pack(buf, &a, widths[w].bits, widths[w].b);
            ossl_ml_dsa_poly_unpack(&b, buf, widths[w].bits, widths[w].b);
            ck_assert_mem_eq(a.coeff, b.coeff, sizeof(a.coeff));
        }
    }
}
END_TEST

START_TEST(z_pack_round_trips_and_equals_bit_pack_for_both_gamma1)
{
    ML_DSA_POLY a, b;
    uint8_t buf[ML_DSA_POLY_BYTES(MAX_WIDTH)], generic[ML_DSA_POLY_BYTES(MAX_WIDTH)];
    int g, gbits[2] = { 17, 19 };
    size_t i;

    for (g = 0; g < 2; g++) {
        int32_t gamma1 = (int32_t)1 << gbits[g];

        for (i = 0; i < N; i++)
            a.coeff[i] = i == 0 ? gamma1 : i == 1 ? -gamma1 + 1
                : (int32_t)test_rand_below(2 * (uint64_t)gamma1) - gamma1 + 1;
        ossl_ml_dsa_poly_pack_z_generic(buf, &a, gbits[g]);
        ossl_ml_dsa_poly_unpack_z_generic(&b, buf, gbits[g]);
        ck_assert_mem_eq(a.coeff, b.coeff, sizeof(a.coeff));
        /* the unrolled z routines are BitPack / BitUnpack of that width */
        ossl_ml_dsa_poly_pack(generic, &a, gbits[g] + 1, gamma1);
        ck_assert_mem_eq(buf, generic, ML_DSA_POLY_BYTES(gbits[g] + 1));
        ossl_ml_dsa_poly_unpack(&b, generic, gbits[g] + 1, gamma1);
        ck_assert_mem_eq(a.coeff, b.coeff, sizeof(a.coeff));
    }
}
END_TEST

START_TEST(packing_is_little_endian_lowest_bit_first)
{
    ML_DSA_POLY a;
    uint8_t buf[ML_DSA_POLY_BYTES(10)];

    memset(&a, 0, sizeof(a));
    a.coeff[0] = 0x3ff;     /* ten 1 bits: bytes ff 03 */
    a.coeff[1] = 0x001;     /* bit 10 overall: byte 1, bit 2 */
    a.coeff[3] = 0x200;     /* bit 39: byte 4, bit 7 */
    ossl_ml_dsa_poly_simple_pack(buf, &a, 10);
    ck_assert_int_eq(buf[0], 0xff);
    ck_assert_int_eq(buf[1], 0x07);
    ck_assert_int_eq(buf[2], 0x00);
    ck_assert_int_eq(buf[3], 0x00);
    ck_assert_int_eq(buf[4], 0x80);
    /* BitPack(w, eta, eta) stores eta - w: w = eta gives 0, w = -eta gives 2 eta */
    memset(&a, 0, sizeof(a));
    a.coeff[0] = 2;
    a.coeff[1] = -2;
    ossl_ml_dsa_poly_pack(buf, &a, 3, 2);
    ck_assert_int_eq(buf[0], 0x00 | (4 << 3) | (2 << 6));
}
END_TEST

START_TEST(eta_unpack_refuses_out_of_range_values)
{
    ML_DSA_POLY a;
    uint8_t buf[ML_DSA_POLY_BYTES(4)];
    int eta, bits;
    uint32_t v;
    size_t pos;

    for (eta = 2; eta <= 4; eta += 2) {
        bits = eta == 2 ? 3 : 4;
        /* every valid value at every position is accepted */
        for (v = 0; v <= (uint32_t)(2 * eta); v++) {
            for (pos = 0; pos < N; pos++)
                a.coeff[pos] = eta - (int32_t)v;
            ossl_ml_dsa_poly_pack(buf, &a, bits, eta);
            ck_assert_int_eq(ossl_ml_dsa_poly_unpack_eta_generic(&a, buf, eta), 1);
        }
        /* an invalid value (2 eta + 1 .. 2^bits - 1) at any position is refused */
        for (v = (uint32_t)(2 * eta + 1); v < (1u << bits); v++) {
            for (pos = 0; pos < N; pos += 37) {
                memset(&a, 0, sizeof(a));
                ossl_ml_dsa_poly_pack(buf, &a, bits, eta);
                /* set value pos to v: bits [pos * bits, pos * bits + bits) */
                ossl_ml_dsa_poly_unpack(&a, buf, bits, 0);
                a.coeff[pos] = -(int32_t)v;
                ossl_ml_dsa_poly_pack(buf, &a, bits, 0);
                ck_assert_int_eq(ossl_ml_dsa_poly_unpack_eta_generic(&a, buf, eta), 0);
            }
        }
    }
}
END_TEST

/*
 * skDecode's unrolled decoders of s1, s2 (eta 2 and 4) and t0 (13 bits)
 * are BitUnpack of their width: random bytes (any value, valid or not)
 * decode as the generic bit-serial BitUnpack does.
 */
START_TEST(sk_decode_equals_generic_bit_unpack_on_random_bytes)
{
    ML_DSA_POLY s1[ML_DSA_L_MAX], s2[ML_DSA_K_MAX], t0[ML_DSA_K_MAX], want;
    uint8_t rho[32], key[32], tr[64], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    const uint8_t *in;
    size_t pi, i, eta_bytes;
    int round, bits;

    for (pi = 0; pi < sizeof(params) / sizeof(params[0]); pi++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(params[pi]);

        bits = p->eta == 2 ? 3 : 4;
        eta_bytes = ML_DSA_POLY_BYTES(bits);
        for (round = 0; round < 20; round++) {
            test_rand_bytes(sk, p->sk_bytes);
            (void)ossl_ml_dsa_sk_decode(&ossl_ml_dsa_poly_generic, p, rho, key, tr, s1, s2, t0, sk);
            in = sk + 128;
            for (i = 0; i < p->l; i++, in += eta_bytes) {
                ossl_ml_dsa_poly_unpack(&want, in, bits, p->eta);
                ck_assert_mem_eq(want.coeff, s1[i].coeff, sizeof(want.coeff));
            }
            for (i = 0; i < p->k; i++, in += eta_bytes) {
                ossl_ml_dsa_poly_unpack(&want, in, bits, p->eta);
                ck_assert_mem_eq(want.coeff, s2[i].coeff, sizeof(want.coeff));
            }
            for (i = 0; i < p->k; i++, in += ML_DSA_POLY_BYTES(13)) {
                ossl_ml_dsa_poly_unpack(&want, in, 13, 1 << 12);
                ck_assert_mem_eq(want.coeff, t0[i].coeff, sizeof(want.coeff));
            }
            ck_assert_ptr_eq(in, sk + p->sk_bytes);
        }
    }
}
END_TEST

/* A random secret key's parts for the parameter set. */
static void random_key_parts(const ML_DSA_PARAMS *p, uint8_t *rho,
                             uint8_t *key, uint8_t *tr, ML_DSA_POLY *s1,
                             ML_DSA_POLY *s2, ML_DSA_POLY *t0)
{
    size_t i, j;

    test_rand_bytes(rho, ML_DSA_RHO_BYTES);
    test_rand_bytes(key, ML_DSA_K_BYTES);
    test_rand_bytes(tr, ML_DSA_TR_BYTES);
    for (i = 0; i < p->l; i++)
        for (j = 0; j < N; j++)
            s1[i].coeff[j] = (int32_t)test_rand_below(2 * p->eta + 1) - p->eta;
    for (i = 0; i < p->k; i++)
        for (j = 0; j < N; j++) {
            s2[i].coeff[j] = (int32_t)test_rand_below(2 * p->eta + 1) - p->eta;
            t0[i].coeff[j] = (int32_t)test_rand_below(1 << 13) - (1 << 12) + 1;
        }
}

START_TEST(secret_key_encoding_round_trips)
{
    ML_DSA_POLY s1[ML_DSA_L_MAX], s2[ML_DSA_K_MAX], t0[ML_DSA_K_MAX];
    ML_DSA_POLY d1[ML_DSA_L_MAX], d2[ML_DSA_K_MAX], d0[ML_DSA_K_MAX];
    uint8_t rho[32], key[32], tr[64], r2[32], k2[32], tr2[64];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], sk2[MLDSA_MAX_SECRET_KEY_BYTES];
    const ML_DSA_PARAMS *p;
    size_t i;

    for (i = 0; i < NPARAMS; i++) {
        p = ossl_ml_dsa_params_get(params[i]);
        random_key_parts(p, rho, key, tr, s1, s2, t0);
        ossl_ml_dsa_sk_encode(&ossl_ml_dsa_poly_generic, sk, p, rho, key, tr, s1, s2, t0);
        ck_assert_int_eq(ossl_ml_dsa_sk_decode(&ossl_ml_dsa_poly_generic, p, r2, k2, tr2, d1, d2, d0, sk), 1);
        ck_assert_mem_eq(rho, r2, 32);
        ck_assert_mem_eq(key, k2, 32);
        ck_assert_mem_eq(tr, tr2, 64);
        ck_assert_mem_eq(s1, d1, p->l * sizeof(ML_DSA_POLY));
        ck_assert_mem_eq(s2, d2, p->k * sizeof(ML_DSA_POLY));
        ck_assert_mem_eq(t0, d0, p->k * sizeof(ML_DSA_POLY));
        ossl_ml_dsa_sk_encode(&ossl_ml_dsa_poly_generic, sk2, p, r2, k2, tr2, d1, d2, d0);
        ck_assert_mem_eq(sk, sk2, p->sk_bytes);
    }
}
END_TEST

START_TEST(public_key_encoding_round_trips_and_is_simple_bit_pack)
{
    ML_DSA_POLY t1[ML_DSA_K_MAX], d1[ML_DSA_K_MAX];
    uint8_t rho[32], r2[32], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t rows[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t generic[ML_DSA_POLY_BYTES(10)];
    const ML_DSA_PARAMS *p;
    size_t i, j, n;

    for (i = 0; i < NPARAMS; i++) {
        p = ossl_ml_dsa_params_get(params[i]);
        test_rand_bytes(rho, sizeof(rho));
        for (n = 0; n < p->k; n++)
            for (j = 0; j < N; j++)
                t1[n].coeff[j] = j == 0 ? 1023 : j == 1 ? 0
                    : (int32_t)test_rand_below(1024);
        /* all rows at once, then row by row: the same bytes */
        ossl_ml_dsa_pk_encode_rows(&ossl_ml_dsa_poly_generic, pk, rho, t1, 0,
                                   p->k);
        memset(rows, 0xa5, sizeof(rows));
        for (n = 0; n < p->k; n++)
            ossl_ml_dsa_pk_encode_rows(&ossl_ml_dsa_poly_generic, rows, rho,
                                       t1, n, 1);
        ck_assert_mem_eq(pk, rows, p->pk_bytes);
        ossl_ml_dsa_pk_decode(&ossl_ml_dsa_poly_generic, p, r2, d1, pk);
        ck_assert_mem_eq(rho, r2, 32);
        ck_assert_mem_eq(t1, d1, p->k * sizeof(ML_DSA_POLY));
        /* the unrolled t1 packing is SimpleBitPack(t1[i], 10) */
        for (n = 0; n < p->k; n++) {
            ossl_ml_dsa_poly_simple_pack(generic, &t1[n], 10);
            ck_assert_mem_eq(pk + 32 + n * ML_DSA_POLY_BYTES(10), generic,
                             ML_DSA_POLY_BYTES(10));
        }
    }
}
END_TEST

/* A random hint with exactly count ones (count <= omega). */
static void random_hint(const ML_DSA_PARAMS *p, uint8_t *h, size_t count)
{
    size_t pos;

    memset(h, 0, p->k * N);
    while (count > 0) {
        pos = (size_t)test_rand_below(p->k * N);
        if (h[pos] == 0) {
            h[pos] = 1;
            count--;
        }
    }
}

START_TEST(hint_encoding_round_trips_from_zero_to_omega_ones)
{
    uint8_t h[ML_DSA_K_MAX * N], d[ML_DSA_K_MAX * N], enc[HINT_MAX_BYTES];
    const ML_DSA_PARAMS *p;
    size_t i, count;

    for (i = 0; i < NPARAMS; i++) {
        p = ossl_ml_dsa_params_get(params[i]);
        for (count = 0; count <= (size_t)p->omega; count++) {
            random_hint(p, h, count);
            ossl_ml_dsa_hint_encode_generic(enc, p, h);
            ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, enc), 1);
            ck_assert_mem_eq(h, d, p->k * N);
        }
    }
}
END_TEST

START_TEST(hint_decoding_is_strict)
{
    uint8_t h[ML_DSA_K_MAX * N], d[ML_DSA_K_MAX * N], enc[HINT_MAX_BYTES],
        bad[HINT_MAX_BYTES];
    const ML_DSA_PARAMS *p;
    size_t i, omega, n;

    for (i = 0; i < NPARAMS; i++) {
        p = ossl_ml_dsa_params_get(params[i]);
        omega = (size_t)p->omega;
        n = omega + p->k;
        /* two ones in polynomial 0 (indices 3, 9), one in the last (index 5) */
        memset(h, 0, sizeof(h));
        h[3] = h[9] = 1;
        h[(p->k - 1) * N + 5] = 1;
        ossl_ml_dsa_hint_encode_generic(enc, p, h);
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, enc), 1);

        /* indices out of order within a polynomial */
        memcpy(bad, enc, n);
        bad[0] = 9;
        bad[1] = 3;
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, bad), 0);
        /* a repeated index */
        memcpy(bad, enc, n);
        bad[1] = 3;
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, bad), 0);
        /* non-zero padding after the last index */
        memcpy(bad, enc, n);
        bad[omega - 1] = 1;
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, bad), 0);
        /* a count above omega */
        memcpy(bad, enc, n);
        bad[n - 1] = (uint8_t)(omega + 1);
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, bad), 0);
        /* decreasing counts */
        memcpy(bad, enc, n);
        bad[omega] = 2;
        bad[omega + 1] = 1;
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, bad), 0);
        /* an index order restarts in the next polynomial: allowed */
        memset(h, 0, sizeof(h));
        h[200] = 1;
        h[N + 1] = 1;
        ossl_ml_dsa_hint_encode_generic(enc, p, h);
        ck_assert_int_eq(ossl_ml_dsa_hint_decode_generic(p, d, enc), 1);
        ck_assert_mem_eq(h, d, p->k * N);
    }
}
END_TEST

START_TEST(sizes_match_fips204_table2)
{
    static const size_t want[3][3] = {
        { 1312, 2560, 2420 }, { 1952, 4032, 3309 }, { 2592, 4896, 4627 }
    };
    const ML_DSA_PARAMS *p;
    size_t i, z_bytes, eta_bytes;

    for (i = 0; i < NPARAMS; i++) {
        p = ossl_ml_dsa_params_get(params[i]);
        ck_assert_uint_eq(mldsa_public_key_bytes(params[i]), want[i][0]);
        ck_assert_uint_eq(mldsa_secret_key_bytes(params[i]), want[i][1]);
        ck_assert_uint_eq(mldsa_signature_bytes(params[i]), want[i][2]);
        /* and they are what the encoders write */
        eta_bytes = ML_DSA_POLY_BYTES(p->eta_bits);
        z_bytes = ML_DSA_POLY_BYTES(p->gamma1_bits + 1);
        ck_assert_uint_eq(p->pk_bytes, 32 + p->k * ML_DSA_POLY_BYTES(10));
        ck_assert_uint_eq(p->sk_bytes, 128 + (p->k + p->l) * eta_bytes
                          + p->k * ML_DSA_POLY_BYTES(13));
        ck_assert_uint_eq(p->sig_bytes, p->ctilde_bytes + p->l * z_bytes
                          + (size_t)p->omega + p->k);
    }
    ck_assert_uint_eq(mldsa_public_key_bytes((mldsa_param)0), 0);
    ck_assert_ptr_null(ossl_ml_dsa_params_get((mldsa_param)66));
}
END_TEST

static Suite *encoders_suite(void)
{
    Suite *s = suite_create("encoders");
    TCase *poly = tcase_create("polynomials");
    TCase *keys = tcase_create("keys_and_hints");

    tcase_add_test(poly, simple_pack_round_trips_for_every_width);
    tcase_add_test(poly, w1_encoding_equals_simple_bit_pack);
    tcase_add_test(poly, bit_pack_round_trips_at_both_ends_of_each_range);
    tcase_add_test(poly, z_pack_round_trips_and_equals_bit_pack_for_both_gamma1);
    tcase_add_test(poly, packing_is_little_endian_lowest_bit_first);
    tcase_add_test(poly, eta_unpack_refuses_out_of_range_values);
    tcase_add_test(keys, secret_key_encoding_round_trips);
    tcase_add_test(keys, sk_decode_equals_generic_bit_unpack_on_random_bytes);
    tcase_add_test(keys, public_key_encoding_round_trips_and_is_simple_bit_pack);
    tcase_add_test(keys, hint_encoding_round_trips_from_zero_to_omega_ones);
    tcase_add_test(keys, hint_decoding_is_strict);
    tcase_add_test(keys, sizes_match_fips204_table2);
    suite_add_tcase(s, poly);
    suite_add_tcase(s, keys);
    return s;
}

int main(void)
{
    return test_run_suite(encoders_suite());
}
