/*
 * The sample ops (crypto/ml_dsa/ml_dsa_local.h): whatever
 * ossl_ml_dsa_sample_ops() picks on this machine gives the same bytes as
 * the generic ops, for ExpandA, ExpandS and ExpandMask (FIPS 204
 * Algorithms 32-34) on random seeds, for every (k, l) of the three
 * parameter sets (and smaller shapes, so every leftover batch size of the
 * 4-way ops is met), both etas, both gamma1 values and kappas up to the
 * 2^16 wrap; and MLDSA_IA32CAP can force the generic ops.
 *
 * Each comparison runs twice (a Check loop test): _i = 0 for what
 * ossl_ml_dsa_sample_ops() picks, _i = 1 for the 8-way ops
 * (ossl_ml_dsa_sample_ops_x8), which no dispatch picks yet.
 *
 * Where the x4 ops are not available (NO_ASM=1, no AVX-512VL, or masked)
 * the comparison is generic against generic; where the x8 ops cannot run
 * (also no AVX-512F kernel or CPU) the x8 pass checks nothing: the suite
 * prints so.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "ml_dsa/ml_dsa_local.h"
#include "testutil.h"

#define GENERIC_NAME "generic"
#define X4_NAME "x86_64-avx512vl-x4"
#define MAX_K 8
#define MAX_L 7
#define ROUNDS 4                    /* random seeds per shape */
/* argv[1] that makes this binary print its ops and capabilities and exit. */
#define PRINT_OPS_ARG "--print-sample-ops"

static const char *self_path;

/* (k, l) of ML-DSA-44, -65, -87, then shapes whose k * l, l + k and l leave
 * every batch remainder 1..3 of the 4-way ops and 1..7 of the 8-way ones. */
static const size_t shapes[][2] = {
    { 4, 4 }, { 6, 5 }, { 8, 7 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 3 }, { 3, 3 },
    { 1, 5 }, { 1, 7 }, { 4, 5 }, { 2, 6 },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* Whether the 8-way ops can run here: their kernel, and the x4 ops' vector
 * parsers (ml_dsa_local.h). */
static int x8_ops_usable(void)
{
#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
    return SHA3_avx512_capable() && SHA3_avx512vl_capable()
           && (ossl_ia32cap() & OSSL_IA32CAP_AVX2) != 0;
#else
    return 0;
#endif
}

/*
 * The ops under test: which = 0 for ossl_ml_dsa_sample_ops(), 1 for the
 * 8-way ops, or NULL when those cannot run here.  Prints once per test
 * which ops it compares.
 */
static const OSSL_ML_DSA_SAMPLE_OPS *ops_under_test(const char *test, int which)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ossl_ml_dsa_sample_ops();

    if (which == 1) {
        if (!x8_ops_usable()) {
            printf("%s: x8 ops not available (NO_ASM=1, no AVX-512F/VL kernel or "
                   "CPU, or MLDSA_IA32CAP; ia32cap 0x%02x): nothing x8 checked\n",
                   test, (unsigned)ossl_ia32cap());
            fflush(stdout);
            return NULL;
        }
#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
        ops = &ossl_ml_dsa_sample_ops_x8;
#endif
    }
    if (strcmp(ops->name, GENERIC_NAME) == 0)
        printf("%s: x4 path not available (NO_ASM=1, no AVX-512VL kernel or CPU, "
               "or MLDSA_IA32CAP; ia32cap 0x%02x): comparing generic with generic\n",
               test, (unsigned)ossl_ia32cap());
    else
        printf("%s: comparing %s with generic\n", test, ops->name);
    fflush(stdout);
    return ops;
}

/* Equal polynomial vectors; the message names the case and the first
 * differing polynomial. */
static void check_same_polys(const ML_DSA_POLY *a, const ML_DSA_POLY *b,
                             size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(memcmp(&a[i], &b[i], sizeof(a[i])) == 0,
                      "%s: polynomial %zu differs", what, i);
}

START_TEST(expand_A_same_as_generic_for_every_shape)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ops_under_test("expand_A", _i);
    const OSSL_ML_DSA_SAMPLE_OPS *gen = ossl_ml_dsa_sample_ops_generic();
    static ML_DSA_POLY want[MAX_K * MAX_L], got[MAX_K * MAX_L];
    uint8_t rho[32];
    char what[64];

    if (ops == NULL)
        return;
    for (size_t i = 0; i < NSHAPES; i++) {
        size_t k = shapes[i][0], l = shapes[i][1];

        for (int round = 0; round < ROUNDS; round++) {
            test_rand_bytes(rho, sizeof(rho));
            memset(got, 0xa5, sizeof(got));
            ck_assert_int_eq(gen->matrix_expand_A(want, rho, k, l), 1);
            ck_assert_int_eq(ops->matrix_expand_A(got, rho, k, l), 1);
            snprintf(what, sizeof(what), "ExpandA k %zu l %zu", k, l);
            check_same_polys(want, got, k * l, what);
            for (size_t p = 0; p < k * l; p++)
                for (size_t c = 0; c < ML_DSA_N; c++)
                    ck_assert(got[p].coeff[c] >= 0 && got[p].coeff[c] < ML_DSA_Q);
        }
    }
}
END_TEST

START_TEST(expand_S_same_as_generic_for_every_shape_and_eta)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ops_under_test("expand_S", _i);
    const OSSL_ML_DSA_SAMPLE_OPS *gen = ossl_ml_dsa_sample_ops_generic();
    static ML_DSA_POLY want[MAX_K + MAX_L], got[MAX_K + MAX_L];
    static const int etas[] = { 2, 4 };
    uint8_t rho_prime[64];
    char what[64];

    if (ops == NULL)
        return;
    for (size_t i = 0; i < NSHAPES; i++) {
        size_t k = shapes[i][0], l = shapes[i][1];

        for (size_t e = 0; e < 2; e++) {
            int eta = etas[e];

            for (int round = 0; round < ROUNDS; round++) {
                test_rand_bytes(rho_prime, sizeof(rho_prime));
                memset(got, 0xa5, sizeof(got));
                ck_assert_int_eq(gen->vector_expand_S(want, rho_prime, l, k, eta), 1);
                ck_assert_int_eq(ops->vector_expand_S(got, rho_prime, l, k, eta), 1);
                snprintf(what, sizeof(what), "ExpandS k %zu l %zu eta %d", k, l, eta);
                check_same_polys(want, got, l + k, what);
                for (size_t p = 0; p < l + k; p++)
                    for (size_t c = 0; c < ML_DSA_N; c++)
                        ck_assert(got[p].coeff[c] >= -eta && got[p].coeff[c] <= eta);
            }
        }
    }
}
END_TEST

START_TEST(expand_mask_same_as_generic_for_every_l_gamma1_and_kappa)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ops_under_test("expand_mask", _i);
    const OSSL_ML_DSA_SAMPLE_OPS *gen = ossl_ml_dsa_sample_ops_generic();
    static ML_DSA_POLY want[MAX_L], got[MAX_L];
    static const int gamma1_bits[] = { 17, 19 };
    /* Small, random, and close enough to 2^16 that kappa + r wraps. */
    uint16_t kappas[] = { 0, 7, 0, 0xfffc, 0xfffe, 0xffff };
    uint8_t rho_pp[64];
    char what[64];

    if (ops == NULL)
        return;
    for (size_t l = 1; l <= MAX_L; l++) {
        for (size_t g = 0; g < 2; g++) {
            int bits = gamma1_bits[g];
            int32_t gamma1 = (int32_t)1 << bits;

            for (size_t kp = 0; kp < sizeof(kappas) / sizeof(kappas[0]); kp++) {
                uint16_t kappa = kappas[kp];

                if (kp == 2)
                    kappa = (uint16_t)test_rand_below(0x10000);
                test_rand_bytes(rho_pp, sizeof(rho_pp));
                memset(got, 0xa5, sizeof(got));
                ck_assert_int_eq(gen->vector_expand_mask(want, rho_pp, kappa, l, bits), 1);
                ck_assert_int_eq(ops->vector_expand_mask(got, rho_pp, kappa, l, bits), 1);
                snprintf(what, sizeof(what), "ExpandMask l %zu gamma1 2^%d kappa %u",
                         l, bits, (unsigned)kappa);
                check_same_polys(want, got, l, what);
                for (size_t p = 0; p < l; p++)
                    for (size_t c = 0; c < ML_DSA_N; c++)
                        ck_assert(got[p].coeff[c] > -gamma1 && got[p].coeff[c] <= gamma1);
            }
        }
    }
}
END_TEST

/*
 * Signing's use of ExpandMask (ml_dsa_sign.c): mask_batch in
 * [1, ML_DSA_MASK_BATCH_MAX], and fetching in multiples of it (nothing
 * when the spare ones already cover l, as an 8-way batch can), the spare
 * polynomials carried into the next attempt, gives each attempt exactly
 * the generic ExpandMask(rho'', kappa) for l = 4, 5, 7, kappa crossing 2^16.
 */
START_TEST(expand_mask_in_batches_as_signing_does_same_as_generic)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ops_under_test("expand_mask_batches", _i);
    const OSSL_ML_DSA_SAMPLE_OPS *gen = ossl_ml_dsa_sample_ops_generic();
    static ML_DSA_POLY want[MAX_L], got[MAX_L + ML_DSA_MASK_BATCH_MAX - 1];
    static const size_t ls[] = { 4, 5, 7 };
    size_t batch;
    uint8_t rho_pp[64];
    char what[64];

    if (ops == NULL)
        return;
    batch = ops->mask_batch;
    ck_assert(batch >= 1 && batch <= ML_DSA_MASK_BATCH_MAX);
    ck_assert_uint_eq(gen->mask_batch, 1);
    for (size_t li = 0; li < sizeof(ls) / sizeof(ls[0]); li++) {
        size_t l = ls[li], spare = 0, fetch;
        uint16_t kappa = (uint16_t)(0x10000 - 3 * l);

        test_rand_bytes(rho_pp, sizeof(rho_pp));
        for (int attempt = 0; attempt < 6; attempt++) {
            memmove(got, got + l, spare * sizeof(got[0]));
            fetch = spare >= l ? 0 : (l - spare + batch - 1) / batch * batch;
            ck_assert_uint_le(spare + fetch, MAX_L + ML_DSA_MASK_BATCH_MAX - 1);
            if (fetch > 0)
                ck_assert_int_eq(ops->vector_expand_mask(got + spare, rho_pp,
                                                         (uint16_t)(kappa + spare),
                                                         fetch, 19), 1);
            spare += fetch - l;
            ck_assert_int_eq(gen->vector_expand_mask(want, rho_pp, kappa, l, 19), 1);
            snprintf(what, sizeof(what), "ExpandMask l %zu attempt %d kappa %u",
                     l, attempt, (unsigned)kappa);
            check_same_polys(want, got, l, what);
            kappa = (uint16_t)(kappa + l);
        }
    }
}
END_TEST

/*
 * The top-up path: seeds (found by search) whose eta-4 polynomial needs
 * more than the first squeeze of two SHAKE256 blocks (fewer than 256 of its
 * 544 nibbles are below 9): rho' = 5a dc 00 ... for polynomial 0,
 * rho' = ab df 01 00 ... for polynomial 2.  Each alone (three idle lanes)
 * and within a full batch.
 */
START_TEST(expand_S_same_as_generic_when_a_lane_needs_more_blocks)
{
    const OSSL_ML_DSA_SAMPLE_OPS *ops = ops_under_test("expand_S_top_up", _i);
    const OSSL_ML_DSA_SAMPLE_OPS *gen = ossl_ml_dsa_sample_ops_generic();
    static ML_DSA_POLY want[MAX_K + MAX_L], got[MAX_K + MAX_L];
    static const struct {
        uint8_t seed_lo[3];     /* the first bytes of rho'; the rest are 0 */
        size_t l, k;
    } cases[] = {
        { { 0x5a, 0xdc, 0x00 }, 1, 0 }, { { 0x5a, 0xdc, 0x00 }, 4, 3 },
        { { 0xab, 0xdf, 0x01 }, 3, 0 }, { { 0xab, 0xdf, 0x01 }, 5, 6 },
    };
    uint8_t rho_prime[64];
    char what[64];

    if (ops == NULL)
        return;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t l = cases[i].l, k = cases[i].k;

        memset(rho_prime, 0, sizeof(rho_prime));
        memcpy(rho_prime, cases[i].seed_lo, sizeof(cases[i].seed_lo));
        memset(got, 0xa5, sizeof(got));
        ck_assert_int_eq(gen->vector_expand_S(want, rho_prime, l, k, 4), 1);
        ck_assert_int_eq(ops->vector_expand_S(got, rho_prime, l, k, 4), 1);
        snprintf(what, sizeof(what), "ExpandS top-up case %zu", i);
        check_same_polys(want, got, l + k, what);
    }
}
END_TEST

/*
 * Run this binary again with PRINT_OPS_ARG, MLDSA_IA32CAP set to env (or
 * unset when NULL), and read back "<ops name> <ia32cap>".  A new process:
 * the capability vector is cached per process, and this one (or Check's
 * parent, when CK_FORK=no) may have read it already.
 */
static void child_ops(const char *env, char *name, size_t namelen, unsigned *cap)
{
    int fd[2], status;
    pid_t pid;
    FILE *f;
    char fmt[32];

    ck_assert_int_eq(pipe(fd), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        if (env != NULL)
            setenv("MLDSA_IA32CAP", env, 1);
        else
            unsetenv("MLDSA_IA32CAP");
        execl(self_path, self_path, PRINT_OPS_ARG, (char *)NULL);
        /* Started through PATH: argv[0] has no directory. */
        execl("/proc/self/exe", self_path, PRINT_OPS_ARG, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    f = fdopen(fd[0], "r");
    ck_assert_ptr_nonnull(f);
    snprintf(fmt, sizeof(fmt), "%%%zus %%x", namelen - 1);
    ck_assert_int_eq(fscanf(f, fmt, name, cap), 2);
    fclose(f);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

START_TEST(ops_are_generic_when_MLDSA_IA32CAP_masks_avx512_or_avx2)
{
    char name[64];
    unsigned cap;

    child_ops("~0x7", name, sizeof(name), &cap);
    printf("MLDSA_IA32CAP=~0x7: sample ops %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_eq(name, GENERIC_NAME);
    ck_assert_uint_eq(cap & (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL
                             | OSSL_IA32CAP_ZMM_STATE), 0);
    /* The x4 ops' vector parse uses AVX2 too. */
    child_ops("~0x8", name, sizeof(name), &cap);
    printf("MLDSA_IA32CAP=~0x8: sample ops %s, ia32cap 0x%02x\n", name, cap);
    ck_assert_str_eq(name, GENERIC_NAME);
    child_ops(NULL, name, sizeof(name), &cap);
    printf("MLDSA_IA32CAP unset: sample ops %s, ia32cap 0x%02x\n", name, cap);
    fflush(stdout);
    ck_assert(strcmp(name, GENERIC_NAME) == 0 || strcmp(name, X4_NAME) == 0);
}
END_TEST

/*
 * MLDSA_IA32CAP only takes capabilities away: "~0xMASK" clears MASK,
 * "0xVALUE" keeps VALUE's bits; anything else is ignored.
 */
START_TEST(MLDSA_IA32CAP_masks_and_ignores_malformed_values)
{
    static const struct {
        const char *env;
        uint32_t keep;          /* the bits of the unmasked vector kept */
    } cases[] = {
        { "~0x7", ~UINT32_C(0x7) }, { "~0x1f", 0 }, { "0x3", 0x3 },
        { "0X18", 0x18 }, { "0x0", 0 }, { "junk", ~UINT32_C(0) },
        { "", ~UINT32_C(0) }, { "0x", ~UINT32_C(0) }, { "~0x1g", ~UINT32_C(0) },
        { "0x100000000", ~UINT32_C(0) }, { "-0x1", ~UINT32_C(0) },
        { "0x 1", ~UINT32_C(0) },
    };
    char name[64];
    unsigned base, cap;

    child_ops(NULL, name, sizeof(name), &base);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        child_ops(cases[i].env, name, sizeof(name), &cap);
        ck_assert_msg(cap == (base & cases[i].keep),
                      "MLDSA_IA32CAP='%s': 0x%x, expected 0x%x", cases[i].env,
                      cap, base & cases[i].keep);
    }
}
END_TEST

int main(int argc, char **argv)
{
    Suite *s;
    TCase *tc;

    if (argc == 2 && strcmp(argv[1], PRINT_OPS_ARG) == 0) {
        printf("%s %x\n", ossl_ml_dsa_sample_ops()->name, (unsigned)ossl_ia32cap());
        return EXIT_SUCCESS;
    }
    self_path = argv[0];
    s = suite_create("sample");
    tc = tcase_create("ops");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, expand_A_same_as_generic_for_every_shape, 0, 2);
    tcase_add_loop_test(tc, expand_S_same_as_generic_for_every_shape_and_eta, 0, 2);
    tcase_add_loop_test(tc, expand_S_same_as_generic_when_a_lane_needs_more_blocks, 0, 2);
    tcase_add_loop_test(tc, expand_mask_same_as_generic_for_every_l_gamma1_and_kappa, 0, 2);
    tcase_add_loop_test(tc, expand_mask_in_batches_as_signing_does_same_as_generic, 0, 2);
    tcase_add_test(tc, ops_are_generic_when_MLDSA_IA32CAP_masks_avx512_or_avx2);
    tcase_add_test(tc, MLDSA_IA32CAP_masks_and_ignores_malformed_values);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
