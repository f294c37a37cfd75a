/*
 * The 8-way SHAKE (include/internal/sha3.h, "8-way SHAKE") and the raw x8
 * zmm permutation against the scalar Keccak: every lane gives the bytes of
 * its own scalar SHAKE128 / SHAKE256 (FIPS 202 section 6.2), for every
 * input length from 0 to three rates plus one, with eight distinct inputs
 * and several squeeze block counts.
 *
 * Where the build has no kernel (NO_ASM=1, not x86-64) or the CPU, the OS
 * or MLDSA_IA32CAP rule AVX-512F out, there is nothing x8 to run: the
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
# define X8_BUILT 1
#else
# define X8_BUILT 0
#endif

#define AVX512F_CAPS (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_ZMM_STATE)

/* Whether the x8 kernel can run here; says why not when it cannot. */
static int x8_usable(const char *test)
{
#if X8_BUILT
    if (SHA3_avx512_capable())
        return 1;
    printf("%s: x8 path not available: kernel is stubs, or CPU/OS/MLDSA_IA32CAP "
           "rule AVX-512F out (ia32cap 0x%02x); nothing x8 checked\n",
           test, (unsigned)ossl_ia32cap());
#else
    printf("%s: x8 path not available: built without the assembly kernel "
           "(NO_ASM=1 or not x86-64); nothing x8 checked\n", test);
#endif
    return 0;
}

#if X8_BUILT

# define W KECCAK1600_X8_WAYS
/* Squeeze block counts: a first call of 1..3 blocks, then a second of 1..4. */
# define MAX_SQUEEZE_BLOCKS 7
# define MAX_RATE SHAKE128_RATE
# define MAX_INPUT (3 * MAX_RATE + 1)

typedef void SCALAR_SHAKE_FN(uint8_t *out, size_t outlen, const uint8_t *in,
                             size_t inlen);

/*
 * For every len in [0, 3 * rate + 1]: eight distinct random inputs, x8
 * absorb, squeeze in two calls of varying block counts, and compare each
 * lane with the scalar SHAKE of its input.
 */
static void check_x8_shake_every_length(size_t rate, SCALAR_SHAKE_FN *shake)
{
    static uint8_t input[W][MAX_INPUT];
    static uint8_t got[W][MAX_SQUEEZE_BLOCKS * MAX_RATE];
    static uint8_t want[MAX_SQUEEZE_BLOCKS * MAX_RATE];
    const uint8_t *in[W];
    uint8_t *out[W], *out2[W];
    KECCAK1600_X8_CTX ctx;
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
        SHA3_x8_init(&ctx, rate);
        SHA3_x8_absorb_once(&ctx, in, len);
        SHA3_x8_squeezeblocks(&ctx, out, nb1);
        SHA3_x8_squeezeblocks(&ctx, out2, nb2);
        for (j = 0; j < W; j++) {
            shake(want, (nb1 + nb2) * rate, input[j], len);
            ck_assert_msg(memcmp(got[j], want, (nb1 + nb2) * rate) == 0,
                          "rate %zu, len %zu, lane %zu, %zu+%zu blocks differ",
                          rate, len, j, nb1, nb2);
        }
    }
    SHA3_x8_cleanse(&ctx);
}

#endif /* X8_BUILT */

START_TEST(x8_shake128_equals_scalar_for_every_length)
{
    if (!x8_usable("x8_shake128_equals_scalar_for_every_length"))
        return;
#if X8_BUILT
    check_x8_shake_every_length(SHAKE128_RATE, SHA3_shake128);
#endif
}
END_TEST

START_TEST(x8_shake256_equals_scalar_for_every_length)
{
    if (!x8_usable("x8_shake256_equals_scalar_for_every_length"))
        return;
#if X8_BUILT
    check_x8_shake_every_length(SHAKE256_RATE, SHA3_shake256);
#endif
}
END_TEST

/* The raw x8 permutation equals eight scalar permutations, lane by lane. */
START_TEST(x8_permutation_equals_eight_scalar_permutations)
{
    if (!x8_usable("x8_permutation_equals_eight_scalar_permutations"))
        return;
#if X8_BUILT
    _Alignas(64) uint64_t A[W * KECCAK1600_LANES];
    uint64_t S[W][KECCAK1600_LANES];
    size_t i, j;

    for (int round = 0; round < 64; round++) {
        for (i = 0; i < KECCAK1600_LANES; i++)
            for (j = 0; j < W; j++)
                S[j][i] = A[W * i + j] = test_rand_u64();
        KECCAK1600_x8_permute_avx512(A);
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
 * capability vector has AVX512F and the OS's ZMM state.
 */
START_TEST(x8_kernel_capable_only_with_avx512f_caps)
{
#if X8_BUILT
    const char *info = SHA3_avx512_info();

    printf("x8 kernel: %s; ia32cap 0x%02x; capable %d\n", info,
           (unsigned)ossl_ia32cap(), SHA3_avx512_capable());
    ck_assert_ptr_nonnull(strstr(info, "keccak1600x8-avx512"));
    if (SHA3_avx512_capable())
        ck_assert_uint_eq(ossl_ia32cap() & AVX512F_CAPS, AVX512F_CAPS);
#else
    x8_usable("x8_kernel_capable_only_with_avx512f_caps");
#endif
}
END_TEST

int main(void)
{
    Suite *s = suite_create("keccak_x8");
    TCase *tc = tcase_create("x8");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, x8_kernel_capable_only_with_avx512f_caps);
    tcase_add_test(tc, x8_permutation_equals_eight_scalar_permutations);
    tcase_add_test(tc, x8_shake128_equals_scalar_for_every_length);
    tcase_add_test(tc, x8_shake256_equals_scalar_for_every_length);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
