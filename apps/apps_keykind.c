/*
 * Does a file hold a private key?  The check every output makes before it
 * replaces a file without --force: each form the tool writes or reads is
 * told apart (PEM by its labels, RFC 7468; DER PKCS#8 and
 * EncryptedPrivateKeyInfo, RFC 5958, against SubjectPublicKeyInfo, RFC
 * 5280; raw keys and signatures by their FIPS 204 lengths; the --text
 * dump by its title), and what is none of the public ones counts as a
 * private key.
 */
#include <string.h>
#include "apps.h"

#define PEM_MARKER "-----BEGIN "
#define PEM_PRIVATE "PRIVATE"
#define TEXT_TITLE "ML-DSA-"
#define TEXT_PUBLIC "Public-Key:"
#define TEXT_PRIVATE "Private-Key:"
#define TEXT_TITLE_MAX 32

/* DER tags (X.690): what tells the three key structures apart. */
#define DER_INTEGER 0x02
#define DER_BIT_STRING 0x03
#define DER_OCTET_STRING 0x04
#define DER_SEQUENCE 0x30

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };

/*
 * PEM: 1 when a block's label (up to the dashes of its BEGIN line) says
 * PRIVATE, 0 when no block does, -1 when data has no BEGIN line.
 */
static int pem_private(const uint8_t *data, size_t len)
{
    const uint8_t *p = data, *end = data + len, *lab;
    int seen = -1;

    while ((lab = app_find(p, (size_t)(end - p), PEM_MARKER)) != NULL) {
        const uint8_t *stop;

        lab += strlen(PEM_MARKER);
        for (stop = lab; stop < end && *stop != '-' && *stop != '\n'; stop++)
            ;
        if (app_find(lab, (size_t)(stop - lab), PEM_PRIVATE) != NULL)
            return 1;
        seen = 0;
        p = stop;
    }
    return seen;
}

/*
 * One DER element at *p (before end): its tag in *tag, and *p moved to
 * its contents, whose length is returned; 0 with *tag = 0 when it is not
 * one (definite lengths of up to four bytes).
 */
static size_t der_element(const uint8_t **p, const uint8_t *end, int *tag)
{
    size_t len = 0, n;

    *tag = 0;
    if (end - *p < 2)
        return 0;
    *tag = (*p)[0];
    n = (*p)[1];
    *p += 2;
    if (n & 0x80) {
        size_t k = n & 0x7f;

        if (k == 0 || k > 4 || (size_t)(end - *p) < k) {
            *tag = 0;
            return 0;
        }
        for (n = 0; k > 0; k--)
            n = n << 8 | *(*p)++;
    }
    len = n;
    if ((size_t)(end - *p) < len) {
        *tag = 0;
        return 0;
    }
    return len;
}

/*
 * DER: 1 for a SEQUENCE over the whole input that opens with an INTEGER
 * (PKCS#8 OneAsymmetricKey: its version) or with a SEQUENCE then an
 * OCTET STRING (EncryptedPrivateKeyInfo); 0 for a SEQUENCE then a BIT
 * STRING (SubjectPublicKeyInfo); -1 when it is none of these.
 */
static int der_private(const uint8_t *data, size_t len)
{
    const uint8_t *p = data, *end = data + len, *inner;
    size_t n;
    int tag;

    n = der_element(&p, end, &tag);
    if (tag != DER_SEQUENCE || p + n != end)
        return -1;
    inner = p;
    n = der_element(&inner, end, &tag);
    if (tag == DER_INTEGER)
        return 1;
    if (tag != DER_SEQUENCE)
        return -1;
    inner += n;
    (void)der_element(&inner, end, &tag);
    if (tag == DER_OCTET_STRING)
        return 1;
    return tag == DER_BIT_STRING ? 0 : -1;
}

/* The --text dump: 1 for a private key's, 0 for a public key's, else -1. */
static int text_private(const uint8_t *data, size_t len)
{
    size_t n = len < TEXT_TITLE_MAX ? len : TEXT_TITLE_MAX;

    if (len < strlen(TEXT_TITLE) || memcmp(data, TEXT_TITLE, strlen(TEXT_TITLE)) != 0)
        return -1;
    if (app_find(data, n, TEXT_PRIVATE) != NULL)
        return 1;
    return app_find(data, n, TEXT_PUBLIC) != NULL ? 0 : -1;
}

int app_may_hold_private(const uint8_t *data, size_t len)
{
    int kind;

    if (len == 0)
        return 0;
    if ((kind = pem_private(data, len)) >= 0 || (kind = text_private(data, len)) >= 0
        || (kind = der_private(data, len)) >= 0)
        return kind;
    if (len == MLDSA_SEED_BYTES)
        return 1;
    for (size_t i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
        if (len == mldsa_secret_key_bytes(params[i]))
            return 1;
        if (len == mldsa_public_key_bytes(params[i])
            || len == mldsa_signature_bytes(params[i]))
            return 0;
    }
    return 1;
}
