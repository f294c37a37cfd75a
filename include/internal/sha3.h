/*
 * Keccak-f[1600] (FIPS 202) and the SHA-3 / SHAKE functions built on it.
 *
 * The interface is permutation-shaped: a state of 25 lanes, absorb bytes
 * into it at a given rate, permute, extract bytes.  SHAKE and SHA-3 logic
 * (padding, buffering, squeezing in pieces) exists once, in sha3.c.
 */
#ifndef MLDSA_INTERNAL_SHA3_H
#define MLDSA_INTERNAL_SHA3_H

#include <stddef.h>
#include <stdint.h>

#define KECCAK1600_LANES 25
#define KECCAK1600_WIDTH_BYTES 200

/* Rates in bytes: (1600 - 2 * capacity bits) / 8. */
#define SHAKE128_RATE 168
#define SHAKE256_RATE 136
#define SHA3_224_RATE 144
#define SHA3_256_RATE 136
#define SHA3_384_RATE 104
#define SHA3_512_RATE 72

/* Domain separation + first padding bit (FIPS 202 section 6). */
#define SHA3_PAD 0x06
#define SHAKE_PAD 0x1f

/* Keccak-f[1600] on a state of 25 little-endian lanes (FIPS 202 Algorithm 7). */
void KECCAK1600_permute(uint64_t A[KECCAK1600_LANES]);

/* XOR len bytes of in into the state starting at byte offset off (off + len <= 200). */
void KECCAK1600_xor_bytes(uint64_t A[KECCAK1600_LANES], size_t off,
                          const uint8_t *in, size_t len);
/* Copy len bytes of the state starting at byte offset off into out (off + len <= 200). */
void KECCAK1600_extract_bytes(const uint64_t A[KECCAK1600_LANES], size_t off,
                              uint8_t *out, size_t len);

/* Incremental SHA-3 / SHAKE context. */
typedef struct keccak1600_ctx_st {
    uint64_t A[KECCAK1600_LANES];
    size_t rate;       /* bytes per block */
    size_t pos;        /* absorbing: bytes absorbed into the current block;
                          squeezing: bytes already read of the current block */
    size_t md_size;    /* SHA-3 digest length; 0 for SHAKE */
    uint8_t pad;       /* SHA3_PAD or SHAKE_PAD */
    int squeezing;     /* 0 while absorbing, 1 once padded */
} KECCAK1600_CTX;

void SHA3_init(KECCAK1600_CTX *ctx, size_t rate, uint8_t pad, size_t md_size);
void SHA3_shake128_init(KECCAK1600_CTX *ctx);
void SHA3_shake256_init(KECCAK1600_CTX *ctx);
/* md_bits: 224, 256, 384 or 512. */
void SHA3_sha3_init(KECCAK1600_CTX *ctx, size_t md_bits);
/* Absorb any number of bytes, any number of times, before the first squeeze. */
void SHA3_absorb(KECCAK1600_CTX *ctx, const uint8_t *in, size_t len);
/* Squeeze any number of bytes, any number of times (pads on the first call). */
void SHA3_squeeze(KECCAK1600_CTX *ctx, uint8_t *out, size_t len);
/* SHA-3: write md_size bytes of digest. */
void SHA3_final(KECCAK1600_CTX *ctx, uint8_t *md);
/* Wipe the context. */
void SHA3_cleanse(KECCAK1600_CTX *ctx);

/* One-shot helpers. */
void SHA3_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void SHA3_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void SHA3_sha3(size_t md_bits, uint8_t *md, const uint8_t *in, size_t inlen);

#endif /* MLDSA_INTERNAL_SHA3_H */
