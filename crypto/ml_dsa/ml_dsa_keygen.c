/*
 * Key generation as the API offers it: a new key object from a seed or a
 * fresh OS seed (ML-DSA.KeyGen, FIPS 204 Algorithm 1), and in a PCT=1
 * build the pairwise consistency test on it.  It sits above the key object
 * (ml_dsa_key.c) and the self-tests (ml_dsa_selftest.c, which sign and
 * verify with a key), so that the key object depends on neither.
 */
#include <stddef.h>
#include <stdint.h>
#include "internal/cleanse.h"
#include "ml_dsa_local.h"

/*
 * A new key from seed (or a fresh OS seed), as ML-DSA.KeyGen (FIPS 204
 * Algorithm 1); prepare as for ossl_ml_dsa_key_init_seed.  A PCT=1 build
 * always prepares the key and runs the pairwise consistency test on it
 * (MLDSA_ERR_SELF_TEST, and nothing of the key kept, when it fails).
 */
int ossl_ml_dsa_key_generate(MLDSA_KEY **out, mldsa_param param,
                             const uint8_t *seed, int prepare)
{
    uint8_t fresh[ML_DSA_SEED_BYTES];
    MLDSA_KEY *key = NULL;
    int ret;

    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if ((ret = ossl_ml_dsa_key_new(&key, param, 1)) != MLDSA_OK)
        return ret;
    if (seed == NULL) {
        if ((ret = ossl_ml_dsa_random(fresh, sizeof(fresh))) != MLDSA_OK)
            goto end;
        seed = fresh;
    }
#ifdef ML_DSA_PCT
    prepare = 1;    /* the pairwise consistency test signs with the key */
#endif
    ret = ossl_ml_dsa_key_init_seed(key, seed, prepare);
#ifdef ML_DSA_PCT
    if (ret == MLDSA_OK)
        ret = ossl_ml_dsa_key_pct(key);
#endif
 end:
    ossl_cleanse(fresh, sizeof(fresh));
    if (ret != MLDSA_OK)
        mldsa_key_free(key);
    else
        *out = key;
    return ret;
}

/* A key object ready to sign and verify, from seed (NULL: a fresh OS seed). */
int mldsa_key_generate(MLDSA_KEY **out, mldsa_param param, const uint8_t *seed)
{
    return ossl_ml_dsa_key_generate(out, param, seed, 1);
}

/* A new key from a seed given with its length (32). */
int mldsa_key_from_seed(MLDSA_KEY **out, mldsa_param param,
                        const uint8_t *seed, size_t seedlen)
{
    if (out == NULL)
        return MLDSA_ERR_NULL;
    *out = NULL;
    if (ossl_ml_dsa_params_get(param) == NULL)
        return MLDSA_ERR_PARAM;
    if (seed == NULL && seedlen != 0)
        return MLDSA_ERR_NULL;
    if (seedlen != ML_DSA_SEED_BYTES)
        return MLDSA_ERR_KEY_LENGTH;
    return mldsa_key_generate(out, param, seed);
}
