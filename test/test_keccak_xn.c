/*
 * The multi-way SHAKE (include/internal/sha3.h, "4-way SHAKE" and "8-way
 * SHAKE") and the raw permutation of each kernel, x4 (AVX-512VL, ymm) and
 * x8 (AVX-512F, zmm), against the scalar Keccak: every lane gives the
 * bytes of its own scalar SHAKE128 / SHAKE256 (FIPS 202 section 6.2), for
 * every input length from 0 to three rates plus one, with distinct inputs
 * per lane and several squeeze block counts.  Each test is a loop test
 * over the kernels.
 *
 * Where the build has no kernel (NO_ASM=1, not x86-64) or the CPU, the OS
 * or MLDSA_IA32CAP rule the kernel's ISA out, there is nothing of it to
 * run: the suite says so on stdout and checks only what still applies.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "testutil.h"

#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
# define XN_BUILT 1
#else
# define XN_BUILT 0
#endif

#define MAX_WAYS 8
/* Squeeze block counts: a first call of 1..3 blocks, then a second of 1..4. */
#define MAX_SQUEEZE_BLOCKS 7
#define MAX_RATE SHAKE128_RATE
#define MAX_INPUT (3 * MAX_RATE + 1)

/* One multi-way kernel and its SHAKE glue, behind one signature. */
typedef struct {
    const char *name;           /* "x4", "x8" */
    size_t ways;
    const char *isa;            /* what the capability test requires */
    uint32_t caps;              /* ... as ossl_ia32cap bits */
#if XN_BUILT
    int (*capable)(void);
    const char *(*info)(void);
    void (*permute)(uint64_t *A);
    /* init(rate), absorb_once(in, len), squeezeblocks(out, nb1) then
     * squeezeblocks(out2, nb2), cleanse */
    void (*shake)(size_t rate, const uint8_t *const *in, size_t len,
                  uint8_t *const *out, size_t nb1,
                  uint8_t *const *out2, size_t nb2);
#endif
} XN_KERNEL;

#if XN_BUILT
static void shake_x4(size_t rate, const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t nb1,
                     uint8_t *const *out2, size_t nb2)
{
    KECCAK1600_X4_CTX ctx;

    SHA3_x4_init(&ctx, rate);
    SHA3_x4_absorb_once(&ctx, in, len);
    SHA3_x4_squeezeblocks(&ctx, out, nb1);
    SHA3_x4_squeezeblocks(&ctx, out2, nb2);
    SHA3_x4_cleanse(&ctx);
}

static void shake_x8(size_t rate, const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t nb1,
                     uint8_t *const *out2, size_t nb2)
{
    KECCAK1600_X8_CTX ctx;

    SHA3_x8_init(&ctx, rate);
    SHA3_x8_absorb_once(&ctx, in, len);
    SHA3_x8_squeezeblocks(&ctx, out, nb1);
    SHA3_x8_squeezeblocks(&ctx, out2, nb2);
    SHA3_x8_cleanse(&ctx);
}
#endif

static const XN_KERNEL kernels[] = {
    { "x4", 4, "AVX-512VL",
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL | OSSL_IA32CAP_ZMM_STATE,
#if XN_BUILT
      SHA3_avx512vl_capable, SHA3_avx512vl_info,
      KECCAK1600_x4_permute_avx512vl, shake_x4
#endif
    },
    { "x8", 8, "AVX-512F", OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_ZMM_STATE,
#if XN_BUILT
      SHA3_avx512_capable, SHA3_avx512_info,
      KECCAK1600_x8_permute_avx512, shake_x8
#endif
    },
};
#define NKERNELS (int)(sizeof(kernels) / sizeof(kernels[0]))

/* Whether kernel k can run here; says why not when it cannot. */
static int xn_usable(const XN_KERNEL *k, const char *test)
{
#if XN_BUILT
    if (k->capable())
        return 1;
    printf("%s: %s path not available: kernel is stubs, or CPU/OS/MLDSA_IA32CAP "
           "rule %s out (ia32cap 0x%02x); nothing %s checked\n", test, k->name,
           k->isa, (unsigned)ossl_ia32cap(), k->name);
#else
    printf("%s: %s path not available: built without the assembly kernel "
           "(NO_ASM=1 or not x86-64); nothing %s checked\n", test, k->name,
           k->name);
#endif
    return 0;
}

#if XN_BUILT
typedef void SCALAR_SHAKE_FN(uint8_t *out, size_t outlen, const uint8_t *in,
                             size_t inlen);

/*
 * For every len in [0, 3 * rate + 1]: distinct random inputs per lane,
 * absorb, squeeze in two calls of varying block counts, and compare each
 * lane with the scalar SHAKE of its input.
 */
static void check_shake_every_length(const XN_KERNEL *k, size_t rate,
                                     SCALAR_SHAKE_FN *shake)
{
    static uint8_t input[MAX_WAYS][MAX_INPUT];
    static uint8_t got[MAX_WAYS][MAX_SQUEEZE_BLOCKS * MAX_RATE];
    static uint8_t want[MAX_SQUEEZE_BLOCKS * MAX_RATE];
    const uint8_t *in[MAX_WAYS];
    uint8_t *out[MAX_WAYS], *out2[MAX_WAYS];
    size_t len, j, nb1, nb2;

    for (len = 0; len <= 3 * rate + 1; len++) {
        nb1 = 1 + len % 3;
        nb2 = 1 + (len / 3) % 4;
        for (j = 0; j < k->ways; j++) {
            test_rand_bytes(input[j], len);
            in[j] = input[j];
            out[j] = got[j];
            out2[j] = got[j] + nb1 * rate;
        }
        k->shake(rate, in, len, out, nb1, out2, nb2);
        for (j = 0; j < k->ways; j++) {
            shake(want, (nb1 + nb2) * rate, input[j], len);
            ck_assert_msg(memcmp(got[j], want, (nb1 + nb2) * rate) == 0,
                          "%s: rate %zu, len %zu, lane %zu, %zu+%zu blocks differ",
                          k->name, rate, len, j, nb1, nb2);
        }
    }
}
#endif

START_TEST(shake128_equals_scalar_for_every_length)
{
    const XN_KERNEL *k = &kernels[_i];

    if (!xn_usable(k, "shake128_equals_scalar_for_every_length"))
        return;
#if XN_BUILT
    check_shake_every_length(k, SHAKE128_RATE, SHA3_shake128);
#endif
}
END_TEST

START_TEST(shake256_equals_scalar_for_every_length)
{
    const XN_KERNEL *k = &kernels[_i];

    if (!xn_usable(k, "shake256_equals_scalar_for_every_length"))
        return;
#if XN_BUILT
    check_shake_every_length(k, SHAKE256_RATE, SHA3_shake256);
#endif
}
END_TEST

/* The raw permutation equals one scalar permutation per lane. */
START_TEST(permutation_equals_scalar_permutation_per_lane)
{
    const XN_KERNEL *k = &kernels[_i];

    if (!xn_usable(k, "permutation_equals_scalar_permutation_per_lane"))
        return;
#if XN_BUILT
    _Alignas(64) uint64_t A[MAX_WAYS * KECCAK1600_LANES];
    uint64_t S[MAX_WAYS][KECCAK1600_LANES];
    size_t i, j, w = k->ways;

    for (int round = 0; round < 64; round++) {
        for (i = 0; i < KECCAK1600_LANES; i++)
            for (j = 0; j < w; j++)
                S[j][i] = A[w * i + j] = test_rand_u64();
        k->permute(A);
        for (j = 0; j < w; j++) {
            KECCAK1600_permute(S[j]);
            for (i = 0; i < KECCAK1600_LANES; i++)
                ck_assert_msg(A[w * i + j] == S[j][i],
                              "%s, round %d: lane %zu of instance %zu differs",
                              k->name, round, i, j);
        }
    }
#endif
}
END_TEST

/*
 * The kernel reports what it is, and only claims to be usable when the
 * capability vector has its ISA and the OS's ZMM state.
 */
START_TEST(kernel_capable_only_with_its_caps)
{
    const XN_KERNEL *k = &kernels[_i];
#if XN_BUILT
    const char *info = k->info();
    char want[32];

    printf("%s kernel: %s; ia32cap 0x%02x; capable %d\n", k->name, info,
           (unsigned)ossl_ia32cap(), k->capable());
    snprintf(want, sizeof(want), "keccak1600%s-", k->name);
    ck_assert_ptr_nonnull(strstr(info, want));
    if (k->capable())
        ck_assert_uint_eq(ossl_ia32cap() & k->caps, k->caps);
#else
    xn_usable(k, "kernel_capable_only_with_its_caps");
#endif
}
END_TEST

int main(void)
{
    Suite *s = suite_create("keccak_xn");
    TCase *tc = tcase_create("xn");

    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, kernel_capable_only_with_its_caps, 0, NKERNELS);
    tcase_add_loop_test(tc, permutation_equals_scalar_permutation_per_lane, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, shake128_equals_scalar_for_every_length, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, shake256_equals_scalar_for_every_length, 0,
                        NKERNELS);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
