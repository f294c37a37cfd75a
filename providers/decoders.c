/*
 * Decoders (OSSL_OP_DECODER): SubjectPublicKeyInfo and PKCS#8
 * PrivateKeyInfo, DER or PEM, into a key of one parameter set.  An input
 * is claimed when its AlgorithmIdentifier names this set's OID (RFC 9881
 * section 2); everything else is left to the other decoders, quietly.  A
 * claimed input is decoded by the library, with all its checks (strict
 * DER, the key lengths, the seed against the expanded key of the both
 * form, a v2 publicKey against the private key, the expanded key's
 * coefficient ranges, tr and t0), in every form ml-dsa.input_formats
 * enables; a refusal stops the decoding with its reason on the error stack.
 * Each decoder serves the selections OpenSSL's own decoders serve for its
 * structure (selection_served).  Inputs are cleansed once read.  PEM armour
 * is read by libcrypto (PEM_read_bio_ex, into the secure heap); an
 * EncryptedPrivateKeyInfo is decrypted by OpenSSL's own decoders, which then
 * hand the PrivateKeyInfo here.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include "prov_local.h"

/* The largest input read: far above any ML-DSA key file (a PEM OQS pair of
 * ML-DSA-87 is 10 KB). */
#define INPUT_MAX (256 * 1024)
/* The OID's TLV within an AlgorithmIdentifier (its last 11 bytes). */
#define OID_TLV_OFFSET 2
#define OID_TLV_BYTES (PROV_ALG_ID_BYTES - OID_TLV_OFFSET)

typedef enum { DEC_SPKI, DEC_PKI } DEC_STRUCTURE;

static const char *const structure_names[] = { "SubjectPublicKeyInfo", "PrivateKeyInfo" };
static const char *const pem_labels[] = { PEM_STRING_PUBLIC, PEM_STRING_PKCS8INF };

typedef struct {
    const PROV_CTX *provctx;
    const PROV_ALG *alg;
} DEC_CTX;

static OSSL_FUNC_decoder_freectx_fn dec_freectx;
static OSSL_FUNC_decoder_export_object_fn dec_export_object;

static void *dec_newctx(const PROV_CTX *provctx, const PROV_ALG *alg)
{
    DEC_CTX *ctx;

    if ((ctx = calloc(1, sizeof(*ctx))) == NULL) {
        PROV_RAISE(provctx, PROV_R_MEMORY, "%s decoder", alg->name);
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->alg = alg;
    return ctx;
}

static void dec_freectx(void *vctx)
{
    free(vctx);
}

#define TAG_INTEGER 0x02
#define TAG_OCTET_STRING 0x04
#define TAG_SEQUENCE 0x30
#define DER_LONG_LENGTH 0x80
#define DER_MAX_LENGTH_BYTES 4

/*
 * The DER header at p (left bytes there): its tag, its length, and the
 * contents' length, which may run past the input (the library then says
 * so).  0 when it is no definite-length header.
 */
static int der_header(const unsigned char *p, size_t left, int *tag, size_t *hdr,
                      size_t *len)
{
    size_t n;

    if (left < 2)
        return 0;
    *tag = p[0];
    if (p[1] < DER_LONG_LENGTH) {
        *hdr = 2;
        *len = p[1];
        return 1;
    }
    n = p[1] & ~DER_LONG_LENGTH;
    if (n == 0 || n > DER_MAX_LENGTH_BYTES || left < 2 + n)
        return 0;
    *len = 0;
    for (size_t i = 0; i < n; i++)
        *len = (*len << 8) | p[2 + i];
    *hdr = 2 + n;
    return 1;
}

/*
 * Step into (enter: *left becomes the contents' length, cut at the end of
 * the input) or over the TLV of tag at *p: 1, or 0 when it is not one.
 */
static int der_step(const unsigned char **p, size_t *left, int tag, int enter)
{
    size_t hdr, len;
    int got;

    if (!der_header(*p, *left, &got, &hdr, &len) || got != tag)
        return 0;
    if (enter) {
        *p += hdr;
        *left = len < *left - hdr ? len : *left - hdr;
        return 1;
    }
    if (len > *left - hdr)
        return 0;
    *p += hdr + len;
    *left -= hdr + len;
    return 1;
}

/*
 * Whether der is structure's encoding of a key of ctx's parameter set: the
 * OID of its AlgorithmIdentifier is the set's.  For PKCS#8, *priv and
 * *privlen get the privateKey contents (for the form check).
 */
static int claims(const DEC_CTX *ctx, DEC_STRUCTURE structure,
                  const unsigned char *der, size_t derlen,
                  const unsigned char **priv, size_t *privlen)
{
    const unsigned char *p = der, *alg;
    size_t left = derlen, alglen;

    if (!der_step(&p, &left, TAG_SEQUENCE, 1)
        || (structure == DEC_PKI && !der_step(&p, &left, TAG_INTEGER, 0)))
        return 0;
    alg = p;
    alglen = left;
    if (!der_step(&alg, &alglen, TAG_SEQUENCE, 1) || alglen < OID_TLV_BYTES
        || memcmp(alg, ctx->alg->alg_id + OID_TLV_OFFSET, OID_TLV_BYTES) != 0)
        return 0;
    *priv = NULL;
    *privlen = 0;
    if (structure == DEC_PKI && der_step(&p, &left, TAG_SEQUENCE, 0)
        && der_step(&p, &left, TAG_OCTET_STRING, 1)) {
        *priv = p;
        *privlen = left;
    }
    return 1;
}

/*
 * Decode a claimed DER input with the library and pass the key to the core
 * (data_cb, by reference: the keymgmt's load takes it).  0 with the reason
 * raised when the library, or ml-dsa.input_formats, refuses it: the
 * decoding stops there, the reason on the error stack (where OpenSSL 3.0's
 * file store, behind `openssl pkey -in`, drops it with every error of a
 * decoding that found nothing; the API keeps it).
 */
static int decode_claimed(DEC_CTX *ctx, DEC_STRUCTURE structure,
                          const unsigned char *der, size_t derlen,
                          const unsigned char *priv, size_t privlen,
                          OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    int object_type = OSSL_OBJECT_PKEY, form, ret, ok;
    PROV_KEY *pkey = NULL;
    MLDSA_KEY *key = NULL;
    OSSL_PARAM params[5];

    if (structure == DEC_PKI && priv != NULL
        && (form = ossl_prov_form_of(ctx->alg, priv, privlen)) >= 0
        && (ctx->provctx->input_forms & (1u << form)) == 0) {
        PROV_RAISE(ctx->provctx, PROV_R_NO_FORMAT,
                   "%s: the %s form is not in ml-dsa.input_formats", ctx->alg->name,
                   ossl_prov_form_name((PROV_FORM)form));
        return 0;
    }
    if ((ret = mldsa_key_from_der(&key, der, derlen)) != MLDSA_OK) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_KEY, "%s %s: %s", ctx->alg->name,
                   structure_names[structure], mldsa_strerror(ret));
        return 0;
    }
    if (mldsa_key_has_secret(key) != (structure == DEC_PKI)) {
        PROV_RAISE(ctx->provctx, PROV_R_BAD_KEY, "%s %s: not a %s key", ctx->alg->name,
                   structure_names[structure], structure == DEC_PKI ? "private" : "public");
        mldsa_key_free(key);
        return 0;
    }
    if ((pkey = ossl_prov_key_new(ctx->provctx, ctx->alg)) == NULL) {
        mldsa_key_free(key);
        return 0;
    }
    if (!ossl_prov_key_set(pkey, key)) {
        ossl_prov_key_free(pkey);
        return 0;
    }
    params[0] = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
    params[1] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                                 (char *)ctx->alg->name, 0);
    params[2] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_STRUCTURE,
                                                 (char *)structure_names[structure], 0);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE,
                                                  &pkey, sizeof(pkey));
    params[4] = OSSL_PARAM_construct_end();
    ok = data_cb(params, data_cbarg);
    ossl_prov_key_free(pkey);          /* NULL once the keymgmt has it */
    return ok;
}

/* A DER input: decoded when claimed, 1 (nothing produced) otherwise. */
static int decode_der(DEC_CTX *ctx, DEC_STRUCTURE structure, const unsigned char *der,
                      size_t derlen, OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    const unsigned char *priv;
    size_t privlen;

    if (!claims(ctx, structure, der, derlen, &priv, &privlen))
        return 1;
    return decode_claimed(ctx, structure, der, derlen, priv, privlen, data_cb,
                          data_cbarg);
}

/*
 * A PEM input: the first block, when labelled PUBLIC KEY or PRIVATE KEY as
 * structure wants, decoded from its DER (held in the secure heap, cleansed).
 * PEM_FLAG_SECURE puts the label and headers on the secure heap too, when
 * it is on: all three are freed with OPENSSL_secure_free or _clear_free
 * (which pass memory from the ordinary heap on to OPENSSL_free).
 */
static int decode_pem(DEC_CTX *ctx, DEC_STRUCTURE structure, const unsigned char *pem,
                      size_t pemlen, OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    char *name = NULL, *header = NULL;
    unsigned char *der = NULL;
    long derlen = 0;
    BIO *mem;
    int ok = 1;

    if ((mem = BIO_new_mem_buf(pem, (int)pemlen)) == NULL)
        return 1;
    if (PEM_read_bio_ex(mem, &name, &header, &der, &derlen,
                        PEM_FLAG_SECURE | PEM_FLAG_ONLY_B64) > 0
        && strcmp(name, pem_labels[structure]) == 0)
        ok = decode_der(ctx, structure, der, (size_t)derlen, data_cb, data_cbarg);
    BIO_free(mem);
    OPENSSL_secure_free(name);
    OPENSSL_secure_free(header);
    OPENSSL_secure_clear_free(der, derlen > 0 ? (size_t)derlen : 0);
    return ok;
}

/*
 * Whether a decoder of structure serves selection, by the rule of OpenSSL's
 * own decoders (providers/implementations/encode_decode/decode_der2key.c):
 * 0 asks for any key; otherwise the highest part asked for (private key,
 * then public key, then domain parameters, of which ML-DSA has none) must
 * be one the structure holds.  So a SubjectPublicKeyInfo never answers a
 * request for the private key (PEM_read_bio_PrivateKey), and a
 * PrivateKeyInfo only answers one (not PEM_read_bio_PUBKEY, d2i_PUBKEY).
 */
static int selection_served(DEC_STRUCTURE structure, int selection)
{
    if (selection == 0)
        return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0)
        return structure == DEC_PKI;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
        return structure == DEC_SPKI;
    return 0;
}

/* Read the whole input and decode it as DER or PEM; nothing (1) for a
 * selection this structure does not serve. */
static int decode(DEC_CTX *ctx, OSSL_CORE_BIO *in, DEC_STRUCTURE structure, int pem,
                  int selection, OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    unsigned char *data;
    size_t len;
    int ok;

    if (!selection_served(structure, selection)
        || !ossl_prov_bio_read_all(ctx->provctx, in, INPUT_MAX, &data, &len))
        return 1;
    ok = pem ? decode_pem(ctx, structure, data, len, data_cb, data_cbarg)
             : decode_der(ctx, structure, data, len, data_cb, data_cbarg);
    mldsa_cleanse(data, len);
    free(data);
    return ok;
}

/* The decoders' does_selection, per structure. */
static int does_public(void *provctx, int selection)
{
    (void)provctx;
    return selection_served(DEC_SPKI, selection);
}

static int does_keypair(void *provctx, int selection)
{
    (void)provctx;
    return selection_served(DEC_PKI, selection);
}

/* A decoded key handed to another provider's keymgmt: its parts. */
static int dec_export_object(void *vctx, const void *objref, size_t objref_sz,
                             OSSL_CALLBACK *export_cb, void *export_cbarg)
{
    PROV_KEY *const *ref = objref;

    (void)vctx;
    if (ref == NULL || objref_sz != sizeof(*ref) || *ref == NULL)
        return 0;
    return ossl_prov_key_export(*ref, OSSL_KEYMGMT_SELECT_ALL, export_cb, export_cbarg);
}

#define DECODER(kind, n, does)                                 \
    static OSSL_FUNC_decoder_newctx_fn dec_newctx_##kind##_##n;                \
    static void *dec_newctx_##kind##_##n(void *provctx)                        \
    {                                                                          \
        return dec_newctx(provctx, ossl_prov_alg(MLDSA_##n));                  \
    }                                                                          \
    const OSSL_DISPATCH ossl_prov_##kind##_decoder_##n##_functions[] = {       \
        { OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))dec_newctx_##kind##_##n }, \
        { OSSL_FUNC_DECODER_FREECTX, (void (*)(void))dec_freectx },            \
        { OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))does },            \
        { OSSL_FUNC_DECODER_DECODE, (void (*)(void))decode_##kind },           \
        { OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export_object }, \
        { 0, NULL }                                                            \
    }

/* One decode function per input and structure, shared by the sets. */
#define DECODE_FUNCTION(kind, structure, pem)                                  \
    static OSSL_FUNC_decoder_decode_fn decode_##kind;                          \
    static int decode_##kind(void *vctx, OSSL_CORE_BIO *in, int selection,     \
                             OSSL_CALLBACK *data_cb, void *data_cbarg,         \
                             OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)  \
    {                                                                          \
        (void)pw_cb;                                                           \
        (void)pw_cbarg;                                                        \
        return decode(vctx, in, structure, pem, selection, data_cb, data_cbarg); \
    }

DECODE_FUNCTION(spki_der, DEC_SPKI, 0)
DECODE_FUNCTION(pki_der, DEC_PKI, 0)
DECODE_FUNCTION(spki_pem, DEC_SPKI, 1)
DECODE_FUNCTION(pki_pem, DEC_PKI, 1)

#define DECODERS(n)                                     \
    DECODER(spki_der, n, does_public);                  \
    DECODER(pki_der, n, does_keypair);                  \
    DECODER(spki_pem, n, does_public);                  \
    DECODER(pki_pem, n, does_keypair)

DECODERS(44);
DECODERS(65);
DECODERS(87);
