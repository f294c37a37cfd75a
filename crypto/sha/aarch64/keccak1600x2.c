/*
 * 2-way SHAKE128 / SHAKE256 over the aarch64 assembly kernels
 * (include/internal/sha3.h, "2-way SHAKE"): whole blocks are absorbed and
 * squeezed by the kernel the context names (Armv8.0 Advanced SIMD, or the
 * SHA-3 extension); the last partial block and the padding are XORed into
 * the interleaved states by the sponge all multi-way kernels share
 * (crypto/sha/keccak1600_multi.c).
 */
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha3.h"
#include "sha/keccak1600_multi.h"

/* Zero the two states, set the rate and the kernel. */
void SHA3_x2_init(KECCAK1600_X2_CTX *ctx, size_t rate,
                  KECCAK1600_X2_KERNEL kernel)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
    ctx->kernel = kernel;
}

void SHA3_x2_absorb_once(KECCAK1600_X2_CTX *ctx,
                         const uint8_t *const in[KECCAK1600_X2_WAYS],
                         size_t len)
{
    KECCAK1600_multi_absorb_once(ctx->A, sizeof(ctx->A), KECCAK1600_X2_WAYS,
                                 ctx->rate,
                                 ctx->kernel == KECCAK1600_X2_SHA3
                                     ? SHA3_x2_absorb_armv8_sha3
                                     : SHA3_x2_absorb_armv8,
                                 in, len);
}

void SHA3_x2_squeezeblocks(KECCAK1600_X2_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X2_WAYS],
                           size_t nblocks)
{
    KECCAK1600_multi_squeezeblocks(ctx->A, sizeof(ctx->A), KECCAK1600_X2_WAYS,
                                   ctx->rate,
                                   ctx->kernel == KECCAK1600_X2_SHA3
                                       ? SHA3_x2_squeeze_armv8_sha3
                                       : SHA3_x2_squeeze_armv8,
                                   out, nblocks);
}

/* Wipe the two states. */
void SHA3_x2_cleanse(KECCAK1600_X2_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}
