/*
 * 4-way SHAKE128 / SHAKE256 over the AVX-512VL assembly kernel
 * (include/internal/sha3.h, "4-way SHAKE"): whole blocks are absorbed and
 * squeezed by the assembly; the last partial block and the padding are
 * XORed into the interleaved states here.
 */
#include <stdint.h>
#include <string.h>
#include "internal/sha3.h"

#include "internal/cleanse.h"

#define LANE_BYTES 8
/* The last padding bit of FIPS 202's pad10*1, in the last byte of the block. */
#define SHAKE_PAD_LAST 0x80

/* Zero the four states and set the rate. */
void SHA3_x4_init(KECCAK1600_X4_CTX *ctx, size_t rate)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
}

/*
 * XOR rem (< rate) bytes of in followed by SHAKE's padding (FIPS 202
 * section 6.2: the suffix 1111 and pad10*1, 0x1f ... 0x80) into instance j
 * of the interleaved states.  Lanes are little-endian (FIPS 202 section
 * 3.1.2), as is x86-64, so 8 input bytes load as one lane.
 */
static void x4_xor_last_block(uint64_t *A, size_t j, const uint8_t *in,
                              size_t rem, size_t rate)
{
    size_t i, full = rem / LANE_BYTES, tail = rem % LANE_BYTES;
    uint64_t w;

    for (i = 0; i < full; i++) {
        memcpy(&w, in + i * LANE_BYTES, LANE_BYTES);
        A[KECCAK1600_X4_WAYS * i + j] ^= w;
    }
    w = 0;
    if (tail > 0)
        memcpy(&w, in + full * LANE_BYTES, tail);
    w ^= (uint64_t)SHAKE_PAD << (8 * tail);
    A[KECCAK1600_X4_WAYS * full + j] ^= w;
    /* rate is a multiple of 8: its last byte is the top byte of a lane. */
    A[KECCAK1600_X4_WAYS * (rate / LANE_BYTES - 1) + j]
        ^= (uint64_t)SHAKE_PAD_LAST << (8 * (LANE_BYTES - 1));
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

    if (nblocks > 0)
        SHA3_x4_absorb_avx512vl(ctx->A, in, nblocks, ctx->rate);
    for (j = 0; j < KECCAK1600_X4_WAYS; j++)
        x4_xor_last_block(ctx->A, j, in[j] + done, len - done, ctx->rate);
}

/* The next nblocks * rate bytes of each instance's output (FIPS 202
 * Algorithm 8, squeezing phase). */
void SHA3_x4_squeezeblocks(KECCAK1600_X4_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X4_WAYS],
                           size_t nblocks)
{
    if (nblocks > 0)
        SHA3_x4_squeeze_avx512vl(ctx->A, out, nblocks, ctx->rate);
}

/* Wipe the four states. */
void SHA3_x4_cleanse(KECCAK1600_X4_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

