/*
 * The aarch64 2-way Keccak-f[1600] kernels as kernels of the multi-buffer
 * SHAKE job scheduler (include/internal/sha3_mb.h): the Armv8.0 Advanced
 * SIMD and the SHA-3 extension assembly, whose squeeze-absorb writes whole
 * blocks straight into the jobs' buffers and XORs them in from their
 * inputs, several blocks per call.  The rest (partial blocks, padding,
 * and the zeros of a lane started afresh: 25 stores, fewer instructions
 * than the kernel expanding each word's bit of a mask) the scheduler
 * writes into the interleaved states in C.
 */
#include "internal/sha3.h"
#include "internal/sha3_mb.h"

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_neon = {
    "x2 neon", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8,
    SHA3_x2_squeeze_absorb_armv8, 0, NULL,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_sha3 = {
    "x2 sha3", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8_sha3,
    SHA3_x2_squeeze_absorb_armv8_sha3, 0, NULL,
};
