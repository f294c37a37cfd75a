/*
 * libFuzzer target: every decoder of private keys, with oracles.  The
 * first input byte picks the decoder, the second the parameter set:
 *   0  mldsa_key_from_der on the bytes (PKCS#8 in every RFC 9881 form, the
 *      legacy forms, PKCS#8 v2 with a public key, OQS's sk || pk pair)
 *   1  mldsa_key_from_pem on the bytes
 *   2  mldsa_key_from_secret and mldsa_pk_from_sk on the bytes: same verdict
 *   3  an expanded key of a seed from the input, with edits from the input:
 *      an edit of rho or tr (the public parts) is refused, of K accepted
 *   4  a PKCS#8 that embeds the public key (v2 [1] publicKey with a seed,
 *      an expanded key or both, or the OQS pair) of a seed from the input:
 *      it decodes, and one flipped bit of the public key is refused
 *   5  our private PEM of a seed key (every form) with characters edited
 * Every key that decodes must sign and verify (oracle.c); decoding never
 * crashes, leaks, or leaves a key behind on failure.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
static const mldsa_key_format forms[] = {
    MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
};

/* FIPS 204 skEncode layout: rho (32), K (32), tr (64), then s1, s2, t0. */
#define SK_RHO_END 32
#define SK_K_END 64
#define SK_TR_END 128

/* A decode result: a key on success, none on failure. */
static void check_result(int ret, MLDSA_KEY *key)
{
    if ((ret == MLDSA_OK) != (key != NULL))
        abort();
    if (key != NULL && mldsa_key_has_secret(key))
        fuzz_check_signing_key(key);
}

/* The 32-byte seed from the start of the input, zero-padded. */
static void get_seed(uint8_t seed[MLDSA_SEED_BYTES], const uint8_t *in,
                     size_t len)
{
    memset(seed, 0, MLDSA_SEED_BYTES);
    memcpy(seed, in, len < MLDSA_SEED_BYTES ? len : MLDSA_SEED_BYTES);
}

/* DER header of tag and len at p; returns its end. */
static uint8_t *put_header(uint8_t *p, uint8_t tag, size_t len)
{
    *p++ = tag;
    if (len < 0x80) {
        *p++ = (uint8_t)len;
    } else if (len < 0x100) {
        *p++ = 0x81;
        *p++ = (uint8_t)len;
    } else {
        *p++ = 0x82;
        *p++ = (uint8_t)(len >> 8);
        *p++ = (uint8_t)len;
    }
    return p;
}

/* Bytes of a DER header for len. */
static size_t header_len(size_t len)
{
    return len < 0x80 ? 2 : len < 0x100 ? 3 : 4;
}

/* Mode 3: an expanded key with (position, xor) edits. */
static void edited_expanded(mldsa_param p, const uint8_t *in, size_t len)
{
    uint8_t seed[MLDSA_SEED_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], orig[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t sklen = mldsa_secret_key_bytes(p), i, pos;
    int public_edited = 0, other_edited = 0, ret, ret2;
    MLDSA_KEY *key = NULL;

    get_seed(seed, in, len);
    if (mldsa_keygen(p, pk, sk, seed) != MLDSA_OK)
        abort();
    memcpy(orig, sk, sklen);
    for (i = MLDSA_SEED_BYTES; i + 3 <= len; i += 3) {
        pos = ((size_t)in[i] << 8 | in[i + 1]) % sklen;
        sk[pos] ^= in[i + 2];
    }
    for (i = 0; i < sklen; i++) {
        if (sk[i] == orig[i])
            continue;
        if (i < SK_RHO_END || (i >= SK_K_END && i < SK_TR_END))
            public_edited = 1;
        else if (i >= SK_TR_END)
            other_edited = 1;
    }
    ret = mldsa_key_from_secret(&key, p, sk, sklen);
    check_result(ret, key);
    ret2 = mldsa_pk_from_sk(p, pk2, sk);
    if ((ret == MLDSA_OK) != (ret2 == MLDSA_OK))
        abort();
    if (public_edited && ret == MLDSA_OK)
        abort();                /* an edited rho or tr must be refused */
    if (!public_edited && !other_edited
        && (ret != MLDSA_OK || memcmp(pk, pk2, mldsa_public_key_bytes(p)) != 0))
        abort();                /* K is not checked: its edits are accepted */
    mldsa_key_free(key);
}

/*
 * Mode 4: PKCS#8 embedding the public key: shape 0..2 is v2 with [1]
 * publicKey around the seed / expanded / both form, 3 the OQS pair.
 */
static void embedded_public(mldsa_param p, unsigned shape, const uint8_t *in,
                            size_t len)
{
    uint8_t seed[MLDSA_SEED_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], der[16384], base[16384];
    uint8_t body[16384], *q;
    size_t pklen = mldsa_public_key_bytes(p), sklen = mldsa_secret_key_bytes(p);
    size_t baselen = sizeof(base), algid, privlen, bodylen, derlen, pkpos, bit;
    const uint8_t *alg, *priv;
    MLDSA_KEY *key = NULL, *back = NULL;
    int ret;

    get_seed(seed, in, len);
    if (mldsa_key_from_seed(&key, p, seed, sizeof(seed)) != MLDSA_OK
        || mldsa_key_get_public(key, pk, sizeof(pk)) != MLDSA_OK
        || mldsa_key_get_secret(key, sk, sizeof(sk)) != MLDSA_OK
        || mldsa_key_to_private_der(key, forms[shape % 3], base, &baselen)
           != MLDSA_OK)
        abort();
    /* base: SEQUENCE { INTEGER 0, AlgorithmIdentifier, OCTET STRING priv } */
    q = base + (base[1] & 0x80 ? 2 + (base[1] & 0x7f) : 2) + 3;
    alg = q;
    algid = 2 + (size_t)q[1];
    priv = q + algid;
    privlen = (size_t)(base + baselen - priv);
    q = body;
    if (shape < 3) {
        q = put_header(q, 0x02, 1);
        *q++ = 1;                               /* version v2 */
        memcpy(q, alg, algid);
        q += algid;
        memcpy(q, priv, privlen);
        q += privlen;
        q = put_header(q, 0x81, pklen + 1);     /* [1] publicKey */
        *q++ = 0;
    } else {
        q = put_header(q, 0x02, 1);
        *q++ = 0;
        memcpy(q, alg, algid);
        q += algid;
        q = put_header(q, 0x04, header_len(sklen + pklen) + sklen + pklen);
        q = put_header(q, 0x04, sklen + pklen);
        memcpy(q, sk, sklen);
        q += sklen;
    }
    pkpos = (size_t)(q - body);
    memcpy(q, pk, pklen);
    q += pklen;
    bodylen = (size_t)(q - body);
    q = put_header(der, 0x30, bodylen);
    memcpy(q, body, bodylen);
    derlen = (size_t)(q - der) + bodylen;
    pkpos += (size_t)(q - der);

    ret = mldsa_key_from_der(&back, der, derlen);
    if (ret != MLDSA_OK)
        abort();                /* the matching public key is accepted */
    check_result(ret, back);
    mldsa_key_free(back);
    back = NULL;
    bit = len > MLDSA_SEED_BYTES + 1
          ? ((size_t)in[MLDSA_SEED_BYTES] << 8 | in[MLDSA_SEED_BYTES + 1])
          : 0;
    bit %= pklen * 8;
    der[pkpos + bit / 8] ^= (uint8_t)(1u << (bit % 8));
    ret = mldsa_key_from_der(&back, der, derlen);
    if (ret == MLDSA_OK)
        abort();                /* an edited public key is refused */
    check_result(ret, back);
    mldsa_key_free(key);
}

/* Mode 5: our private PEM of a seed key with (position, character) edits. */
static void edited_pem(mldsa_param p, unsigned form, const uint8_t *in,
                       size_t len)
{
    uint8_t seed[MLDSA_SEED_BYTES];
    char pem[16384];
    size_t pemlen = sizeof(pem), i;
    MLDSA_KEY *key = NULL, *back = NULL;

    get_seed(seed, in, len);
    if (mldsa_key_from_seed(&key, p, seed, sizeof(seed)) != MLDSA_OK
        || mldsa_key_to_private_pem(key, forms[form % 3], pem, &pemlen)
           != MLDSA_OK)
        abort();
    for (i = MLDSA_SEED_BYTES; i + 3 <= len; i += 3)
        pem[((size_t)in[i] << 8 | in[i + 1]) % pemlen] = (char)in[i + 2];
    check_result(mldsa_key_from_pem(&back, pem, pemlen), back);
    mldsa_key_free(back);
    mldsa_key_free(key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    mldsa_param p;
    unsigned mode, sel;
    int ret;

    if (size < 2)
        return 0;
    mode = data[0] % 6;
    sel = data[1];
    p = params[sel % 3];
    data += 2;
    size -= 2;
    switch (mode) {
    case 0:
        check_result(mldsa_key_from_der(&key, data, size), key);
        break;
    case 1:
        check_result(mldsa_key_from_pem(&key, (const char *)data, size), key);
        break;
    case 2:
        ret = mldsa_key_from_secret(&key, p, data, size);
        check_result(ret, key);
        if (size == mldsa_secret_key_bytes(p)) {
            if ((mldsa_pk_from_sk(p, pk, data) == MLDSA_OK) != (ret == MLDSA_OK))
                abort();
            if (ret == MLDSA_OK
                && (mldsa_key_get_public(key, pk2, sizeof(pk2)) != MLDSA_OK
                    || memcmp(pk, pk2, mldsa_public_key_bytes(p)) != 0))
                abort();
        }
        break;
    case 3:
        edited_expanded(p, data, size);
        break;
    case 4:
        embedded_public(p, (sel / 3) % 4, data, size);
        break;
    default:
        edited_pem(p, sel / 3, data, size);
        break;
    }
    mldsa_key_free(key);
    return 0;
}
