/*
 * The three ML-DSA parameter sets (FIPS 204 section 4, Tables 1 and 2) and
 * the public size queries.
 */
#include "ml_dsa_local.h"

/*
 * Sizes (FIPS 204 Table 2):
 *   pk  = 32 + 32 * k * 10
 *   sk  = 32 + 32 + 64 + 32 * (k + l) * bitlen(2 * eta) + 32 * k * d
 *   sig = lambda / 4 + 32 * l * (1 + bitlen(gamma1 - 1)) + omega + k
 */
static const ML_DSA_PARAMS ml_dsa_params[] = {
    {
        MLDSA_44, 4, 4,
        2, 3, 39, 78,
        1 << 17, 17, ML_DSA_GAMMA2_88, 6, 80,
        32, 1312, 2560, 2420
    },
    {
        MLDSA_65, 6, 5,
        4, 4, 49, 196,
        1 << 19, 19, ML_DSA_GAMMA2_32, 4, 55,
        48, 1952, 4032, 3309
    },
    {
        MLDSA_87, 8, 7,
        2, 3, 60, 120,
        1 << 19, 19, ML_DSA_GAMMA2_32, 4, 75,
        64, 2592, 4896, 4627
    },
};

/* The parameter set named id, or NULL when it is not one of the three. */
const ML_DSA_PARAMS *ossl_ml_dsa_params_get(mldsa_param id)
{
    size_t i;

    for (i = 0; i < sizeof(ml_dsa_params) / sizeof(ml_dsa_params[0]); i++)
        if (ml_dsa_params[i].id == id)
            return &ml_dsa_params[i];
    return NULL;
}

/* Encoded public key size (FIPS 204 Table 2), 0 for an unknown set. */
size_t mldsa_public_key_bytes(mldsa_param param)
{
    const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(param);

    return p == NULL ? 0 : p->pk_bytes;
}

/* Encoded (expanded) secret key size (FIPS 204 Table 2), 0 for an unknown set. */
size_t mldsa_secret_key_bytes(mldsa_param param)
{
    const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(param);

    return p == NULL ? 0 : p->sk_bytes;
}

/* Signature size (FIPS 204 Table 2), 0 for an unknown set. */
size_t mldsa_signature_bytes(mldsa_param param)
{
    const ML_DSA_PARAMS *p = ossl_ml_dsa_params_get(param);

    return p == NULL ? 0 : p->sig_bytes;
}
