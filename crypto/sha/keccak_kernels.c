/*
 * The Keccak-f[1600] kernels of this build, by name, for benchmarks
 * (`mldsa speed keccak`): the portable C permutation and, in builds with
 * the assembly, the multi-buffer ones and the one-state SHA-3 extension one.
 */
#include <stdint.h>
#include <string.h>
#include "mldsa.h"
#include "internal/sha3.h"

/* The most states a kernel permutes at once. */
#define KERNEL_MAX_WAYS 8

typedef struct {
    const char *name;
    unsigned ways;                       /* states permuted per call */
    void (*permute)(uint64_t *A);        /* ways interleaved states */
    int (*usable)(void);                 /* this machine runs it */
} KECCAK_KERNEL;

static int scalar_usable(void)
{
    return 1;
}

static const KECCAK_KERNEL kernels[] = {
    { "scalar", 1, KECCAK1600_permute_c, scalar_usable },
#ifdef KECCAK1600_ASM_X86_64
    { "x4 avx512vl", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx512vl,
      SHA3_avx512vl_capable },
    { "x8 avx512", KECCAK1600_X8_WAYS, KECCAK1600_x8_permute_avx512,
      SHA3_avx512_capable },
    { "x4 avx2", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx2,
      SHA3_avx2_capable },
#endif
#ifdef KECCAK1600_ASM_AARCH64
    { "x2 neon", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8,
      SHA3_armv8_capable },
    { "x2 sha3", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8_sha3,
      SHA3_armv8_sha3_capable },
    { "x1 sha3", 1, KECCAK1600_permute_armv8_sha3, SHA3_armv8_sha3_capable },
#endif
};

#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

/* Kernel i's name, states per call and whether it runs here; NULL past the last. */
const char *mldsa_keccak_kernel(size_t i, unsigned *ways, int *usable)
{
    if (i >= NKERNELS)
        return NULL;
    if (ways != NULL)
        *ways = kernels[i].ways;
    if (usable != NULL)
        *usable = kernels[i].usable();
    return kernels[i].name;
}

/* count permutations (FIPS 202 Algorithm 7) of kernel i's states. */
int mldsa_keccak_kernel_run(size_t i, size_t count)
{
    _Alignas(64) uint64_t A[KERNEL_MAX_WAYS * KECCAK1600_LANES];

    if (i >= NKERNELS || !kernels[i].usable())
        return MLDSA_ERR_PARAM;
    memset(A, 0, sizeof(A));
    while (count-- > 0)
        kernels[i].permute(A);
    return MLDSA_OK;
}
