/*
 * 4-way SHAKE128 / SHAKE256 over the AVX-512VL assembly kernel
 * (include/internal/sha3.h, "4-way SHAKE"): whole blocks are absorbed and
 * squeezed by the assembly; the last partial block and the padding are
 * XORed into the interleaved states by SHA3_xN_pad_last_block().
 */
#include <stdint.h>
#include <string.h>
#include "internal/sha3.h"

#include "internal/cleanse.h"
#include "internal/ct.h"


/* Zero the four states and set the rate. */
void SHA3_x4_init(KECCAK1600_X4_CTX *ctx, size_t rate)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
}

/*
 * Absorb in[0..3] (len bytes each) into the four instances and pad
 * (FIPS 202 Algorithm 8, sponge absorbing phase, four at a time): whole
 * blocks through the kernel, the rest in C.  The state is left padded but
 * not permuted: the kernel's squeeze permutes before each block it writes.
 */
void SHA3_x4_absorb_once(KECCAK1600_X4_CTX *ctx,
                         const uint8_t *const in[KECCAK1600_X4_WAYS],
                         size_t len)
{
    size_t j, nblocks = len / ctx->rate, done = nblocks * ctx->rate;

    if (nblocks > 0) {
        SHA3_x4_absorb_avx512vl(ctx->A, in, nblocks, ctx->rate);
        ML_DSA_CT_ASM_ABSORBED(ctx->A, sizeof(ctx->A), in, KECCAK1600_X4_WAYS, done);
    }
    for (j = 0; j < KECCAK1600_X4_WAYS; j++)
        SHA3_xN_pad_last_block(ctx->A, KECCAK1600_X4_WAYS, j, in[j] + done,
                               len - done, ctx->rate);
}

/* The next nblocks * rate bytes of each instance's output (FIPS 202
 * Algorithm 8, squeezing phase). */
void SHA3_x4_squeezeblocks(KECCAK1600_X4_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X4_WAYS],
                           size_t nblocks)
{
    if (nblocks > 0) {
        SHA3_x4_squeeze_avx512vl(ctx->A, out, nblocks, ctx->rate);
        ML_DSA_CT_ASM_SQUEEZED(ctx->A, sizeof(ctx->A), out, KECCAK1600_X4_WAYS,
                               nblocks * ctx->rate);
    }
}

/* Wipe the four states. */
void SHA3_x4_cleanse(KECCAK1600_X4_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

