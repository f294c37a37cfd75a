/*
 * The multi-way SHAKE (include/internal/sha3.h, "4-way SHAKE", "8-way
 * SHAKE" and "2-way SHAKE") and the raw permutation of each kernel of this
 * architecture against the scalar Keccak: on x86-64 x4 (AVX-512VL, ymm) and
 * x8 (AVX-512F, zmm), on aarch64 x2 with Armv8.0 Advanced SIMD and x2 with
 * the SHA-3 extension.  Every lane gives the bytes of its own scalar
 * SHAKE128 / SHAKE256 (FIPS 202 section 6.2), for every input length from 0
 * to three rates plus one, with distinct inputs per lane and several
 * squeeze block counts.  Each test is a loop test over the kernels.
 *
 * Where the build has no kernel (NO_ASM=1, another architecture) or the
 * CPU, the OS or MLDSA_IA32CAP / MLDSA_ARMCAP rule the kernel's ISA out,
 * there is nothing of it to run: those cases are counted as skipped.  A
 * kernel that is full and whose capabilities are all there must say it is
 * usable, so a run on a CPU with the ISA checks the kernel.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "testutil.h"

#if defined(KECCAK1600_ASM_X86_64) || defined(KECCAK1600_ASM_AARCH64)
# define XN_BUILT 1
#else
# define XN_BUILT 0
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
# define XN_AARCH64 1
# define CAPS_NAME "armcap"
#else
# define XN_AARCH64 0
# define CAPS_NAME "ia32cap"
#endif

#define MAX_WAYS 8
/* Squeeze block counts: a first call of 1..3 blocks, then a second of 1..4. */
#define MAX_SQUEEZE_BLOCKS 7
#define MAX_RATE SHAKE128_RATE
#define MAX_INPUT (3 * MAX_RATE + 1)

/* One multi-way kernel and its SHAKE glue, behind one signature. */
typedef struct {
    const char *name;           /* "x4", "x8", "x2 neon", "x2 sha3" */
    const char *info_name;      /* what its info string starts with */
    size_t ways;
    const char *isa;            /* what the capability test requires */
    uint32_t caps;              /* ... as capability vector bits */
    int always_full;            /* never stubs, whatever the assembler */
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

#ifdef KECCAK1600_ASM_X86_64
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

#ifdef KECCAK1600_ASM_AARCH64
static void shake_x2(KECCAK1600_X2_KERNEL kernel, size_t rate,
                     const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t nb1,
                     uint8_t *const *out2, size_t nb2)
{
    KECCAK1600_X2_CTX ctx;

    SHA3_x2_init(&ctx, rate, kernel);
    SHA3_x2_absorb_once(&ctx, in, len);
    SHA3_x2_squeezeblocks(&ctx, out, nb1);
    SHA3_x2_squeezeblocks(&ctx, out2, nb2);
    SHA3_x2_cleanse(&ctx);
}

static void shake_x2_neon(size_t rate, const uint8_t *const *in, size_t len,
                          uint8_t *const *out, size_t nb1,
                          uint8_t *const *out2, size_t nb2)
{
    shake_x2(KECCAK1600_X2_NEON, rate, in, len, out, nb1, out2, nb2);
}

static void shake_x2_sha3(size_t rate, const uint8_t *const *in, size_t len,
                          uint8_t *const *out, size_t nb1,
                          uint8_t *const *out2, size_t nb2)
{
    shake_x2(KECCAK1600_X2_SHA3, rate, in, len, out, nb1, out2, nb2);
}
#endif

static const XN_KERNEL kernels[] = {
#if XN_AARCH64
    { "x2 neon", "keccak1600x2-armv8", 2, "Advanced SIMD", OSSL_ARMCAP_ASIMD, 1,
# if XN_BUILT
      SHA3_armv8_capable, SHA3_armv8_info, KECCAK1600_x2_permute_armv8,
      shake_x2_neon
# endif
    },
    { "x2 sha3", "keccak1600x2-armv8-sha3", 2, "the SHA-3 extension",
      OSSL_ARMCAP_ASIMD | OSSL_ARMCAP_SHA3, 0,
# if XN_BUILT
      SHA3_armv8_sha3_capable, SHA3_armv8_sha3_info,
      KECCAK1600_x2_permute_armv8_sha3, shake_x2_sha3
# endif
    },
#else
    { "x4", "keccak1600x4-avx512vl", 4, "AVX-512VL",
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL | OSSL_IA32CAP_ZMM_STATE, 0,
# if XN_BUILT
      SHA3_avx512vl_capable, SHA3_avx512vl_info,
      KECCAK1600_x4_permute_avx512vl, shake_x4
# endif
    },
    { "x8", "keccak1600x8-avx512", 8, "AVX-512F",
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_ZMM_STATE, 0,
# if XN_BUILT
      SHA3_avx512_capable, SHA3_avx512_info,
      KECCAK1600_x8_permute_avx512, shake_x8
# endif
    },
#endif
};
#define NKERNELS (int)(sizeof(kernels) / sizeof(kernels[0]))

#if XN_BUILT
/* The capability vector of this architecture. */
static uint32_t cpucap(void)
{
# if XN_AARCH64
    return ossl_armcap();
# else
    return ossl_ia32cap();
# endif
}
#endif

/* Whether kernel k can run here; says why not (a counted skip) when it
 * cannot. */
static int xn_usable(const XN_KERNEL *k, const char *test)
{
    char why[256];

#if XN_BUILT
    if (k->capable())
        return 1;
    snprintf(why, sizeof(why), "%s: %s path not available: kernel is stubs, "
             "or CPU/OS/MLDSA_%s rule %s out (%s 0x%02x); nothing %s checked",
             test, k->name, XN_AARCH64 ? "ARMCAP" : "IA32CAP", k->isa,
             CAPS_NAME, (unsigned)cpucap(), k->name);
#else
    snprintf(why, sizeof(why), "%s: %s path not available: built without the "
             "assembly kernels (NO_ASM=1 or another architecture); nothing %s "
             "checked", test, k->name, k->name);
#endif
    test_skip(why);
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
 * The kernel reports what it is, claims to be usable only when the
 * capability vector has its ISA (on x86-64 with the OS's ZMM state), and
 * claims it whenever it is full and the vector has it.
 */
START_TEST(kernel_capable_exactly_with_its_caps_when_full)
{
    const XN_KERNEL *k = &kernels[_i];
#if XN_BUILT
    const char *info = k->info();
    size_t n = strlen(k->info_name);
    int full = strstr(info, " full, ") != NULL;

    printf("%s kernel: %s; %s 0x%02x; capable %d\n", k->name, info,
           CAPS_NAME, (unsigned)cpucap(), k->capable());
    ck_assert_msg(strncmp(info, k->info_name, n) == 0 && info[n] == ' ',
                  "%s: info '%s' does not name %s", k->name, info,
                  k->info_name);
    ck_assert_msg(full || strstr(info, " stubs (") != NULL,
                  "%s: info '%s' says neither full nor stubs", k->name, info);
    if (k->always_full)
        ck_assert_msg(full, "%s: stubs, but every assembler encodes it", k->name);
    if (k->capable())
        ck_assert_uint_eq(cpucap() & k->caps, k->caps);
    if (full && (cpucap() & k->caps) == k->caps)
        ck_assert_msg(k->capable(), "%s: full and the CPU has %s, yet not "
                      "capable", k->name, k->isa);
#else
    xn_usable(k, "kernel_capable_exactly_with_its_caps_when_full");
#endif
}
END_TEST

int main(void)
{
    Suite *s = suite_create("keccak_xn");
    TCase *tc = tcase_create("xn");

    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, kernel_capable_exactly_with_its_caps_when_full, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, permutation_equals_scalar_permutation_per_lane, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, shake128_equals_scalar_for_every_length, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, shake256_equals_scalar_for_every_length, 0,
                        NKERNELS);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
