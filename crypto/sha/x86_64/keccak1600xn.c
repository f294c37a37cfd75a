/*
 * The x86-64 Keccak-f[1600] kernels as kernels of the multi-buffer SHAKE
 * job scheduler (include/internal/sha3_mb.h): the 4-way AVX-512VL (ymm),
 * 8-way AVX-512F (zmm) and 4-way AVX2 assembly, whose squeeze-absorb
 * transposes whole blocks straight into the jobs' buffers and from their
 * inputs, several blocks per call, and zeroes the lanes the scheduler
 * starts afresh as it loads the states.  The rest (partial blocks,
 * padding) the scheduler XORs into the interleaved states in C.
 */
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "internal/sha3_mb.h"

/* The AVX2 x4 kernel's call on a CPU that runs ymm operations as two
 * halves (AMD Zen 1): 2,666 TSC cycles against 951 for the one-state
 * permutation (`apps/mldsa speed keccak`, EPYC Zen 1, 2026-12-07). */
#define X4_AVX2_HALVES_COST 280

/*
 * What a call of the AVX2 x4 kernel costs here (KECCAK1600_MB_KERNEL's
 * call_cost): 2.8 one-state permutations where ymm operations run as two
 * halves; elsewhere about 1.3 (1,150 cycles a call on an Intel Xeon), as
 * one permutation for the look-ahead, whose counts are the same for any
 * figure below 1.44.
 */
static unsigned x4_avx2_call_cost(void)
{
    return (ossl_ia32cap() & OSSL_IA32CAP_YMM_HALVES) != 0
           ? X4_AVX2_HALVES_COST : SHA3_MB_COST_PERMUTATION;
}

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4 = {
    "x4 avx512vl", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx512vl,
    SHA3_x4_squeeze_absorb_avx512vl, 1, NULL,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x8 = {
    "x8 avx512", KECCAK1600_X8_WAYS, KECCAK1600_x8_permute_avx512,
    SHA3_x8_squeeze_absorb_avx512, 1, NULL,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4_avx2 = {
    "x4 avx2", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx2,
    SHA3_x4_squeeze_absorb_avx2, 1, x4_avx2_call_cost,
};
