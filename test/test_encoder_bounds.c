/*
 * The packers and unpackers of every backend this machine runs, fed the
 * extreme coefficients of the range ml_dsa_backend.h states for each (the
 * smallest and the largest, in every position), compared with BitPack /
 * BitUnpack (FIPS 204 Algorithms 16 - 19) written bit by bit in 64-bit
 * arithmetic, and HintBitPack / HintBitUnpack (Algorithms 20 - 21) with
 * the hint indices at both ends.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "ml_dsa/ml_dsa_local.h"
#include "testutil.h"

#define N ML_DSA_N
#define MAX_BITS 20
#define MAX_BYTES ML_DSA_POLY_BYTES(MAX_BITS)
#define HINT_MAX_BYTES (80 + ML_DSA_K_MAX)   /* omega + k, largest */

/* Patterns of lo / hi: all lo, all hi, alternating, then for each position
 * p, hi at p among lo (2 + p) and lo at p among hi (2 + N + p). */
#define PATTERNS (4 + 2 * N)

/* in a loop: plain if (ck_assert marks a point on every call, slow) */
#define REQUIRE(cond) \
    do { if (!(cond)) ck_abort_msg("%s failed", #cond); } while (0)

static void edge_coeffs(int32_t *c, int pattern, int32_t lo, int32_t hi)
{
    size_t i;

    for (i = 0; i < N; i++) {
        int high = pattern == 1 || (pattern == 2 && (i & 1) != 0)
                   || (pattern == 3 && (i & 1) == 0)
                   || (pattern >= 4 && pattern < 4 + N
                       && i == (size_t)(pattern - 4))
                   || (pattern >= 4 + N && i != (size_t)(pattern - 4 - N));

        c[i] = high ? hi : lo;
    }
}

/*
 * BitPack by its definition: value i is b - c[i] (b_minus) or c[i], bit j
 * of it (j < bits) at bit i * bits + j of out, out's bit k being bit k % 8
 * of byte k / 8 (BitsToBytes).
 */
static void ref_pack(uint8_t *out, const int32_t *c, int bits, int64_t b,
                     int b_minus)
{
    size_t i, j, k;

    memset(out, 0, ML_DSA_POLY_BYTES(bits));
    for (i = 0; i < N; i++) {
        int64_t v = b_minus ? b - c[i] : c[i];

        REQUIRE(v >= 0 && v < ((int64_t)1 << bits));
        for (j = 0; j < (size_t)bits; j++) {
            k = i * (size_t)bits + j;
            out[k / 8] |= (uint8_t)(((v >> j) & 1) << (k % 8));
        }
    }
}

/* BitUnpack by its definition: the inverse of ref_pack. */
static void ref_unpack(int32_t *c, const uint8_t *in, int bits, int64_t b,
                       int b_minus)
{
    size_t i, j, k;

    for (i = 0; i < N; i++) {
        int64_t v = 0;

        for (j = 0; j < (size_t)bits; j++) {
            k = i * (size_t)bits + j;
            v |= (int64_t)((in[k / 8] >> (k % 8)) & 1) << j;
        }
        c[i] = (int32_t)(b_minus ? b - v : v);
    }
}

/*
 * For each pattern of [lo, hi] (c = value, or b - value when b_minus):
 * pack must give ref_pack's bytes (and write no more), unpack of those
 * bytes the coefficients; then unpack of all-zero and all-one bytes.
 */
struct codec {
    const char *what;
    int bits;
    int32_t lo, hi, b;
    int b_minus;
    void (*pack)(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                 const ML_DSA_POLY *p, int arg);
    void (*unpack)(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                   const uint8_t *in, int arg);
    int arg;
};

static void check_codec(const OSSL_ML_DSA_BACKEND *be, const struct codec *cd)
{
    ML_DSA_POLY a, got;
    int32_t ref[N];
    uint8_t want[MAX_BYTES], out[MAX_BYTES + 1];
    size_t bytes = ML_DSA_POLY_BYTES(cd->bits), i;
    int pattern, fill;

    printf("%s: %s, bits %d, [%d, %d]\n", be->name, cd->what, cd->bits,
           (int)cd->lo, (int)cd->hi);
    for (pattern = 0; pattern < PATTERNS; pattern++) {
        edge_coeffs(a.coeff, pattern, cd->lo, cd->hi);
        ref_pack(want, a.coeff, cd->bits, cd->b, cd->b_minus);
        if (cd->pack != NULL) {
            memset(out, 0xa5, sizeof(out));
            cd->pack(be->poly, out, &a, cd->arg);
            if (memcmp(out, want, bytes) != 0 || out[bytes] != 0xa5)
                ck_abort_msg("%s %s: pack differs from BitPack, pattern %d",
                             be->name, cd->what, pattern);
        }
        if (cd->unpack != NULL) {
            memset(got.coeff, 0x5a, sizeof(got.coeff));
            cd->unpack(be, &got, want, cd->arg);
            if (memcmp(got.coeff, a.coeff, sizeof(a.coeff)) != 0)
                ck_abort_msg("%s %s: unpack differs from BitUnpack, pattern %d",
                             be->name, cd->what, pattern);
        }
    }
    if (cd->unpack == NULL)
        return;
    /* every bit string: all zeros, all ones (beyond the range for eta) */
    for (fill = 0; fill < 2; fill++) {
        memset(want, fill ? 0xff : 0, bytes);
        ref_unpack(ref, want, cd->bits, cd->b, cd->b_minus);
        cd->unpack(be, &got, want, cd->arg);
        for (i = 0; i < N; i++)
            REQUIRE(got.coeff[i] == ref[i]);
    }
}

static void pack_t1(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                    const ML_DSA_POLY *p, int arg)
{
    (void)arg;
    ops->pack_t1(out, p);
}

static void unpack_t1(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                      const uint8_t *in, int arg)
{
    (void)arg;
    be->poly->unpack_t1(p, in);
}

static void pack_t0(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                    const ML_DSA_POLY *p, int arg)
{
    (void)arg;
    ops->pack_t0(out, p);
}

static void unpack_t0(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                      const uint8_t *in, int arg)
{
    (void)arg;
    be->poly->unpack_t0(p, in);
}

static void pack_w1(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                    const ML_DSA_POLY *p, int bits)
{
    ops->pack_w1(out, p, bits);
}

static void pack_z(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                   const ML_DSA_POLY *p, int gamma1_bits)
{
    ops->pack_z(out, p, gamma1_bits);
}

static void unpack_z(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                     const uint8_t *in, int gamma1_bits)
{
    be->poly->unpack_z(p, in, gamma1_bits);
}

static void unpack_mask(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                        const uint8_t *in, int gamma1_bits)
{
    be->sample->unpack_mask(p, in, gamma1_bits);
}

static void pack_eta(const OSSL_ML_DSA_POLY_OPS *ops, uint8_t *out,
                     const ML_DSA_POLY *p, int eta)
{
    ops->pack_eta(out, p, eta);
}

/* unpack_eta's coefficients; its verdict is checked apart */
static void unpack_eta(const OSSL_ML_DSA_BACKEND *be, ML_DSA_POLY *p,
                       const uint8_t *in, int eta)
{
    (void)be->poly->unpack_eta(p, in, eta);
}

static const OSSL_ML_DSA_BACKEND *backend_or_skip(int i, const char *test)
{
    const OSSL_ML_DSA_BACKEND *be = ossl_ml_dsa_backends[i];
    char what[160];

    if (ossl_ml_dsa_backend_usable(be))
        return be;
    snprintf(what, sizeof(what), "%s: backend %s: this machine cannot run it",
             test, be->name);
    test_skip(what);
    return NULL;
}

START_TEST(packers_equal_bit_by_bit_reference_at_the_ends_of_their_ranges)
{
    const OSSL_ML_DSA_BACKEND *be = backend_or_skip(_i, "packers at their range ends");
    const int32_t t0 = ML_DSA_T0_MAX, g17 = 1 << 17, g19 = 1 << 19;
    const struct codec codecs[] = {
        { "t1", 10, 0, 1023, 0, 0, pack_t1, unpack_t1, 0 },
        { "t0", 13, -t0 + 1, t0, t0, 1, pack_t0, unpack_t0, 0 },
        { "w1", 4, 0, 15, 0, 0, pack_w1, NULL, 4 },
        { "w1", 6, 0, 63, 0, 0, pack_w1, NULL, 6 },
        { "z", 18, -g17 + 1, g17, g17, 1, pack_z, unpack_z, 17 },
        { "z", 20, -g19 + 1, g19, g19, 1, pack_z, unpack_z, 19 },
        { "mask", 18, -g17 + 1, g17, g17, 1, NULL, unpack_mask, 17 },
        { "mask", 20, -g19 + 1, g19, g19, 1, NULL, unpack_mask, 19 },
        { "eta", 3, -2, 2, 2, 1, pack_eta, unpack_eta, 2 },
        { "eta", 4, -4, 4, 4, 1, pack_eta, unpack_eta, 4 },
    };
    size_t i;

    if (be == NULL)
        return;
    for (i = 0; i < sizeof(codecs) / sizeof(codecs[0]); i++)
        check_codec(be, &codecs[i]);
}
END_TEST

/*
 * unpack_eta's verdict at the edges: every encoded value v (eta - v the
 * coefficient) in every position among valid ones (value 0, coefficient
 * eta): 1 exactly when v <= 2 eta.
 */
START_TEST(eta_unpack_verdict_at_the_ends_of_every_position)
{
    const OSSL_ML_DSA_BACKEND *be = backend_or_skip(_i, "eta unpack verdict");
    int32_t c[N];
    uint8_t in[ML_DSA_POLY_BYTES(4)];
    ML_DSA_POLY got;
    int eta, bits, ok;
    int32_t v;
    size_t pos, i;

    if (be == NULL)
        return;
    for (eta = 2; eta <= 4; eta += 2) {
        bits = eta == 2 ? 3 : 4;
        for (v = 2 * eta; v < (1 << bits); v++) {
            for (pos = 0; pos < N; pos++) {
                for (i = 0; i < N; i++)
                    c[i] = i == pos ? v : 0;
                ref_pack(in, c, bits, 0, 0);
                ok = be->poly->unpack_eta(&got, in, eta);
                REQUIRE(ok == (v <= 2 * eta));
                for (i = 0; i < N; i++)
                    REQUIRE(got.coeff[i] == eta - c[i]);
            }
        }
    }
}
END_TEST

/* HintBitPack by its definition (Algorithm 20). */
static void ref_hint_pack(uint8_t *out, const ML_DSA_PARAMS *p,
                          const uint8_t *h)
{
    size_t i, j, index = 0, omega = (size_t)p->omega;

    memset(out, 0, omega + p->k);
    for (i = 0; i < p->k; i++) {
        for (j = 0; j < N; j++) {
            if (h[i * N + j] != 0) {
                out[index] = (uint8_t)j;
                index++;
            }
        }
        out[omega + i] = (uint8_t)index;
    }
}

/*
 * Hints at the ends: the ones at index 0 and 255 of each polynomial
 * (while at most omega), then omega ones at the top indices of the last
 * polynomial, and omega ones at the bottom of the first; encode equals
 * HintBitPack, decode gives h back; with the last count omega + 1, or an
 * index repeated, decode refuses.
 */
START_TEST(hint_codec_equals_reference_with_indices_at_both_ends)
{
    static const mldsa_param ids[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    const OSSL_ML_DSA_BACKEND *be = backend_or_skip(_i, "hint codec at both ends");
    uint8_t h[ML_DSA_K_MAX * N], got[ML_DSA_K_MAX * N];
    uint8_t want[HINT_MAX_BYTES], out[HINT_MAX_BYTES + 1];
    size_t id, i, omega, bytes;
    int shape;

    if (be == NULL)
        return;
    for (id = 0; id < sizeof(ids) / sizeof(ids[0]); id++) {
        const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(ids[id]);

        omega = (size_t)p->omega;
        bytes = omega + p->k;
        for (shape = 0; shape < 3; shape++) {
            size_t ones = 0;

            memset(h, 0, sizeof(h));
            for (i = 0; i < p->k * N && ones < omega; i++) {
                size_t at = shape == 0 ? (i / 2) * N + (i % 2 ? N - 1 : 0)
                            : shape == 1 ? p->k * N - 1 - i : i;

                if (at < p->k * N) {
                    h[at] = 1;
                    ones++;
                }
            }
            ref_hint_pack(want, p, h);
            memset(out, 0xa5, sizeof(out));
            be->poly->hint_encode(out, p, h);
            REQUIRE(memcmp(out, want, bytes) == 0 && out[bytes] == 0xa5);
            REQUIRE(be->poly->hint_decode(p, got, want) == 1);
            REQUIRE(memcmp(got, h, p->k * N) == 0);
            /* a count past omega */
            memcpy(out, want, bytes);
            out[bytes - 1] = (uint8_t)(omega + 1);
            REQUIRE(be->poly->hint_decode(p, got, out) == 0);
            /* the first polynomial's first index repeated (when it has two) */
            if (want[omega] >= 2) {
                memcpy(out, want, bytes);
                out[1] = out[0];
                REQUIRE(be->poly->hint_decode(p, got, out) == 0);
            }
        }
    }
}
END_TEST

int main(void)
{
    size_t nbackends = 0;
    Suite *s = suite_create("encoder_bounds");
    TCase *tc = tcase_create("ends");

    while (ossl_ml_dsa_backends[nbackends] != NULL)
        nbackends++;
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, packers_equal_bit_by_bit_reference_at_the_ends_of_their_ranges,
                        0, (int)nbackends);
    tcase_add_loop_test(tc, eta_unpack_verdict_at_the_ends_of_every_position,
                        0, (int)nbackends);
    tcase_add_loop_test(tc, hint_codec_equals_reference_with_indices_at_both_ends,
                        0, (int)nbackends);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
