/*
 * PEM armour (RFC 7468) with base64 (RFC 4648 section 4): writing in the
 * strict form (64-column lines, '\n' line ends), reading in the lax form of
 * RFC 7468 section 3 (any whitespace inside the base64, text outside the
 * armour ignored) but with canonical base64 padding.
 */
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "internal/cleanse.h"
#include "encode/encode_local.h"

#define PEM_BEGIN "-----BEGIN "
#define PEM_END "-----END "
#define PEM_DASHES "-----"
#define PEM_LINE_CHARS 64   /* RFC 7468 section 2: lines of 64 characters */
#define B64_GROUP_BYTES 3   /* three bytes become four characters */
#define B64_GROUP_CHARS 4
#define B64_PAD '='
#define B64_INVALID 0xff

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Number of base64 characters for len bytes, padding included. */
static size_t b64_chars(size_t len)
{
    return (len + B64_GROUP_BYTES - 1) / B64_GROUP_BYTES * B64_GROUP_CHARS;
}

size_t ossl_pem_encoded_len(const char *label, size_t derlen)
{
    size_t chars = b64_chars(derlen);
    size_t lines = (chars + PEM_LINE_CHARS - 1) / PEM_LINE_CHARS;
    size_t armour = strlen(PEM_BEGIN) + strlen(PEM_END)
                    + 2 * (strlen(label) + strlen(PEM_DASHES) + 1);

    return armour + chars + lines;
}

/* Encode len bytes (the last group may be short) as base64 characters. */
static char *b64_encode(char *out, const uint8_t *in, size_t len)
{
    size_t col = 0;

    for (size_t i = 0; i < len; i += B64_GROUP_BYTES) {
        size_t n = len - i < B64_GROUP_BYTES ? len - i : B64_GROUP_BYTES;
        uint32_t v = (uint32_t)in[i] << 16;
        char group[B64_GROUP_CHARS];

        if (n > 1)
            v |= (uint32_t)in[i + 1] << 8;
        if (n > 2)
            v |= in[i + 2];
        group[0] = b64_alphabet[(v >> 18) & 0x3f];
        group[1] = b64_alphabet[(v >> 12) & 0x3f];
        group[2] = n > 1 ? b64_alphabet[(v >> 6) & 0x3f] : B64_PAD;
        group[3] = n > 2 ? b64_alphabet[v & 0x3f] : B64_PAD;
        for (size_t j = 0; j < B64_GROUP_CHARS; j++) {
            *out++ = group[j];
            if (++col == PEM_LINE_CHARS) {
                *out++ = '\n';
                col = 0;
            }
        }
    }
    if (col != 0)
        *out++ = '\n';
    return out;
}

/* Append s (without its NUL) at out. */
static char *put_str(char *out, const char *s)
{
    size_t n = strlen(s);

    memcpy(out, s, n);
    return out + n;
}

void ossl_pem_encode(char *out, const char *label, const uint8_t *der,
                     size_t derlen)
{
    out = put_str(out, PEM_BEGIN);
    out = put_str(out, label);
    out = put_str(out, PEM_DASHES "\n");
    out = b64_encode(out, der, derlen);
    out = put_str(out, PEM_END);
    out = put_str(out, label);
    put_str(out, PEM_DASHES "\n");
}

/* Value of a base64 character, B64_INVALID for anything else. */
static uint8_t b64_value(char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return (uint8_t)(ch - 'A');
    if (ch >= 'a' && ch <= 'z')
        return (uint8_t)(ch - 'a' + 26);
    if (ch >= '0' && ch <= '9')
        return (uint8_t)(ch - '0' + 52);
    if (ch == '+')
        return 62;
    if (ch == '/')
        return 63;
    return B64_INVALID;
}

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'
           || ch == '\v' || ch == '\f';
}

/*
 * Decode base64 text (whitespace skipped) into out, which has room for
 * len / 4 * 3 bytes.  Padding only in the last group, and the bits it
 * leaves unused must be zero (canonical encoding, RFC 4648 section 3.5).
 */
static int b64_decode(uint8_t *out, size_t *outlen, const char *in, size_t len)
{
    uint32_t acc = 0;
    size_t n = 0, chars = 0, pads = 0;

    for (size_t i = 0; i < len; i++) {
        uint8_t v;

        if (is_space(in[i]))
            continue;
        if (in[i] == B64_PAD) {
            pads++;
            chars++;
            acc <<= 6;
            continue;
        }
        if (pads != 0 || (v = b64_value(in[i])) == B64_INVALID)
            return MLDSA_ERR_PEM;
        acc = (acc << 6) | v;
        chars++;
        if (chars % B64_GROUP_CHARS == 0) {
            out[n++] = (uint8_t)(acc >> 16);
            out[n++] = (uint8_t)(acc >> 8);
            out[n++] = (uint8_t)acc;
            acc = 0;
        }
    }
    if (chars % B64_GROUP_CHARS != 0 || pads > 2)
        return MLDSA_ERR_PEM;
    if (pads != 0) {
        /* The last group: 4 - pads characters carry 3 - pads bytes. */
        uint32_t unused = pads == 1 ? 0xff : 0xffff;

        if ((acc & unused) != 0)
            return MLDSA_ERR_PEM;
        out[n++] = (uint8_t)(acc >> 16);
        if (pads == 1)
            out[n++] = (uint8_t)(acc >> 8);
    }
    *outlen = n;
    return MLDSA_OK;
}

/* First occurrence of the NUL-free string s in text[0..len), or NULL. */
static const char *find(const char *text, size_t len, const char *s)
{
    size_t n = strlen(s);

    for (size_t i = 0; n <= len && i <= len - n; i++)
        if (memcmp(text + i, s, n) == 0)
            return text + i;
    return NULL;
}

int ossl_pem_decode(const char *text, size_t textlen, const char **label,
                    size_t *labellen, uint8_t **der, size_t *derlen)
{
    const char *end = text + textlen, *lab, *labend, *body, *endline, *p;
    size_t lablen, endlen = strlen(PEM_END);
    uint8_t *buf = NULL;
    size_t bodylen, buflen = 0;
    int ret = MLDSA_ERR_PEM;

    /* -----BEGIN LABEL----- at the start of a line. */
    if ((lab = find(text, textlen, PEM_BEGIN)) == NULL
        || (lab != text && lab[-1] != '\n'))
        goto end;
    lab += strlen(PEM_BEGIN);
    if ((labend = find(lab, (size_t)(end - lab), PEM_DASHES)) == NULL)
        goto end;
    lablen = (size_t)(labend - lab);
    for (p = lab; p < labend; p++)
        if (*p == '\n' || *p == '\r')
            goto end;
    body = labend + strlen(PEM_DASHES);
    if (body == end || (*body != '\n' && *body != '\r'))
        goto end;

    /* -----END LABEL----- with the same label. */
    if ((endline = find(body, (size_t)(end - body), PEM_END)) == NULL
        || (size_t)(end - endline) < endlen + lablen + strlen(PEM_DASHES)
        || memcmp(endline + endlen, lab, lablen) != 0
        || memcmp(endline + endlen + lablen, PEM_DASHES,
                  strlen(PEM_DASHES)) != 0)
        goto end;
    bodylen = (size_t)(endline - body);

    if ((buf = malloc(bodylen / B64_GROUP_CHARS * B64_GROUP_BYTES + 1)) == NULL) {
        ret = MLDSA_ERR_MEMORY;
        goto end;
    }
    if ((ret = b64_decode(buf, &buflen, body, bodylen)) != MLDSA_OK)
        goto end;
    *label = lab;
    *labellen = lablen;
    *der = buf;
    *derlen = buflen;
    buf = NULL;
    ret = MLDSA_OK;
 end:
    if (buf != NULL) {
        ossl_cleanse(buf, bodylen / B64_GROUP_CHARS * B64_GROUP_BYTES + 1);
        free(buf);
    }
    return ret;
}
