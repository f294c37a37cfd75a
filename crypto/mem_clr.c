/*
 * ossl_cleanse: zero memory through a volatile function pointer to memset,
 * so that the compiler cannot prove the store dead and drop it.
 */
#include <string.h>
#include "mldsa.h"
#include "internal/cleanse.h"

typedef void *(*memset_fn)(void *, int, size_t);
static volatile memset_fn cleanse_memset = memset;

void ossl_cleanse(void *p, size_t len)
{
    if (p != NULL && len != 0)
        cleanse_memset(p, 0, len);
}

/* The public name of ossl_cleanse, for callers' own secrets. */
void mldsa_cleanse(void *p, size_t len)
{
    ossl_cleanse(p, len);
}
