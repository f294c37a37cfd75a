/*
 * The last block of a multi-way SHAKE (include/internal/sha3.h, "N-way
 * SHAKE"): the partial block and the padding XORed into one instance of a
 * lane-interleaved state, for the x4 and x8 wrappers alike.
 */
#include <stdint.h>
#include <string.h>
#include "internal/sha3.h"

#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))

# define LANE_BYTES 8
/* The last padding bit of FIPS 202's pad10*1, in the last byte of the block. */
# define SHAKE_PAD_LAST 0x80

/*
 * XOR rem (< rate) bytes of in followed by SHAKE's padding (FIPS 202
 * section 6.2: the suffix 1111 and pad10*1, 0x1f ... 0x80) into instance j
 * of ways interleaved states (lane i of instance j is A[ways * i + j]).
 * Lanes are little-endian (FIPS 202 section 3.1.2), as is x86-64, so 8
 * input bytes load as one lane.
 */
void SHA3_xN_pad_last_block(uint64_t *A, size_t ways, size_t j,
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

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int keccak1600xn_pad_not_built;

#endif
