/*
 * mldsa_build_info(): one line saying what this build of the library is and
 * what it runs on this machine, for `mldsa info` and bug reports.
 */
#include <stdio.h>
#include "mldsa.h"
#include "internal/sha3.h"

#define BUILD_INFO_MAX 384

#if defined(KECCAK1600_ASM_X86_64)
# define KERNEL_FMT "%s + %s + %s"
# define KERNEL_INFO SHA3_avx512vl_info(), SHA3_avx512_info(), SHA3_avx2_info()
#elif defined(KECCAK1600_ASM_AARCH64)
# define KERNEL_FMT "%s + %s"
# define KERNEL_INFO SHA3_armv8_info(), SHA3_armv8_sha3_info()
#else
# define KERNEL_FMT "%s"
# define KERNEL_INFO "none (portable build: NO_ASM=1, or no kernels for this target)"
#endif

/*
 * "libmldsa <version>; asm: <kernels>; backend: <name>".  The kernel part
 * is each assembly kernel's own description (full or stubs, flavour,
 * assembler), joined by " + "; the
 * backend is the one in use (after MLDSA_BACKEND and MLDSA_IA32CAP).  Built
 * in a per-thread buffer, so concurrent callers do not share one.
 */
const char *mldsa_build_info(void)
{
    static _Thread_local char buf[BUILD_INFO_MAX];

    snprintf(buf, sizeof(buf), "libmldsa %s; asm: " KERNEL_FMT "; backend: %s",
             MLDSA_VERSION_STRING, KERNEL_INFO, mldsa_backend_name());
    return buf;
}
