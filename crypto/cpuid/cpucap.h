/*
 * What every architecture's capability vector does the same way
 * (include/internal/cpuid.h): the environment mask (MLDSA_IA32CAP,
 * MLDSA_ARMCAP) and the lock-free cache.  Included by the one
 * crypto/cpuid/ARCH/ file a build compiles.
 */
#ifndef MLDSA_CPUID_CPUCAP_H
#define MLDSA_CPUID_CPUCAP_H

#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

/* Set in the cached word once the vector has been computed, so that a
 * vector of 0 (nothing usable) is cached too.  Never returned. */
#define CPUCAP_COMPUTED 0x80000000u

/*
 * Apply the mask in environment variable var to the detected vector:
 * "~0xMASK" clears the bits of MASK, "0xVALUE" keeps only the bits of
 * VALUE; anything else (unset, empty, not hexadecimal, trailing
 * characters, out of range) leaves cap unchanged.  Either way a
 * capability can only be taken away.
 */
static inline uint32_t cpucap_apply_env(uint32_t cap, const char *var)
{
    const char *env = getenv(var);
    int invert = 0;
    unsigned long v;
    char *end;

    if (env == NULL)
        return cap;
    if (*env == '~') {
        invert = 1;
        env++;
    }
    /* strtoul would also take spaces and a sign: require a hex digit. */
    if (env[0] != '0' || (env[1] != 'x' && env[1] != 'X')
        || !isxdigit((unsigned char)env[2]))
        return cap;
    v = strtoul(env + 2, &end, 16);
    if (*end != '\0' || v > UINT32_MAX)
        return cap;
    return invert ? cap & ~(uint32_t)v : cap & (uint32_t)v;
}

/*
 * The vector detect() reports, masked by environment variable var, cached
 * in *cache.
 *
 * Cached in a relaxed atomic without a lock or a run-once: every thread
 * that finds the cache empty computes the same value (the CPU and the
 * environment do not change under a running process) and stores it; a race
 * only means that value is stored twice.  The atomic rules out a torn
 * read, and no other data is published through it, so relaxed order is
 * enough.
 */
static inline uint32_t cpucap_cached(atomic_uint_least32_t *cache,
                                     uint32_t (*detect)(void),
                                     const char *var)
{
    uint32_t cap = (uint32_t)atomic_load_explicit(cache, memory_order_relaxed);

    if ((cap & CPUCAP_COMPUTED) == 0) {
        cap = cpucap_apply_env(detect(), var) | CPUCAP_COMPUTED;
        atomic_store_explicit(cache, cap, memory_order_relaxed);
    }
    return cap & ~CPUCAP_COMPUTED;
}

#endif /* MLDSA_CPUID_CPUCAP_H */
