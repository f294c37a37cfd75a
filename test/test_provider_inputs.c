/*
 * What the provider module (providers/mldsa.so) takes from outside, where
 * an audit found it wrong: PEM read with OpenSSL's secure heap on and the
 * module alone in its library context (no OpenSSL PEM decoder in front of
 * ours), every PEM form; the selections each decoder serves, by the rules
 * of OpenSSL's own decoders and against Ed25519's built-in ones under the
 * same calls (PEM_read_bio_PUBKEY and d2i_PUBKEY refuse a private key file);
 * RFC 5958's version and [0] attributes, and another set's bare expanded
 * key, refused through the decoders with the library's reason; signature
 * parameters of the wrong OSSL_PARAM type, each said to be that; and the
 * buildinfo parameter, valid after the thread that asked for it has ended.
 * Built only with OpenSSL 3 (make sets TEST_PROVIDER_MODULE to the module's
 * path); otherwise one skipped case that says why.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "testutil.h"

#ifdef TEST_PROVIDER_SKIP

int main(void)
{
    printf("SKIP: the provider inputs suite: %s\n", TEST_PROVIDER_SKIP);
    printf("0 passed, 0 failed, 1 skipped\n");
    return EXIT_SUCCESS;
}

#else

#include <pthread.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include "provider_testutil.h"

#define BUF_MAX 16384
/* The secure heap of the PEM cases: OpenSSL's own size for tests. */
#define SECURE_HEAP_BYTES 65536
#define SECURE_HEAP_MIN 32


#define OURS "provider=mldsa"
#define PREFER_OURS "?provider=mldsa"

/* The module alone in a library context (no default or base provider):
 * every decoder there is ours.  And the module with the default provider. */
static OSSL_LIB_CTX *alone;
static OSSL_PROVIDER *alone_prov;
static OSSL_LIB_CTX *lib;

static void setup(void)
{
    ck_assert_ptr_nonnull(alone = OSSL_LIB_CTX_new());
    ck_assert_ptr_nonnull(alone_prov = OSSL_PROVIDER_load(alone, TEST_PROVIDER_MODULE));
    ck_assert_int_eq(OSSL_PROVIDER_available(alone, "default"), 0);
    lib = provider_libctx("", "");
}

static void teardown(void)
{
    OSSL_PROVIDER_unload(alone_prov);
    OSSL_LIB_CTX_free(alone);
    OSSL_LIB_CTX_free(lib);
    alone = lib = NULL;
}

/*
 * 1 when OpenSSL's error queue holds an error of the provider (named
 * "mldsa" by openssl.cnf, or by its path when loaded alone) with reason
 * and a detail containing detail; the queue is emptied either way.
 */
static int provider_error(const char *reason, const char *detail)
{
    const char *data, *lib_name, *why;
    int flags, found = 0;
    unsigned long e;

    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        lib_name = ERR_lib_error_string(e);
        why = ERR_reason_error_string(e);
        if (lib_name != NULL && why != NULL
            && (strcmp(lib_name, "mldsa") == 0
                || strcmp(lib_name, OSSL_PROVIDER_get0_name(alone_prov)) == 0)
            && strcmp(why, reason) == 0 && (flags & ERR_TXT_STRING)
            && strstr(data, detail) != NULL)
            found = 1;
    }
    return found;
}

#define ASSERT_REFUSED(reason, detail)                                         \
    ck_assert_msg(provider_error(reason, detail), "no '%s' / '%s' on the error stack", \
                  reason, detail)

/* The key of p from the seed 0, 1, ..., 31. */
static MLDSA_KEY *fixed_key(mldsa_param p)
{
    uint8_t seed[MLDSA_SEED_BYTES];
    MLDSA_KEY *key = NULL;

    for (int i = 0; i < MLDSA_SEED_BYTES; i++)
        seed[i] = (uint8_t)i;
    ck_assert_int_eq(mldsa_key_from_seed(&key, p, seed, sizeof(seed)), MLDSA_OK);
    return key;
}

/*
 * What a decoding gave: 0 nothing, 1 a public key, 2 a private key.  The
 * key is checked against the library's (its "pub" octets) when given.
 */
static int what_key(EVP_PKEY *pkey, const MLDSA_KEY *key)
{
    uint8_t pub[MLDSA_MAX_PUBLIC_KEY_BYTES], want[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t len = 0, pklen;
    int priv;

    if (pkey == NULL)
        return 0;
    if (key != NULL) {
        pklen = mldsa_public_key_bytes(mldsa_key_param(key));
        ck_assert_int_eq(mldsa_key_get_public(key, want, pklen), MLDSA_OK);
        ck_assert_int_eq(EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, pub,
                                                         sizeof(pub), &len), 1);
        ck_assert_uint_eq(len, pklen);
        ck_assert_mem_eq(pub, want, pklen);
    }
    priv = EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0, &len) == 1
           && len > 0;
    ERR_clear_error();
    return priv ? 2 : 1;
}

/* data decoded in ctx by an OSSL_DECODER (input, structure, selection as
 * given, any key type); what_key of the result (checked against key). */
static int decoded(OSSL_LIB_CTX *ctx, const char *input, const char *structure,
                   int selection, const void *data, size_t len, const MLDSA_KEY *key)
{
    OSSL_DECODER_CTX *dctx;
    EVP_PKEY *pkey = NULL;
    const unsigned char *p = data;
    int got;

    dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, input, structure, NULL, selection, ctx,
                                         PREFER_OURS);
    ck_assert_ptr_nonnull(dctx);
    if (OSSL_DECODER_from_data(dctx, &p, &len) != 1) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    got = what_key(pkey, key);
    EVP_PKEY_free(pkey);
    OSSL_DECODER_CTX_free(dctx);
    ERR_clear_error();
    return got;
}

/*
 * Every PEM form the decoders take, decoded with the module alone and the
 * secure heap on (PEM_read_bio_ex with PEM_FLAG_SECURE then puts the label
 * and headers there too, which were freed with OPENSSL_free: an abort):
 * PUBLIC KEY, PRIVATE KEY in the seed, expandedKey and both forms, through
 * an OSSL_DECODER and PEM_read_bio_PUBKEY / PEM_read_bio_PrivateKey; an
 * ENCRYPTED PRIVATE KEY needs OpenSSL's decrypting decoder, absent here:
 * refused, nothing more.  The secure heap is empty again afterwards.
 */
START_TEST(every_pem_form_decodes_with_the_module_alone_and_the_secure_heap)
{
    static const mldsa_key_format formats[] = {
        MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
    };
    static char pem[BUF_MAX];
    MLDSA_KEY *key = fixed_key(params[_i]);
    OSSL_ENCODER_CTX *ectx;
    EVP_PKEY *pkey;
    unsigned char *epki = NULL;
    size_t len, epkilen = 0, used;
    BIO *bio;

    /* ENCRYPTED PRIVATE KEY, written with the default provider's ciphers
     * before the secure heap is on (LeakSanitizer does not look into it,
     * and would miss the pointers to the random generator it then holds) */
    len = sizeof(pem);
    ck_assert_int_eq(mldsa_key_to_private_pem(key, MLDSA_KEY_FORMAT_SEED, pem, &len), MLDSA_OK);
    ck_assert_ptr_nonnull(bio = BIO_new_mem_buf(pem, (int)len));
    ck_assert_ptr_nonnull(pkey = PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, lib,
                                                            PREFER_OURS));
    BIO_free(bio);
    ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, EVP_PKEY_KEYPAIR, "PEM",
                                         "EncryptedPrivateKeyInfo", OURS);
    ck_assert_ptr_nonnull(ectx);
    ck_assert_int_eq(OSSL_ENCODER_CTX_set_cipher(ectx, "AES-256-CBC", NULL), 1);
    ck_assert_int_eq(OSSL_ENCODER_CTX_set_passphrase(ectx, (const unsigned char *)"pw", 2), 1);
    ck_assert_int_eq(OSSL_ENCODER_to_data(ectx, &epki, &epkilen), 1);
    ck_assert_ptr_nonnull(strstr((const char *)epki, "ENCRYPTED PRIVATE KEY"));
    OSSL_ENCODER_CTX_free(ectx);
    EVP_PKEY_free(pkey);

    if (!CRYPTO_secure_malloc_initialized())
        ck_assert_int_ge(CRYPTO_secure_malloc_init(SECURE_HEAP_BYTES, SECURE_HEAP_MIN), 1);
    used = CRYPTO_secure_used();
    for (size_t f = 0; f <= sizeof(formats) / sizeof(formats[0]); f++) {
        int private = f < sizeof(formats) / sizeof(formats[0]);

        len = sizeof(pem);
        ck_assert_int_eq(private ? mldsa_key_to_private_pem(key, formats[f], pem, &len)
                                 : mldsa_key_to_public_pem(key, pem, &len), MLDSA_OK);
        ck_assert_int_eq(decoded(alone, "PEM", NULL, 0, pem, len, key), private ? 2 : 1);
        ck_assert_ptr_nonnull(bio = BIO_new_mem_buf(pem, (int)len));
        pkey = private ? PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, alone, NULL)
                       : PEM_read_bio_PUBKEY_ex(bio, NULL, NULL, NULL, alone, NULL);
        ck_assert_int_eq(what_key(pkey, key), private ? 2 : 1);
        EVP_PKEY_free(pkey);
        BIO_free(bio);
        mldsa_cleanse(pem, len);
    }
    ck_assert_int_eq(decoded(alone, "PEM", NULL, 0, epki, epkilen, NULL), 0);
    ck_assert_uint_eq(CRYPTO_secure_used(), used);   /* each block given back */
    OPENSSL_clear_free(epki, epkilen);
    mldsa_key_free(key);
}
END_TEST

/* The structures and the selections of the matrix below. */
static const char *const structures[] = { NULL, "SubjectPublicKeyInfo", "PrivateKeyInfo" };
static const int selections[] = {
    0,
    OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
    EVP_PKEY_PUBLIC_KEY,                   /* PEM_read_bio_PUBKEY's, d2i_PUBKEY's */
    OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
    OSSL_KEYMGMT_SELECT_KEYPAIR,
    EVP_PKEY_KEYPAIR,                      /* PEM_read_bio_PrivateKey's */
    OSSL_KEYMGMT_SELECT_ALL,
    OSSL_KEYMGMT_SELECT_ALL_PARAMETERS,
};

/*
 * What OpenSSL's own decoders give for a key file (private or not) asked
 * for with selection: the highest part asked for must be in the file's
 * structure (0 asks for whatever it holds).
 */
static int expected(int private, int selection)
{
    int served;

    if (selection == 0)
        served = 1;
    else if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
        served = private;
    else if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY)
        served = !private;
    else
        served = 0;
    return served ? (private ? 2 : 1) : 0;
}

/* der (a key file, private or not) as PEM (when pem) or as it is, into buf. */
static size_t as_input(const uint8_t *der, size_t derlen, int private, int pem, char *buf)
{
    BIO *bio;
    BUF_MEM *mem;
    size_t len;

    if (!pem) {
        memcpy(buf, der, derlen);
        return derlen;
    }
    ck_assert_ptr_nonnull(bio = BIO_new(BIO_s_mem()));
    ck_assert_int_gt(PEM_write_bio(bio, private ? PEM_STRING_PKCS8INF : PEM_STRING_PUBLIC, "",
                                   der, (long)derlen), 0);
    BIO_get_mem_ptr(bio, &mem);
    ck_assert_uint_le(mem->length, BUF_MAX);
    memcpy(buf, mem->data, mem->length);
    len = mem->length;
    BIO_free(bio);
    return len;
}

/* A key file: its DER, and whether it is a PrivateKeyInfo. */
typedef struct {
    const uint8_t *der;
    size_t len;
    int private;
} KEY_FILE;

/*
 * One cell of the table below: ours, a key file of key, and Ed25519's, as
 * PEM or DER, asked for with structure and selection.  A structure named
 * other than the file's is a hint OpenSSL 3.0 does not enforce on DER (its
 * answer then depends on the order of its decoders): nothing, or the key
 * the selection asks for, is right there.
 */
static void selection_case(const KEY_FILE *ours, const KEY_FILE *ed25519,
                           const MLDSA_KEY *key, int pem, const char *structure,
                           int selection)
{
    static char in[BUF_MAX];
    const char *input = pem ? "PEM" : "DER";
    const char *has = ours->private ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
    int want = expected(ours->private, selection), hint = structure != NULL
                                                         && strcmp(structure, has) != 0;
    size_t n;
    int got;

    n = as_input(ours->der, ours->len, ours->private, pem, in);
    got = decoded(alone, input, structure, selection, in, n, want ? key : NULL);
    ck_assert_msg(got == want || (hint && got == 0),
                  "ML-DSA-%d %s, %s, structure %s, selection 0x%x: %d, not %d",
                  (int)mldsa_key_param(key), has, input, structure ? structure : "(any)",
                  selection, got, want);
    n = as_input(ed25519->der, ed25519->len, ed25519->private, pem, in);
    got = decoded(lib, input, structure, selection, in, n, NULL);
    ck_assert_msg(got == want || (hint && got == 0),
                  "Ed25519 %s, %s, structure %s, selection 0x%x: %d, not %d", has, input,
                  structure ? structure : "(any)", selection, got, want);
}

/*
 * Each decoder (SubjectPublicKeyInfo and PrivateKeyInfo, DER and PEM) with
 * each selection and structure, alone in its library context, gives what
 * OpenSSL's built-in decoders give: a public-key decoder refuses when the
 * private key is asked for, a PrivateKeyInfo one serves only a request for
 * it.  Ed25519, decoded by the default provider under the same calls, is
 * held to the same table.
 */
START_TEST(decoders_serve_the_selections_of_openssl_builtin_decoders)
{
    static uint8_t der[2][BUF_MAX], edder[2][256];
    MLDSA_KEY *key = fixed_key(params[_i]);
    EVP_PKEY *ed = EVP_PKEY_Q_keygen(lib, NULL, "ED25519");
    KEY_FILE ours[2], theirs[2];
    unsigned char *p;
    int len;

    ck_assert_ptr_nonnull(ed);
    for (int private = 0; private < 2; private++) {
        ours[private].der = der[private];
        ours[private].len = BUF_MAX;
        ours[private].private = theirs[private].private = private;
        theirs[private].der = p = edder[private];
        len = private ? i2d_PrivateKey(ed, &p) : i2d_PUBKEY(ed, &p);
        ck_assert_int_gt(len, 0);
        theirs[private].len = (size_t)len;
    }
    ck_assert_int_eq(mldsa_key_to_public_der(key, der[0], &ours[0].len), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_private_der(key, MLDSA_KEY_FORMAT_SEED, der[1], &ours[1].len),
                     MLDSA_OK);
    for (int private = 0; private < 2; private++)
        for (int pem = 0; pem < 2; pem++)
            for (size_t s = 0; s < sizeof(structures) / sizeof(structures[0]); s++)
                for (size_t k = 0; k < sizeof(selections) / sizeof(selections[0]); k++)
                    selection_case(&ours[private], &theirs[private], key, pem, structures[s],
                                   selections[k]);
    EVP_PKEY_free(ed);
    mldsa_key_free(key);
}
END_TEST

/*
 * The key file in[len] read in ctx by the public-key readers
 * (PEM_read_bio_PUBKEY, d2i_PUBKEY) or the private-key ones
 * (PEM_read_bio_PrivateKey, d2i_AutoPrivateKey), as PEM or DER.
 */
static EVP_PKEY *read_key(OSSL_LIB_CTX *ctx, int private, int pem, const char *in,
                          size_t len)
{
    const unsigned char *p = (const unsigned char *)in;
    EVP_PKEY *pkey;
    BIO *bio;

    if (!pem)
        return private ? d2i_AutoPrivateKey_ex(NULL, &p, (long)len, ctx, PREFER_OURS)
                       : d2i_PUBKEY_ex(NULL, &p, (long)len, ctx, PREFER_OURS);
    ck_assert_ptr_nonnull(bio = BIO_new_mem_buf(in, (int)len));
    pkey = private ? PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, ctx, PREFER_OURS)
                   : PEM_read_bio_PUBKEY_ex(bio, NULL, NULL, NULL, ctx, PREFER_OURS);
    BIO_free(bio);
    return pkey;
}

/*
 * The public-key readers (PEM_read_bio_PUBKEY, d2i_PUBKEY) give no key for
 * a PRIVATE KEY file, and the private-key readers none for a PUBLIC KEY
 * file, as for Ed25519; each reads its own kind.  With the module alone,
 * and beside the default provider.
 */
START_TEST(public_key_readers_refuse_a_private_key_file)
{
    static uint8_t der[2][BUF_MAX];
    static char in[BUF_MAX];
    OSSL_LIB_CTX *ctxs[2] = { alone, lib };
    MLDSA_KEY *key = fixed_key(params[_i]);
    EVP_PKEY *ed = EVP_PKEY_Q_keygen(lib, NULL, "ED25519"), *pkey;
    uint8_t edder[2][256];
    size_t derlen[2], edlen[2], n;
    unsigned char *p;

    ck_assert_ptr_nonnull(ed);
    derlen[0] = derlen[1] = BUF_MAX;
    ck_assert_int_eq(mldsa_key_to_public_der(key, der[0], &derlen[0]), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_private_der(key, MLDSA_KEY_FORMAT_BOTH, der[1], &derlen[1]),
                     MLDSA_OK);
    p = edder[0];
    edlen[0] = (size_t)i2d_PUBKEY(ed, &p);
    p = edder[1];
    edlen[1] = (size_t)i2d_PrivateKey(ed, &p);
    for (int c = 0; c < 2; c++)
        for (int pem = 0; pem < 2; pem++)
            for (int private = 0; private < 2; private++) {
                n = as_input(der[private], derlen[private], private, pem, in);
                pkey = read_key(ctxs[c], 0, pem, in, n);
                ck_assert_msg(what_key(pkey, key) == (private ? 0 : 1),
                              "%s %s as a public key (%s): %d", pem ? "PEM" : "DER",
                              private ? "PKCS#8" : "SPKI", c ? "beside default" : "alone",
                              what_key(pkey, NULL));
                EVP_PKEY_free(pkey);
                pkey = read_key(ctxs[c], 1, pem, in, n);
                ck_assert_msg(what_key(pkey, key) == (private ? 2 : 0),
                              "%s %s as a private key (%s): %d", pem ? "PEM" : "DER",
                              private ? "PKCS#8" : "SPKI", c ? "beside default" : "alone",
                              what_key(pkey, NULL));
                EVP_PKEY_free(pkey);
                ERR_clear_error();
                if (c == 0)
                    continue;
                n = as_input(edder[private], edlen[private], private, pem, in);
                pkey = read_key(lib, 0, pem, in, n);
                ck_assert_int_eq(what_key(pkey, NULL), private ? 0 : 1);
                EVP_PKEY_free(pkey);
                pkey = read_key(lib, 1, pem, in, n);
                ck_assert_int_eq(what_key(pkey, NULL), private ? 2 : 0);
                EVP_PKEY_free(pkey);
                ERR_clear_error();
            }
    EVP_PKEY_free(ed);
    mldsa_key_free(key);
}
END_TEST

/* Append a DER header (tag, length below 65536) at *p. */
static void put_header(uint8_t **p, uint8_t tag, size_t len)
{
    *(*p)++ = tag;
    if (len >= 256) {
        *(*p)++ = 0x82;
        *(*p)++ = (uint8_t)(len >> 8);
    } else if (len >= 128) {
        *(*p)++ = 0x81;
    }
    *(*p)++ = (uint8_t)len;
}

/*
 * A OneAsymmetricKey of key: version (0 or 1), privateKey's contents
 * priv[privlen] (the seed form when NULL), attributes attrs[attrslen] when
 * attrs is not NULL, the [1] publicKey when with_public; into out.
 */
static size_t one_asymmetric_key(const MLDSA_KEY *key, int version, const uint8_t *priv,
                                 size_t privlen, const uint8_t *attrs, size_t attrslen,
                                 int with_public, uint8_t *out)
{
    uint8_t body[BUF_MAX], *p = body, *q = out, seedform[2 + MLDSA_SEED_BYTES];
    uint8_t spki[BUF_MAX];
    size_t pklen = mldsa_public_key_bytes(mldsa_key_param(key)), spkilen = sizeof(spki);

    /* the AlgorithmIdentifier is the SubjectPublicKeyInfo's, and its key the publicKey */
    ck_assert_int_eq(mldsa_key_to_public_der(key, spki, &spkilen), MLDSA_OK);
    if (priv == NULL) {
        seedform[0] = 0x80;
        seedform[1] = MLDSA_SEED_BYTES;
        ck_assert_int_eq(mldsa_key_get_seed(key, seedform + 2), MLDSA_OK);
        priv = seedform;
        privlen = sizeof(seedform);
    }
    put_header(&p, 0x02, 1);
    *p++ = (uint8_t)version;
    memcpy(p, spki + 4, 13);            /* SEQUENCE (4 bytes of header), then AlgorithmIdentifier */
    p += 13;
    put_header(&p, 0x04, privlen);
    memcpy(p, priv, privlen);
    p += privlen;
    if (attrs != NULL) {
        put_header(&p, 0xa0, attrslen);
        memcpy(p, attrs, attrslen);
        p += attrslen;
    }
    if (with_public) {
        put_header(&p, 0x81, 1 + pklen);
        memcpy(p, spki + spkilen - 1 - pklen, 1 + pklen);   /* the BIT STRING's contents */
        p += 1 + pklen;
    }
    put_header(&q, 0x30, (size_t)(p - body));
    memcpy(q, body, (size_t)(p - body));
    mldsa_cleanse(body, sizeof(body));
    mldsa_cleanse(seedform, sizeof(seedform));
    return (size_t)(q - out) + (size_t)(p - body);
}

/*
 * RFC 5958 through the decoders (the module alone; DER and PEM): version
 * v2 when, and only when, [1] publicKey is present, and [0] attributes a
 * SET OF Attribute; another set's bare expanded key is a length error.
 * Each refusal carries the library's reason; the well-formed ones decode.
 */
START_TEST(decoders_refuse_what_rfc_5958_does_not_allow)
{
    /* friendlyName (1.2.840.113549.1.9.20) = BMPString "k" */
    static const uint8_t attr[] = {
        0x30, 0x11, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x14,
        0x31, 0x04, 0x1e, 0x02, 0x00, 0x6b
    };
    static const uint8_t not_attr[] = { 0x02, 0x01, 0x00 };
    static uint8_t der[BUF_MAX], other_sk[MLDSA_MAX_SECRET_KEY_BYTES];
    static char in[BUF_MAX];
    MLDSA_KEY *key = fixed_key(params[_i]), *other = fixed_key(params[(_i + 1) % NPARAMS]);
    size_t other_sklen = mldsa_secret_key_bytes(mldsa_key_param(other)), n;
    struct {
        const char *what;
        int version;
        const uint8_t *priv, *attrs;
        size_t privlen, attrslen;
        int with_public, err;
    } cases[] = {
        { "v1", 0, NULL, NULL, 0, 0, 0, MLDSA_OK },
        { "v2 with its public key", 1, NULL, NULL, 0, 0, 1, MLDSA_OK },
        { "v1 with an attribute", 0, NULL, attr, 0, sizeof(attr), 0, MLDSA_OK },
        { "v2 with an attribute", 1, NULL, attr, 0, sizeof(attr), 1, MLDSA_OK },
        { "v2 without its public key", 1, NULL, NULL, 0, 0, 0, MLDSA_ERR_DER },
        { "v1 with a public key", 0, NULL, NULL, 0, 0, 1, MLDSA_ERR_DER },
        { "an INTEGER for an attribute", 0, NULL, not_attr, 0, sizeof(not_attr), 0,
          MLDSA_ERR_DER },
        { "another set's bare expanded key", 0, other_sk, NULL, other_sklen, 0, 0,
          MLDSA_ERR_SK_LENGTH },
    };

    ck_assert_int_eq(mldsa_key_get_secret(other, other_sk, other_sklen), MLDSA_OK);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t derlen = one_asymmetric_key(key, cases[i].version, cases[i].priv,
                                           cases[i].privlen, cases[i].attrs,
                                           cases[i].attrslen, cases[i].with_public, der);

        for (int pem = 0; pem < 2; pem++) {
            n = as_input(der, derlen, 1, pem, in);
            if (cases[i].err == MLDSA_OK) {
                ck_assert_msg(decoded(alone, pem ? "PEM" : "DER", "PrivateKeyInfo",
                                      EVP_PKEY_KEYPAIR, in, n, key) == 2,
                              "%s: %s refused", alg_names[_i], cases[i].what);
                continue;
            }
            ck_assert_msg(decoded(alone, pem ? "PEM" : "DER", NULL, EVP_PKEY_KEYPAIR, in, n,
                                  NULL) == 0, "%s: %s accepted", alg_names[_i], cases[i].what);
            /* (decoded empties the queue: decode once more for the reason) */
            {
                OSSL_DECODER_CTX *dctx;
                EVP_PKEY *pkey = NULL;
                const unsigned char *p = (const unsigned char *)in;
                size_t left = n;

                dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, pem ? "PEM" : "DER", NULL, NULL,
                                                     EVP_PKEY_KEYPAIR, alone, NULL);
                ck_assert_int_ne(OSSL_DECODER_from_data(dctx, &p, &left), 1);
                ck_assert_ptr_null(pkey);
                OSSL_DECODER_CTX_free(dctx);
                ck_assert_msg(provider_error(R_BAD_KEY, mldsa_strerror(cases[i].err)),
                              "%s: %s: no '%s' on the error stack", alg_names[_i],
                              cases[i].what, mldsa_strerror(cases[i].err));
            }
        }
    }
    mldsa_cleanse(der, sizeof(der));
    mldsa_cleanse(in, sizeof(in));
    mldsa_cleanse(other_sk, sizeof(other_sk));
    mldsa_key_free(other);
    mldsa_key_free(key);
}
END_TEST

/*
 * Signature parameters of the wrong OSSL_PARAM type are refused as such,
 * not as a wrong length or value: context-string, test-entropy given as
 * text, deterministic and message-encoding given as text.
 */
START_TEST(signature_parameters_of_the_wrong_type_say_so)
{
    static const struct {
        const char *name;
        const char *says;
    } cases[] = {
        { "context-string", "'context-string' must be an octet string (wrong type)" },
        { "test-entropy", "'test-entropy' must be an octet string (wrong type)" },
        { "deterministic", "'deterministic' must be an integer (wrong type)" },
        { "message-encoding", "'message-encoding' must be an integer (wrong type)" },
    };
    char text[] = "1";
    OSSL_PARAM prm[2];
    EVP_PKEY_CTX *kctx;
    EVP_PKEY *pkey = NULL;

    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(lib, alg_names[_i], OURS));
    ck_assert_int_eq(EVP_PKEY_keygen_init(kctx), 1);
    ck_assert_int_eq(EVP_PKEY_keygen(kctx, &pkey), 1);
    EVP_PKEY_CTX_free(kctx);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, OURS));
        ck_assert_int_eq(EVP_PKEY_sign_init(kctx), 1);
        prm[0] = OSSL_PARAM_construct_utf8_string(cases[i].name, text, 0);
        prm[1] = OSSL_PARAM_construct_end();
        ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
        ASSERT_REFUSED(R_BAD_PARAMETER, cases[i].says);
        EVP_PKEY_CTX_free(kctx);
    }
    EVP_PKEY_free(pkey);
}
END_TEST

/* The buildinfo parameter of prov, as a thread function: into *arg. */
static void *get_buildinfo(void *arg)
{
    const char **out = arg;
    OSSL_PARAM prm[2];

    prm[0] = OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)out, 0);
    prm[1] = OSSL_PARAM_construct_end();
    if (OSSL_PROVIDER_get_params(alone_prov, prm) != 1)
        *out = NULL;
    return NULL;
}

/*
 * The buildinfo string a thread got stays valid after that thread has
 * ended (it was the thread's own buffer, freed with it when the next thread
 * takes over its cached stack: ASan and valgrind see the read): the same
 * string, at the same place, for every thread.
 */
START_TEST(buildinfo_outlives_the_thread_that_asked)
{
    const char *first = NULL, *second = NULL, *mine = NULL;
    pthread_t t;

    ck_assert_int_eq(pthread_create(&t, NULL, get_buildinfo, &first), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    ck_assert_int_eq(pthread_create(&t, NULL, get_buildinfo, &second), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    get_buildinfo(&mine);
    ck_assert_ptr_nonnull(first);
    ck_assert_str_eq(first, mldsa_build_info());
    ck_assert_ptr_eq(first, second);
    ck_assert_ptr_eq(first, mine);
}
END_TEST

static Suite *provider_inputs_suite(void)
{
    Suite *s = suite_create("provider inputs");
    TCase *tc = tcase_create("inputs");

    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_pem_form_decodes_with_the_module_alone_and_the_secure_heap,
                        0, NPARAMS);
    tcase_add_loop_test(tc, decoders_serve_the_selections_of_openssl_builtin_decoders, 0,
                        NPARAMS);
    tcase_add_loop_test(tc, public_key_readers_refuse_a_private_key_file, 0, NPARAMS);
    tcase_add_loop_test(tc, decoders_refuse_what_rfc_5958_does_not_allow, 0, NPARAMS);
    tcase_add_loop_test(tc, signature_parameters_of_the_wrong_type_say_so, 0, NPARAMS);
    tcase_add_test(tc, buildinfo_outlives_the_thread_that_asked);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(provider_inputs_suite());
}

#endif /* TEST_PROVIDER_SKIP */
