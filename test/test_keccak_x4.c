/*
 * The 4-way SHAKE (include/internal/sha3.h, "4-way SHAKE") and the raw x4
 * permutation against the scalar Keccak: every lane gives the bytes of its
 * own scalar SHAKE128 / SHAKE256, for every input length from 0 to three
 * rates plus one, with distinct inputs per lane and several squeeze lengths.
 *
 * Where the build has no kernel (NO_ASM=1, not x86-64) or the CPU, the OS
 * or MLDSA_IA32CAP rule AVX-512VL out, there is nothing x4 to run: the
 * suite says so on stdout and checks only what still applies.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "testutil.h"

#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
# define X4_BUILT 1
#else
# define X4_BUILT 0
#endif

#define AVX512VL_CAPS (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL \
                       | OSSL_IA32CAP_ZMM_STATE)

/* Whether the x4 kernel can run here; says why not when it cannot. */
static int x4_usable(const char *test)
{
#if X4_BUILT
    if (SHA3_avx512vl_capable())
        return 1;
    printf("%s: x4 path not available: kernel is stubs, or CPU/OS/MLDSA_IA32CAP "
           "rule AVX-512VL out (ia32cap 0x%02x); nothing x4 checked\n",
           test, (unsigned)ossl_ia32cap());
#else
    printf("%s: x4 path not available: built without the assembly kernel "
           "(NO_ASM=1 or not x86-64); nothing x4 checked\n", test);
#endif
    return 0;
}

#if X4_BUILT

# define W KECCAK1600_X4_WAYS
/* Squeeze lengths: a first call of 1..3 blocks, then a second of 1..4. */
# define MAX_SQUEEZE_BLOCKS 7
# define MAX_RATE SHAKE128_RATE
# define MAX_INPUT (3 * MAX_RATE + 1)

typedef void SCALAR_SHAKE_FN(uint8_t *out, size_t outlen, const uint8_t *in,
                             size_t inlen);

/*
 * For every len in [0, 3 * rate + 1]: four distinct random inputs, x4
 * absorb, squeeze in two calls of varying block counts, and compare each
 * lane with the scalar SHAKE of its input.
 */
static void check_x4_shake_every_length(size_t rate, SCALAR_SHAKE_FN *shake)
{
    static uint8_t input[W][MAX_INPUT];
    static uint8_t got[W][MAX_SQUEEZE_BLOCKS * MAX_RATE];
    static uint8_t want[MAX_SQUEEZE_BLOCKS * MAX_RATE];
    const uint8_t *in[W];
    uint8_t *out[W], *out2[W];
    KECCAK1600_X4_CTX ctx;
    size_t len, j, nb1, nb2;

    for (len = 0; len <= 3 * rate + 1; len++) {
        nb1 = 1 + len % 3;
        nb2 = 1 + (len / 3) % 4;
        for (j = 0; j < W; j++) {
            test_rand_bytes(input[j], len);
            in[j] = input[j];
            out[j] = got[j];
            out2[j] = got[j] + nb1 * rate;
        }
        SHA3_x4_init(&ctx, rate);
        SHA3_x4_absorb_once(&ctx, in, len);
        SHA3_x4_squeezeblocks(&ctx, out, nb1);
        SHA3_x4_squeezeblocks(&ctx, out2, nb2);
        for (j = 0; j < W; j++) {
            shake(want, (nb1 + nb2) * rate, input[j], len);
            ck_assert_msg(memcmp(got[j], want, (nb1 + nb2) * rate) == 0,
                          "rate %zu, len %zu, lane %zu, %zu+%zu blocks differ",
                          rate, len, j, nb1, nb2);
        }
    }
}

#endif /* X4_BUILT */

START_TEST(x4_shake128_equals_scalar_for_every_length)
{
    if (!x4_usable("x4_shake128_equals_scalar_for_every_length"))
        return;
#if X4_BUILT
    check_x4_shake_every_length(SHAKE128_RATE, SHA3_shake128);
#endif
}
END_TEST

START_TEST(x4_shake256_equals_scalar_for_every_length)
{
    if (!x4_usable("x4_shake256_equals_scalar_for_every_length"))
        return;
#if X4_BUILT
    check_x4_shake_every_length(SHAKE256_RATE, SHA3_shake256);
#endif
}
END_TEST

/* The raw x4 permutation equals four scalar permutations, lane by lane. */
START_TEST(x4_permutation_equals_four_scalar_permutations)
{
    if (!x4_usable("x4_permutation_equals_four_scalar_permutations"))
        return;
#if X4_BUILT
    _Alignas(32) uint64_t A[W * KECCAK1600_LANES];
    uint64_t S[W][KECCAK1600_LANES];
    size_t i, j;

    for (int round = 0; round < 64; round++) {
        for (i = 0; i < KECCAK1600_LANES; i++)
            for (j = 0; j < W; j++)
                S[j][i] = A[W * i + j] = test_rand_u64();
        KECCAK1600_x4_permute_avx512vl(A);
        for (j = 0; j < W; j++) {
            KECCAK1600_permute(S[j]);
            for (i = 0; i < KECCAK1600_LANES; i++)
                ck_assert_msg(A[W * i + j] == S[j][i],
                              "round %d: lane %zu of instance %zu differs",
                              round, i, j);
        }
    }
#endif
}
END_TEST

/*
 * The kernel reports what it is, and only claims to be usable when the
 * capability vector has AVX512F, AVX512VL and the OS's ZMM state.
 */
START_TEST(x4_kernel_capable_only_with_avx512vl_caps)
{
#if X4_BUILT
    const char *info = SHA3_avx512vl_info();

    printf("x4 kernel: %s; ia32cap 0x%02x; capable %d\n", info,
           (unsigned)ossl_ia32cap(), SHA3_avx512vl_capable());
    ck_assert_ptr_nonnull(strstr(info, "keccak1600x4-avx512vl"));
    if (SHA3_avx512vl_capable())
        ck_assert_uint_eq(ossl_ia32cap() & AVX512VL_CAPS, AVX512VL_CAPS);
#else
    x4_usable("x4_kernel_capable_only_with_avx512vl_caps");
#endif
}
END_TEST

int main(void)
{
    Suite *s = suite_create("keccak_x4");
    TCase *tc = tcase_create("x4");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, x4_kernel_capable_only_with_avx512vl_caps);
    tcase_add_test(tc, x4_permutation_equals_four_scalar_permutations);
    tcase_add_test(tc, x4_shake128_equals_scalar_for_every_length);
    tcase_add_test(tc, x4_shake256_equals_scalar_for_every_length);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
