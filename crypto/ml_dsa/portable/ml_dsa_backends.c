/*
 * The backends of a portable build (every target without an architecture
 * folder, and NO_ASM=1): the generic one.
 */
#include "../ml_dsa_local.h"

const OSSL_ML_DSA_BACKEND *const ossl_ml_dsa_backends[] = {
    &ossl_ml_dsa_backend_generic,
    NULL,
};

/* Every machine runs the generic backend. */
int ossl_ml_dsa_backend_usable(const OSSL_ML_DSA_BACKEND *b)
{
    (void)b;
    return 1;
}
