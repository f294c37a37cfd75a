/*
 * Zeroisation of secrets that the compiler cannot remove as a dead store.
 */
#ifndef MLDSA_INTERNAL_CLEANSE_H
#define MLDSA_INTERNAL_CLEANSE_H

#include <stddef.h>

/*@ // for make prove (WP): it writes the len bytes at p, nothing else
    assigns ((char *)p)[0 .. len - 1];
 */
void ossl_cleanse(void *p, size_t len);

#endif /* MLDSA_INTERNAL_CLEANSE_H */
