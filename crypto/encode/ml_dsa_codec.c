/*
 * ML-DSA keys in the formats of RFC 9881: SubjectPublicKeyInfo (RFC 5280
 * section 4.1.2.7) and PKCS#8 OneAsymmetricKey (RFC 5958), whose privateKey
 * is the CHOICE of RFC 9881 section 6:
 *
 *   ML-DSA-PrivateKey ::= CHOICE {
 *     seed         [0] IMPLICIT OCTET STRING (SIZE (32)),
 *     expandedKey  OCTET STRING,
 *     both         SEQUENCE { seed OCTET STRING (SIZE (32)),
 *                             expandedKey OCTET STRING } }
 *
 * And the text dump of OpenSSL 3.5's `openssl pkey -text`.  Also read,
 * never written: the pre-standard forms OpenSSL 3.5 accepts as input (the
 * 32 seed bytes or the expanded key directly as privateKey, and the OQS
 * provider's expanded key followed by the public key).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "encode/encode_local.h"

/*
 * id-ml-dsa-44/65/87 ::= { joint-iso-itu-t(2) country(16) us(840)
 * organization(1) gov(101) csor(3) nistAlgorithm(4) sigAlgs(3) 17/18/19 }
 * (RFC 9881 section 2).  The DER contents share all but the last octet.
 */
static const uint8_t ml_dsa_oid_prefix[] = {
    0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03
};
#define ML_DSA_OID_LEN (sizeof(ml_dsa_oid_prefix) + 1)
#define ML_DSA_OID_ARC_44 17
#define ML_DSA_OID_ARC_65 18
#define ML_DSA_OID_ARC_87 19

/* The three parameter sets, in the order of their OIDs. */
static const mldsa_param ml_dsa_params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
#define ML_DSA_NPARAMS (sizeof(ml_dsa_params) / sizeof(ml_dsa_params[0]))

/* OneAsymmetricKey versions (RFC 5958 section 2). */
#define PKCS8_VERSION_V1 0
#define PKCS8_VERSION_V2 1

/* The kinds of key a decoder will accept. */
typedef enum { WANT_ANY, WANT_PUBLIC, WANT_PRIVATE } key_want;

/* The private key as found in a PKCS#8 privateKey, before it is checked. */
typedef struct {
    const uint8_t *seed;       /* 32 bytes, or NULL */
    const uint8_t *expanded;   /* sk bytes, or NULL */
    const uint8_t *pair_public; /* pk bytes of an OQS pair, or NULL */
    const uint8_t *public;     /* pk bytes of the v2 [1] publicKey, or NULL */
} PRIV_PARTS;

static uint8_t oid_arc(mldsa_param param)
{
    switch (param) {
    case MLDSA_44:
        return ML_DSA_OID_ARC_44;
    case MLDSA_65:
        return ML_DSA_OID_ARC_65;
    case MLDSA_87:
        return ML_DSA_OID_ARC_87;
    }
    return 0;
}

/* Constant-time equality of two secret-bearing buffers of n bytes. */
static int ct_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;

    for (size_t i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

/* Bytes of AlgorithmIdentifier { id-ml-dsa-NN } with parameters absent. */
static size_t alg_id_len(void)
{
    return ossl_der_tlv_len(ossl_der_tlv_len(ML_DSA_OID_LEN));
}

/* Write the AlgorithmIdentifier of param at p; returns the end. */
static uint8_t *put_alg_id(uint8_t *p, mldsa_param param)
{
    p = ossl_der_put_header(p, DER_TAG_SEQUENCE, ossl_der_tlv_len(ML_DSA_OID_LEN));
    p = ossl_der_put_header(p, DER_TAG_OID, ML_DSA_OID_LEN);
    memcpy(p, ml_dsa_oid_prefix, sizeof(ml_dsa_oid_prefix));
    p += sizeof(ml_dsa_oid_prefix);
    *p++ = oid_arc(param);
    return p;
}

/* Check the room in *outlen against need (the encoder convention of mldsa.h). */
static int check_room(const void *out, size_t *outlen, size_t need)
{
    size_t room;

    if (outlen == NULL)
        return MLDSA_ERR_NULL;
    room = *outlen;
    *outlen = need;
    if (out != NULL && room < need)
        return MLDSA_ERR_BUFFER;
    return MLDSA_OK;
}

/*
 * SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier,
 *   subjectPublicKey BIT STRING } with the encoded public key (FIPS 204
 * pkEncode) as the bit string's octets (RFC 9881 section 4).
 */
int mldsa_key_to_public_der(const MLDSA_KEY *key, uint8_t *out, size_t *outlen)
{
    mldsa_param param;
    size_t pklen, body, need;
    uint8_t *p;
    int ret;

    if (key == NULL)
        return MLDSA_ERR_NULL;
    param = mldsa_key_param(key);
    pklen = mldsa_public_key_bytes(param);
    body = alg_id_len() + ossl_der_tlv_len(1 + pklen);
    need = ossl_der_tlv_len(body);
    if ((ret = check_room(out, outlen, need)) != MLDSA_OK || out == NULL)
        return ret;
    p = ossl_der_put_header(out, DER_TAG_SEQUENCE, body);
    p = put_alg_id(p, param);
    p = ossl_der_put_header(p, DER_TAG_BIT_STRING, 1 + pklen);
    *p++ = 0; /* no unused bits */
    if ((ret = mldsa_key_get_public(key, p, pklen)) != MLDSA_OK)
        memset(out, 0, need);
    return ret;
}

/* Bytes of the privateKey CHOICE in format for param. */
static size_t private_choice_len(mldsa_param param, mldsa_key_format format)
{
    size_t sklen = mldsa_secret_key_bytes(param);

    switch (format) {
    case MLDSA_KEY_FORMAT_SEED:
        return ossl_der_tlv_len(MLDSA_SEED_BYTES);
    case MLDSA_KEY_FORMAT_EXPANDED:
        return ossl_der_tlv_len(sklen);
    case MLDSA_KEY_FORMAT_BOTH:
        return ossl_der_tlv_len(ossl_der_tlv_len(MLDSA_SEED_BYTES)
                                + ossl_der_tlv_len(sklen));
    }
    return 0;
}

/* Write the privateKey CHOICE at p (RFC 9881 section 6). */
static int put_private_choice(uint8_t *p, const MLDSA_KEY *key,
                              mldsa_key_format format)
{
    size_t sklen = mldsa_secret_key_bytes(mldsa_key_param(key));
    int ret;

    switch (format) {
    case MLDSA_KEY_FORMAT_SEED:
        p = ossl_der_put_header(p, DER_TAG_CONTEXT_0_PRIM, MLDSA_SEED_BYTES);
        return mldsa_key_get_seed(key, p);
    case MLDSA_KEY_FORMAT_EXPANDED:
        p = ossl_der_put_header(p, DER_TAG_OCTET_STRING, sklen);
        return mldsa_key_get_secret(key, p, sklen);
    case MLDSA_KEY_FORMAT_BOTH:
        p = ossl_der_put_header(p, DER_TAG_SEQUENCE,
                                ossl_der_tlv_len(MLDSA_SEED_BYTES)
                                + ossl_der_tlv_len(sklen));
        p = ossl_der_put_header(p, DER_TAG_OCTET_STRING, MLDSA_SEED_BYTES);
        if ((ret = mldsa_key_get_seed(key, p)) != MLDSA_OK)
            return ret;
        p = ossl_der_put_header(p + MLDSA_SEED_BYTES, DER_TAG_OCTET_STRING, sklen);
        return mldsa_key_get_secret(key, p, sklen);
    }
    return MLDSA_ERR_FORMAT;
}

/*
 * OneAsymmetricKey ::= SEQUENCE { version INTEGER (0),
 *   privateKeyAlgorithm AlgorithmIdentifier, privateKey OCTET STRING }
 * holding the CHOICE above (RFC 5958, RFC 9881 section 6).
 */
int mldsa_key_to_private_der(const MLDSA_KEY *key, mldsa_key_format format,
                             uint8_t *out, size_t *outlen)
{
    mldsa_param param;
    size_t choice, body, need;
    uint8_t *p;
    int ret;

    if (key == NULL)
        return MLDSA_ERR_NULL;
    if (format != MLDSA_KEY_FORMAT_SEED && format != MLDSA_KEY_FORMAT_EXPANDED
        && format != MLDSA_KEY_FORMAT_BOTH)
        return MLDSA_ERR_FORMAT;
    if (!mldsa_key_has_secret(key))
        return MLDSA_ERR_NO_SECRET;
    if (format != MLDSA_KEY_FORMAT_EXPANDED && !mldsa_key_has_seed(key))
        return MLDSA_ERR_NO_SEED;
    param = mldsa_key_param(key);
    choice = private_choice_len(param, format);
    body = ossl_der_tlv_len(1) + alg_id_len() + ossl_der_tlv_len(choice);
    need = ossl_der_tlv_len(body);
    if ((ret = check_room(out, outlen, need)) != MLDSA_OK || out == NULL)
        return ret;
    p = ossl_der_put_header(out, DER_TAG_SEQUENCE, body);
    p = ossl_der_put_header(p, DER_TAG_INTEGER, 1);
    *p++ = PKCS8_VERSION_V1;
    p = put_alg_id(p, param);
    p = ossl_der_put_header(p, DER_TAG_OCTET_STRING, choice);
    if ((ret = put_private_choice(p, key, format)) != MLDSA_OK)
        ossl_cleanse(out, need);
    return ret;
}

/*
 * The public (private == 0) or private key in format, as DER armoured in
 * PEM (RFC 7468); the DER copy is cleansed, since it may hold the secret.
 */
static int to_pem(const MLDSA_KEY *key, int private, mldsa_key_format format,
                  char *out, size_t *outlen)
{
    const char *label = private ? PEM_LABEL_PRIVATE : PEM_LABEL_PUBLIC;
    uint8_t *der = NULL;
    size_t derlen = 0, need;
    int ret;

    if (private)
        ret = mldsa_key_to_private_der(key, format, NULL, &derlen);
    else
        ret = mldsa_key_to_public_der(key, NULL, &derlen);
    if (ret != MLDSA_OK)
        return ret;
    need = ossl_pem_encoded_len(label, derlen);
    if ((ret = check_room(out, outlen, need)) != MLDSA_OK || out == NULL)
        return ret;
    if ((der = malloc(derlen)) == NULL)
        return MLDSA_ERR_MEMORY;
    if (private)
        ret = mldsa_key_to_private_der(key, format, der, &derlen);
    else
        ret = mldsa_key_to_public_der(key, der, &derlen);
    if (ret == MLDSA_OK)
        ossl_pem_encode(out, label, der, derlen);
    ossl_cleanse(der, derlen);
    free(der);
    return ret;
}

int mldsa_key_to_public_pem(const MLDSA_KEY *key, char *out, size_t *outlen)
{
    return to_pem(key, 0, MLDSA_KEY_FORMAT_SEED, out, outlen);
}

int mldsa_key_to_private_pem(const MLDSA_KEY *key, mldsa_key_format format,
                             char *out, size_t *outlen)
{
    return to_pem(key, 1, format, out, outlen);
}

/* OpenSSL's text dump: 15 bytes a line, "    xx:xx:...". */
#define TEXT_BYTES_PER_LINE 15
#define TEXT_INDENT "    "
#define TEXT_TITLE_MAX 32

/* Characters of a section: "name:", per line a newline and the indent,
 * per byte two digits and a colon but for the last, a final newline. */
static size_t text_section_len(const char *name, size_t n)
{
    size_t lines = (n + TEXT_BYTES_PER_LINE - 1) / TEXT_BYTES_PER_LINE;

    return strlen(name) + 1 + (1 + strlen(TEXT_INDENT)) * lines + 3 * n - (n > 0) + 1;
}

/* The lower-case hex digit of v (0..15) without a table or a branch: the
 * bytes may be secret. */
static char hex_digit(uint32_t v)
{
    /* 9 - v wraps round (top bit set) exactly for the letters */
    uint32_t letter = 0u - ((9u - v) >> 31);

    return (char)('0' + v + (letter & (uint32_t)('a' - '0' - 10)));
}

/* One section at out: "name:", then the bytes in hex; returns its end. */
static char *text_section(char *out, const char *name, const uint8_t *p, size_t n)
{
    memcpy(out, name, strlen(name));
    out += strlen(name);
    *out++ = ':';
    for (size_t i = 0; i < n; i++) {
        if (i % TEXT_BYTES_PER_LINE == 0) {
            *out++ = '\n';
            memcpy(out, TEXT_INDENT, strlen(TEXT_INDENT));
            out += strlen(TEXT_INDENT);
        }
        *out++ = hex_digit(p[i] >> 4);
        *out++ = hex_digit(p[i] & 0x0f);
        if (i + 1 < n)
            *out++ = ':';
    }
    *out++ = '\n';
    return out;
}

/*
 * The key as OpenSSL 3.5's `pkey -text` prints it: a title, then the seed
 * (when the key has one), the expanded key and the public key (FIPS 204
 * skEncode and pkEncode), or the public key alone.
 */
int mldsa_key_to_text(const MLDSA_KEY *key, int with_secret, char *out, size_t *outlen)
{
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    mldsa_param param;
    size_t sklen, pklen, need;
    char title[TEXT_TITLE_MAX], *end;
    int secret, has_seed, ret;

    if (key == NULL)
        return MLDSA_ERR_NULL;
    param = mldsa_key_param(key);
    sklen = mldsa_secret_key_bytes(param);
    pklen = mldsa_public_key_bytes(param);
    secret = with_secret && mldsa_key_has_secret(key);
    has_seed = secret && mldsa_key_has_seed(key);
    snprintf(title, sizeof(title), "ML-DSA-%d %s-Key:\n", (int)param,
             secret ? "Private" : "Public");
    need = strlen(title) + text_section_len("pub", pklen)
           + (has_seed ? text_section_len("seed", sizeof(seed)) : 0)
           + (secret ? text_section_len("priv", sklen) : 0);
    if ((ret = check_room(out, outlen, need)) != MLDSA_OK || out == NULL)
        return ret;
    if ((has_seed && (ret = mldsa_key_get_seed(key, seed)) != MLDSA_OK)
        || (secret && (ret = mldsa_key_get_secret(key, sk, sklen)) != MLDSA_OK)
        || (ret = mldsa_key_get_public(key, pk, pklen)) != MLDSA_OK)
        goto end;
    memcpy(out, title, strlen(title));
    end = out + strlen(title);
    if (has_seed)
        end = text_section(end, "seed", seed, sizeof(seed));
    if (secret)
        end = text_section(end, "priv", sk, sklen);
    text_section(end, "pub", pk, pklen);
 end:
    if (ret != MLDSA_OK)
        ossl_cleanse(out, need);
    ossl_cleanse(seed, sizeof(seed));
    ossl_cleanse(sk, sizeof(sk));
    return ret;
}

/*
 * Read AlgorithmIdentifier { id-ml-dsa-NN } (RFC 9881 section 2): one of
 * the three OIDs, parameters absent (not even NULL).
 */
static int get_alg_id(OSSL_DER_CURSOR *c, mldsa_param *param)
{
    OSSL_DER_CURSOR alg, oid;
    int ret;

    if ((ret = ossl_der_get_tlv(c, DER_TAG_SEQUENCE, &alg)) != MLDSA_OK
        || (ret = ossl_der_get_tlv(&alg, DER_TAG_OID, &oid)) != MLDSA_OK)
        return ret;
    if (oid.len != ML_DSA_OID_LEN
        || memcmp(oid.p, ml_dsa_oid_prefix, sizeof(ml_dsa_oid_prefix)) != 0)
        return MLDSA_ERR_OID;
    if (alg.len != 0)
        return MLDSA_ERR_OID_PARAMS;
    for (size_t i = 0; i < ML_DSA_NPARAMS; i++) {
        if (oid.p[sizeof(ml_dsa_oid_prefix)] == oid_arc(ml_dsa_params[i])) {
            *param = ml_dsa_params[i];
            return MLDSA_OK;
        }
    }
    return MLDSA_ERR_OID;
}

/* The contents of a SubjectPublicKeyInfo (after its SEQUENCE header). */
static int decode_spki(MLDSA_KEY **out, OSSL_DER_CURSOR *c)
{
    OSSL_DER_CURSOR pk;
    mldsa_param param;
    int ret;

    if ((ret = get_alg_id(c, &param)) != MLDSA_OK
        || (ret = ossl_der_get_bit_string(c, &pk)) != MLDSA_OK
        || (ret = ossl_der_expect_end(c)) != MLDSA_OK)
        return ret;
    if (pk.len != mldsa_public_key_bytes(param))
        return MLDSA_ERR_KEY_LENGTH;
    return mldsa_key_from_public(out, param, pk.p, pk.len);
}

/*
 * Split the privateKey octets into seed / expanded key / public key: the
 * three RFC 9881 forms by their tag, and the legacy forms by their length
 * (32 or sk bytes untagged; an expandedKey of sk + pk bytes is OQS's pair).
 * No RFC 9881 encoding has either untagged length, so the two never clash.
 */
static int split_private(PRIV_PARTS *parts, mldsa_param param,
                         OSSL_DER_CURSOR *c)
{
    size_t sklen = mldsa_secret_key_bytes(param);
    size_t pklen = mldsa_public_key_bytes(param);
    OSSL_DER_CURSOR in, seq;
    int ret;

    if (c->len == MLDSA_SEED_BYTES) {
        parts->seed = c->p;
        return MLDSA_OK;
    }
    if (c->len == sklen) {
        parts->expanded = c->p;
        return MLDSA_OK;
    }
    /* another set's bare expanded key: no tagged form has its length */
    for (size_t i = 0; i < ML_DSA_NPARAMS; i++)
        if (c->len == mldsa_secret_key_bytes(ml_dsa_params[i]))
            return MLDSA_ERR_SK_LENGTH;
    switch (ossl_der_peek_tag(c)) {
    case DER_TAG_CONTEXT_0_PRIM:
        if ((ret = ossl_der_get_tlv(c, DER_TAG_CONTEXT_0_PRIM, &in)) != MLDSA_OK)
            return ret;
        if (in.len != MLDSA_SEED_BYTES)
            return MLDSA_ERR_KEY_LENGTH;
        parts->seed = in.p;
        break;
    case DER_TAG_OCTET_STRING:
        if ((ret = ossl_der_get_tlv(c, DER_TAG_OCTET_STRING, &in)) != MLDSA_OK)
            return ret;
        if (in.len != sklen && in.len != sklen + pklen)
            return MLDSA_ERR_KEY_LENGTH;
        parts->expanded = in.p;
        if (in.len == sklen + pklen)
            parts->pair_public = in.p + sklen;
        break;
    case DER_TAG_SEQUENCE:
        if ((ret = ossl_der_get_tlv(c, DER_TAG_SEQUENCE, &seq)) != MLDSA_OK
            || (ret = ossl_der_get_tlv(&seq, DER_TAG_OCTET_STRING, &in)) != MLDSA_OK)
            return ret;
        if (in.len != MLDSA_SEED_BYTES)
            return MLDSA_ERR_KEY_LENGTH;
        parts->seed = in.p;
        if ((ret = ossl_der_get_tlv(&seq, DER_TAG_OCTET_STRING, &in)) != MLDSA_OK
            || (ret = ossl_der_expect_end(&seq)) != MLDSA_OK)
            return ret;
        if (in.len != sklen)
            return MLDSA_ERR_KEY_LENGTH;
        parts->expanded = in.p;
        break;
    default:
        return MLDSA_ERR_DER;
    }
    return ossl_der_expect_end(c);
}

/* MLDSA_OK when given is NULL or the key's own public key. */
static int check_public(const MLDSA_KEY *key, const uint8_t *given,
                        uint8_t *pk, size_t pklen)
{
    int ret;

    if (given == NULL)
        return MLDSA_OK;
    if ((ret = mldsa_key_get_public(key, pk, pklen)) != MLDSA_OK)
        return ret;
    return memcmp(pk, given, pklen) == 0 ? MLDSA_OK : MLDSA_ERR_KEY_MISMATCH;
}

/*
 * Make the key from its parts and check that they agree: a seed's expanded
 * key must equal the one given, and every public key given (the OQS pair's
 * and the v2 [1] publicKey, each on its own) the one derived.
 */
static int key_from_parts(MLDSA_KEY **out, mldsa_param param,
                          const PRIV_PARTS *parts)
{
    size_t sklen = mldsa_secret_key_bytes(param);
    size_t pklen = mldsa_public_key_bytes(param);
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    int ret, same;

    if (parts->seed != NULL)
        ret = mldsa_key_from_seed(&key, param, parts->seed, MLDSA_SEED_BYTES);
    else
        ret = mldsa_key_from_secret(&key, param, parts->expanded, sklen);
    if (ret != MLDSA_OK)
        goto end;
    if (parts->seed != NULL && parts->expanded != NULL) {
        if ((ret = mldsa_key_get_secret(key, sk, sklen)) != MLDSA_OK)
            goto end;
        same = ct_equal(sk, parts->expanded, sklen);
        /* public: a seed and expanded key that disagree are refused */
        ML_DSA_CT_DECLASSIFY(&same, sizeof(same));
        if (!same) {
            ret = MLDSA_ERR_KEY_MISMATCH;
            goto end;
        }
    }
    if ((ret = check_public(key, parts->pair_public, pk, pklen)) != MLDSA_OK
        || (ret = check_public(key, parts->public, pk, pklen)) != MLDSA_OK)
        goto end;
    *out = key;
    key = NULL;
 end:
    ossl_cleanse(sk, sizeof(sk));
    mldsa_key_free(key);
    return ret;
}

/*
 * The contents of [0] attributes (RFC 5958 section 2; RFC 5912's
 * Attribute): SET OF Attribute, each SEQUENCE { attrType OBJECT IDENTIFIER,
 * attrValues SET OF AttributeValue }, a value being any one element.  Their
 * meaning is not ours to judge; their shape is checked, as OpenSSL does.
 */
static int check_attributes(OSSL_DER_CURSOR *attrs)
{
    OSSL_DER_CURSOR attr, oid, values, value;
    int ret;

    while (attrs->len > 0) {
        if ((ret = ossl_der_get_tlv(attrs, DER_TAG_SEQUENCE, &attr)) != MLDSA_OK
            || (ret = ossl_der_get_tlv(&attr, DER_TAG_OID, &oid)) != MLDSA_OK
            || (ret = ossl_der_get_tlv(&attr, DER_TAG_SET, &values)) != MLDSA_OK
            || (ret = ossl_der_expect_end(&attr)) != MLDSA_OK)
            return ret;
        /* X.690 8.19: at least one subidentifier, the last one ended */
        if (oid.len == 0 || (oid.p[oid.len - 1] & 0x80) != 0)
            return MLDSA_ERR_DER;
        while (values.len > 0)
            if ((ret = ossl_der_get_any(&values, &value)) != MLDSA_OK)
                return ret;
    }
    return MLDSA_OK;
}

/*
 * The contents of a OneAsymmetricKey (RFC 5958 section 2): version v1 (0)
 * without, or v2 (1) with, the [1] publicKey, which must match ("version
 * MUST be set to v2" when, and only when, it is present); [0] attributes
 * checked for shape.
 */
static int decode_pkcs8(MLDSA_KEY **out, OSSL_DER_CURSOR *c)
{
    PRIV_PARTS parts = { NULL, NULL, NULL, NULL };
    OSSL_DER_CURSOR priv, attrs, pub;
    unsigned int version;
    mldsa_param param;
    int ret;

    if ((ret = ossl_der_get_uint(c, &version)) != MLDSA_OK)
        return ret;
    if (version != PKCS8_VERSION_V1 && version != PKCS8_VERSION_V2)
        return MLDSA_ERR_DER;
    if ((ret = get_alg_id(c, &param)) != MLDSA_OK
        || (ret = ossl_der_get_tlv(c, DER_TAG_OCTET_STRING, &priv)) != MLDSA_OK)
        return ret;
    if (ossl_der_peek_tag(c) == DER_TAG_CONTEXT_0_CONS
        && ((ret = ossl_der_get_tlv(c, DER_TAG_CONTEXT_0_CONS, &attrs)) != MLDSA_OK
            || (ret = check_attributes(&attrs)) != MLDSA_OK))
        return ret;
    if ((version == PKCS8_VERSION_V2) != (ossl_der_peek_tag(c) == DER_TAG_CONTEXT_1_PRIM))
        return MLDSA_ERR_DER;
    if (version == PKCS8_VERSION_V2) {
        if ((ret = ossl_der_get_tlv(c, DER_TAG_CONTEXT_1_PRIM, &pub)) != MLDSA_OK)
            return ret;
        if (pub.len == 0 || pub.p[0] != 0)
            return MLDSA_ERR_DER;
        if (pub.len - 1 != mldsa_public_key_bytes(param))
            return MLDSA_ERR_KEY_LENGTH;
        parts.public = pub.p + 1;
    }
    if ((ret = ossl_der_expect_end(c)) != MLDSA_OK
        || (ret = split_private(&parts, param, &priv)) != MLDSA_OK)
        return ret;
    return key_from_parts(out, param, &parts);
}

/* Decode DER holding a key of the kind want. */
static int decode_der(MLDSA_KEY **out, const uint8_t *der, size_t derlen,
                      key_want want)
{
    OSSL_DER_CURSOR top, body;
    int ret, tag;

    if (out == NULL || (der == NULL && derlen != 0))
        return MLDSA_ERR_NULL;
    *out = NULL;
    ossl_der_cursor_init(&top, der, derlen);
    if ((ret = ossl_der_get_tlv(&top, DER_TAG_SEQUENCE, &body)) != MLDSA_OK
        || (ret = ossl_der_expect_end(&top)) != MLDSA_OK)
        return ret;
    /* A SubjectPublicKeyInfo starts with a SEQUENCE, PKCS#8 with an INTEGER. */
    tag = ossl_der_peek_tag(&body);
    if (tag == DER_TAG_SEQUENCE) {
        if (want == WANT_PRIVATE)
            return MLDSA_ERR_KEY_TYPE;
        return decode_spki(out, &body);
    }
    if (tag == DER_TAG_INTEGER) {
        if (want == WANT_PUBLIC)
            return MLDSA_ERR_KEY_TYPE;
        return decode_pkcs8(out, &body);
    }
    return MLDSA_ERR_DER;
}

int mldsa_key_from_der(MLDSA_KEY **out, const uint8_t *der, size_t derlen)
{
    return decode_der(out, der, derlen, WANT_ANY);
}

int mldsa_key_from_pem(MLDSA_KEY **out, const char *pem, size_t pemlen)
{
    const char *label;
    size_t labellen, derlen = 0, dersize = 0;
    uint8_t *der = NULL;
    key_want want;
    int ret;

    if (out == NULL || (pem == NULL && pemlen != 0))
        return MLDSA_ERR_NULL;
    *out = NULL;
    if ((ret = ossl_pem_decode(pem, pemlen, &label, &labellen, &der,
                               &derlen, &dersize)) != MLDSA_OK)
        return ret;
    if (labellen == strlen(PEM_LABEL_PUBLIC)
        && memcmp(label, PEM_LABEL_PUBLIC, labellen) == 0)
        want = WANT_PUBLIC;
    else if (labellen == strlen(PEM_LABEL_PRIVATE)
             && memcmp(label, PEM_LABEL_PRIVATE, labellen) == 0)
        want = WANT_PRIVATE;
    else {
        ret = MLDSA_ERR_PEM;
        goto end;
    }
    ret = decode_der(out, der, derlen, want);
 end:
    /* the whole buffer: a reader may have written past the DER */
    ossl_cleanse(der, dersize);
    free(der);
    return ret;
}
