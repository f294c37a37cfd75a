/*
 * The row ops: the coefficient-wise work of signing and verification
 * between the NTTs (FIPS 204 Algorithm 7 lines 14 - 28, Algorithm 8 line
 * 10), one polynomial per call.  One C source (ml_dsa_rows.inc) is
 * compiled twice: as is, and (ML_DSA_AVX2: x86-64, GCC or Clang, not
 * MLDSA_NO_ASM) with AVX2 enabled, so that the compiler vectorises the
 * same loops eight 32-bit lanes wide and with vpmulld where the baseline
 * has SSE2 only.  The same C integer arithmetic gives the same results;
 * ossl_ml_dsa_row_ops() chooses at run time (ossl_ia32cap, so
 * MLDSA_IA32CAP can mask AVX2 off).
 */
#include <stdint.h>
#include "internal/cleanse.h"
#include "ml_dsa_local.h"
#include "ml_dsa_poly.h"
#ifdef ML_DSA_AVX2
# include "internal/cpuid.h"
#endif

/*
 * Calls fn with the rest of the arguments and gamma2 as a constant
 * ((q - 1) / 32 or (q - 1) / 88, the only two), so that Decompose's
 * branch on it folds away and the loops vectorise.
 */
#define GAMMA2_DISPATCH(p, fn, ...) \
    ((p)->gamma2 == ML_DSA_GAMMA2_32 ? fn(__VA_ARGS__, ML_DSA_GAMMA2_32) \
                                     : fn(__VA_ARGS__, ML_DSA_GAMMA2_88))

/* Forced: GCC finds the GAMMA2_DISPATCH calls cold and keeps them out of line. */
#if defined(__GNUC__) || defined(__clang__)
# define ROWS_INLINE static inline __attribute__((always_inline))
#else
# define ROWS_INLINE static inline
#endif

#define ROWS(name) name##_generic
#define ROWS_TARGET
#define ROWS_NAME "generic"
#include "ml_dsa_rows.inc"
#undef ROWS
#undef ROWS_TARGET
#undef ROWS_NAME

#ifdef ML_DSA_AVX2
# define ROWS(name) name##_avx2
# define ROWS_TARGET ML_DSA_AVX2_FN
# define ROWS_NAME "avx2"
# include "ml_dsa_rows.inc"
# undef ROWS
# undef ROWS_TARGET
# undef ROWS_NAME
#endif

/* The row ops compiled for the baseline instruction set. */
const OSSL_ML_DSA_ROW_OPS *ossl_ml_dsa_row_ops_generic(void)
{
    return &ml_dsa_row_ops_generic;
}

/* The AVX2 row ops when the CPU (after MLDSA_IA32CAP) has AVX2. */
const OSSL_ML_DSA_ROW_OPS *ossl_ml_dsa_row_ops(void)
{
#ifdef ML_DSA_AVX2
    if ((ossl_ia32cap() & OSSL_IA32CAP_AVX2) != 0)
        return &ml_dsa_row_ops_avx2;
#endif
    return &ml_dsa_row_ops_generic;
}
