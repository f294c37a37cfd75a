/*
 * The entry points of each multi-way Keccak kernel of this architecture
 * (include/internal/sha3.h) against the scalar Keccak: on x86-64 x4
 * (AVX-512VL, ymm), x8 (AVX-512F, zmm) and x4 avx2, on aarch64 x2 with Armv8.0
 * Advanced SIMD and x2 with the SHA-3 extension.  The permutation, the
 * whole-block absorb and squeeze, at both SHAKE rates and every other
 * multiple of 8 up to SHAKE128's, and the squeeze-absorb for pairs of
 * rates (on aarch64, the scheduler kernel's, in C over the squeeze), for
 * several block counts, with distinct random states and inputs per lane,
 * and on x86-64 with random words of random lanes zeroed first; a squeeze
 * writes exactly its bytes per block.  (The SHAKE jobs on these
 * kernels are test_sha3_mb's.)  Each test is a loop test over the kernels.
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
#include "internal/sha3_mb.h"
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
#define MAX_BLOCKS 3
#define MAX_RATE SHAKE128_RATE
/* bytes past each lane's output that must stay untouched */
#define CANARY 16

/* One multi-way kernel's entry points, behind one signature. */
typedef struct {
    const char *name;           /* "x4", "x8", "x4 avx2", "x2 neon", ... */
    const char *info_name;      /* what its info string starts with */
    size_t ways;
    const char *isa;            /* what the capability test requires */
    uint32_t caps;              /* ... as capability vector bits */
    int always_full;            /* never stubs, whatever the assembler */
    int zeroes_lanes;           /* squeeze_absorb zeroes words first */
#if XN_BUILT
    int (*capable)(void);
    const char *(*info)(void);
    void (*permute)(uint64_t *A);
    void (*absorb)(uint64_t *A, const uint8_t *const *in, size_t nblocks,
                   size_t r);
    void (*squeeze)(uint64_t *A, uint8_t *const *out, size_t nblocks,
                    size_t r);
    void (*squeeze_absorb)(uint64_t *A, uint8_t *const *out,
                           const uint8_t *const *in, const size_t *shape);
#endif
} XN_KERNEL;

static const XN_KERNEL kernels[] = {
#if XN_AARCH64
    { "x2 neon", "keccak1600x2-armv8", 2, "Advanced SIMD", OSSL_ARMCAP_ASIMD, 1, 0,
# if XN_BUILT
      SHA3_armv8_capable, SHA3_armv8_info, KECCAK1600_x2_permute_armv8,
      SHA3_x2_absorb_armv8, SHA3_x2_squeeze_armv8, SHA3_x2_squeeze_absorb_armv8
# endif
    },
    { "x2 sha3", "keccak1600x2-armv8-sha3", 2, "the SHA-3 extension",
      OSSL_ARMCAP_ASIMD | OSSL_ARMCAP_SHA3, 0, 0,
# if XN_BUILT
      SHA3_armv8_sha3_capable, SHA3_armv8_sha3_info,
      KECCAK1600_x2_permute_armv8_sha3, SHA3_x2_absorb_armv8_sha3,
      SHA3_x2_squeeze_armv8_sha3, SHA3_x2_squeeze_absorb_armv8_sha3
# endif
    },
#else
    { "x4", "keccak1600x4-avx512vl", 4, "AVX-512VL",
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL | OSSL_IA32CAP_ZMM_STATE, 0, 1,
# if XN_BUILT
      SHA3_avx512vl_capable, SHA3_avx512vl_info,
      KECCAK1600_x4_permute_avx512vl, SHA3_x4_absorb_avx512vl,
      SHA3_x4_squeeze_avx512vl, SHA3_x4_squeeze_absorb_avx512vl
# endif
    },
    { "x8", "keccak1600x8-avx512", 8, "AVX-512F",
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_ZMM_STATE, 0, 1,
# if XN_BUILT
      SHA3_avx512_capable, SHA3_avx512_info,
      KECCAK1600_x8_permute_avx512, SHA3_x8_absorb_avx512,
      SHA3_x8_squeeze_avx512, SHA3_x8_squeeze_absorb_avx512
# endif
    },
    { "x4 avx2", "keccak1600x4-avx2", 4, "AVX2", OSSL_IA32CAP_AVX2, 0, 1,
# if XN_BUILT
      SHA3_avx2_capable, SHA3_avx2_info,
      KECCAK1600_x4_permute_avx2, SHA3_x4_absorb_avx2,
      SHA3_x4_squeeze_avx2, SHA3_x4_squeeze_absorb_avx2
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
/* The states, inputs and outputs of the absorb and squeeze tests. */
typedef struct {
    _Alignas(64) uint64_t A[MAX_WAYS * KECCAK1600_LANES];
    uint64_t S[MAX_WAYS][KECCAK1600_LANES];
    uint8_t in[MAX_WAYS][MAX_BLOCKS * MAX_RATE];
    uint8_t got[MAX_WAYS][MAX_BLOCKS * MAX_RATE + CANARY];
    uint8_t want[MAX_RATE];
    const uint8_t *inp[MAX_WAYS];
    uint8_t *outp[MAX_WAYS];
} XN_BUFS;
static XN_BUFS bufs;

/* Random states A (interleaved) and S (one per lane), the same. */
static void random_states(uint64_t *A, uint64_t S[][KECCAK1600_LANES],
                          size_t w)
{
    for (size_t i = 0; i < KECCAK1600_LANES; i++)
        for (size_t j = 0; j < w; j++)
            S[j][i] = A[w * i + j] = test_rand_u64();
}

/* Every lane of A equals its scalar state. */
static void check_states(const XN_KERNEL *k, const uint64_t *A,
                         uint64_t S[][KECCAK1600_LANES], const char *what,
                         size_t r, size_t nb)
{
    for (size_t j = 0; j < k->ways; j++)
        for (size_t i = 0; i < KECCAK1600_LANES; i++)
            ck_assert_msg(A[k->ways * i + j] == S[j][i],
                          "%s %s, r %zu, %zu blocks: lane %zu of instance "
                          "%zu differs", k->name, what, r, nb, i, j);
}
#endif

/*
 * absorb: for each block, r bytes of in[j] XORed into instance j, then
 * the permutation; squeeze: the permutation, then r bytes of instance j
 * to out[j], and nothing past them; both for r = 8 .. 168 (every multiple
 * of 8, SHAKE256's 136 and SHAKE128's 168 among them) and 1 to 3 blocks.
 */
START_TEST(absorb_and_squeeze_equal_scalar_for_every_rate)
{
    const XN_KERNEL *k = &kernels[_i];

    if (!xn_usable(k, "absorb_and_squeeze_equal_scalar_for_every_rate"))
        return;
#if XN_BUILT
    XN_BUFS *x = &bufs;
    size_t r, nb, j, b, w = k->ways;

    for (r = 8; r <= MAX_RATE; r += 8) {
        for (nb = 1; nb <= MAX_BLOCKS; nb++) {
            random_states(x->A, x->S, w);
            for (j = 0; j < w; j++) {
                test_rand_bytes(x->in[j], nb * r);
                x->inp[j] = x->in[j];
                x->outp[j] = x->got[j];
            }
            k->absorb(x->A, x->inp, nb, r);
            for (j = 0; j < w; j++)
                for (b = 0; b < nb; b++) {
                    KECCAK1600_xor_bytes(x->S[j], 0, x->in[j] + b * r, r);
                    KECCAK1600_permute(x->S[j]);
                }
            check_states(k, x->A, x->S, "absorb", r, nb);

            memset(x->got, 0xa5, sizeof(x->got));
            k->squeeze(x->A, x->outp, nb, r);
            for (j = 0; j < w; j++) {
                for (b = 0; b < nb; b++) {
                    KECCAK1600_permute(x->S[j]);
                    KECCAK1600_extract_bytes(x->S[j], 0, x->want, r);
                    ck_assert_msg(memcmp(x->got[j] + b * r, x->want, r) == 0,
                                  "%s squeeze, r %zu, block %zu of %zu: "
                                  "lane %zu differs", k->name, r, b, nb, j);
                }
                for (b = nb * r; b < nb * r + CANARY; b++)
                    ck_assert_msg(x->got[j][b] == 0xa5, "%s squeeze, r %zu: "
                                  "lane %zu written past its %zu blocks",
                                  k->name, r, j, nb);
            }
            check_states(k, x->A, x->S, "squeeze", r, nb);
        }
    }
#endif
}
END_TEST

#if XN_BUILT
/*
 * Words of the states to zero (shape[3] and shape[4 + j]) for a kernel
 * that zeroes them, zeroed in the scalar states S (A keeps its random
 * words there, for the kernel to zero): none in one call of two, else in
 * each lane at random none, every word, or a random set (the words a
 * scheduler's fresh lane leaves to the kernel are one).
 */
static void random_zeroing(const XN_KERNEL *k, size_t *shape,
                           uint64_t S[][KECCAK1600_LANES])
{
    size_t j;

    memset(shape + 3, 0, (SHA3_MB_SHAPE_WORDS - 3) * sizeof(shape[0]));
    if (!k->zeroes_lanes || test_rand_below(2) == 0)
        return;
    for (j = 0; j < k->ways; j++) {
        switch (test_rand_below(3)) {
        case 0:
            continue;
        case 1:
            shape[4 + j] = KECCAK1600_ALL_WORDS;
            break;
        default:
            shape[4 + j] = test_rand_u64() & KECCAK1600_ALL_WORDS;
            break;
        }
        shape[3] |= (size_t)1 << j;
        KECCAK1600_zero_words_xn(S[j], 1, 0, (uint32_t)shape[4 + j]);
    }
}
#endif

/*
 * squeeze_absorb: for each block, the permutation, r_out bytes of instance
 * j to out[j] (nothing past them), then r_in bytes of x->in[j] XORed into it,
 * for every pair of rates from {0, 8, 72, 136, 168} and 1 to 3 blocks; with
 * random words zeroed first (random_zeroing) where the kernel does that.
 */
START_TEST(squeeze_absorb_equals_scalar_for_every_pair_of_rates)
{
    const XN_KERNEL *k = &kernels[_i];

    if (!xn_usable(k, "squeeze_absorb_equals_scalar_for_every_pair_of_rates"))
        return;
#if XN_BUILT
    static const size_t rates[] = { 0, 8, 72, 136, 168 };
    XN_BUFS *x = &bufs;
    size_t o, i, j, b, shape[SHA3_MB_SHAPE_WORDS], w = k->ways;

    for (o = 0; o < sizeof(rates) / sizeof(rates[0]); o++)
        for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
            for (shape[0] = 1; shape[0] <= MAX_BLOCKS; shape[0]++) {
                shape[1] = rates[o];
                shape[2] = rates[i];
                random_states(x->A, x->S, w);
                random_zeroing(k, shape, x->S);
                memset(x->got, 0xa5, sizeof(x->got));
                for (j = 0; j < w; j++) {
                    test_rand_bytes(x->in[j], shape[0] * shape[2]);
                    x->inp[j] = x->in[j];
                    x->outp[j] = x->got[j];
                }
                k->squeeze_absorb(x->A, x->outp, x->inp, shape);
                for (j = 0; j < w; j++) {
                    for (b = 0; b < shape[0]; b++) {
                        KECCAK1600_permute(x->S[j]);
                        KECCAK1600_extract_bytes(x->S[j], 0, x->want, shape[1]);
                        ck_assert_msg(memcmp(x->got[j] + b * shape[1], x->want,
                                             shape[1]) == 0,
                                      "%s squeeze_absorb %zu/%zu: block %zu "
                                      "of lane %zu differs", k->name,
                                      shape[1], shape[2], b, j);
                        KECCAK1600_xor_bytes(x->S[j], 0, x->in[j] + b * shape[2],
                                             shape[2]);
                    }
                    for (b = shape[0] * shape[1];
                         b < shape[0] * shape[1] + CANARY; b++)
                        ck_assert_msg(x->got[j][b] == 0xa5, "%s squeeze_absorb:"
                                      " lane %zu written past its output",
                                      k->name, j);
                }
                check_states(k, x->A, x->S, "squeeze_absorb", shape[1], shape[0]);
            }
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
    size_t j;

    for (int round = 0; round < 64; round++) {
        random_states(A, S, k->ways);
        k->permute(A);
        for (j = 0; j < k->ways; j++)
            KECCAK1600_permute(S[j]);
        check_states(k, A, S, "permute", 0, 1);
    }
#endif
}
END_TEST

/*
 * The kernel reports what it is, claims to be usable only when the
 * capability vector has its ISA (on x86-64 with the OS's ZMM or YMM state), and
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
    tcase_add_loop_test(tc, absorb_and_squeeze_equal_scalar_for_every_rate, 0,
                        NKERNELS);
    tcase_add_loop_test(tc, squeeze_absorb_equals_scalar_for_every_pair_of_rates,
                        0, NKERNELS);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
