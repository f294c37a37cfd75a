/*
 * The message representative mu = H(tr || M', 64) (FIPS 204 Algorithm 7,
 * line 6, and Algorithm 8, line 7) for the three ways of forming M':
 * pure ML-DSA (Algorithm 2, line 10: 0 || |ctx| || ctx || M), HashML-DSA
 * (Algorithm 4, lines 18 - 23: 1 || |ctx| || ctx || OID || PH(M)), and the
 * internal interface (M' given), plus the streaming MLDSA_MU_CTX.
 */
#include <stdlib.h>
#include "internal/cleanse.h"
#include "internal/sha3.h"
#include "internal/sha3_mb.h"
#include "ml_dsa_local.h"

/* M' domain separators (FIPS 204 Algorithms 2 and 4). */
#define MPRIME_PURE 0
#define MPRIME_PREHASH 1

/*
 * DER encodings of the hash OIDs (2.16.840.1.101.3.4.2.n, NIST hashAlgs):
 * 06 09 60 86 48 01 65 03 04 02 n, in the order of mldsa_hash.
 */
#define HASH_OID_BYTES 11
#define HASH_OID(n) { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, n }
static const uint8_t hash_oids[][HASH_OID_BYTES] = {
    HASH_OID(0x04),  /* MLDSA_SHA2_224 */
    HASH_OID(0x01),  /* MLDSA_SHA2_256 */
    HASH_OID(0x02),  /* MLDSA_SHA2_384 */
    HASH_OID(0x03),  /* MLDSA_SHA2_512 */
    HASH_OID(0x05),  /* MLDSA_SHA2_512_224 */
    HASH_OID(0x06),  /* MLDSA_SHA2_512_256 */
    HASH_OID(0x07),  /* MLDSA_SHA3_224 */
    HASH_OID(0x08),  /* MLDSA_SHA3_256 */
    HASH_OID(0x09),  /* MLDSA_SHA3_384 */
    HASH_OID(0x0a),  /* MLDSA_SHA3_512 */
    HASH_OID(0x0b),  /* MLDSA_SHAKE128 */
    HASH_OID(0x0c),  /* MLDSA_SHAKE256 */
};
#define HASH_COUNT (sizeof(hash_oids) / sizeof(hash_oids[0]))

/* A streaming mu; finished once mu has been written (it then refuses use). */
struct mldsa_mu_ctx_st {
    KECCAK1600_CTX h;
    int finished;
};

/*
 * Checks shared by every function taking a message and a context:
 * MLDSA_ERR_NULL for a NULL pointer with a non-zero length,
 * MLDSA_ERR_CONTEXT_LENGTH for a context over 255 bytes.
 */
int ossl_ml_dsa_check_message(const uint8_t *msg, size_t msglen,
                              const uint8_t *ctx, size_t ctxlen)
{
    if ((msg == NULL && msglen != 0) || (ctx == NULL && ctxlen != 0))
        return MLDSA_ERR_NULL;
    if (ctxlen > MLDSA_MAX_CONTEXT_BYTES)
        return MLDSA_ERR_CONTEXT_LENGTH;
    return MLDSA_OK;
}

/* sep || IntegerToBytes(|ctx|, 1), M''s first two bytes; ctxlen <= 255. */
static void mu_head(uint8_t head[2], uint8_t sep, size_t ctxlen)
{
    head[0] = sep;
    head[1] = (uint8_t)ctxlen;
}

/* M' of pure ML-DSA (FIPS 204 Algorithm 2, line 10): 0 || |ctx| || ctx
 * || M; arguments checked. */
void ossl_ml_dsa_mprime_pure(ML_DSA_MPRIME *m, const uint8_t *msg,
                             size_t msglen, const uint8_t *ctx, size_t ctxlen)
{
    m->framed = 1;
    mu_head(m->head, MPRIME_PURE, ctxlen);
    m->ctx = ctx;
    m->ctxlen = ctxlen;
    m->oid = NULL;
    m->msg = msg;
    m->msglen = msglen;
}

/*
 * Checks of a HashML-DSA digest: MLDSA_ERR_HASH for an unknown hash,
 * MLDSA_ERR_DIGEST_LENGTH when digestlen is not the hash's output length
 * (mldsa_digest_bytes).
 */
int ossl_ml_dsa_check_digest(mldsa_hash hash, size_t digestlen)
{
    size_t want;

    if ((unsigned int)hash >= HASH_COUNT
        || (want = mldsa_digest_bytes(hash)) == 0)
        return MLDSA_ERR_HASH;
    if (digestlen != want)
        return MLDSA_ERR_DIGEST_LENGTH;
    return MLDSA_OK;
}

/*
 * M' of HashML-DSA (FIPS 204 Algorithm 4, lines 18 - 23): 1 || |ctx| ||
 * ctx || OID || PH(M), after ossl_ml_dsa_check_digest's checks (their
 * error otherwise); msg/ctx NULL checks done.
 */
int ossl_ml_dsa_mprime_prehash(ML_DSA_MPRIME *m, mldsa_hash hash,
                               const uint8_t *digest, size_t digestlen,
                               const uint8_t *ctx, size_t ctxlen)
{
    int ret;

    if ((ret = ossl_ml_dsa_check_digest(hash, digestlen)) != MLDSA_OK)
        return ret;
    m->framed = 1;
    mu_head(m->head, MPRIME_PREHASH, ctxlen);
    m->ctx = ctx;
    m->ctxlen = ctxlen;
    m->oid = hash_oids[hash];
    m->msg = digest;
    m->msglen = digestlen;
    return MLDSA_OK;
}

/* M' given whole (the internal interface, FIPS 204 Algorithms 7 and 8). */
void ossl_ml_dsa_mprime_internal(ML_DSA_MPRIME *m, const uint8_t *mprime,
                                 size_t mprimelen)
{
    m->framed = 0;
    m->ctx = m->oid = NULL;
    m->ctxlen = 0;
    m->msg = mprime;
    m->msglen = mprimelen;
}

/*
 * Make job mu = H(tr || M', 64) (FIPS 204 Algorithm 7 line 6, Algorithm
 * 8 line 7), mu written to mu when it has run: a SHAKE256 job reading tr
 * and M''s pieces in place (m, tr and what they point to stay the
 * caller's until it is done).
 */
void ossl_ml_dsa_mu_job(SHA3_MB_JOB *job, uint8_t mu[64], const uint8_t tr[64],
                        const ML_DSA_MPRIME *m)
{
    SHA3_mb_job_init(job, SHAKE256_RATE);
    SHA3_mb_job_absorb(job, tr, ML_DSA_TR_BYTES);
    if (m->framed) {
        SHA3_mb_job_absorb(job, m->head, sizeof(m->head));
        SHA3_mb_job_absorb(job, m->ctx, m->ctxlen);
    }
    if (m->oid != NULL)
        SHA3_mb_job_absorb(job, m->oid, HASH_OID_BYTES);
    SHA3_mb_job_absorb(job, m->msg, m->msglen);
    SHA3_mb_job_final(job);
    SHA3_mb_job_squeeze(job, mu, ML_DSA_MU_BYTES);
}

/* mu = H(tr || M', 64) at once, with the scalar Keccak. */
void ossl_ml_dsa_mu(uint8_t mu[64], const uint8_t tr[64],
                    const ML_DSA_MPRIME *m)
{
    SHA3_MB_SCHED sched;
    SHA3_MB_JOB job;

    SHA3_mb_init(&sched, &SHA3_mb_kernel_scalar);
    ossl_ml_dsa_mu_job(&job, mu, tr, m);
    SHA3_mb_submit(&sched, &job);
    SHA3_mb_flush(&sched, &job);
    SHA3_mb_job_cleanse(&job);
    SHA3_mb_cleanse(&sched);
}

/* Start the streaming H(tr || 0 || |ctx| || ctx ...) of pure ML-DSA. */
static void mu_start(KECCAK1600_CTX *h, const uint8_t tr[64],
                     const uint8_t *ctx, size_t ctxlen)
{
    uint8_t head[2];

    mu_head(head, MPRIME_PURE, ctxlen);
    SHA3_shake256_init(h);
    SHA3_absorb(h, tr, ML_DSA_TR_BYTES);
    SHA3_absorb(h, head, sizeof(head));
    if (ctxlen != 0)
        SHA3_absorb(h, ctx, ctxlen);
}

/* Squeeze the 64 bytes of mu and wipe the state. */
static void mu_finish(KECCAK1600_CTX *h, uint8_t mu[64])
{
    SHA3_squeeze(h, mu, ML_DSA_MU_BYTES);
    SHA3_cleanse(h);
}

/*
 * External mu from an encoded public key: tr = H(pk, 64) (FIPS 204
 * Algorithm 6 line 8), then mu as pure ML-DSA.  No key object needed.
 */
int mldsa_compute_mu(mldsa_param param, uint8_t mu[64], const uint8_t *pk,
                     const uint8_t *msg, size_t msglen, const uint8_t *ctx,
                     size_t ctxlen)
{
    const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(param);
    uint8_t tr[ML_DSA_TR_BYTES];
    ML_DSA_MPRIME m;
    int ret;

    if (p == NULL)
        return MLDSA_ERR_PARAM;
    if (mu == NULL || pk == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    SHA3_shake256(tr, sizeof(tr), pk, p->pk_bytes);
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    ossl_ml_dsa_mu(mu, tr, &m);
    return MLDSA_OK;
}

/* External mu with the key's tr (pure ML-DSA). */
int mldsa_key_compute_mu(const MLDSA_KEY *key, uint8_t mu[64],
                         const uint8_t *msg, size_t msglen,
                         const uint8_t *ctx, size_t ctxlen)
{
    ML_DSA_MPRIME m;
    int ret;

    if (key == NULL || mu == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(msg, msglen, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    ossl_ml_dsa_mprime_pure(&m, msg, msglen, ctx, ctxlen);
    ossl_ml_dsa_mu(mu, key->tr, &m);
    return MLDSA_OK;
}

/* Start a streaming mu for pure ML-DSA with the key's tr and ctx. */
int mldsa_mu_new(MLDSA_MU_CTX **out, const MLDSA_KEY *key,
                 const uint8_t *ctx, size_t ctxlen)
{
    MLDSA_MU_CTX *mctx;
    int ret;

    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (key == NULL)
        return MLDSA_ERR_NULL;
    if ((ret = ossl_ml_dsa_check_message(NULL, 0, ctx, ctxlen)) != MLDSA_OK)
        return ret;
    mctx = malloc(sizeof(*mctx));
    if (mctx == NULL)
        return MLDSA_ERR_MEMORY;
    mu_start(&mctx->h, key->tr, ctx, ctxlen);
    mctx->finished = 0;
    *out = mctx;
    return MLDSA_OK;
}

/*
 * Absorb the next piece of the message.  A finished context has no mu in
 * progress any more (MLDSA_ERR_FINISHED).
 */
int mldsa_mu_update(MLDSA_MU_CTX *mctx, const uint8_t *msg, size_t msglen)
{
    if (mctx == NULL || (msg == NULL && msglen != 0))
        return MLDSA_ERR_NULL;
    if (mctx->finished)
        return MLDSA_ERR_FINISHED;
    if (msglen != 0)
        SHA3_absorb(&mctx->h, msg, msglen);
    return MLDSA_OK;
}

/* Write mu; the context can then only be freed (MLDSA_ERR_FINISHED as above). */
int mldsa_mu_final(MLDSA_MU_CTX *mctx, uint8_t mu[64])
{
    if (mctx == NULL || mu == NULL)
        return MLDSA_ERR_NULL;
    if (mctx->finished)
        return MLDSA_ERR_FINISHED;
    mu_finish(&mctx->h, mu);
    mctx->finished = 1;
    return MLDSA_OK;
}

/* Copy a streaming mu context in its current state (NULL *out on failure). */
int mldsa_mu_dup(MLDSA_MU_CTX **out, const MLDSA_MU_CTX *mctx)
{
    MLDSA_MU_CTX *copy;

    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (mctx == NULL)
        return MLDSA_ERR_NULL;
    if (mctx->finished)
        return MLDSA_ERR_FINISHED;
    if ((copy = malloc(sizeof(*copy))) == NULL)
        return MLDSA_ERR_MEMORY;
    *copy = *mctx;
    *out = copy;
    return MLDSA_OK;
}

/* Wipe and free a streaming mu context (NULL is fine). */
void mldsa_mu_free(MLDSA_MU_CTX *mctx)
{
    if (mctx == NULL)
        return;
    ossl_cleanse(mctx, sizeof(*mctx));
    free(mctx);
}
