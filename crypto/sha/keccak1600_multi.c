/*
 * The sponge of every multi-way SHAKE (crypto/sha/keccak1600_multi.h):
 * whole blocks are absorbed and squeezed by the assembly; the last partial
 * block and the padding are XORed into the interleaved states here.
 * Built with the assembly kernels only (KECCAK1600_ASM).
 */
#include <stdint.h>
#include <string.h>
#include "internal/ct.h"
#include "internal/sha3.h"
#include "sha/keccak1600_multi.h"

#ifdef KECCAK1600_ASM

# define LANE_BYTES 8
/* The last padding bit of FIPS 202's pad10*1, in the last byte of the block. */
# define SHAKE_PAD_LAST 0x80

/*
 * XOR rem (< rate) bytes of in followed by SHAKE's padding (FIPS 202
 * section 6.2: the suffix 1111 and pad10*1, 0x1f ... 0x80) into instance j
 * of ways interleaved states (lane i of instance j is A[ways * i + j]).
 * Lanes are little-endian (FIPS 202 section 3.1.2), as are x86-64 and
 * aarch64 (the only targets with kernels), so 8 input bytes load as one
 * lane.
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

void KECCAK1600_multi_absorb_once(uint64_t *A, size_t Alen, size_t ways,
                                  size_t rate,
                                  KECCAK1600_MULTI_ABSORB_FN *absorb,
                                  const uint8_t *const *in, size_t len)
{
    size_t j, nblocks = len / rate, done = nblocks * rate;

    if (nblocks > 0) {
        absorb(A, in, nblocks, rate);
        ML_DSA_CT_ASM_ABSORBED(A, Alen, in, ways, done);
    }
    for (j = 0; j < ways; j++)
        pad_last_block(A, ways, j, in[j] + done, len - done, rate);
}

void KECCAK1600_multi_squeezeblocks(uint64_t *A, size_t Alen, size_t ways,
                                    size_t rate,
                                    KECCAK1600_MULTI_SQUEEZE_FN *squeeze,
                                    uint8_t *const *out, size_t nblocks)
{
    if (nblocks > 0) {
        squeeze(A, out, nblocks, rate);
        ML_DSA_CT_ASM_SQUEEZED(A, Alen, out, ways, nblocks * rate);
    }
}

#endif /* KECCAK1600_ASM */
