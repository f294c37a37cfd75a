/*
 * The choice of backend (ml_dsa_backend.h): the generic backend, built
 * everywhere, and the one choice per process among the architecture's
 * backends (crypto/ml_dsa/<arch>/ml_dsa_backends.c), which MLDSA_BACKEND
 * can steer by name.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "ml_dsa_local.h"

const OSSL_ML_DSA_BACKEND ossl_ml_dsa_backend_generic = {
    "generic",
    0,
    &ossl_ml_dsa_sample_generic,
    &ossl_ml_dsa_poly_generic,
};

/*
 * The backend MLDSA_BACKEND names, when this machine runs it; else the
 * first usable one of the list (the list ends with the generic backend,
 * which every machine runs).
 */
static const OSSL_ML_DSA_BACKEND *backend_choose(void)
{
    const char *want = getenv("MLDSA_BACKEND");
    size_t i;

    if (want != NULL)
        for (i = 0; ossl_ml_dsa_backends[i] != NULL; i++)
            if (strcmp(ossl_ml_dsa_backends[i]->name, want) == 0
                && ossl_ml_dsa_backend_usable(ossl_ml_dsa_backends[i]))
                return ossl_ml_dsa_backends[i];
    for (i = 0; ossl_ml_dsa_backends[i] != NULL; i++)
        if (ossl_ml_dsa_backend_usable(ossl_ml_dsa_backends[i]))
            return ossl_ml_dsa_backends[i];
    return &ossl_ml_dsa_backend_generic;
}

/*
 * The backend in use.  Two threads racing on the first call both compute
 * the same pointer (the environment and the CPU do not change), and the
 * tables it points to are constant: a relaxed atomic is enough, with no
 * lock and no run-once.
 */
const OSSL_ML_DSA_BACKEND *ossl_ml_dsa_backend(void)
{
    static _Atomic(const OSSL_ML_DSA_BACKEND *) chosen;
    const OSSL_ML_DSA_BACKEND *b;

    b = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (b == NULL) {
        b = backend_choose();
#ifdef ML_DSA_CONTRACTS
        b = ossl_ml_dsa_contracts_wrap(b);
#endif
        atomic_store_explicit(&chosen, b, memory_order_relaxed);
    }
    return b;
}

/* The sample ops of the backend in use. */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops(void)
{
    return ossl_ml_dsa_backend()->sample;
}

/* The name of the backend in use. */
const char *mldsa_backend_name(void)
{
    return ossl_ml_dsa_backend()->name;
}

/* The i-th backend this machine runs, best first; NULL past the last. */
const char *mldsa_backend_list(size_t i)
{
    size_t j;

    for (j = 0; ossl_ml_dsa_backends[j] != NULL; j++)
        if (ossl_ml_dsa_backend_usable(ossl_ml_dsa_backends[j]) && i-- == 0)
            return ossl_ml_dsa_backends[j]->name;
    return NULL;
}

/* The name of the sample ops in use ("generic", "x86_64-avx512vl-x4"). */
const char *mldsa_sample_ops_name(void)
{
    return ossl_ml_dsa_sample_ops()->name;
}
