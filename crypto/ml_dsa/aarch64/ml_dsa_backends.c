/*
 * The aarch64 backends, best first, and the capability test.
 *
 *   aarch64-neon        scalar SHAKE sample ops with NEON parsers and the
 *                       NEON poly ops
 *   generic             pure C
 */
#include "ml_dsa_aarch64.h"

static const OSSL_ML_DSA_BACKEND backend_neon = {
    "aarch64-neon",
    0,
    &ossl_ml_dsa_sample_neon,
    &ossl_ml_dsa_poly_neon,
};

const OSSL_ML_DSA_BACKEND *const ossl_ml_dsa_backends[] = {
    &backend_neon,
    &ossl_ml_dsa_backend_generic,
    NULL,
};

/* Every aarch64 machine runs NEON (it is part of the base architecture). */
int ossl_ml_dsa_backend_usable(const OSSL_ML_DSA_BACKEND *b)
{
    (void)b;
    return 1;
}
