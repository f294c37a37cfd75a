/*
 * SHA-224 and SHA-256 (FIPS 180-4 sections 6.2 and 6.3): 32-bit words,
 * 64-byte blocks, incremental and one-shot.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha2.h"

#define SHA256_ROUNDS 64
#define SHA256_SCHEDULE_WORDS 16        /* the message schedule kept as a ring */
#define SHA256_LENGTH_BYTES 8           /* the 64-bit length ending the padding */
#define SHA2_PAD_FIRST 0x80             /* the "1" bit that starts the padding */

/*
 * K (FIPS 180-4 section 4.2.2): the first 32 bits of the fractional parts
 * of the cube roots of the first 64 primes.
 */
static const uint32_t sha256_K[SHA256_ROUNDS] = {
    0x428a2f98U, 0x71374491U, 0xb5c0fbcfU, 0xe9b5dba5U,
    0x3956c25bU, 0x59f111f1U, 0x923f82a4U, 0xab1c5ed5U,
    0xd807aa98U, 0x12835b01U, 0x243185beU, 0x550c7dc3U,
    0x72be5d74U, 0x80deb1feU, 0x9bdc06a7U, 0xc19bf174U,
    0xe49b69c1U, 0xefbe4786U, 0x0fc19dc6U, 0x240ca1ccU,
    0x2de92c6fU, 0x4a7484aaU, 0x5cb0a9dcU, 0x76f988daU,
    0x983e5152U, 0xa831c66dU, 0xb00327c8U, 0xbf597fc7U,
    0xc6e00bf3U, 0xd5a79147U, 0x06ca6351U, 0x14292967U,
    0x27b70a85U, 0x2e1b2138U, 0x4d2c6dfcU, 0x53380d13U,
    0x650a7354U, 0x766a0abbU, 0x81c2c92eU, 0x92722c85U,
    0xa2bfe8a1U, 0xa81a664bU, 0xc24b8b70U, 0xc76c51a3U,
    0xd192e819U, 0xd6990624U, 0xf40e3585U, 0x106aa070U,
    0x19a4c116U, 0x1e376c08U, 0x2748774cU, 0x34b0bcb5U,
    0x391c0cb3U, 0x4ed8aa4aU, 0x5b9cca4fU, 0x682e6ff3U,
    0x748f82eeU, 0x78a5636fU, 0x84c87814U, 0x8cc70208U,
    0x90befffaU, 0xa4506cebU, 0xbef9a3f7U, 0xc67178f2U
};

/*
 * Initial hash values.  SHA-256 (section 5.3.3): the first 32 bits of the
 * fractional parts of the square roots of the first 8 primes.  SHA-224
 * (section 5.3.2): the second 32 bits of the fractional parts of the
 * square roots of the 9th to 16th primes.
 */
static const uint32_t sha256_H0[8] = {
    0x6a09e667U, 0xbb67ae85U, 0x3c6ef372U, 0xa54ff53aU,
    0x510e527fU, 0x9b05688cU, 0x1f83d9abU, 0x5be0cd19U
};
static const uint32_t sha224_H0[8] = {
    0xc1059ed8U, 0x367cd507U, 0x3070dd17U, 0xf70e5939U,
    0xffc00b31U, 0x68581511U, 0x64f98fa7U, 0xbefa4fa4U
};

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
/* The functions of FIPS 180-4 section 4.1.2. */
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define BSIG1(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define SSIG0(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))

static uint32_t load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8
           | (uint32_t)p[3];
}

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/*
 * The SHA-256 hash computation (FIPS 180-4 section 6.2.2) on nblocks
 * 64-byte blocks.  The schedule W_t is kept in a ring of 16 words:
 * W_t depends on W_{t-2}, W_{t-7}, W_{t-15} and W_{t-16} only.
 */
static void sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
    uint32_t W[SHA256_SCHEDULE_WORDS];
    uint32_t a, b, c, d, e, f, g, hh, t1, t2;
    size_t t;

    for (; nblocks > 0; nblocks--, p += SHA256_CBLOCK) {
        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        e = h[4];
        f = h[5];
        g = h[6];
        hh = h[7];
        for (t = 0; t < SHA256_ROUNDS; t++) {
            uint32_t *w = &W[t % SHA256_SCHEDULE_WORDS];

            if (t < SHA256_SCHEDULE_WORDS)
                *w = load32_be(p + 4 * t);
            else
                *w += SSIG1(W[(t - 2) % SHA256_SCHEDULE_WORDS])
                      + W[(t - 7) % SHA256_SCHEDULE_WORDS]
                      + SSIG0(W[(t - 15) % SHA256_SCHEDULE_WORDS]);
            t1 = hh + BSIG1(e) + CH(e, f, g) + sha256_K[t] + *w;
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

static void sha256_start(SHA256_CTX *c, const uint32_t H0[8], size_t md_len)
{
    memcpy(c->h, H0, sizeof(c->h));
    c->total = 0;
    c->num = 0;
    c->md_len = md_len;
}

/* SHA-224 (FIPS 180-4 section 6.3): SHA-256 from its own H(0), truncated to 224 bits. */
void SHA224_Init(SHA256_CTX *c)
{
    sha256_start(c, sha224_H0, SHA224_DIGEST_LENGTH);
}

/* SHA-256 (FIPS 180-4 section 6.2). */
void SHA256_Init(SHA256_CTX *c)
{
    sha256_start(c, sha256_H0, SHA256_DIGEST_LENGTH);
}

/* Hash len more bytes: complete the buffered block, then whole blocks straight from data. */
void SHA256_Update(SHA256_CTX *c, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    c->total += len;
    if (c->num > 0) {
        size_t n = SHA256_CBLOCK - c->num;

        if (n > len)
            n = len;
        memcpy(c->buf + c->num, data, n);
        c->num += n;
        data += n;
        len -= n;
        if (c->num < SHA256_CBLOCK)
            return;
        sha256_blocks(c->h, c->buf, 1);
        c->num = 0;
    }
    sha256_blocks(c->h, data, len / SHA256_CBLOCK);
    data += len - len % SHA256_CBLOCK;
    len %= SHA256_CBLOCK;
    memcpy(c->buf, data, len);
    c->num = len;
}

/*
 * Pad (FIPS 180-4 section 5.1.1: a 1 bit, zeros, the 64-bit length in
 * bits), hash the last block(s), write md_len bytes of H big-endian, wipe c.
 */
void SHA256_Final(uint8_t *md, SHA256_CTX *c)
{
    uint64_t bits = c->total * 8;
    size_t i;

    c->buf[c->num++] = SHA2_PAD_FIRST;
    if (c->num > SHA256_CBLOCK - SHA256_LENGTH_BYTES) {
        memset(c->buf + c->num, 0, SHA256_CBLOCK - c->num);
        sha256_blocks(c->h, c->buf, 1);
        c->num = 0;
    }
    memset(c->buf + c->num, 0, SHA256_CBLOCK - SHA256_LENGTH_BYTES - c->num);
    store32_be(c->buf + SHA256_CBLOCK - 8, (uint32_t)(bits >> 32));
    store32_be(c->buf + SHA256_CBLOCK - 4, (uint32_t)bits);
    sha256_blocks(c->h, c->buf, 1);
    for (i = 0; i < c->md_len / 4; i++)
        store32_be(md + 4 * i, c->h[i]);
    ossl_cleanse(c, sizeof(*c));
}

/* SHA-224 of n bytes in one call. */
void SHA224(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA256_CTX c;

    SHA224_Init(&c);
    SHA256_Update(&c, d, n);
    SHA256_Final(md, &c);
}

/* SHA-256 of n bytes in one call. */
void SHA256(const uint8_t *d, size_t n, uint8_t *md)
{
    SHA256_CTX c;

    SHA256_Init(&c);
    SHA256_Update(&c, d, n);
    SHA256_Final(md, &c);
}
