/*
 * The text encoder (OSSL_OP_ENCODER, output=text): `openssl pkey -text`,
 * `x509 -text` and EVP_PKEY_print_*, laid out as OpenSSL 3.5 lays ML-DSA
 * keys out: a title ("ML-DSA-65 Private-Key:" or "... Public-Key:"), then
 * "seed:" (when the key has one), "priv:" (the expanded key) and "pub:",
 * each followed by its bytes in hex, 15 a line, four spaces in, a colon
 * after every byte but the last (the library's mldsa_key_to_text, which the
 * mldsa tool's --text prints too).  The text of a private key is cleansed
 * once written.
 */
#include <stdlib.h>
#include <openssl/core_names.h>
#include "prov_local.h"

static OSSL_FUNC_encoder_newctx_fn text_newctx;
static OSSL_FUNC_encoder_freectx_fn text_freectx;
static OSSL_FUNC_encoder_does_selection_fn text_does_selection;
static OSSL_FUNC_encoder_encode_fn text_encode;

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

/* The key as text (mldsa_key_to_text): the private layout when the private
 * key is selected and there, the public one otherwise. */
static int text_encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                       const OSSL_PARAM obj_abstract[], int selection,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    const PROV_CTX *provctx = vctx;
    const PROV_KEY *pkey = obj_raw;
    int private = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    size_t textlen = 0, len;
    char *text = NULL;
    int ret, ok = 0;

    (void)obj_abstract;
    (void)cb;
    (void)cbarg;
    if (pkey == NULL || pkey->key == NULL) {
        PROV_RAISE(provctx, PROV_R_NO_KEY, "no key to print");
        return 0;
    }
    len = 0;
    if ((ret = mldsa_key_to_text(pkey->key, private, NULL, &textlen)) == MLDSA_OK
        && (text = malloc(textlen)) != NULL) {
        len = textlen;
        ret = mldsa_key_to_text(pkey->key, private, text, &len);
    }
    if (ret != MLDSA_OK || text == NULL) {
        PROV_RAISE(provctx, PROV_R_ENCODE_FAILED, "%s as text: %s", pkey->alg->name,
                   text == NULL ? "out of memory" : mldsa_strerror(ret));
        goto end;
    }
    ok = ossl_prov_bio_write(provctx, out, text, len);
 end:
    if (text != NULL)
        mldsa_cleanse(text, textlen);
    free(text);
    return ok;
}

const OSSL_DISPATCH ossl_prov_text_encoder_functions[] = {
    { OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))text_newctx },
    { OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))text_freectx },
    { OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))text_does_selection },
    { OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))text_encode },
    { 0, NULL }
};
