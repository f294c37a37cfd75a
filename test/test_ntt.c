/*
 * The NTT and the coefficient arithmetic of ML-DSA (FIPS 204 section 7.4
 * and 7.5): the inverse NTT undoes the NTT, products in the NTT domain
 * equal schoolbook products modulo X^256 + 1, and the reductions,
 * Power2Round, Decompose, MakeHint / UseHint keep their identities and
 * bounds, exhaustively over [0, q) where that is cheap, at the edges
 * otherwise.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ml_dsa/ml_dsa_local.h"
#include "ml_dsa/ml_dsa_poly.h"
#include "testutil.h"

#define Q ML_DSA_Q
#define N ML_DSA_N
#define RANDOM_ROUNDS 50

/*
 * Check's ck_assert marks a point on every call, which is slow in loops
 * over all of [0, q): inner loops test with a plain if and abort with a
 * message.
 */
#define REQUIRE(cond) \
    do { if (!(cond)) ck_abort_msg("%s failed", #cond); } while (0)

/* a mod q in [0, q) for any int64 */
static int32_t mod_q(int64_t a)
{
    int64_t r = a % Q;

    return (int32_t)(r < 0 ? r + Q : r);
}

/* A random polynomial with coefficients in (-bound, bound). */
static void random_poly(ML_DSA_POLY *p, int32_t bound)
{
    size_t i;

    for (i = 0; i < N; i++)
        p->coeff[i] = (int32_t)test_rand_below(2 * (uint64_t)bound - 1) - bound + 1;
}

/* a * b in Z_q[X]/(X^256 + 1), by the schoolbook method. */
static void schoolbook(int32_t *r, const ML_DSA_POLY *a, const ML_DSA_POLY *b)
{
    int64_t acc[N] = { 0 };
    size_t i, j;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            int64_t prod = (int64_t)a->coeff[i] * b->coeff[j] % Q;

            if (i + j < N)
                acc[i + j] += prod;
            else
                acc[i + j - N] -= prod;  /* X^256 = -1 */
        }
    for (i = 0; i < N; i++)
        r[i] = mod_q(acc[i]);
}

START_TEST(inverse_ntt_undoes_ntt_up_to_montgomery_factor)
{
    ML_DSA_POLY a, b;
    const int64_t r_mod_q = ((int64_t)1 << 32) % Q;
    int round;
    size_t i;

    for (round = 0; round < RANDOM_ROUNDS; round++) {
        random_poly(&a, Q);
        b = a;
        ossl_ml_dsa_poly_ntt_generic(&b);
        for (i = 0; i < N; i++)
            REQUIRE(abs(b.coeff[i]) < 9 * Q);
        ossl_ml_dsa_poly_ntt_inverse_generic(&b);
        for (i = 0; i < N; i++) {
            REQUIRE(abs(b.coeff[i]) < Q);
            REQUIRE(mod_q(b.coeff[i]) == mod_q(a.coeff[i] * r_mod_q));
        }
    }
}
END_TEST

START_TEST(ntt_product_equals_schoolbook_product)
{
    ML_DSA_POLY a, b, ah, bh, c;
    int32_t want[N];
    int round;
    size_t i;

    for (round = 0; round < RANDOM_ROUNDS; round++) {
        random_poly(&a, Q);
        random_poly(&b, round % 2 ? Q : 5);
        ah = a;
        bh = b;
        ossl_ml_dsa_poly_ntt_generic(&ah);
        ossl_ml_dsa_poly_ntt_generic(&bh);
        ossl_ml_dsa_poly_ntt_mul_generic(&c, &ah, &bh);
        ossl_ml_dsa_poly_ntt_inverse_generic(&c);
        schoolbook(want, &a, &b);
        for (i = 0; i < N; i++)
            REQUIRE(mod_q(c.coeff[i]) == want[i]);
    }
}
END_TEST

START_TEST(ntt_dot_product_equals_sum_of_schoolbook_products)
{
    ML_DSA_POLY a[ML_DSA_L_MAX], b[ML_DSA_L_MAX], ah[ML_DSA_L_MAX],
        bh[ML_DSA_L_MAX], c;
    int32_t want[N], part[N];
    size_t i, j;

    for (j = 0; j < ML_DSA_L_MAX; j++) {
        /* the largest inputs the core feeds it: A-hat in [0, q), NTT(y) */
        random_poly(&a[j], Q);
        random_poly(&b[j], 1 << 19);
        ah[j] = a[j];
        bh[j] = b[j];
        for (i = 0; i < N; i++)
            ah[j].coeff[i] = mod_q(ah[j].coeff[i]);
        ossl_ml_dsa_poly_ntt_generic(&bh[j]);
    }
    /* ah is "already in the NTT domain": compare against NTT^-1(ah) */
    memset(want, 0, sizeof(want));
    for (j = 0; j < ML_DSA_L_MAX; j++) {
        ML_DSA_POLY at = ah[j];

        ossl_ml_dsa_poly_ntt_inverse_generic(&at);    /* at = NTT^-1(ah) * R */
        for (i = 0; i < N; i++)               /* remove R: multiply by R^-1 */
            at.coeff[i] = ml_dsa_montgomery_reduce(at.coeff[i]);
        schoolbook(part, &at, &b[j]);
        for (i = 0; i < N; i++)
            want[i] = mod_q((int64_t)want[i] + part[i]);
    }
    ossl_ml_dsa_poly_ntt_dot_generic(&c, ah, bh, ML_DSA_L_MAX);
    for (i = 0; i < N; i++)
        REQUIRE(abs(c.coeff[i]) < Q);
    ossl_ml_dsa_poly_ntt_inverse_generic(&c);
    for (i = 0; i < N; i++)
        REQUIRE(mod_q(c.coeff[i]) == want[i]);
}
END_TEST

START_TEST(montgomery_reduce_is_exact_and_bounded_at_the_edges)
{
    const int64_t lim = ((int64_t)1 << 31) * Q - 1;
    const int64_t edges[] = { 0, 1, -1, Q, -Q, lim, -lim, lim / 3, -lim / 7,
                              (int64_t)Q * Q, -(int64_t)Q * Q };
    const int64_t rinv = 8265825;   /* 2^-32 mod q */
    size_t i;
    int round;

    REQUIRE(mod_q(((int64_t)1 << 32) % Q * rinv) == 1);
    for (i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
        int32_t r = ml_dsa_montgomery_reduce(edges[i]);

        REQUIRE(abs(r) < Q);
        REQUIRE(mod_q(r) == mod_q((int64_t)mod_q(edges[i]) * rinv));
    }
    for (round = 0; round < 10000; round++) {
        int64_t a = (int64_t)test_rand_below(2 * (uint64_t)lim + 1) - lim;
        int32_t r = ml_dsa_montgomery_reduce(a);

        REQUIRE(abs(r) < Q);
        REQUIRE(mod_q(r) == mod_q((int64_t)mod_q(a) * rinv));
    }
}
END_TEST

START_TEST(reduce32_caddq_freeze_centre_give_their_ranges)
{
    const int32_t top = INT32_MAX - (1 << 22);
    const int32_t edges[] = { 0, 1, -1, Q - 1, Q, -Q + 1, 2 * Q - 1,
                              top, INT32_MIN, (Q - 1) / 2, (Q + 1) / 2 };
    size_t i;
    int32_t a, r;

    for (i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
        r = ml_dsa_reduce32(edges[i]);
        REQUIRE(r >= -6283009 && r <= 6283008);
        REQUIRE(mod_q(r) == mod_q(edges[i]));
    }
    for (a = -Q + 1; a < 2 * Q; a += 997) {
        r = ml_dsa_freeze(a);
        REQUIRE(r >= 0 && r < Q && r == mod_q(a));
        if (a < Q)
            REQUIRE(ml_dsa_caddq(a) == mod_q(a));
    }
    for (a = 0; a < Q; a++) {
        r = ml_dsa_centre(a);
        REQUIRE(r >= -(Q - 1) / 2 && r <= (Q - 1) / 2 && mod_q(r) == a);
    }
    REQUIRE(ml_dsa_abs(-5) == 5);
    REQUIRE(ml_dsa_abs(INT32_MAX) == INT32_MAX);
}
END_TEST

START_TEST(power2round_splits_every_value)
{
    int32_t r, r0, r1;

    for (r = 0; r < Q; r++) {
        r1 = ml_dsa_power2round(&r0, r);
        REQUIRE(r0 > -(1 << 12) && r0 <= (1 << 12));
        REQUIRE(r1 >= 0 && r1 < (1 << 10));
        REQUIRE(r1 * (1 << 13) + r0 == r);
    }
}
END_TEST

/* Decompose as FIPS 204 Algorithm 36 writes it, with a mod+- and a branch. */
static int32_t decompose_spec(int32_t *r0, int32_t r, int32_t gamma2)
{
    int32_t m = r % (2 * gamma2);

    if (m > gamma2)
        m -= 2 * gamma2;
    if (r - m == Q - 1) {
        *r0 = m - 1;
        return 0;
    }
    *r0 = m;
    return (r - m) / (2 * gamma2);
}

START_TEST(decompose_matches_the_specification_for_every_value)
{
    const int32_t gammas[] = { ML_DSA_GAMMA2_88, ML_DSA_GAMMA2_32 };
    int32_t r, r0, r1, s0, s1, g;
    size_t i;

    for (i = 0; i < 2; i++) {
        g = gammas[i];
        for (r = 0; r < Q; r++) {
            r1 = ml_dsa_decompose(&r0, r, g);
            s1 = decompose_spec(&s0, r, g);
            if (r1 != s1 || r0 != s0)
                ck_abort_msg("decompose(%d, %d) = (%d, %d), want (%d, %d)",
                             r, g, r1, r0, s1, s0);
            REQUIRE(ml_dsa_highbits(r, g) == s1);
        }
        /* the wrap-around case: r1 = 0 and r0 = r - (q - 1) - 1 */
        r1 = ml_dsa_decompose(&r0, Q - 1, g);
        REQUIRE(r1 == 0);
        REQUIRE(r0 == -1);
    }
}
END_TEST

START_TEST(use_hint_recovers_high_bits_of_r_plus_z)
{
    const int32_t gammas[] = { ML_DSA_GAMMA2_88, ML_DSA_GAMMA2_32 };
    int32_t g, r, z, h, edge_r[] = { 0, 1, Q - 1, Q - 2, 0, 0 };
    size_t i, e;
    int round;

    for (i = 0; i < 2; i++) {
        g = gammas[i];
        edge_r[4] = g;
        edge_r[5] = Q - 1 - g;
        for (round = 0; round < 200000; round++) {
            e = (size_t)round % 8;
            r = e < 6 && round < 48 ? edge_r[e] : (int32_t)test_rand_below(Q);
            z = (int32_t)test_rand_below(2 * (uint64_t)g + 1) - g;
            if (round % 5 == 0)
                z = round % 10 == 0 ? g : -g;
            /* MakeHint(z, r) (FIPS 204 Algorithm 39) */
            h = ml_dsa_make_hint(ml_dsa_highbits(r, g), mod_q((int64_t)r + z), g);
            REQUIRE(h == (ml_dsa_highbits(r, g)
                          != ml_dsa_highbits(mod_q((int64_t)r + z), g)));
            /* Lemma: UseHint(MakeHint(z, r), r) = HighBits(r + z) */
            REQUIRE(ml_dsa_use_hint(h, r, g)
                    == ml_dsa_highbits(mod_q((int64_t)r + z), g));
        }
    }
}
END_TEST

START_TEST(use_hint_without_hint_is_high_bits)
{
    int32_t r;

    for (r = 0; r < Q; r += 7) {
        REQUIRE(ml_dsa_use_hint(0, r, ML_DSA_GAMMA2_88)
                == ml_dsa_highbits(r, ML_DSA_GAMMA2_88));
        REQUIRE(ml_dsa_use_hint(0, r, ML_DSA_GAMMA2_32)
                == ml_dsa_highbits(r, ML_DSA_GAMMA2_32));
    }
    /* the hint wraps modulo m = (q - 1) / (2 gamma2) */
    ck_assert_int_eq(ml_dsa_use_hint(1, Q - 1, ML_DSA_GAMMA2_32), 15);
    ck_assert_int_eq(ml_dsa_use_hint(1, Q - 1, ML_DSA_GAMMA2_88), 43);
}
END_TEST

static Suite *ntt_suite(void)
{
    Suite *s = suite_create("ntt");
    TCase *ntt = tcase_create("ntt");
    TCase *arith = tcase_create("arithmetic");

    tcase_add_test(ntt, inverse_ntt_undoes_ntt_up_to_montgomery_factor);
    tcase_add_test(ntt, ntt_product_equals_schoolbook_product);
    tcase_add_test(ntt, ntt_dot_product_equals_sum_of_schoolbook_products);
    tcase_set_timeout(ntt, 60);
    tcase_add_test(arith, montgomery_reduce_is_exact_and_bounded_at_the_edges);
    tcase_add_test(arith, reduce32_caddq_freeze_centre_give_their_ranges);
    tcase_add_test(arith, power2round_splits_every_value);
    tcase_add_test(arith, decompose_matches_the_specification_for_every_value);
    tcase_add_test(arith, use_hint_recovers_high_bits_of_r_plus_z);
    tcase_add_test(arith, use_hint_without_hint_is_high_bits);
    tcase_set_timeout(arith, 60);
    suite_add_tcase(s, ntt);
    suite_add_tcase(s, arith);
    return s;
}

int main(void)
{
    return test_run_suite(ntt_suite());
}
