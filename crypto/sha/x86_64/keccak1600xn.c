/*
 * 4-way and 8-way SHAKE128 / SHAKE256 over the assembly kernels
 * (include/internal/sha3.h, "4-way SHAKE" and "8-way SHAKE"): whole
 * blocks are absorbed and squeezed by the assembly; the last partial block
 * and the padding are XORed into the interleaved states here.  One body
 * serves both widths: the x4 and x8 entry points pass their kernel and
 * their number of ways.
 */
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "internal/sha3.h"
#include "internal/sha3_mb.h"

#define LANE_BYTES 8
/* The last padding bit of FIPS 202's pad10*1, in the last byte of the block. */
#define SHAKE_PAD_LAST 0x80

typedef void XN_ABSORB_FN(uint64_t *A, const uint8_t *const *in,
                          size_t nblocks, size_t r);
typedef void XN_SQUEEZE_FN(uint64_t *A, uint8_t *const *out, size_t nblocks,
                           size_t r);

/*
 * XOR rem (< rate) bytes of in followed by SHAKE's padding (FIPS 202
 * section 6.2: the suffix 1111 and pad10*1, 0x1f ... 0x80) into instance j
 * of ways interleaved states (lane i of instance j is A[ways * i + j]).
 * Lanes are little-endian (FIPS 202 section 3.1.2), as is x86-64, so 8
 * input bytes load as one lane.
 */
static void pad_last_block(uint64_t *A, size_t ways, size_t j,
                           const uint8_t *in, size_t rem, size_t rate)
{
    size_t i, full = rem / LANE_BYTES, tail = rem % LANE_BYTES;
    uint64_t w;

    for (i = 0; i < full; i++) {
        memcpy(&w, in + i * LANE_BYTES, LANE_BYTES);
        A[ways * i + j] ^= w;
    }
    w = 0;
    if (tail > 0)
        memcpy(&w, in + full * LANE_BYTES, tail);
    w ^= (uint64_t)SHAKE_PAD << (8 * tail);
    A[ways * full + j] ^= w;
    /* rate is a multiple of 8: its last byte is the top byte of a lane. */
    A[ways * (rate / LANE_BYTES - 1) + j]
        ^= (uint64_t)SHAKE_PAD_LAST << (8 * (LANE_BYTES - 1));
}

/*
 * Absorb in[0..ways) (len bytes each) into the instances of A (Alen bytes)
 * and pad (FIPS 202 Algorithm 8, sponge absorbing phase, ways at a time):
 * whole blocks through the kernel, the rest in C.  The state is left padded
 * but not permuted: the kernel's squeeze permutes before each block it
 * writes.
 */
static void xn_absorb_once(uint64_t *A, size_t Alen, size_t ways, size_t rate,
                           XN_ABSORB_FN *absorb, const uint8_t *const *in,
                           size_t len)
{
    size_t j, nblocks = len / rate, done = nblocks * rate;

    if (nblocks > 0) {
        absorb(A, in, nblocks, rate);
        ML_DSA_CT_ASM_ABSORBED(A, Alen, in, ways, done);
    }
    for (j = 0; j < ways; j++)
        pad_last_block(A, ways, j, in[j] + done, len - done, rate);
}

/* The next nblocks * rate bytes of each instance's output (FIPS 202
 * Algorithm 8, squeezing phase). */
static void xn_squeezeblocks(uint64_t *A, size_t Alen, size_t ways,
                             size_t rate, XN_SQUEEZE_FN *squeeze,
                             uint8_t *const *out, size_t nblocks)
{
    if (nblocks > 0) {
        squeeze(A, out, nblocks, rate);
        ML_DSA_CT_ASM_SQUEEZED(A, Alen, out, ways, nblocks * rate);
    }
}

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
    xn_absorb_once(ctx->A, sizeof(ctx->A), KECCAK1600_X4_WAYS, ctx->rate,
                   SHA3_x4_absorb_avx512vl, in, len);
}

void SHA3_x4_squeezeblocks(KECCAK1600_X4_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X4_WAYS],
                           size_t nblocks)
{
    xn_squeezeblocks(ctx->A, sizeof(ctx->A), KECCAK1600_X4_WAYS, ctx->rate,
                     SHA3_x4_squeeze_avx512vl, out, nblocks);
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
    xn_absorb_once(ctx->A, sizeof(ctx->A), KECCAK1600_X8_WAYS, ctx->rate,
                   SHA3_x8_absorb_avx512, in, len);
}

void SHA3_x8_squeezeblocks(KECCAK1600_X8_CTX *ctx,
                           uint8_t *const out[KECCAK1600_X8_WAYS],
                           size_t nblocks)
{
    xn_squeezeblocks(ctx->A, sizeof(ctx->A), KECCAK1600_X8_WAYS, ctx->rate,
                     SHA3_x8_squeeze_avx512, out, nblocks);
}

/* Wipe the eight states. */
void SHA3_x8_cleanse(KECCAK1600_X8_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

/*
 * The two kernels for the job scheduler (include/internal/sha3_mb.h):
 * the assembly entry points as they are, whole-block squeezes included.
 */
const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x4 = {
    "x4 avx512vl", KECCAK1600_X4_WAYS, KECCAK1600_x4_permute_avx512vl,
    SHA3_x4_squeeze_avx512vl,
};

const KECCAK1600_MB_KERNEL SHA3_mb_kernel_x8 = {
    "x8 avx512", KECCAK1600_X8_WAYS, KECCAK1600_x8_permute_avx512,
    SHA3_x8_squeeze_avx512,
};
