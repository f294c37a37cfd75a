/*
 * The sponge construction (FIPS 202 section 4, Algorithm 8) over
 * Keccak-f[1600] with pad10*1: SHA3-224/256/384/512 and SHAKE128/256
 * (FIPS 202 section 6), absorbing and squeezing incrementally, in pieces
 * of any size.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha3.h"

/* Start an empty sponge of the given rate (bytes), padding byte and digest length. */
void SHA3_init(KECCAK1600_CTX *ctx, size_t rate, uint8_t pad, size_t md_size)
{
    memset(ctx->A, 0, sizeof(ctx->A));
    ctx->rate = rate;
    ctx->pos = 0;
    ctx->md_size = md_size;
    ctx->pad = pad;
    ctx->squeezing = 0;
}

/* SHAKE128 (FIPS 202 section 6.2): capacity 256 bits, suffix 1111. */
void SHA3_shake128_init(KECCAK1600_CTX *ctx)
{
    SHA3_init(ctx, SHAKE128_RATE, SHAKE_PAD, 0);
}

/* SHAKE256 (FIPS 202 section 6.2): capacity 512 bits, suffix 1111. */
void SHA3_shake256_init(KECCAK1600_CTX *ctx)
{
    SHA3_init(ctx, SHAKE256_RATE, SHAKE_PAD, 0);
}

/*
 * SHA3-d (FIPS 202 section 6.1) for d = md_bits in {224, 256, 384, 512}:
 * capacity 2d bits, suffix 01.
 */
void SHA3_sha3_init(KECCAK1600_CTX *ctx, size_t md_bits)
{
    SHA3_init(ctx, KECCAK1600_WIDTH_BYTES - 2 * (md_bits / 8), SHA3_PAD,
              md_bits / 8);
}

/*
 * Absorb len bytes (FIPS 202 Algorithm 8, steps 5-6), continuing the
 * current block; each full block is followed by the permutation.
 */
void SHA3_absorb(KECCAK1600_CTX *ctx, const uint8_t *in, size_t len)
{
    while (len > 0) {
        size_t n = ctx->rate - ctx->pos;

        if (n > len)
            n = len;
        KECCAK1600_xor_bytes(ctx->A, ctx->pos, in, n);
        ctx->pos += n;
        in += n;
        len -= n;
        if (ctx->pos == ctx->rate) {
            KECCAK1600_permute(ctx->A);
            ctx->pos = 0;
        }
    }
}

/*
 * Squeeze len bytes (FIPS 202 Algorithm 8, steps 7-10).  The first call
 * appends the domain suffix and pad10*1 (both in ctx->pad's low bits and
 * KECCAK1600_PAD_LAST) and permutes; later blocks are permuted only when more
 * output is asked for, so squeezing in pieces equals squeezing at once.
 */
void SHA3_squeeze(KECCAK1600_CTX *ctx, uint8_t *out, size_t len)
{
    if (!ctx->squeezing) {
        uint8_t last = KECCAK1600_PAD_LAST;

        KECCAK1600_xor_bytes(ctx->A, ctx->pos, &ctx->pad, 1);
        KECCAK1600_xor_bytes(ctx->A, ctx->rate - 1, &last, 1);
        KECCAK1600_permute(ctx->A);
        ctx->pos = 0;
        ctx->squeezing = 1;
    }
    while (len > 0) {
        size_t n;

        if (ctx->pos == ctx->rate) {
            KECCAK1600_permute(ctx->A);
            ctx->pos = 0;
        }
        n = ctx->rate - ctx->pos;
        if (n > len)
            n = len;
        KECCAK1600_extract_bytes(ctx->A, ctx->pos, out, n);
        ctx->pos += n;
        out += n;
        len -= n;
    }
}

/* SHA-3: pad, write the md_size-byte digest, and wipe the context. */
void SHA3_final(KECCAK1600_CTX *ctx, uint8_t *md)
{
    SHA3_squeeze(ctx, md, ctx->md_size);
    SHA3_cleanse(ctx);
}

/* Wipe the whole context, state included. */
void SHA3_cleanse(KECCAK1600_CTX *ctx)
{
    ossl_cleanse(ctx, sizeof(*ctx));
}

/* SHAKE128(in, 8 * outlen) in one call. */
void SHA3_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    KECCAK1600_CTX ctx;

    SHA3_shake128_init(&ctx);
    SHA3_absorb(&ctx, in, inlen);
    SHA3_squeeze(&ctx, out, outlen);
    SHA3_cleanse(&ctx);
}

/* SHAKE256(in, 8 * outlen) in one call. */
void SHA3_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    KECCAK1600_CTX ctx;

    SHA3_shake256_init(&ctx);
    SHA3_absorb(&ctx, in, inlen);
    SHA3_squeeze(&ctx, out, outlen);
    SHA3_cleanse(&ctx);
}

/* SHA3-md_bits(in) in one call; md receives md_bits / 8 bytes. */
void SHA3_sha3(size_t md_bits, uint8_t *md, const uint8_t *in, size_t inlen)
{
    KECCAK1600_CTX ctx;

    SHA3_sha3_init(&ctx, md_bits);
    SHA3_absorb(&ctx, in, inlen);
    SHA3_final(&ctx, md);
}
