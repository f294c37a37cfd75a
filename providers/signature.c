/*
 * Signatures (OSSL_OP_SIGNATURE): ML-DSA.Sign and ML-DSA.Verify (FIPS 204
 * Algorithms 2 and 3) of a whole message, through EVP_DigestSign* and
 * EVP_DigestVerify* with no digest (one-shot, or streamed: the message
 * representative mu is absorbed as the message arrives), through
 * EVP_PKEY_sign / EVP_PKEY_verify, whose input is then the message itself,
 * and through the message-signing calls where OpenSSL's headers have them
 * (3.4 and later).  OpenSSL 3.5's parameters: "context-string" (0 - 255
 * bytes), "deterministic", "message-encoding" (1: pure, the default; 0: raw,
 * the input is M' of the internal interface, Algorithms 7 and 8), "mu" (the
 * input is mu itself), "test-entropy" (rnd), and "algorithm-id", the
 * AlgorithmIdentifier X.509 and CMS write.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "prov_local.h"

/* Names OpenSSL 3.0's headers do not have yet (3.5's core_names.h). */
#define PARAM_CONTEXT_STRING "context-string"
#define PARAM_TEST_ENTROPY "test-entropy"
#define PARAM_DETERMINISTIC "deterministic"
#define PARAM_MESSAGE_ENCODING "message-encoding"
#define PARAM_MU "mu"
#define PARAM_SIGNATURE "signature"
#define MESSAGE_ENCODING_RAW 0
#define MESSAGE_ENCODING_PURE 1

typedef enum { OP_NONE, OP_SIGN, OP_VERIFY } SIG_OP;

typedef struct {
    const PROV_CTX *provctx;
    const PROV_ALG *alg;         /* the algorithm fetched: keys must be of it */
    PROV_KEY *key;               /* one reference held */
    SIG_OP op;
    uint8_t context[MLDSA_MAX_CONTEXT_BYTES];
    size_t contextlen;
    uint8_t entropy[MLDSA_RND_BYTES];
    int has_entropy;
    int deterministic;
    int encoding;
    int mu;                      /* the input is mu */
    MLDSA_MU_CTX *stream;        /* mu of a message arriving in pieces */
    int finished;                /* its final has been called: init again */
    uint8_t *sig;                /* the signature of verify-message, or NULL */
    size_t siglen;
} SIG_CTX;

static OSSL_FUNC_signature_freectx_fn sig_freectx;
static OSSL_FUNC_signature_dupctx_fn sig_dupctx;
static OSSL_FUNC_signature_sign_init_fn sig_sign_init;
static OSSL_FUNC_signature_sign_fn sig_sign;
static OSSL_FUNC_signature_verify_init_fn sig_verify_init;
static OSSL_FUNC_signature_verify_fn sig_verify;
static OSSL_FUNC_signature_digest_sign_init_fn sig_digest_sign_init;
static OSSL_FUNC_signature_digest_sign_update_fn sig_update;
static OSSL_FUNC_signature_digest_sign_final_fn sig_sign_final;
static OSSL_FUNC_signature_digest_sign_fn sig_digest_sign;
static OSSL_FUNC_signature_digest_verify_init_fn sig_digest_verify_init;
static OSSL_FUNC_signature_digest_verify_final_fn sig_verify_final;
static OSSL_FUNC_signature_digest_verify_fn sig_digest_verify;
static OSSL_FUNC_signature_set_ctx_params_fn sig_set_ctx_params;
static OSSL_FUNC_signature_settable_ctx_params_fn sig_settable_ctx_params;
static OSSL_FUNC_signature_get_ctx_params_fn sig_get_ctx_params;
static OSSL_FUNC_signature_gettable_ctx_params_fn sig_gettable_ctx_params;

/* A signature context for alg (newctx). */
static void *sig_newctx(const PROV_CTX *provctx, const PROV_ALG *alg)
{
    SIG_CTX *ctx;

    if ((ctx = calloc(1, sizeof(*ctx))) == NULL) {
        PROV_RAISE(provctx, PROV_R_MEMORY, "%s signature", alg->name);
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->alg = alg;
    ctx->encoding = MESSAGE_ENCODING_PURE;
    return ctx;
}

/* Forget the message in progress. */
static void stream_reset(SIG_CTX *ctx)
{
    mldsa_mu_free(ctx->stream);
    ctx->stream = NULL;
}

static void sig_freectx(void *vctx)
{
    SIG_CTX *ctx = vctx;

    if (ctx == NULL)
        return;
    stream_reset(ctx);
    ossl_prov_key_free(ctx->key);
    free(ctx->sig);
    mldsa_cleanse(ctx, sizeof(*ctx));
    free(ctx);
}

/* A copy in the same state: the same key, the message so far (mldsa_mu_dup). */
static void *sig_dupctx(void *vctx)
{
    const SIG_CTX *src = vctx;
    SIG_CTX *ctx;

    if ((ctx = malloc(sizeof(*ctx))) == NULL) {
        PROV_RAISE(src->provctx, PROV_R_MEMORY, "%s signature", src->alg->name);
        return NULL;
    }
    *ctx = *src;
    ctx->stream = NULL;
    ctx->sig = NULL;
    if (ctx->key != NULL)
        ossl_prov_key_up_ref(ctx->key);
    if ((src->stream != NULL && mldsa_mu_dup(&ctx->stream, src->stream) != MLDSA_OK)
        || (src->sig != NULL && (ctx->sig = malloc(src->siglen)) == NULL)) {
        PROV_RAISE(src->provctx, PROV_R_MEMORY, "%s signature", src->alg->name);
        sig_freectx(ctx);
        return NULL;
    }
    if (src->sig != NULL)
        memcpy(ctx->sig, src->sig, src->siglen);
    return ctx;
}

/*
 * Start an operation with vkey (or the key already set when NULL): it must
 * be of the algorithm fetched, and have a secret key to sign.
 */
static int sig_init(SIG_CTX *ctx, void *vkey, SIG_OP op, const OSSL_PARAM params[])
{
    PROV_KEY *pkey = vkey;

    if (pkey == NULL)
        pkey = ctx->key;
    if (pkey == NULL || pkey->key == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s: no key", ctx->alg->name);
        return 0;
    }
    if (pkey->alg != ctx->alg) {
        PROV_RAISE(ctx->provctx, PROV_R_WRONG_KEY_TYPE, "%s key for %s",
                   pkey->alg->name, ctx->alg->name);
        return 0;
    }
    if (op == OP_SIGN && !mldsa_key_has_secret(pkey->key)) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s: signing needs a private key",
                   ctx->alg->name);
        return 0;
    }
    if (pkey != ctx->key) {
        ossl_prov_key_up_ref(pkey);
        ossl_prov_key_free(ctx->key);
        ctx->key = pkey;
    }
    ctx->op = op;
    ctx->finished = 0;
    stream_reset(ctx);
    return sig_set_ctx_params(ctx, params);
}

static int sig_sign_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, vkey, OP_SIGN, params);
}

static int sig_verify_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, vkey, OP_VERIFY, params);
}

/*
 * EVP_DigestSignInit: pure ML-DSA signs the message itself, so a digest is
 * refused (as OpenSSL 3.5 refuses it); mandatory-digest tells applications
 * to pass none.
 */
static int sig_digest_sign_init(void *vctx, const char *mdname, void *vkey,
                                const OSSL_PARAM params[])
{
    SIG_CTX *ctx = vctx;

    if (mdname != NULL && mdname[0] != '\0') {
        PROV_RAISE(ctx->provctx, PROV_R_DIGEST_NOT_ALLOWED, "%s with %s",
                   ctx->alg->name, mdname);
        return 0;
    }
    return sig_init(ctx, vkey, OP_SIGN, params);
}

/*
 * EVP_DigestVerifyInit: a digest name is accepted and plays no part.  Pure
 * ML-DSA verifies the data given, so the name cannot change what verifies;
 * OpenSSL 3.0's CMS passes the SignerInfo's digestAlgorithm here (SHA-512
 * for ML-DSA, RFC 9882 section 3.3) while it feeds the signed attributes,
 * which an RFC 9882 signature covers as they are.
 */
static int sig_digest_verify_init(void *vctx, const char *mdname, void *vkey,
                                  const OSSL_PARAM params[])
{
    (void)mdname;
    return sig_init(vctx, vkey, OP_VERIFY, params);
}

/* rnd for signing: test-entropy, 32 zero bytes (deterministic), or NULL
 * (hedged: the library draws fresh OS randomness). */
static const uint8_t *sign_rnd(const SIG_CTX *ctx, uint8_t zero[MLDSA_RND_BYTES])
{
    if (ctx->has_entropy)
        return ctx->entropy;
    if (ctx->deterministic) {
        memset(zero, 0, MLDSA_RND_BYTES);
        return zero;
    }
    return NULL;
}

/*
 * The size query (sig NULL) and the room check of every signing call:
 * 1 when sig may be written, 0 when only the size was asked for or (error
 * raised) the room is short; -1 when the context has no signing key.
 */
static int sign_room(SIG_CTX *ctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    size_t need = mldsa_signature_bytes(ctx->alg->param);

    if (ctx->op != OP_SIGN || ctx->key == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s: not initialised for signing",
                   ctx->alg->name);
        return -1;
    }
    *siglen = need;
    if (sig == NULL)
        return 0;
    if (sigsize < need) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_LENGTH, "%s: room for %zu signature bytes, %zu needed",
                   ctx->alg->name, sigsize, need);
        return -1;
    }
    return 1;
}

/*
 * Sign msg by the message encoding: pure (Algorithm 2 with the context),
 * raw (Algorithm 7 on M' = msg), or mu (Algorithm 7 from line 7, msg being
 * mu); the size alone when sig is NULL.
 */
static int sig_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                    const unsigned char *msg, size_t msglen)
{
    SIG_CTX *ctx = vctx;
    uint8_t zero[MLDSA_RND_BYTES];
    const uint8_t *rnd;
    int room, ret;

    if ((room = sign_room(ctx, sig, siglen, sigsize)) <= 0)
        return room == 0;
    rnd = sign_rnd(ctx, zero);
    if (ctx->mu) {
        if (msglen != MLDSA_MU_BYTES) {
            PROV_RAISE(ctx->provctx, PROV_R_BAD_LENGTH, "%s: mu of %zu bytes, not %d",
                       ctx->alg->name, msglen, MLDSA_MU_BYTES);
            return 0;
        }
        ret = mldsa_key_sign_mu(ctx->key->key, sig, msg, rnd);
    } else if (ctx->encoding == MESSAGE_ENCODING_RAW) {
        ret = mldsa_key_sign_internal(ctx->key->key, sig, msg, msglen, rnd);
    } else {
        ret = mldsa_key_sign(ctx->key->key, sig, msg, msglen, ctx->context,
                             ctx->contextlen, rnd);
    }
    if (ret != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_SIGN_FAILED, "%s: %s", ctx->alg->name,
                   mldsa_strerror(ret));
        return 0;
    }
    return 1;
}

/* A signature that does not verify returns 0 with no error; bad arguments
 * raise one. */
static int verify_result(const SIG_CTX *ctx, int ret)
{
    if (ret == MLDSA_OK)
        return 1;
    if (ret != MLDSA_ERR_VERIFY && ret != MLDSA_ERR_SIG_LENGTH)
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: %s", ctx->alg->name,
                   mldsa_strerror(ret));
    return 0;
}

/* Verify sig over msg by the message encoding (Algorithms 3 and 8). */
static int sig_verify(void *vctx, const unsigned char *sig, size_t siglen,
                      const unsigned char *msg, size_t msglen)
{
    SIG_CTX *ctx = vctx;
    int ret;

    if (ctx->op != OP_VERIFY || ctx->key == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s: not initialised for verifying",
                   ctx->alg->name);
        return 0;
    }
    if (ctx->mu && msglen != MLDSA_MU_BYTES) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_LENGTH, "%s: mu of %zu bytes, not %d",
                   ctx->alg->name, msglen, MLDSA_MU_BYTES);
        return 0;
    }
    if (ctx->mu)
        ret = mldsa_key_verify_mu(ctx->key->key, sig, siglen, msg);
    else if (ctx->encoding == MESSAGE_ENCODING_RAW)
        ret = mldsa_key_verify_internal(ctx->key->key, sig, siglen, msg, msglen);
    else
        ret = mldsa_key_verify(ctx->key->key, sig, siglen, msg, msglen,
                               ctx->context, ctx->contextlen);
    return verify_result(ctx, ret);
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen,
                           size_t sigsize, const unsigned char *tbs, size_t tbslen)
{
    return sig_sign(vctx, sig, siglen, sigsize, tbs, tbslen);
}

static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    return sig_verify(vctx, sig, siglen, tbs, tbslen);
}

/*
 * The next piece of a streamed message: absorbed into mu = H(tr || 0 ||
 * |ctx| || ctx || M) (Algorithm 2 line 10, Algorithm 7 line 6), begun at
 * the first piece with the context then set.  Pure ML-DSA only.
 */
static int sig_update(void *vctx, const unsigned char *data, size_t datalen)
{
    SIG_CTX *ctx = vctx;
    int ret;

    if (ctx->op == OP_NONE || ctx->key == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s: not initialised", ctx->alg->name);
        return 0;
    }
    if (ctx->finished) {
        PROV_RAISE(ctx->provctx, PROV_R_FINISHED,
                   "%s: the message is already signed or verified", ctx->alg->name);
        return 0;
    }
    if (ctx->mu || ctx->encoding != MESSAGE_ENCODING_PURE) {
        PROV_RAISE(ctx->provctx, PROV_R_NOT_SUPPORTED,
                   "%s: a message in pieces is pure ML-DSA only (not raw, not mu)",
                   ctx->alg->name);
        return 0;
    }
    if (ctx->stream == NULL
        && (ret = mldsa_mu_new(&ctx->stream, ctx->key->key, ctx->context,
                               ctx->contextlen)) != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_MEMORY, "%s: %s", ctx->alg->name, mldsa_strerror(ret));
        return 0;
    }
    if ((ret = mldsa_mu_update(ctx->stream, data, datalen)) != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: %s", ctx->alg->name,
                   mldsa_strerror(ret));
        return 0;
    }
    return 1;
}

/*
 * mu of the streamed message (of the empty one when nothing came).  The
 * message ends here: a later update or final is refused until the next
 * init, as OpenSSL's own signatures do (EVP_DigestSignFinal without
 * EVP_MD_CTX_FLAG_FINALISE calls it on a copy, so the message goes on).
 */
static int stream_mu(SIG_CTX *ctx, uint8_t mu[MLDSA_MU_BYTES])
{
    int ret;

    if (ctx->stream == NULL && !sig_update(ctx, NULL, 0))
        return 0;
    ret = mldsa_mu_final(ctx->stream, mu);
    stream_reset(ctx);
    ctx->finished = 1;
    if (ret != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: %s", ctx->alg->name,
                   mldsa_strerror(ret));
        return 0;
    }
    return 1;
}

/* Sign the streamed message: Algorithm 7 from mu. */
static int sig_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    SIG_CTX *ctx = vctx;
    uint8_t mu[MLDSA_MU_BYTES], zero[MLDSA_RND_BYTES];
    int room, ret;

    if ((room = sign_room(ctx, sig, siglen, sigsize)) <= 0)
        return room == 0;
    if (!stream_mu(ctx, mu))
        return 0;
    ret = mldsa_key_sign_mu(ctx->key->key, sig, mu, sign_rnd(ctx, zero));
    mldsa_cleanse(mu, sizeof(mu));
    if (ret != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_SIGN_FAILED, "%s: %s", ctx->alg->name,
                   mldsa_strerror(ret));
        return 0;
    }
    return 1;
}

/* Verify sig over the streamed message: Algorithm 8 from mu. */
static int sig_verify_final(void *vctx, const unsigned char *sig, size_t siglen)
{
    SIG_CTX *ctx = vctx;
    uint8_t mu[MLDSA_MU_BYTES];

    if (ctx->op != OP_VERIFY || !stream_mu(ctx, mu))
        return 0;
    return verify_result(ctx, mldsa_key_verify_mu(ctx->key->key, sig, siglen, mu));
}

/* 1 when p has type (an OSSL_PARAM_* data type); else 0 with the error
 * naming the type it must have (said as what). */
static int param_of_type(SIG_CTX *ctx, const OSSL_PARAM *p, unsigned int type,
                         const char *what)
{
    if (p->data_type == type
        || (type == OSSL_PARAM_INTEGER && p->data_type == OSSL_PARAM_UNSIGNED_INTEGER))
        return 1;
    PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: '%s' must be %s (wrong type)",
               ctx->alg->name, p->key, what);
    return 0;
}

/* A flag parameter (deterministic, mu, message-encoding): 0 or 1. */
static int get_flag(SIG_CTX *ctx, const OSSL_PARAM *p, int *out)
{
    int v;

    if (!param_of_type(ctx, p, OSSL_PARAM_INTEGER, "an integer"))
        return 0;
    if (!OSSL_PARAM_get_int(p, &v) || (v != 0 && v != 1)) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: '%s' must be 0 or 1",
                   ctx->alg->name, p->key);
        return 0;
    }
    *out = v;
    return 1;
}

/* Set OpenSSL 3.5's parameters; the context string only before a streamed
 * message has begun. */
static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    SIG_CTX *ctx = vctx;
    const OSSL_PARAM *p;
    void *buf;
    size_t len = 0;

    if (params == NULL)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, PARAM_CONTEXT_STRING)) != NULL) {
        buf = ctx->context;
        if (ctx->stream != NULL) {
            PROV_RAISE(ctx->provctx, PROV_R_NOT_SUPPORTED,
                       "%s: the context string is set before the message", ctx->alg->name);
            return 0;
        }
        if (!param_of_type(ctx, p, OSSL_PARAM_OCTET_STRING, "an octet string")) {
            ctx->contextlen = 0;
            return 0;
        }
        if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(ctx->context), &len)) {
            ctx->contextlen = 0;
            PROV_RAISE(ctx->provctx, PROV_R_BAD_LENGTH,
                       "%s: a context string of at most %d bytes", ctx->alg->name,
                       MLDSA_MAX_CONTEXT_BYTES);
            return 0;
        }
        ctx->contextlen = len;
    }
    if ((p = OSSL_PARAM_locate_const(params, PARAM_TEST_ENTROPY)) != NULL) {
        buf = ctx->entropy;
        ctx->has_entropy = 0;
        if (!param_of_type(ctx, p, OSSL_PARAM_OCTET_STRING, "an octet string"))
            return 0;
        if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(ctx->entropy), &len)
            || len != sizeof(ctx->entropy)) {
            mldsa_cleanse(ctx->entropy, sizeof(ctx->entropy));
            PROV_RAISE(ctx->provctx, PROV_R_BAD_LENGTH, "%s: test-entropy of %d bytes",
                       ctx->alg->name, MLDSA_RND_BYTES);
            return 0;
        }
        ctx->has_entropy = 1;
    }
    if (((p = OSSL_PARAM_locate_const(params, PARAM_DETERMINISTIC)) != NULL
         && !get_flag(ctx, p, &ctx->deterministic))
        || ((p = OSSL_PARAM_locate_const(params, PARAM_MESSAGE_ENCODING)) != NULL
            && !get_flag(ctx, p, &ctx->encoding))
        || ((p = OSSL_PARAM_locate_const(params, PARAM_MU)) != NULL
            && !get_flag(ctx, p, &ctx->mu)))
        return 0;
#ifdef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
    if ((p = OSSL_PARAM_locate_const(params, PARAM_SIGNATURE)) != NULL) {
        free(ctx->sig);
        ctx->sig = NULL;
        ctx->siglen = 0;
        if (!OSSL_PARAM_get_octet_string(p, (void **)&ctx->sig, 0, &ctx->siglen)) {
            PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: signature", ctx->alg->name);
            return 0;
        }
    }
#endif
    return 1;
}

static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM settable[] = {
        OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
        OSSL_PARAM_octet_string(PARAM_TEST_ENTROPY, NULL, 0),
        OSSL_PARAM_int(PARAM_DETERMINISTIC, NULL),
        OSSL_PARAM_int(PARAM_MESSAGE_ENCODING, NULL),
        OSSL_PARAM_int(PARAM_MU, NULL),
#ifdef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
        OSSL_PARAM_octet_string(PARAM_SIGNATURE, NULL, 0),
#endif
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return settable;
}

/* "algorithm-id": AlgorithmIdentifier { id-ml-dsa-NN } (RFC 9881 section 2). */
static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    SIG_CTX *ctx = vctx;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID)) != NULL
        && !OSSL_PARAM_set_octet_string(p, ctx->alg->alg_id, sizeof(ctx->alg->alg_id)))
        return 0;
    return 1;
}

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return gettable;
}

#ifdef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
/* EVP_PKEY_verify_message_final: the signature came as a parameter. */
static int sig_verify_message_final(void *vctx)
{
    SIG_CTX *ctx = vctx;

    if (ctx->sig == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: no signature set",
                   ctx->alg->name);
        return 0;
    }
    return sig_verify_final(ctx, ctx->sig, ctx->siglen);
}

#define SIG_MESSAGE_FUNCTIONS                                                  \
    { OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT, (void (*)(void))sig_sign_init },   \
    { OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_UPDATE, (void (*)(void))sig_update },    \
    { OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_FINAL, (void (*)(void))sig_sign_final }, \
    { OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT, (void (*)(void))sig_verify_init }, \
    { OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_UPDATE, (void (*)(void))sig_update },  \
    { OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_FINAL, (void (*)(void))sig_verify_message_final },
#else
#define SIG_MESSAGE_FUNCTIONS
#endif

#define SIGNATURE_FUNCTIONS(n)                                                 \
    static OSSL_FUNC_signature_newctx_fn sig_newctx_##n;                       \
    static void *sig_newctx_##n(void *provctx, const char *propq)              \
    {                                                                          \
        (void)propq;                                                           \
        return sig_newctx(provctx, ossl_prov_alg(MLDSA_##n));                  \
    }                                                                          \
    const OSSL_DISPATCH ossl_prov_signature_##n##_functions[] = {              \
        { OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))sig_newctx_##n },        \
        { OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx },          \
        { OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx },            \
        { OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))sig_sign_init },      \
        { OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))sig_sign },                \
        { OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))sig_verify_init },  \
        { OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))sig_verify },            \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_digest_sign_init }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))sig_update }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))sig_sign_final }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))sig_digest_sign },  \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_digest_verify_init }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))sig_update }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))sig_verify_final }, \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))sig_digest_verify }, \
        { OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))sig_set_ctx_params }, \
        { OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))sig_settable_ctx_params }, \
        { OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params }, \
        { OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params }, \
        SIG_MESSAGE_FUNCTIONS                                                  \
        { 0, NULL }                                                            \
    }

SIGNATURE_FUNCTIONS(44);
SIGNATURE_FUNCTIONS(65);
SIGNATURE_FUNCTIONS(87);
