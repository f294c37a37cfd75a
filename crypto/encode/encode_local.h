/*
 * Internal interface of the key-format code (crypto/encode/): a strict DER
 * reader and writer for the few fixed shapes of RFC 9881 (der.c), and PEM
 * armour with base64 (pem.c).  This is not a general ASN.1 library: tags are
 * single-byte, lengths at most four bytes, and every value is definite-length
 * DER (X.690 section 10).
 */
#ifndef MLDSA_ENCODE_LOCAL_H
#define MLDSA_ENCODE_LOCAL_H

#include <stddef.h>
#include <stdint.h>

/* The universal and context tags the formats use (X.690 section 8.1.2). */
#define DER_TAG_INTEGER 0x02
#define DER_TAG_BIT_STRING 0x03
#define DER_TAG_OCTET_STRING 0x04
#define DER_TAG_OID 0x06
#define DER_TAG_SEQUENCE 0x30          /* constructed */
#define DER_TAG_SET 0x31               /* constructed */
#define DER_TAG_CONTEXT_0_PRIM 0x80    /* [0] IMPLICIT, primitive */
#define DER_TAG_CONTEXT_0_CONS 0xa0    /* [0] IMPLICIT, constructed */
#define DER_TAG_CONTEXT_1_PRIM 0x81    /* [1] IMPLICIT, primitive */

/* A read-only view of the bytes still to be read. */
typedef struct ossl_der_cursor_st {
    const uint8_t *p;
    size_t len;
} OSSL_DER_CURSOR;

void ossl_der_cursor_init(OSSL_DER_CURSOR *c, const uint8_t *p, size_t len);
/* The next tag, or -1 when the cursor is empty. */
int ossl_der_peek_tag(const OSSL_DER_CURSOR *c);
/*
 * Read one element whose tag must be tag; content receives its value bytes
 * and the cursor moves past it.  MLDSA_ERR_DER for a missing element or a
 * different tag, MLDSA_ERR_DER_LENGTH for an indefinite, non-minimal or
 * overlong length, or one that runs past the input.
 */
int ossl_der_get_tlv(OSSL_DER_CURSOR *c, uint8_t tag, OSSL_DER_CURSOR *content);
/* Read one element, whatever its (single-byte) tag, as ossl_der_get_tlv. */
int ossl_der_get_any(OSSL_DER_CURSOR *c, OSSL_DER_CURSOR *content);
/* A non-negative INTEGER that fits in an unsigned int, minimally encoded. */
int ossl_der_get_uint(OSSL_DER_CURSOR *c, unsigned int *v);
/* A BIT STRING with no unused bits; content receives the whole octets. */
int ossl_der_get_bit_string(OSSL_DER_CURSOR *c, OSSL_DER_CURSOR *content);
/* MLDSA_ERR_TRAILING unless the cursor is empty. */
int ossl_der_expect_end(const OSSL_DER_CURSOR *c);

/* Bytes of a tag and length header for contents of len bytes. */
size_t ossl_der_header_len(size_t len);
/* Bytes of a whole element with contents of len bytes. */
size_t ossl_der_tlv_len(size_t len);
/* Write tag and length at p; returns the position just after them. */
uint8_t *ossl_der_put_header(uint8_t *p, uint8_t tag, size_t len);

/* PEM labels (RFC 7468 sections 10 and 13). */
#define PEM_LABEL_PUBLIC "PUBLIC KEY"
#define PEM_LABEL_PRIVATE "PRIVATE KEY"

/* Length of the PEM text for derlen bytes under label (64-column base64). */
size_t ossl_pem_encoded_len(const char *label, size_t derlen);
/* Write the armoured text (exactly ossl_pem_encoded_len bytes, no NUL). */
void ossl_pem_encode(char *out, const char *label, const uint8_t *der,
                     size_t derlen);
/*
 * Find the first PEM block in text, check that its END line matches its
 * BEGIN line, and decode its base64 into a fresh buffer *der of *dersize
 * bytes, the DER in its first *derlen; the caller cleanses all *dersize
 * bytes and frees it.  *label points into text at the label, *labellen its
 * length.  MLDSA_ERR_PEM for missing or mismatched armour, a bad base64
 * character, bad padding or a misplaced '='.
 */
int ossl_pem_decode(const char *text, size_t textlen, const char **label,
                    size_t *labellen, uint8_t **der, size_t *derlen,
                    size_t *dersize);

#endif /* MLDSA_ENCODE_LOCAL_H */
