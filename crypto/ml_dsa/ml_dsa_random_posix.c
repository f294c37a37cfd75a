/*
 * Randomness from the operating system, for key generation from a fresh
 * seed and for hedged signing (FIPS 204 section 3.6.1, "randomness
 * generation").  POSIX systems: getrandom(2); Windows builds
 * ml_dsa_random_win32.c instead.
 */
#include <errno.h>
#include <sys/random.h>
#include "internal/ct.h"
#include "ml_dsa_local.h"

/*
 * Fill buf with len bytes from getrandom(2), retrying on EINTR and short
 * reads.  Any other failure is MLDSA_ERR_RANDOM: the caller must not fall
 * back to a weaker source.
 */
int ossl_ml_dsa_random(uint8_t *buf, size_t len)
{
    uint8_t *start = buf;
    size_t want = len;
    ssize_t n;

    while (len > 0) {
        n = getrandom(buf, len, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return MLDSA_ERR_RANDOM;
        }
        if (n == 0)
            return MLDSA_ERR_RANDOM;
        buf += n;
        len -= (size_t)n;
    }
    /* a fresh seed or rnd is secret (make test-ct checks what uses it) */
    ML_DSA_CT_SECRET(start, want);
    return MLDSA_OK;
}
