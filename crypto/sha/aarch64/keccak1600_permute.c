/*
 * KECCAK1600_permute on aarch64 (include/internal/sha3.h): Keccak-f[1600]
 * (FIPS 202 Algorithm 7) on one state by the SHA-3 extension kernel when
 * the CPU has it (SHA3_armv8_sha3_capable(): the capability vector, with
 * its MLDSA_ARMCAP mask, and an assembler that encoded the kernel), by
 * the portable C permutation otherwise.  The Armv8.0 Advanced SIMD rounds
 * permute two states at the cost of about one C permutation, so one state
 * stays in C without the extension.
 *
 * The choice is made at the first call and cached in a relaxed atomic
 * without a lock or a run-once: every thread that finds it empty makes
 * the same choice (the CPU and the environment do not change under a
 * running process), and no other data is published through it.
 */
#include <stdatomic.h>
#include <stddef.h>
#include "internal/sha3.h"

typedef void KECCAK1600_PERMUTE_FN(uint64_t A[KECCAK1600_LANES]);

void KECCAK1600_permute(uint64_t A[KECCAK1600_LANES])
{
    static _Atomic(KECCAK1600_PERMUTE_FN *) chosen;
    KECCAK1600_PERMUTE_FN *f = atomic_load_explicit(&chosen,
                                                    memory_order_relaxed);

    if (f == NULL) {
        f = SHA3_armv8_sha3_capable() ? KECCAK1600_permute_armv8_sha3
                                      : KECCAK1600_permute_c;
        atomic_store_explicit(&chosen, f, memory_order_relaxed);
    }
    f(A);
}
