/*
 * SHA-2 (FIPS 180-4): SHA-224, SHA-256 (32-bit words) and SHA-384,
 * SHA-512, SHA-512/224, SHA-512/256 (64-bit words), one-shot and
 * incremental.  HashML-DSA (FIPS 204 Algorithm 4) needs all of them.
 */
#ifndef MLDSA_INTERNAL_SHA2_H
#define MLDSA_INTERNAL_SHA2_H

#include <stddef.h>
#include <stdint.h>

#define SHA224_DIGEST_LENGTH 28
#define SHA256_DIGEST_LENGTH 32
#define SHA384_DIGEST_LENGTH 48
#define SHA512_DIGEST_LENGTH 64
#define SHA512_224_DIGEST_LENGTH 28
#define SHA512_256_DIGEST_LENGTH 32
#define SHA256_CBLOCK 64
#define SHA512_CBLOCK 128

typedef struct sha256_ctx_st {
    uint32_t h[8];
    uint64_t total;            /* bytes absorbed */
    uint8_t buf[SHA256_CBLOCK];
    size_t num;                /* bytes in buf */
    size_t md_len;             /* 28 or 32 */
} SHA256_CTX;

typedef struct sha512_ctx_st {
    uint64_t h[8];
    uint64_t total_lo, total_hi; /* bytes absorbed, 128-bit */
    uint8_t buf[SHA512_CBLOCK];
    size_t num;
    size_t md_len;             /* 28, 32, 48 or 64 */
} SHA512_CTX;

void SHA224_Init(SHA256_CTX *c);
void SHA256_Init(SHA256_CTX *c);
void SHA256_Update(SHA256_CTX *c, const uint8_t *data, size_t len);
void SHA256_Final(uint8_t *md, SHA256_CTX *c);   /* md_len bytes; wipes c */

void SHA384_Init(SHA512_CTX *c);
void SHA512_Init(SHA512_CTX *c);
void SHA512_224_Init(SHA512_CTX *c);
void SHA512_256_Init(SHA512_CTX *c);
void SHA512_Update(SHA512_CTX *c, const uint8_t *data, size_t len);
void SHA512_Final(uint8_t *md, SHA512_CTX *c);   /* md_len bytes; wipes c */

/* One-shot: md receives the digest of the named function. */
void SHA224(const uint8_t *d, size_t n, uint8_t *md);
void SHA256(const uint8_t *d, size_t n, uint8_t *md);
void SHA384(const uint8_t *d, size_t n, uint8_t *md);
void SHA512(const uint8_t *d, size_t n, uint8_t *md);
void SHA512_224(const uint8_t *d, size_t n, uint8_t *md);
void SHA512_256(const uint8_t *d, size_t n, uint8_t *md);

#endif /* MLDSA_INTERNAL_SHA2_H */
