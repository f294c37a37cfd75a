/*
 * The text encoder (OSSL_OP_ENCODER, output=text): `openssl pkey -text`,
 * `x509 -text` and EVP_PKEY_print_*, laid out as OpenSSL 3.5 lays ML-DSA
 * keys out: a title ("ML-DSA-65 Private-Key:" or "... Public-Key:"), then
 * "seed:" (when the key has one), "priv:" (the expanded key) and "pub:",
 * each followed by its bytes in hex, 15 a line, four spaces in, a colon
 * after every byte but the last.  The text of a private key is cleansed
 * once written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include "prov_local.h"

#define BYTES_PER_LINE 15
#define INDENT "    "
#define TITLE_MAX 32

static OSSL_FUNC_encoder_newctx_fn text_newctx;
static OSSL_FUNC_encoder_freectx_fn text_freectx;
static OSSL_FUNC_encoder_does_selection_fn text_does_selection;
static OSSL_FUNC_encoder_encode_fn text_encode;

/* Characters of a section: "label:\n", then per line four spaces, per byte
 * two digits and a colon (a newline after the last), a newline between lines. */
static size_t section_len(const char *label, size_t n)
{
    size_t lines = (n + BYTES_PER_LINE - 1) / BYTES_PER_LINE;

    return strlen(label) + 2 + lines * strlen(INDENT) + 3 * n + (lines - 1);
}

/* Write one section of n > 0 bytes at out; returns its end. */
static char *section(char *out, const char *label, const uint8_t *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";

    out += sprintf(out, "%s:\n", label);
    for (size_t i = 0; i < n; i++) {
        if (i % BYTES_PER_LINE == 0) {
            memcpy(out, INDENT, strlen(INDENT));
            out += strlen(INDENT);
        }
        *out++ = hex[p[i] >> 4];
        *out++ = hex[p[i] & 0xf];
        if (i + 1 == n) {
            *out++ = '\n';
        } else {
            *out++ = ':';
            if ((i + 1) % BYTES_PER_LINE == 0)
                *out++ = '\n';
        }
    }
    return out;
}

static void *text_newctx(void *provctx)
{
    return provctx;
}

static void text_freectx(void *vctx)
{
    (void)vctx;
}

static int text_does_selection(void *provctx, int selection)
{
    (void)provctx;
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
}

/* The key as text: the private layout when the private key is selected
 * and there, the public one otherwise. */
static int text_encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                       const OSSL_PARAM obj_abstract[], int selection,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    const PROV_CTX *provctx = vctx;
    const PROV_KEY *pkey = obj_raw;
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t pklen, sklen, textlen;
    char title[TITLE_MAX], *text = NULL, *end;
    int secret, has_seed, ok = 0;

    (void)obj_abstract;
    (void)cb;
    (void)cbarg;
    if (pkey == NULL || pkey->key == NULL) {
        PROV_RAISE(provctx, PROV_R_NO_KEY, "no key to print");
        return 0;
    }
    pklen = mldsa_public_key_bytes(pkey->alg->param);
    sklen = mldsa_secret_key_bytes(pkey->alg->param);
    secret = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0
             && mldsa_key_has_secret(pkey->key);
    has_seed = secret && ossl_prov_key_has_seed(pkey)
               && mldsa_key_get_seed(pkey->key, seed) == MLDSA_OK;
    snprintf(title, sizeof(title), "%s %s-Key:\n", pkey->alg->name,
             secret ? "Private" : "Public");
    textlen = strlen(title) + section_len("pub", pklen)
              + (has_seed ? section_len("seed", sizeof(seed)) : 0)
              + (secret ? section_len("priv", sklen) : 0) + 1;
    if (mldsa_key_get_public(pkey->key, pk, pklen) != MLDSA_OK
        || (secret && mldsa_key_get_secret(pkey->key, sk, sklen) != MLDSA_OK)
        || (text = malloc(textlen)) == NULL) {
        PROV_RAISE(provctx, PROV_R_ENCODE_FAILED, "%s as text", pkey->alg->name);
        goto end;
    }
    end = text + sprintf(text, "%s", title);
    if (has_seed)
        end = section(end, "seed", seed, sizeof(seed));
    if (secret)
        end = section(end, "priv", sk, sklen);
    end = section(end, "pub", pk, pklen);
    ok = ossl_prov_bio_write(provctx, out, text, (size_t)(end - text));
 end:
    if (text != NULL)
        mldsa_cleanse(text, textlen);
    free(text);
    mldsa_cleanse(seed, sizeof(seed));
    mldsa_cleanse(sk, sizeof(sk));
    return ok;
}

const OSSL_DISPATCH ossl_prov_text_encoder_functions[] = {
    { OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))text_newctx },
    { OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))text_freectx },
    { OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))text_does_selection },
    { OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))text_encode },
    { 0, NULL }
};
