/*
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4 sections 6.4
 * to 6.7): 64-bit words, 128-byte blocks, incremental and one-shot.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha2.h"

#define SHA512_ROUNDS 80
#define SHA512_SCHEDULE_WORDS 16        /* the message schedule kept as a ring */
#define SHA512_LENGTH_BYTES 16          /* the 128-bit length ending the padding */
#define SHA2_PAD_FIRST 0x80             /* the "1" bit that starts the padding */

/*
 * K (FIPS 180-4 section 4.2.3): the first 64 bits of the fractional parts
 * of the cube roots of the first 80 primes.
 */
static const uint64_t sha512_K[SHA512_ROUNDS] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL,
    0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
    0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL,
    0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
    0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL,
    0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL,
    0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL,
    0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL,
    0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
    0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL,
    0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
    0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL,
    0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL,
    0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
    0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL,
    0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
    0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};

/*
 * Initial hash values.  SHA-512 (section 5.3.5): the first 64 bits of the
 * fractional parts of the square roots of the first 8 primes; SHA-384
 * (section 5.3.4): the same for the 9th to 16th primes.  SHA-512/t
 * (section 5.3.6): the SHA-512 digest of the string "SHA-512/t" computed
 * from the SHA-512 H(0) XORed with 0xa5a5a5a5a5a5a5a5, for t = 224, 256.
 */
static const uint64_t sha512_H0[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};
static const uint64_t sha384_H0[8] = {
    0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
    0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
    0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
};
static const uint64_t sha512_224_H0[8] = {
    0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL,
    0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
    0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL,
    0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
};
static const uint64_t sha512_256_H0[8] = {
    0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL,
    0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
    0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL,
    0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
};

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
/* The functions of FIPS 180-4 section 4.1.3. */
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define BSIG1(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define SSIG0(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))

static uint64_t load64_be(const uint8_t *p)
{
    uint64_t v = 0;
    size_t i;

    for (i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static void store64_be(uint8_t *p, uint64_t v)
{
    size_t i;

    for (i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/*
 * The SHA-512 hash computation (FIPS 180-4 section 6.4.2) on nblocks
 * 128-byte blocks.  The schedule W_t is kept in a ring of 16 words:
 * W_t depends on W_{t-2}, W_{t-7}, W_{t-15} and W_{t-16} only.
 */
static void sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks)
{
    uint64_t W[SHA512_SCHEDULE_WORDS];
    uint64_t a, b, c, d, e, f, g, hh, t1, t2;
    size_t t;

    for (; nblocks > 0; nblocks--, p += SHA512_CBLOCK) {
        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        e = h[4];
        f = h[5];
        g = h[6];
        hh = h[7];
        for (t = 0; t < SHA512_ROUNDS; t++) {
            uint64_t *w = &W[t % SHA512_SCHEDULE_WORDS];

            if (t < SHA512_SCHEDULE_WORDS)
                *w = load64_be(p + 8 * t);
            else
                *w += SSIG1(W[(t - 2) % SHA512_SCHEDULE_WORDS])
                      + W[(t - 7) % SHA512_SCHEDULE_WORDS]
                      + SSIG0(W[(t - 15) % SHA512_SCHEDULE_WORDS]);
            t1 = hh + BSIG1(e) + CH(e, f, g) + sha512_K[t] + *w;
            t2 = BSIG0(a) + MAJ(a, b, c);
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;
    }
}

static void sha512_start(SHA512_CTX *c, const uint64_t H0[8], size_t md_len)
{
    memcpy(c->h, H0, sizeof(c->h));
    c->total_lo = 0;
    c->total_hi = 0;
    c->num = 0;
    c->md_len = md_len;
}

/* SHA-384 (FIPS 180-4 section 6.5): SHA-512 from its own H(0), truncated to 384 bits. */
void SHA384_Init(SHA512_CTX *c)
{
    sha512_start(c, sha384_H0, SHA384_DIGEST_LENGTH);
}

/* SHA-512 (FIPS 180-4 section 6.4). */
void SHA512_Init(SHA512_CTX *c)
{
    sha512_start(c, sha512_H0, SHA512_DIGEST_LENGTH);
}

/* SHA-512/224 (FIPS 180-4 section 6.7). */
void SHA512_224_Init(SHA512_CTX *c)
{
    sha512_start(c, sha512_224_H0, SHA512_224_DIGEST_LENGTH);
}

/* SHA-512/256 (FIPS 180-4 section 6.7). */
void SHA512_256_Init(SHA512_CTX *c)
{
    sha512_start(c, sha512_256_H0, SHA512_256_DIGEST_LENGTH);
}

/* Hash len more bytes: complete the buffered block, then whole blocks straight from data. */
void SHA512_Update(SHA512_CTX *c, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    c->total_lo += len;
    if (c->total_lo < len)
        c->total_hi++;
    if (c->num > 0) {
        size_t n = SHA512_CBLOCK - c->num;

        if (n > len)
            n = len;
        memcpy(c->buf + c->num, data, n);
        c->num += n;
        data += n;
        len -= n;
        if (c->num < SHA512_CBLOCK)
            return;
        sha512_blocks(c->h, c->buf, 1);
        c->num = 0;
    }
    sha512_blocks(c->h, data, len / SHA512_CBLOCK);
    data += len - len % SHA512_CBLOCK;
    len %= SHA512_CBLOCK;
    memcpy(c->buf, data, len);
    c->num = len;
}

/*
 * Pad (FIPS 180-4 section 5.1.2: a 1 bit, zeros, the 128-bit length in
 * bits), hash the last block(s), write md_len bytes of H big-endian
 * (SHA-512/224 ends halfway through a word), wipe c.
 */
void SHA512_Final(uint8_t *md, SHA512_CTX *c)
{
    uint64_t bits_hi = c->total_hi << 3 | c->total_lo >> 61;
    uint64_t bits_lo = c->total_lo << 3;
    size_t i;

    c->buf[c->num++] = SHA2_PAD_FIRST;
    if (c->num > SHA512_CBLOCK - SHA512_LENGTH_BYTES) {
        memset(c->buf + c->num, 0, SHA512_CBLOCK - c->num);
        sha512_blocks(c->h, c->buf, 1);
        c->num = 0;
    }
    memset(c->buf + c->num, 0, SHA512_CBLOCK - SHA512_LENGTH_BYTES - c->num);
    store64_be(c->buf + SHA512_CBLOCK - 16, bits_hi);
    store64_be(c->buf + SHA512_CBLOCK - 8, bits_lo);
    sha512_blocks(c->h, c->buf, 1);
    for (i = 0; i < c->md_len; i++)
        md[i] = (uint8_t)(c->h[i / 8] >> (56 - 8 * (i % 8)));
    ossl_cleanse(c, sizeof(*c));
}

/* SHA-384 of n bytes in one call. */
void SHA384(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA512_CTX c;

    SHA384_Init(&c);
    SHA512_Update(&c, d, n);
    SHA512_Final(md, &c);
}

/* SHA-512 of n bytes in one call. */
void SHA512(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA512_CTX c;

    SHA512_Init(&c);
    SHA512_Update(&c, d, n);
    SHA512_Final(md, &c);
}

/* SHA-512/224 of n bytes in one call. */
void SHA512_224(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA512_CTX c;

    SHA512_224_Init(&c);
    SHA512_Update(&c, d, n);
    SHA512_Final(md, &c);
}

/* SHA-512/256 of n bytes in one call. */
void SHA512_256(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA512_CTX c;

    SHA512_256_Init(&c);
    SHA512_Update(&c, d, n);
    SHA512_Final(md, &c);
}
