/*
 * The public digest functions of include/mldsa.h: the twelve hash
 * functions HashML-DSA accepts (FIPS 204 section 5.4), one-shot and
 * incremental.  SHAKE128 and SHAKE256 give the output lengths FIPS 204
 * Algorithm 4 uses for them: 256 and 512 bits.
 */
#include <stdlib.h>
#include "mldsa.h"
#include "internal/cleanse.h"
#include "internal/sha2.h"
#include "internal/sha3.h"

#define MLDSA_HASH_COUNT (MLDSA_SHAKE256 + 1)
#define SHAKE128_DIGEST_LENGTH 32
#define SHAKE256_DIGEST_LENGTH 64

/* Which engine a hash id runs on. */
typedef enum { ENGINE_SHA256, ENGINE_SHA512, ENGINE_KECCAK } DIGEST_ENGINE;

/*
 * A digest in progress: a tagged union over the three engines.  hash is
 * set to MLDSA_HASH_COUNT once the digest has been written, so that a
 * finished context refuses further use.
 */
struct mldsa_digest_ctx_st {
    mldsa_hash hash;
    union {
        SHA256_CTX sha256;
        SHA512_CTX sha512;
        KECCAK1600_CTX keccak;
    } u;
};

/* Digest length of each hash id, in mldsa_hash order. */
static const size_t digest_length[MLDSA_HASH_COUNT] = {
    SHA224_DIGEST_LENGTH, SHA256_DIGEST_LENGTH, SHA384_DIGEST_LENGTH,
    SHA512_DIGEST_LENGTH, SHA512_224_DIGEST_LENGTH, SHA512_256_DIGEST_LENGTH,
    224 / 8, 256 / 8, 384 / 8, 512 / 8,
    SHAKE128_DIGEST_LENGTH, SHAKE256_DIGEST_LENGTH
};

static int hash_is_known(mldsa_hash hash)
{
    return (unsigned int)hash < MLDSA_HASH_COUNT;
}

static DIGEST_ENGINE engine_of(mldsa_hash hash)
{
    if (hash == MLDSA_SHA2_224 || hash == MLDSA_SHA2_256)
        return ENGINE_SHA256;
    if (hash <= MLDSA_SHA2_512_256)
        return ENGINE_SHA512;
    return ENGINE_KECCAK;
}

/* Length in bytes of the digest HashML-DSA uses for hash; 0 if unknown. */
size_t mldsa_digest_bytes(mldsa_hash hash)
{
    return hash_is_known(hash) ? digest_length[hash] : 0;
}

/* Start the digest of a known hash id. */
static void digest_init(MLDSA_DIGEST_CTX *dctx, mldsa_hash hash)
{
    dctx->hash = hash;
    switch (hash) {
    case MLDSA_SHA2_224:
        SHA224_Init(&dctx->u.sha256);
        break;
    case MLDSA_SHA2_256:
        SHA256_Init(&dctx->u.sha256);
        break;
    case MLDSA_SHA2_384:
        SHA384_Init(&dctx->u.sha512);
        break;
    case MLDSA_SHA2_512:
        SHA512_Init(&dctx->u.sha512);
        break;
    case MLDSA_SHA2_512_224:
        SHA512_224_Init(&dctx->u.sha512);
        break;
    case MLDSA_SHA2_512_256:
        SHA512_256_Init(&dctx->u.sha512);
        break;
    case MLDSA_SHAKE128:
        SHA3_shake128_init(&dctx->u.keccak);
        break;
    case MLDSA_SHAKE256:
        SHA3_shake256_init(&dctx->u.keccak);
        break;
    default: /* SHA3-224 .. SHA3-512 */
        SHA3_sha3_init(&dctx->u.keccak, 8 * digest_length[hash]);
        break;
    }
}

static void digest_update(MLDSA_DIGEST_CTX *dctx, const uint8_t *msg,
                          size_t msglen)
{
    switch (engine_of(dctx->hash)) {
    case ENGINE_SHA256:
        SHA256_Update(&dctx->u.sha256, msg, msglen);
        break;
    case ENGINE_SHA512:
        SHA512_Update(&dctx->u.sha512, msg, msglen);
        break;
    case ENGINE_KECCAK:
        SHA3_absorb(&dctx->u.keccak, msg, msglen);
        break;
    }
}

/* Write the digest and its length, wipe the engine state, mark dctx finished. */
static void digest_final(MLDSA_DIGEST_CTX *dctx, uint8_t *out, size_t *outlen)
{
    size_t len = digest_length[dctx->hash];

    switch (engine_of(dctx->hash)) {
    case ENGINE_SHA256:
        SHA256_Final(out, &dctx->u.sha256);
        break;
    case ENGINE_SHA512:
        SHA512_Final(out, &dctx->u.sha512);
        break;
    case ENGINE_KECCAK:
        SHA3_squeeze(&dctx->u.keccak, out, len);
        SHA3_cleanse(&dctx->u.keccak);
        break;
    }
    *outlen = len;
    dctx->hash = MLDSA_HASH_COUNT;
}

/*
 * Digest of msg under hash, into out (room for MLDSA_MAX_DIGEST_BYTES);
 * *outlen receives mldsa_digest_bytes(hash).
 */
int mldsa_digest(mldsa_hash hash, uint8_t *out, size_t *outlen,
                 const uint8_t *msg, size_t msglen)
{
    MLDSA_DIGEST_CTX dctx;

    if (!hash_is_known(hash))
        return MLDSA_ERR_HASH;
    if (out == NULL || outlen == NULL || (msg == NULL && msglen != 0))
        return MLDSA_ERR_NULL;
    digest_init(&dctx, hash);
    digest_update(&dctx, msg, msglen);
    digest_final(&dctx, out, outlen);
    return MLDSA_OK;
}

/* A new incremental digest context for hash, in *out (NULL on failure). */
int mldsa_digest_new(MLDSA_DIGEST_CTX **out, mldsa_hash hash)
{
    MLDSA_DIGEST_CTX *dctx;

    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (!hash_is_known(hash))
        return MLDSA_ERR_HASH;
    dctx = malloc(sizeof(*dctx));
    if (dctx == NULL)
        return MLDSA_ERR_MEMORY;
    digest_init(dctx, hash);
    *out = dctx;
    return MLDSA_OK;
}

/* Hash msglen more bytes; MLDSA_ERR_FINISHED once the digest has been written. */
int mldsa_digest_update(MLDSA_DIGEST_CTX *dctx, const uint8_t *msg,
                        size_t msglen)
{
    if (dctx == NULL || (msg == NULL && msglen != 0))
        return MLDSA_ERR_NULL;
    if (!hash_is_known(dctx->hash))
        return MLDSA_ERR_FINISHED;
    digest_update(dctx, msg, msglen);
    return MLDSA_OK;
}

/* Write the digest and its length; the context can then only be freed. */
int mldsa_digest_final(MLDSA_DIGEST_CTX *dctx, uint8_t *out, size_t *outlen)
{
    if (dctx == NULL || out == NULL || outlen == NULL)
        return MLDSA_ERR_NULL;
    if (!hash_is_known(dctx->hash))
        return MLDSA_ERR_FINISHED;
    digest_final(dctx, out, outlen);
    return MLDSA_OK;
}

/* Wipe and free a context; NULL is ignored. */
void mldsa_digest_free(MLDSA_DIGEST_CTX *dctx)
{
    if (dctx == NULL)
        return;
    ossl_cleanse(dctx, sizeof(*dctx));
    free(dctx);
}
