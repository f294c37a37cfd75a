/*
 * Encrypted private keys: PKCS#8 EncryptedPrivateKeyInfo (RFC 5958
 * section 3) with PBES2 (RFC 8018 section 6.2).  The tool writes PBKDF2
 * with HMAC-SHA256 and AES-256-CBC, and reads whatever PBES2 OpenSSL's
 * libcrypto knows (PBKDF2 or scrypt, AES-CBC...).  Only the encryption
 * layer is libcrypto's: the PKCS#8 inside is written and read by
 * libmldsa, which stays free of dependencies.  The cost a key read asks
 * of its key derivation is bounded (PBKDF2 iterations, scrypt's N, r, p).
 * Without libcrypto
 * (HAVE_OPENSSL undefined) an encrypted key is still recognised, and
 * refused with a clear message.
 */
#include <string.h>
#include "apps.h"

#define PEM_ENCRYPTED_MARKER "-----BEGIN ENCRYPTED PRIVATE KEY-----"
/* PBKDF2 rounds: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
#define PBKDF2_ITERATIONS 600000
/*
 * The most a key read may ask for, so that an edited key cannot make us
 * work for minutes: PBKDF2 (and PKCS#12 PBE) iterations, 10^7, about 2 s
 * on a current x86-64 core (16 times the 600000 we write; OpenSSL sets no
 * limit, Botan 10^8); scrypt (RFC 7914) memory 128 r (N + p) bytes at most
 * OpenSSL's default maxmem, 32 MiB (OpenSSL refuses beyond it, so that
 * N = 2^14, r = 8, its -scrypt default, is the largest usual key), and
 * N r p at most 2^26 (Botan's limit).
 */
#define MAX_PBKDF2_ITERATIONS 10000000u
#define MAX_SCRYPT_MEMORY (32u * 1024 * 1024)
#define MAX_SCRYPT_WORK ((uint64_t)1 << 26)
#define SCRYPT_BLOCK_BYTES 128u

/* id-PBES2 (1.2.840.113549.1.5.13) as DER contents: how a DER input is told. */
static const uint8_t pbes2_oid[] = {
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d
};
/* The OID comes within the first bytes: SEQUENCE { SEQUENCE { OID ... */
#define PBES2_OID_WINDOW 16

int app_pkcs8_is_encrypted(const uint8_t *data, size_t len)
{
    size_t w = sizeof(pbes2_oid);

    if (app_find(data, len, PEM_ENCRYPTED_MARKER) != NULL)
        return 1;
    if (len == 0 || data[0] != 0x30)
        return 0;
    for (size_t i = 0; i + w <= len && i < PBES2_OID_WINDOW; i++)
        if (memcmp(data + i, pbes2_oid, w) == 0)
            return 1;
    return 0;
}

#ifdef HAVE_OPENSSL
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/crypto.h>
#include <openssl/objects.h>

/* The EncryptedPrivateKeyInfo in data, PEM or DER; NULL if it is neither. */
static X509_SIG *read_sig(const uint8_t *data, size_t len)
{
    const unsigned char *p = data;
    X509_SIG *sig = NULL;
    BIO *bio;

    if (len > 0 && data[0] == 0x30) {
        sig = d2i_X509_SIG(NULL, &p, (long)len);
        if (sig != NULL && p != data + len) {
            X509_SIG_free(sig);
            sig = NULL;
        }
        return sig;
    }
    if ((bio = BIO_new_mem_buf(data, (int)len)) == NULL)
        return NULL;
    sig = PEM_read_bio_PKCS8(bio, NULL, NULL, NULL);
    BIO_free(bio);
    return sig;
}

const char *app_pkcs8_info(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

/* The value of an INTEGER that is there (0 when it is not, or too big). */
static uint64_t int_value(const ASN1_INTEGER *i)
{
    uint64_t v = 0;

    return i != NULL && ASN1_INTEGER_get_uint64(&v, i) == 1 ? v : 0;
}

/* The iteration count or scrypt's N, r, p over the limits: a message. */
static int check_pbkdf2(const char *name, const ASN1_TYPE *param)
{
    PBKDF2PARAM *kdf = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBKDF2PARAM), param);
    uint64_t iter = kdf != NULL ? int_value(kdf->iter) : 0;
    int ret = 0;

    if (kdf == NULL)
        ret = app_error("%s: bad PBKDF2 parameters", name);
    else if (iter == 0 || iter > MAX_PBKDF2_ITERATIONS)
        ret = app_error("%s: PBKDF2 with %llu iterations; this tool reads at most %u",
                        name, (unsigned long long)iter, MAX_PBKDF2_ITERATIONS);
    PBKDF2PARAM_free(kdf);
    return ret;
}

static int check_scrypt(const char *name, const ASN1_TYPE *param)
{
    SCRYPT_PARAMS *sp = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(SCRYPT_PARAMS), param);
    uint64_t n = 0, r = 0, p = 0;
    int ret = 0;

    if (sp != NULL) {
        n = int_value(sp->costParameter);
        r = int_value(sp->blockSize);
        p = int_value(sp->parallelizationParameter);
    }
    if (sp == NULL || n == 0 || r == 0 || p == 0)
        ret = app_error("%s: bad scrypt parameters", name);
    /* each factor below 2^26 first, so that the products cannot overflow */
    else if (n > MAX_SCRYPT_WORK || r > MAX_SCRYPT_WORK || p > MAX_SCRYPT_WORK
             || SCRYPT_BLOCK_BYTES * r * (n + p) > MAX_SCRYPT_MEMORY
             || n * r * p > MAX_SCRYPT_WORK)
        ret = app_error("%s: scrypt with N=%llu r=%llu p=%llu; this tool reads at "
                        "most 128 r (N + p) = 32 MiB and N r p = 2^26", name,
                        (unsigned long long)n, (unsigned long long)r,
                        (unsigned long long)p);
    SCRYPT_PARAMS_free(sp);
    return ret;
}

/*
 * The cost a key asks of its key derivation, within the limits above
 * before any work: PBES2 with PBKDF2 or scrypt (RFC 8018 section 6.2, RFC
 * 7914 section 7), or a PBES1 / PKCS#12 scheme with its iteration count.
 */
static int check_cost(const char *name, const X509_ALGOR *alg)
{
    const ASN1_OBJECT *oid;
    const void *pval;
    int ptype, ret;

    X509_ALGOR_get0(&oid, &ptype, &pval, alg);
    if (OBJ_obj2nid(oid) == NID_pbes2) {
        PBE2PARAM *pbe2 = ptype == V_ASN1_SEQUENCE
            ? ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBE2PARAM), alg->parameter)
            : NULL;
        int kdf;

        if (pbe2 == NULL || pbe2->keyfunc == NULL)
            ret = app_error("%s: bad PBES2 parameters", name);
        else if ((kdf = OBJ_obj2nid(pbe2->keyfunc->algorithm)) == NID_id_pbkdf2)
            ret = check_pbkdf2(name, pbe2->keyfunc->parameter);
        else if (kdf == NID_id_scrypt)
            ret = check_scrypt(name, pbe2->keyfunc->parameter);
        else
            ret = app_error("%s: PBES2 with an unknown key derivation", name);
        PBE2PARAM_free(pbe2);
    } else {
        PBEPARAM *pbe = ptype == V_ASN1_SEQUENCE
            ? ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBEPARAM), alg->parameter)
            : NULL;
        uint64_t iter = pbe != NULL ? int_value(pbe->iter) : 0;

        if (pbe == NULL)
            ret = app_error("%s: bad encryption parameters", name);
        else if (iter == 0 || iter > MAX_PBKDF2_ITERATIONS)
            ret = app_error("%s: %llu iterations; this tool reads at most %u", name,
                            (unsigned long long)iter, MAX_PBKDF2_ITERATIONS);
        else
            ret = 0;
        PBEPARAM_free(pbe);
    }
    return ret;
}

int app_pkcs8_decrypt(const char *name, const uint8_t *data, size_t len,
                      const APP_PASS *pass, uint8_t **der, size_t *derlen)
{
    const X509_ALGOR *alg;
    const ASN1_OCTET_STRING *enc;
    unsigned char *plain = NULL;
    X509_SIG *sig;
    int plainlen = 0, ret = MLDSA_ERR_VERIFY;

    if ((sig = read_sig(data, len)) == NULL) {
        ERR_clear_error();
        return app_error("%s: not an encrypted private key (EncryptedPrivateKeyInfo)",
                         name);
    }
    X509_SIG_get0(sig, &alg, &enc);
    if (check_cost(name, alg) != 0) {
        ret = APP_EXIT_ERROR;
        goto end;
    }
    /* Decryption fails on bad CBC padding; a wrong key that happens to
     * pass it gives bytes that libmldsa's strict DER reader refuses. */
    if (PKCS12_pbe_crypt(alg, pass->buf, (int)pass->len, ASN1_STRING_get0_data(enc),
                         ASN1_STRING_length(enc), &plain, &plainlen, 0) != NULL
        && plainlen > 0) {
        if ((*der = malloc((size_t)plainlen)) == NULL) {
            ret = app_error("out of memory");
        } else {
            memcpy(*der, plain, (size_t)plainlen);
            *derlen = (size_t)plainlen;
            ret = 0;
        }
    }
 end:
    OPENSSL_clear_free(plain, (size_t)plainlen);
    X509_SIG_free(sig);
    ERR_clear_error();
    return ret;
}

/* The X509_SIG as PEM or DER in a fresh malloc'd buffer. */
static int write_sig(X509_SIG *sig, int pem, uint8_t **out, size_t *outlen)
{
    BIO *bio = BIO_new(BIO_s_mem());
    char *p;
    long n;
    int ok, ret = APP_EXIT_ERROR;

    if (bio == NULL)
        return app_error("out of memory");
    ok = pem ? PEM_write_bio_PKCS8(bio, sig) : i2d_PKCS8_bio(bio, sig);
    if (ok && (n = BIO_get_mem_data(bio, &p)) > 0
        && (*out = malloc((size_t)n)) != NULL) {
        memcpy(*out, p, (size_t)n);
        *outlen = (size_t)n;
        ret = 0;
    } else {
        app_error("cannot encode the encrypted key");
    }
    BIO_free(bio);
    return ret;
}

int app_pkcs8_encrypt(const uint8_t *der, size_t derlen, const APP_PASS *pass,
                      int pem, uint8_t **out, size_t *outlen)
{
    const unsigned char *p = der;
    PKCS8_PRIV_KEY_INFO *info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)derlen);
    X509_ALGOR *pbe = NULL;
    X509_SIG *sig = NULL;
    int ret = APP_EXIT_ERROR;

    if (info == NULL) {
        app_error("cannot read our own PKCS#8 for encryption");
        goto end;
    }
    pbe = PKCS5_pbe2_set_iv(EVP_aes_256_cbc(), PBKDF2_ITERATIONS, NULL, 0, NULL,
                            NID_hmacWithSHA256);
    if (pbe == NULL
        || (sig = PKCS8_set0_pbe(pass->buf, (int)pass->len, info, pbe)) == NULL) {
        app_error("cannot encrypt the private key");
        X509_ALGOR_free(pbe);
        goto end;
    }
    ret = write_sig(sig, pem, out, outlen);
 end:
    X509_SIG_free(sig);
    PKCS8_PRIV_KEY_INFO_free(info);
    ERR_clear_error();
    return ret;
}

#else /* !HAVE_OPENSSL */

const char *app_pkcs8_info(void)
{
    return NULL;
}

int app_pkcs8_decrypt(const char *name, const uint8_t *data, size_t len,
                      const APP_PASS *pass, uint8_t **der, size_t *derlen)
{
    (void)name, (void)data, (void)len, (void)pass, (void)der, (void)derlen;
    return app_error(APP_NO_OPENSSL_MSG);
}

int app_pkcs8_encrypt(const uint8_t *der, size_t derlen, const APP_PASS *pass,
                      int pem, uint8_t **out, size_t *outlen)
{
    (void)der, (void)derlen, (void)pass, (void)pem, (void)out, (void)outlen;
    return app_error(APP_NO_OPENSSL_MSG);
}

#endif /* HAVE_OPENSSL */
