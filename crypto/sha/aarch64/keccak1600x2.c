/*
 * The aarch64 2-way Keccak-f[1600] kernels as kernels of the multi-buffer
 * SHAKE job scheduler (include/internal/sha3_mb.h): the Armv8.0 Advanced
 * SIMD and the SHA-3 extension assembly.  Their squeeze writes whole
 * blocks straight into the jobs' buffers, several per call; the blocks a
 * lane absorbs after a permutation are XORed in here, in C, as are the
 * partial blocks and the padding by the scheduler.
 */
#include "internal/sha3.h"
#include "internal/sha3_mb.h"

typedef void X2_PERMUTE_FN(uint64_t A[KECCAK1600_X2_STATE_WORDS]);
typedef void X2_SQUEEZE_FN(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                           uint8_t *const out[KECCAK1600_X2_WAYS],
                           size_t nblocks, size_t r);

/*
 * The scheduler's squeeze-absorb (FIPS 202 Algorithm 8, both phases) on a
 * kernel's permute and squeeze: for each of shape[0] blocks, permute and
 * write shape[1] bytes of each state (the kernel's squeeze, all blocks in
 * one call when nothing is absorbed), then XOR in shape[2] bytes.
 */
static void x2_squeeze_absorb(X2_PERMUTE_FN *permute, X2_SQUEEZE_FN *squeeze,
                              uint64_t *A, uint8_t *const *out,
                              const uint8_t *const *in, const size_t *shape)
{
    uint8_t *o[KECCAK1600_X2_WAYS];
    size_t n, j;

    if (shape[2] == 0 && shape[1] != 0) {
        squeeze(A, out, shape[0], shape[1]);
        return;
    }
    for (n = 0; n < shape[0]; n++) {
        if (shape[1] != 0) {
            for (j = 0; j < KECCAK1600_X2_WAYS; j++)
                o[j] = out[j] + n * shape[1];
            squeeze(A, o, 1, shape[1]);
        } else {
            permute(A);
        }
        for (j = 0; j < KECCAK1600_X2_WAYS; j++)
            KECCAK1600_xor_bytes_xn(A, KECCAK1600_X2_WAYS, j, 0,
                                    in[j] + n * shape[2], shape[2]);
    }
}

static void x2_neon_squeeze_absorb(uint64_t *A, uint8_t *const *out,
                                   const uint8_t *const *in,
                                   const size_t *shape)
{
    x2_squeeze_absorb(KECCAK1600_x2_permute_armv8, SHA3_x2_squeeze_armv8, A,
                      out, in, shape);
}

static void x2_sha3_squeeze_absorb(uint64_t *A, uint8_t *const *out,
                                   const uint8_t *const *in,
                                   const size_t *shape)
{
    x2_squeeze_absorb(KECCAK1600_x2_permute_armv8_sha3,
                      SHA3_x2_squeeze_armv8_sha3, A, out, in, shape);
}

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_neon = {
    "x2 neon", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8,
    x2_neon_squeeze_absorb, 0,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x2_sha3 = {
    "x2 sha3", KECCAK1600_X2_WAYS, KECCAK1600_x2_permute_armv8_sha3,
    x2_sha3_squeeze_absorb, 0,
};
