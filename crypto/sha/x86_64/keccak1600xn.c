/*
 * 4-way and 8-way SHAKE128 / SHAKE256 over the assembly kernels
 * (include/internal/sha3.h, "4-way SHAKE" and "8-way SHAKE"): whole
 * blocks are absorbed and squeezed by the assembly; the last partial block
 * and the padding are XORed into the interleaved states by the sponge all
 * multi-way kernels share (crypto/sha/keccak1600_multi.c), to which the x4
 * and x8 entry points pass their kernel and their number of ways.
 */
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha3.h"
#include "sha/keccak1600_multi.h"

/* Zero the four states and set the rate. */
void SHA3_x4_init(KECCAK1600_X4_CTX *ctx, size_t rate)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
}

void SHA3_x4_absorb_once(KECCAK1600_X4_CTX *ctx,
                         const uint8_t *const in[KECCAK1600_X4_WAYS],
                         size_t len)
{
    KECCAK1600_multi_absorb_once(ctx->A, sizeof(ctx->A), KECCAK1600_X4_WAYS,
                                 ctx->rate, SHA3_x4_absorb_avx512vl, in, len);
}

void SHA3_x4_squeezeblocks(KECCAK1600_X4_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X4_WAYS],
                           size_t nblocks)
{
    KECCAK1600_multi_squeezeblocks(ctx->A, sizeof(ctx->A), KECCAK1600_X4_WAYS,
                                   ctx->rate, SHA3_x4_squeeze_avx512vl, out,
                                   nblocks);
}

/* Wipe the four states. */
void SHA3_x4_cleanse(KECCAK1600_X4_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

/* Zero the eight states and set the rate. */
void SHA3_x8_init(KECCAK1600_X8_CTX *ctx, size_t rate)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
}

void SHA3_x8_absorb_once(KECCAK1600_X8_CTX *ctx,
                         const uint8_t *const in[KECCAK1600_X8_WAYS],
                         size_t len)
{
    KECCAK1600_multi_absorb_once(ctx->A, sizeof(ctx->A), KECCAK1600_X8_WAYS,
                                 ctx->rate, SHA3_x8_absorb_avx512, in, len);
}

void SHA3_x8_squeezeblocks(KECCAK1600_X8_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X8_WAYS],
                           size_t nblocks)
{
    KECCAK1600_multi_squeezeblocks(ctx->A, sizeof(ctx->A), KECCAK1600_X8_WAYS,
                                   ctx->rate, SHA3_x8_squeeze_avx512, out,
                                   nblocks);
}

/* Wipe the eight states. */
void SHA3_x8_cleanse(KECCAK1600_X8_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}
