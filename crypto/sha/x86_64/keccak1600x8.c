/*
 * 8-way SHAKE128 / SHAKE256 over the AVX-512F (zmm) assembly kernel
 * (include/internal/sha3.h, "8-way SHAKE"): whole blocks are absorbed and
 * squeezed by the assembly; the last partial block and the padding are
 * XORed into the interleaved states by SHA3_xN_pad_last_block().
 */
#include <stdint.h>
#include <string.h>
#include "internal/sha3.h"

#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))

# include "internal/cleanse.h"
# include "internal/ct.h"

/* Zero the eight states and set the rate. */
void SHA3_x8_init(KECCAK1600_X8_CTX *ctx, size_t rate)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
}

/*
 * Absorb in[0..7] (len bytes each) into the eight instances and pad
 * (FIPS 202 Algorithm 8, sponge absorbing phase, eight at a time): whole
 * blocks through the kernel, the rest in C.  The state is left padded but
 * not permuted: the kernel's squeeze permutes before each block it writes.
 */
void SHA3_x8_absorb_once(KECCAK1600_X8_CTX *ctx,
                         const uint8_t *const in[KECCAK1600_X8_WAYS],
                         size_t len)
{
    size_t j, nblocks = len / ctx->rate, done = nblocks * ctx->rate;

    if (nblocks > 0) {
        SHA3_x8_absorb_avx512(ctx->A, in, nblocks, ctx->rate);
        ML_DSA_CT_ASM_ABSORBED(ctx->A, sizeof(ctx->A), in, KECCAK1600_X8_WAYS, done);
    }
    for (j = 0; j < KECCAK1600_X8_WAYS; j++)
        SHA3_xN_pad_last_block(ctx->A, KECCAK1600_X8_WAYS, j, in[j] + done,
                               len - done, ctx->rate);
}

/* The next nblocks * rate bytes of each instance's output (FIPS 202
 * Algorithm 8, squeezing phase). */
void SHA3_x8_squeezeblocks(KECCAK1600_X8_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X8_WAYS],
                           size_t nblocks)
{
    if (nblocks > 0) {
        SHA3_x8_squeeze_avx512(ctx->A, out, nblocks, ctx->rate);
        ML_DSA_CT_ASM_SQUEEZED(ctx->A, sizeof(ctx->A), out, KECCAK1600_X8_WAYS,
                               nblocks * ctx->rate);
    }
}

/* Wipe the eight states. */
void SHA3_x8_cleanse(KECCAK1600_X8_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int keccak1600x8_not_built;

#endif
