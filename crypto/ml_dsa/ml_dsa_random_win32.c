/*
 * Randomness from the operating system on Windows, for key generation from
 * a fresh seed and for hedged signing (FIPS 204 section 3.6.1, "randomness
 * generation"): the system-preferred RNG of CNG (bcrypt.dll).  The Makefile
 * builds this file instead of ml_dsa_random_posix.c for a Windows target.
 */
#include <windows.h>
#include <bcrypt.h>
#include "internal/ct.h"
#include "ml_dsa_local.h"

/*
 * Fill buf with len bytes from BCryptGenRandom with
 * BCRYPT_USE_SYSTEM_PREFERRED_RNG, in chunks a ULONG can count.  Any
 * failure is MLDSA_ERR_RANDOM: the caller must not fall back to a weaker
 * source.
 */
int ossl_ml_dsa_random(uint8_t *buf, size_t len)
{
    uint8_t *start = buf;
    size_t want = len;
    ULONG n;

    while (len > 0) {
        n = len > 0x40000000u ? 0x40000000u : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, buf, n,
                                            BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return MLDSA_ERR_RANDOM;
        buf += n;
        len -= n;
    }
    /* a fresh seed or rnd is secret (make test-ct checks what uses it) */
    ML_DSA_CT_SECRET(start, want);
    return MLDSA_OK;
}
