/*
 * A minimal, strict DER reader and writer (ITU-T X.690 sections 8 and 10):
 * single-byte tags, definite lengths in their shortest form, nothing past
 * the end of the input.  Enough for SubjectPublicKeyInfo and PKCS#8.
 */
#include <string.h>
#include "mldsa.h"
#include "internal/ct.h"
#include "encode/encode_local.h"

/* Short form covers lengths 0..127 (X.690 8.1.3.4). */
#define DER_SHORT_LEN_MAX 0x7f
/* Long form: 0x80 | number of length octets (X.690 8.1.3.5). */
#define DER_LONG_LEN_FLAG 0x80
/* The tag number bits; all set announce the high-tag form (X.690 8.1.2.4). */
#define DER_TAG_NUMBER_MASK 0x1f
/* The longest length we accept: four octets, far above any key. */
#define DER_MAX_LEN_OCTETS 4

void ossl_der_cursor_init(OSSL_DER_CURSOR *c, const uint8_t *p, size_t len)
{
    c->p = p;
    c->len = len;
}

/*
 * The tags and lengths of an encoding are its structure, which is public
 * (only the contents of a private key are secret): each is declassified
 * where it is read (a PEM decoder leaves the header bytes that share a
 * base64 character with a secret byte marked secret).
 */
int ossl_der_peek_tag(const OSSL_DER_CURSOR *c)
{
    if (c->len == 0)
        return -1;
    ML_DSA_CT_DECLASSIFY(c->p, 1);
    return c->p[0];
}

/*
 * Parse the length octets at p (avail bytes there) per X.690 8.1.3 with the
 * DER rule of 10.1: definite, and in the fewest octets.  *n receives the
 * number of octets used.
 */
static int get_length(const uint8_t *p, size_t avail, size_t *len, size_t *n)
{
    size_t octets, v = 0;

    if (avail == 0)
        return MLDSA_ERR_DER_LENGTH;
    ML_DSA_CT_DECLASSIFY(p, 1);         /* public: structure */
    if (p[0] <= DER_SHORT_LEN_MAX) {
        *len = p[0];
        *n = 1;
        return MLDSA_OK;
    }
    octets = p[0] & ~DER_LONG_LEN_FLAG;
    /* 0x80 is the indefinite form, which DER forbids. */
    if (octets == 0 || octets > DER_MAX_LEN_OCTETS || octets >= avail)
        return MLDSA_ERR_DER_LENGTH;
    ML_DSA_CT_DECLASSIFY(p + 1, octets);        /* public: structure */
    /* No leading zero octet, and the long form only above 127. */
    if (p[1] == 0)
        return MLDSA_ERR_DER_LENGTH;
    for (size_t i = 1; i <= octets; i++)
        v = (v << 8) | p[i];
    if (v <= DER_SHORT_LEN_MAX)
        return MLDSA_ERR_DER_LENGTH;
    *len = v;
    *n = 1 + octets;
    return MLDSA_OK;
}

int ossl_der_get_tlv(OSSL_DER_CURSOR *c, uint8_t tag, OSSL_DER_CURSOR *content)
{
    size_t len, n;
    int ret;

    if (c->len == 0 || ossl_der_peek_tag(c) != tag)
        return MLDSA_ERR_DER;
    if ((ret = get_length(c->p + 1, c->len - 1, &len, &n)) != MLDSA_OK)
        return ret;
    if (len > c->len - 1 - n)
        return MLDSA_ERR_DER_LENGTH;
    ossl_der_cursor_init(content, c->p + 1 + n, len);
    c->p += 1 + n + len;
    c->len -= 1 + n + len;
    return MLDSA_OK;
}

/* Any element: a tag of one octet (X.690 8.1.2.3: not the high-tag form). */
int ossl_der_get_any(OSSL_DER_CURSOR *c, OSSL_DER_CURSOR *content)
{
    int tag = ossl_der_peek_tag(c);

    if (tag < 0 || (tag & DER_TAG_NUMBER_MASK) == DER_TAG_NUMBER_MASK)
        return MLDSA_ERR_DER;
    return ossl_der_get_tlv(c, (uint8_t)tag, content);
}

/*
 * A non-negative INTEGER (X.690 8.3): at least one octet, no redundant
 * leading 0x00 or 0xff octet, sign bit clear, value within unsigned int.
 */
int ossl_der_get_uint(OSSL_DER_CURSOR *c, unsigned int *v)
{
    OSSL_DER_CURSOR in;
    unsigned int acc = 0;
    int ret;

    if ((ret = ossl_der_get_tlv(c, DER_TAG_INTEGER, &in)) != MLDSA_OK)
        return ret;
    if (in.len == 0 || (in.p[0] & 0x80) != 0)
        return MLDSA_ERR_DER;
    if (in.len > 1 && in.p[0] == 0 && (in.p[1] & 0x80) == 0)
        return MLDSA_ERR_DER;
    if (in.len > sizeof(acc) + 1 || (in.len == sizeof(acc) + 1 && in.p[0] != 0))
        return MLDSA_ERR_DER;
    for (size_t i = 0; i < in.len; i++)
        acc = (acc << 8) | in.p[i];
    *v = acc;
    return MLDSA_OK;
}

/* A BIT STRING (X.690 8.6) holding whole octets: the unused-bits octet is 0. */
int ossl_der_get_bit_string(OSSL_DER_CURSOR *c, OSSL_DER_CURSOR *content)
{
    OSSL_DER_CURSOR in;
    int ret;

    if ((ret = ossl_der_get_tlv(c, DER_TAG_BIT_STRING, &in)) != MLDSA_OK)
        return ret;
    if (in.len == 0 || in.p[0] != 0)
        return MLDSA_ERR_DER;
    ossl_der_cursor_init(content, in.p + 1, in.len - 1);
    return MLDSA_OK;
}

int ossl_der_expect_end(const OSSL_DER_CURSOR *c)
{
    return c->len == 0 ? MLDSA_OK : MLDSA_ERR_TRAILING;
}

size_t ossl_der_header_len(size_t len)
{
    size_t n = 1;

    if (len <= DER_SHORT_LEN_MAX)
        return 2;
    while (len > 0) {
        n++;
        len >>= 8;
    }
    return 1 + n;
}

size_t ossl_der_tlv_len(size_t len)
{
    return ossl_der_header_len(len) + len;
}

uint8_t *ossl_der_put_header(uint8_t *p, uint8_t tag, size_t len)
{
    size_t octets = ossl_der_header_len(len) - 2;

    *p++ = tag;
    if (octets == 0) {
        *p++ = (uint8_t)len;
        return p;
    }
    *p++ = (uint8_t)(DER_LONG_LEN_FLAG | octets);
    for (size_t i = octets; i > 0; i--)
        *p++ = (uint8_t)(len >> (8 * (i - 1)));
    return p;
}
