/*
 * Encoders (OSSL_OP_ENCODER): SubjectPublicKeyInfo (RFC 5280 section
 * 4.1.2.7, RFC 9881 section 4), PrivateKeyInfo (RFC 5958 OneAsymmetricKey
 * holding the privateKey CHOICE of RFC 9881 section 6, in the first form of
 * ml-dsa.output_formats the key has: the encoder's parameter of that name,
 * or the provider's setting; with neither, seed-only, then priv-only) and
 * EncryptedPrivateKeyInfo (RFC 5958 section 3), as DER or PEM.  The keys
 * are written by the library; the encryption is OpenSSL's own
 * (PKCS8_encrypt_ex: PBES2 with the cipher the application names, its
 * default PBKDF2), which is what `openssl pkey -aes256` asks for: a
 * PrivateKeyInfo encoder given a cipher writes the encrypted form, as
 * OpenSSL's encoders do.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include "prov_local.h"

typedef enum { ENC_SPKI, ENC_PKI, ENC_EPKI } ENC_STRUCTURE;

typedef struct {
    const PROV_CTX *provctx;
    EVP_CIPHER *cipher;        /* set: the private key is written encrypted */
    /* the encoder's "ml-dsa.output_formats" (n_forms 0: the provider's) */
    PROV_FORM forms[PROV_FORM_COUNT];
    size_t n_forms;
} ENC_CTX;

/* The encoder parameter that overrides the provider's setting of that name. */
#define ENC_PARAM_OUTPUT_FORMATS "ml-dsa.output_formats"

/* The longest passphrase taken from the application's callback. */
#define PASSPHRASE_MAX 1024

static OSSL_FUNC_encoder_newctx_fn enc_newctx;
static OSSL_FUNC_encoder_freectx_fn enc_freectx;
static OSSL_FUNC_encoder_set_ctx_params_fn enc_set_ctx_params;
static OSSL_FUNC_encoder_settable_ctx_params_fn enc_settable_ctx_params;

static void *enc_newctx(void *provctx)
{
    ENC_CTX *ctx;

    if ((ctx = calloc(1, sizeof(*ctx))) == NULL) {
        PROV_RAISE(provctx, PROV_R_MEMORY, "encoder");
        return NULL;
    }
    ctx->provctx = provctx;
    return ctx;
}

static void enc_freectx(void *vctx)
{
    ENC_CTX *ctx = vctx;

    if (ctx == NULL)
        return;
    EVP_CIPHER_free(ctx->cipher);
    free(ctx);
}

/*
 * "ml-dsa.output_formats" (the private key forms to write, first fitting one
 * wins, as the provider's setting of that name), "cipher" (a name; empty for
 * none) and "properties" to fetch it with.
 */
static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    ENC_CTX *ctx = vctx;
    const OSSL_PARAM *p;
    const char *name = NULL, *props = NULL, *forms;
    char err[128];

    if ((p = OSSL_PARAM_locate_const(params, ENC_PARAM_OUTPUT_FORMATS)) != NULL) {
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &forms)
            || !ossl_prov_parse_forms(err, sizeof(err), ENC_PARAM_OUTPUT_FORMATS, forms,
                                      ctx->forms, &ctx->n_forms)) {
            ctx->n_forms = 0;
            PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "encoder: %s",
                       p->data_type == OSSL_PARAM_UTF8_STRING ? err : "not a string");
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES)) != NULL
        && !OSSL_PARAM_get_utf8_string_ptr(p, &props))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER)) == NULL)
        return 1;
    if (p->data != NULL && !OSSL_PARAM_get_utf8_string_ptr(p, &name))
        return 0;
    EVP_CIPHER_free(ctx->cipher);
    ctx->cipher = NULL;
    if (name == NULL || name[0] == '\0')
        return 1;
    if ((ctx->cipher = EVP_CIPHER_fetch(ctx->provctx->libctx, name, props)) == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "no cipher '%s'", name);
        return 0;
    }
    return 1;
}

static const OSSL_PARAM *enc_settable_ctx_params(void *provctx)
{
    static const OSSL_PARAM settable[] = {
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_utf8_string(ENC_PARAM_OUTPUT_FORMATS, NULL, 0),
        OSSL_PARAM_END
    };

    (void)provctx;
    return settable;
}

/* The library's encoder of the public or private key, DER or PEM; with
 * out NULL, the length only (the mldsa.h encoder convention). */
static int key_to(const PROV_KEY *pkey, int secret, int pem, mldsa_key_format format,
                  uint8_t *out, size_t *outlen)
{
    if (secret)
        return pem ? mldsa_key_to_private_pem(pkey->key, format, (char *)out, outlen)
                   : mldsa_key_to_private_der(pkey->key, format, out, outlen);
    return pem ? mldsa_key_to_public_pem(pkey->key, (char *)out, outlen)
               : mldsa_key_to_public_der(pkey->key, out, outlen);
}

/*
 * The key's SubjectPublicKeyInfo, or its PrivateKeyInfo in the first form of
 * ctx's ml-dsa.output_formats (the provider's, unless the encoder was given
 * its own) it has, in a new buffer (cleansed before it is freed).
 */
static int key_encoding(const ENC_CTX *ctx, const PROV_KEY *pkey, int secret, int pem,
                        uint8_t **buf, size_t *len)
{
    mldsa_key_format format = MLDSA_KEY_FORMAT_SEED;
    int ret;

    *buf = NULL;
    *len = 0;
    if (secret && !ossl_prov_output_format(pkey, ctx->n_forms > 0 ? ctx->forms : NULL,
                                           ctx->n_forms, &format))
        return 0;
    if ((ret = key_to(pkey, secret, pem, format, NULL, len)) != MLDSA_OK
        || (*buf = malloc(*len)) == NULL
        || (ret = key_to(pkey, secret, pem, format, *buf, len)) != MLDSA_OK) {
        PROV_RAISE(pkey->provctx, PROV_R_ENCODE_FAILED, "%s: %s", pkey->alg->name,
                   *buf == NULL ? "out of memory" : mldsa_strerror(ret));
        free(*buf);
        *buf = NULL;
        return 0;
    }
    return 1;
}

/*
 * EncryptedPrivateKeyInfo of pkey under the passphrase the application's
 * callback gives: PKCS8_encrypt_ex with ctx's cipher.  NULL on failure.
 */
static X509_SIG *encrypt_private(const ENC_CTX *ctx, const PROV_KEY *pkey,
                                 OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    static const OSSL_PARAM no_params[] = { OSSL_PARAM_END };
    PKCS8_PRIV_KEY_INFO *p8inf = NULL;
    X509_SIG *p8 = NULL;
    char pass[PASSPHRASE_MAX];
    size_t passlen = 0, derlen = 0;
    uint8_t *der = NULL;
    const unsigned char *p;

    if (ctx->cipher == NULL) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_PARAMETER, "%s: no cipher to encrypt with",
                   pkey->alg->name);
        return NULL;
    }
    if (cb == NULL || !cb(pass, sizeof(pass), &passlen, no_params, cbarg)) {
        PROV_RAISE(ctx->provctx, PROV_R_PASSPHRASE, "%s", pkey->alg->name);
        goto end;
    }
    if (!key_encoding(ctx, pkey, 1, 0, &der, &derlen))
        goto end;
    p = der;
    if ((p8inf = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)derlen)) == NULL
        || (p8 = PKCS8_encrypt_ex(-1, ctx->cipher, pass, (int)passlen, NULL, 0, 0,
                                  p8inf, ctx->provctx->libctx, NULL)) == NULL)
        PROV_RAISE(ctx->provctx, PROV_R_ENCODE_FAILED, "%s: PKCS#8 encryption failed",
                   pkey->alg->name);
 end:
    PKCS8_PRIV_KEY_INFO_free(p8inf);   /* cleanses the key it holds */
    if (der != NULL)
        mldsa_cleanse(der, derlen);
    free(der);
    mldsa_cleanse(pass, sizeof(pass));
    return p8;
}

/* Write an EncryptedPrivateKeyInfo as DER or PEM ("ENCRYPTED PRIVATE KEY"). */
static int write_encrypted(const ENC_CTX *ctx, OSSL_CORE_BIO *out, X509_SIG *p8, int pem)
{
    unsigned char *der = NULL;
    char *text;
    BIO *mem = NULL;
    long textlen;
    int len, ok = 0;

    if (pem) {
        if ((mem = BIO_new(BIO_s_mem())) != NULL && PEM_write_bio_PKCS8(mem, p8)
            && (textlen = BIO_get_mem_data(mem, &text)) > 0)
            ok = ossl_prov_bio_write(ctx->provctx, out, text, (size_t)textlen);
    } else if ((len = i2d_X509_SIG(p8, &der)) > 0) {
        ok = ossl_prov_bio_write(ctx->provctx, out, der, (size_t)len);
    }
    BIO_free(mem);
    OPENSSL_free(der);
    return ok;
}

/* Encode the key in structure, DER or PEM. */
static int encode(ENC_CTX *ctx, OSSL_CORE_BIO *out, const void *obj_raw,
                  ENC_STRUCTURE structure, int pem, OSSL_PASSPHRASE_CALLBACK *cb,
                  void *cbarg)
{
    const PROV_KEY *pkey = obj_raw;
    X509_SIG *p8;
    uint8_t *buf;
    size_t len;
    int ok, secret = structure != ENC_SPKI;

    if (pkey == NULL || pkey->key == NULL
        || (secret && !mldsa_key_has_secret(pkey->key))) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_KEY, "%s",
                   secret ? "no private key to encode" : "no key to encode");
        return 0;
    }
    if (structure == ENC_EPKI || (structure == ENC_PKI && ctx->cipher != NULL)) {
        if ((p8 = encrypt_private(ctx, pkey, cb, cbarg)) == NULL)
            return 0;
        ok = write_encrypted(ctx, out, p8, pem);
        X509_SIG_free(p8);
        return ok;
    }
    if (!key_encoding(ctx, pkey, secret, pem, &buf, &len))
        return 0;
    ok = ossl_prov_bio_write(ctx->provctx, out, buf, len);
    mldsa_cleanse(buf, len);
    free(buf);
    return ok;
}

/* Which parts each structure writes: the public key, or the private key. */
static int does_public(void *provctx, int selection)
{
    (void)provctx;
    return (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
}

static int does_private(void *provctx, int selection)
{
    (void)provctx;
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
}

#define ENCODER(kind, structure, pem, does)                                    \
    static OSSL_FUNC_encoder_encode_fn encode_##kind;                          \
    static int encode_##kind(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw, \
                             const OSSL_PARAM obj_abstract[], int selection,   \
                             OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)        \
    {                                                                          \
        (void)obj_abstract;                                                    \
        (void)selection;                                                       \
        return encode(vctx, out, obj_raw, structure, pem, cb, cbarg);          \
    }                                                                          \
    const OSSL_DISPATCH ossl_prov_##kind##_encoder_functions[] = {             \
        { OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))enc_newctx },              \
        { OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))enc_freectx },            \
        { OSSL_FUNC_ENCODER_SET_CTX_PARAMS, (void (*)(void))enc_set_ctx_params }, \
        { OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, (void (*)(void))enc_settable_ctx_params }, \
        { OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does },            \
        { OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))encode_##kind },           \
        { 0, NULL }                                                            \
    }

ENCODER(spki_der, ENC_SPKI, 0, does_public);
ENCODER(spki_pem, ENC_SPKI, 1, does_public);
ENCODER(pki_der, ENC_PKI, 0, does_private);
ENCODER(pki_pem, ENC_PKI, 1, does_private);
ENCODER(epki_der, ENC_EPKI, 0, does_private);
ENCODER(epki_pem, ENC_EPKI, 1, does_private);
