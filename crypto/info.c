/*
 * mldsa_build_info(): one line saying what this build of the library is and
 * what it runs on this machine, for `mldsa info` and bug reports.
 */
#include <stdint.h>
#include <stdio.h>
#include "mldsa.h"
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "ml_dsa/ml_dsa_local.h"

#define BUILD_INFO_MAX 256

#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
# define KERNEL_INFO SHA3_avx512vl_info()
#else
# define KERNEL_INFO "none (portable build: NO_ASM=1 or not x86-64)"
#endif

/*
 * "libmldsa <version>; asm: <kernel>; ia32cap: 0x<vector>; sample ops:
 * <name>".  The kernel part is the assembly's own description (full or
 * stubs, flavour, assembler); the capability vector is after MLDSA_IA32CAP.
 * Built in a per-thread buffer, so concurrent callers do not share one.
 */
const char *mldsa_build_info(void)
{
    static _Thread_local char buf[BUILD_INFO_MAX];

    snprintf(buf, sizeof(buf),
             "libmldsa %s; asm: %s; ia32cap: 0x%02x; sample ops: %s",
             MLDSA_VERSION_STRING, KERNEL_INFO, (unsigned)ossl_ia32cap(),
             ossl_ml_dsa_sample_ops()->name);
    return buf;
}
