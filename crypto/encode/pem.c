/*
 * PEM armour (RFC 7468) with base64 (RFC 4648 section 4): writing in the
 * strict form (64-column lines, '\n' line ends), reading in the lax form of
 * RFC 7468 section 3 (any whitespace inside the base64, text outside the
 * armour ignored) but with canonical base64 padding.
 *
 * The base64 carries private keys, so it is constant time: a character's
 * value and a value's character come from arithmetic on the character
 * ranges (A-Z, a-z, 0-9, '+', '/'), never from a table indexed by a secret
 * or a branch on one.  Text in the strict layout (what every encoder
 * writes) is decoded with the positions of the line ends known from its
 * length alone; other layouts (CRLF, other line lengths) go through the
 * lax reader, which classifies each character by arithmetic too.  The only
 * facts about the characters that reach a branch or an index are public,
 * and are declassified where they arise (include/internal/ct.h): where the
 * END line starts, which characters are whitespace or padding (the
 * layout, and the length of the DER), and the verdict that the text is
 * base64 (that a key is malformed is not secret).  Public keys take the
 * same code.
 */
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "internal/cleanse.h"
#include "internal/ct.h"
#include "encode/encode_local.h"

#define PEM_BEGIN "-----BEGIN "
#define PEM_END "-----END "
#define PEM_DASHES "-----"
#define PEM_LINE_CHARS 64   /* RFC 7468 section 2: lines of 64 characters */
#define B64_GROUP_BYTES 3   /* three bytes become four characters */
#define B64_GROUP_CHARS 4
#define B64_PAD '='

/*
 * All-ones when a >= b, else zero, for a, b < 2^31 (no branch: the sign bit
 * of b - 1 - a).
 */
static uint32_t ct_ge(uint32_t a, uint32_t b)
{
    return 0u - ((b - 1u - a) >> 31);
}

/* All-ones when lo <= c <= hi, else zero. */
static uint32_t ct_in(uint32_t c, uint32_t lo, uint32_t hi)
{
    return ct_ge(c, lo) & ct_ge(hi, c);
}

/* All-ones when a == b, else zero. */
static uint32_t ct_eq(uint32_t a, uint32_t b)
{
    return ct_in(a, b, b);
}

/*
 * The base64 character of v (0..63), RFC 4648 Table 1, in constant time:
 * 'A' + v, then shifted into the next range at each boundary.
 */
static char b64_char(uint32_t v)
{
    uint32_t c = v + 'A';

    c += ct_ge(v, 26) & (uint32_t)(('a' - 26) - 'A');
    c += ct_ge(v, 52) & (uint32_t)(('0' - 52) - ('a' - 26));
    c += ct_ge(v, 62) & (uint32_t)('+' - ('0' + 10));
    c += ct_ge(v, 63) & (uint32_t)('/' - ('+' + 1));
    return (char)c;
}

/*
 * The value of base64 character ch (RFC 4648 Table 1) in constant time;
 * B64_BAD_BIT is set when ch is not one of the 64.
 */
#define B64_BAD_BIT 0x100u
static uint32_t b64_val(char ch)
{
    uint32_t c = (uint8_t)ch, v = 0, m, ok = 0;

    m = ct_in(c, 'A', 'Z');
    v |= m & (c - 'A');
    ok |= m;
    m = ct_in(c, 'a', 'z');
    v |= m & (c - 'a' + 26);
    ok |= m;
    m = ct_in(c, '0', '9');
    v |= m & (c - '0' + 52);
    ok |= m;
    m = ct_eq(c, '+');
    v |= m & 62;
    ok |= m;
    m = ct_eq(c, '/');
    v |= m & 63;
    ok |= m;
    return v | (~ok & B64_BAD_BIT);
}

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
        /* n is public (the position in the input), the bytes are not. */
        group[0] = b64_char((v >> 18) & 0x3f);
        group[1] = b64_char((v >> 12) & 0x3f);
        group[2] = n > 1 ? b64_char((v >> 6) & 0x3f) : B64_PAD;
        group[3] = n > 2 ? b64_char(v & 0x3f) : B64_PAD;
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

/* All-ones when ch is whitespace (space, \t, \n, \v, \f, \r), else zero. */
static uint32_t ct_space(uint32_t ch)
{
    return ct_eq(ch, ' ') | ct_in(ch, '\t', '\r');
}

/*
 * Decode base64 text in the strict layout: in is "\n", then lines of 64
 * characters (the last one shorter) each ending in "\n", as ossl_pem_encode
 * writes them.  Every position follows from len: which characters are line
 * ends, where the last group is.  Returns MLDSA_ERR_PEM, without having
 * branched on a character, when in is not in that layout or not canonical
 * base64 (then the lax reader has its go).
 */
static int b64_decode_strict(uint8_t *out, size_t *outlen, const char *in,
                             size_t len)
{
    size_t body, lines, chars, groups;
    uint32_t bad = 0, pad2, pad3, acc = 0;

    if (len < 2)
        return MLDSA_ERR_PEM;
    body = len - 1;
    lines = (body + PEM_LINE_CHARS) / (PEM_LINE_CHARS + 1);
    chars = body - lines;
    if (chars == 0 || chars % B64_GROUP_CHARS != 0
        || (chars + PEM_LINE_CHARS - 1) / PEM_LINE_CHARS != lines)
        return MLDSA_ERR_PEM;
    groups = chars / B64_GROUP_CHARS;
    bad |= ~ct_eq((uint8_t)in[0], '\n');
    for (size_t l = 0; l < lines; l++) {
        size_t end = l + 1 < lines ? (l + 1) * (PEM_LINE_CHARS + 1) : body;

        bad |= ~ct_eq((uint8_t)in[end], '\n');
    }
    /* Character j of the base64 sits at 1 + j + j / 64. */
    pad3 = ct_eq((uint8_t)in[1 + (chars - 1) + (chars - 1) / PEM_LINE_CHARS], B64_PAD);
    pad2 = ct_eq((uint8_t)in[1 + (chars - 2) + (chars - 2) / PEM_LINE_CHARS], B64_PAD);
    /* public: the padding gives the length of the DER */
    ML_DSA_CT_DECLASSIFY(&pad3, sizeof(pad3));
    ML_DSA_CT_DECLASSIFY(&pad2, sizeof(pad2));
    bad |= pad2 & ~pad3;
    for (size_t j = 0; j < chars; j++) {
        uint32_t v = b64_val(in[1 + j + j / PEM_LINE_CHARS]);
        uint32_t padded = 0;

        if (j == chars - 1)
            padded = pad3;
        else if (j == chars - 2)
            padded = pad2;
        bad |= ~padded & (0u - (v >> 8));
        acc = (acc << 6) | (v & ~padded & 0x3f);
        if (j % B64_GROUP_CHARS == B64_GROUP_CHARS - 1) {
            size_t g = j / B64_GROUP_CHARS * B64_GROUP_BYTES;

            out[g] = (uint8_t)(acc >> 16);
            out[g + 1] = (uint8_t)(acc >> 8);
            out[g + 2] = (uint8_t)acc;
        }
    }
    /* Canonical: the bits the padding leaves unused are zero. */
    bad |= pad3 & ~pad2 & ~ct_eq(acc & 0xff, 0);
    bad |= pad2 & ~ct_eq(acc & 0xffff, 0);
    *outlen = groups * B64_GROUP_BYTES - (pad3 & 1) - (pad2 & 1);
    ML_DSA_CT_DECLASSIFY(&bad, sizeof(bad));    /* public: malformed or not */
    return bad != 0 ? MLDSA_ERR_PEM : MLDSA_OK;
}

/*
 * Decode base64 text (whitespace skipped) into out, which has room for
 * len / 4 * 3 bytes.  Padding only in the last group, and the bits it
 * leaves unused must be zero (canonical encoding, RFC 4648 section 3.5).
 * The lax reader: which characters are whitespace or padding is
 * declassified (the layout of the text, and the length of the DER), the
 * values stay secret and an error is a flag tested once at the end.
 */
static int b64_decode_lax(uint8_t *out, size_t *outlen, const char *in, size_t len)
{
    uint32_t acc = 0, bad = 0;
    size_t n = 0, chars = 0, pads = 0;

    for (size_t i = 0; i < len; i++) {
        uint32_t ch = (uint8_t)in[i], v;
        uint32_t space = ct_space(ch), pad = ct_eq(ch, B64_PAD);

        ML_DSA_CT_DECLASSIFY(&space, sizeof(space));    /* public: layout */
        ML_DSA_CT_DECLASSIFY(&pad, sizeof(pad));        /* public: length */
        if (space)
            continue;
        chars++;
        if (pad) {
            pads++;
            acc <<= 6;
            continue;
        }
        if (pads != 0)
            return MLDSA_ERR_PEM;
        v = b64_val((char)ch);
        bad |= 0u - (v >> 8);
        acc = (acc << 6) | (v & 0x3f);
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
        bad |= ~ct_eq(acc & (pads == 1 ? 0xff : 0xffff), 0);
        out[n++] = (uint8_t)(acc >> 16);
        if (pads == 1)
            out[n++] = (uint8_t)(acc >> 8);
    }
    ML_DSA_CT_DECLASSIFY(&bad, sizeof(bad));    /* public: malformed or not */
    if (bad != 0)
        return MLDSA_ERR_PEM;
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

/*
 * The offset of the first '-' in body[0..len), or len: where the END line
 * starts, since base64 has no '-'.  A scan of every character without a
 * branch on one (the body is a private key's), then declassified: where
 * the base64 ends is the layout of the text.
 */
static size_t end_line_offset(const char *body, size_t len)
{
    size_t pos = len, found = 0;

    for (size_t i = 0; i < len; i++) {
        size_t hit = (size_t)0 - (size_t)(ct_eq((uint8_t)body[i], '-') & 1);

        hit &= ~found;
        pos = (pos & ~hit) | (i & hit);
        found |= hit;
    }
    ML_DSA_CT_DECLASSIFY(&pos, sizeof(pos));    /* public: layout */
    return pos;
}

int ossl_pem_decode(const char *text, size_t textlen, const char **label,
                    size_t *labellen, uint8_t **der, size_t *derlen,
                    size_t *dersize)
{
    const char *end = text + textlen, *lab, *labend, *body, *endline, *p;
    size_t lablen, endlen = strlen(PEM_END);
    uint8_t *buf = NULL;
    size_t bodylen, buflen = 0, bufsize = 0;
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
    endline = body + end_line_offset(body, (size_t)(end - body));
    if ((size_t)(end - endline) < endlen + lablen + strlen(PEM_DASHES)
        || memcmp(endline, PEM_END, endlen) != 0
        || memcmp(endline + endlen, lab, lablen) != 0
        || memcmp(endline + endlen + lablen, PEM_DASHES,
                  strlen(PEM_DASHES)) != 0)
        goto end;
    bodylen = (size_t)(endline - body);

    bufsize = bodylen / B64_GROUP_CHARS * B64_GROUP_BYTES + 1;
    if ((buf = malloc(bufsize)) == NULL) {
        ret = MLDSA_ERR_MEMORY;
        goto end;
    }
    if (b64_decode_strict(buf, &buflen, body, bodylen) != MLDSA_OK) {
        /* the strict reader may have written past what the lax one will */
        ossl_cleanse(buf, bufsize);
        if ((ret = b64_decode_lax(buf, &buflen, body, bodylen)) != MLDSA_OK)
            goto end;
    }
    *label = lab;
    *labellen = lablen;
    *der = buf;
    *derlen = buflen;
    *dersize = bufsize;
    buf = NULL;
    ret = MLDSA_OK;
 end:
    if (buf != NULL) {
        ossl_cleanse(buf, bufsize);
        free(buf);
    }
    return ret;
}
