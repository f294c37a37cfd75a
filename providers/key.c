/*
 * The key the core holds (PROV_KEY): a parameter set, our key object
 * (MLDSA_KEY, which keeps A and the secret vectors expanded), and a
 * reference count.  The key object is set once and then only read, so one
 * key serves any number of threads; a dup shares it.
 */
#include <stdlib.h>
#include "prov_local.h"

/* An empty key of alg, with one reference; NULL (error raised) without memory. */
PROV_KEY *ossl_prov_key_new(const PROV_CTX *provctx, const PROV_ALG *alg)
{
    PROV_KEY *pkey;

    if ((pkey = calloc(1, sizeof(*pkey))) == NULL) {
        PROV_RAISE(provctx, PROV_R_MEMORY, "%s key", alg->name);
        return NULL;
    }
    atomic_init(&pkey->refs, 1);
    pkey->alg = alg;
    pkey->provctx = provctx;
    return pkey;
}

/* One more reference to pkey. */
PROV_KEY *ossl_prov_key_up_ref(PROV_KEY *pkey)
{
    atomic_fetch_add_explicit(&pkey->refs, 1, memory_order_relaxed);
    return pkey;
}

/* Drop a reference; the last one wipes the key object and frees. */
void ossl_prov_key_free(PROV_KEY *pkey)
{
    if (pkey == NULL
        || atomic_fetch_sub_explicit(&pkey->refs, 1, memory_order_acq_rel) != 1)
        return;
    mldsa_key_free(pkey->key);
    free(pkey);
}

/*
 * Set pkey's key object (consumed).  With ml-dsa.retain_seed off, a key
 * made from a seed is remade from its expanded secret key alone, so that the
 * seed leaves memory (the secret key is then written as priv-only).
 */
int ossl_prov_key_set(PROV_KEY *pkey, MLDSA_KEY *key)
{
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t sklen = mldsa_secret_key_bytes(pkey->alg->param);
    MLDSA_KEY *seedless = NULL;
    int ret, ok = 0;

    if (!ossl_prov_config_check(pkey->provctx))
        goto end;
    if (pkey->key != NULL || mldsa_key_param(key) != pkey->alg->param) {
        PROV_RAISE(pkey->provctx, PROV_R_BAD_KEY, "%s key already set, or of another set",
                   pkey->alg->name);
        goto end;
    }
    if (!pkey->provctx->retain_seed && mldsa_key_has_seed(key)) {
        if ((ret = mldsa_key_get_secret(key, sk, sklen)) != MLDSA_OK
            || (ret = mldsa_key_from_secret(&seedless, pkey->alg->param, sk,
                                            sklen)) != MLDSA_OK) {
            PROV_RAISE(pkey->provctx, PROV_R_BAD_KEY, "%s: %s", pkey->alg->name,
                       mldsa_strerror(ret));
            goto end;
        }
        mldsa_key_free(key);
        key = seedless;
    }
    pkey->key = key;
    key = NULL;
    ok = 1;
 end:
    mldsa_cleanse(sk, sizeof(sk));
    mldsa_key_free(key);
    return ok;
}

/* 1 when pkey's key object was made from a seed (and keeps it). */
int ossl_prov_key_has_seed(const PROV_KEY *pkey)
{
    return pkey->key != NULL && mldsa_key_has_seed(pkey->key);
}
