/*
 * The x86-64 Keccak-f[1600] kernels as kernels of the multi-buffer SHAKE
 * job scheduler (include/internal/sha3_mb.h): the 4-way AVX-512VL (ymm),
 * 8-way AVX-512F (zmm) and 4-way AVX2 assembly, whose squeeze-absorb
 * transposes whole blocks straight into the jobs' buffers and from their
 * inputs, several blocks per call, and zeroes the lanes the scheduler
 * starts afresh as it loads the states.  The rest (partial blocks,
 * padding) the scheduler XORs into the interleaved states in C.
 */
#include "internal/sha3.h"
#include "internal/sha3_mb.h"

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4 = {
    "x4 avx512vl", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx512vl,
    SHA3_x4_squeeze_absorb_avx512vl, 1,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x8 = {
    "x8 avx512", KECCAK1600_X8_WAYS, KECCAK1600_x8_permute_avx512,
    SHA3_x8_squeeze_absorb_avx512, 1,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4_avx2 = {
    "x4 avx2", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx2,
    SHA3_x4_squeeze_absorb_avx2, 1,
};
