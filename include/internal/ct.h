/*
 * Constant-time annotations for the CT=1 build (make test-ct).
 *
 * ML_DSA_CT_SECRET(p, n) marks n bytes at p as secret, and
 * ML_DSA_CT_DECLASSIFY(p, n) marks them public again.  In a build with
 * ML_DSA_CT defined, secret bytes are "undefined" to valgrind's memcheck
 * (or "poisoned" to clang's MemorySanitizer, when the build uses it), so
 * that a branch or a memory index that depends on them is reported.  Every
 * DECLASSIFY in the library sits at a value that FIPS 204 makes public,
 * with a one-line reason beside it.  Without ML_DSA_CT both are no-ops.
 */
#ifndef MLDSA_INTERNAL_CT_H
#define MLDSA_INTERNAL_CT_H

#ifdef ML_DSA_CT
# if defined(__has_feature)
#  if __has_feature(memory_sanitizer)
#   define ML_DSA_CT_MSAN
#  endif
# endif
# ifdef ML_DSA_CT_MSAN
#  include <sanitizer/msan_interface.h>
#  define ML_DSA_CT_SECRET(p, n) __msan_poison((p), (n))
#  define ML_DSA_CT_DECLASSIFY(p, n) __msan_unpoison((p), (n))
# else
#  include <valgrind/memcheck.h>
#  define ML_DSA_CT_SECRET(p, n) \
    ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#  define ML_DSA_CT_DECLASSIFY(p, n) \
    ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
# endif
#else
# define ML_DSA_CT_SECRET(p, n) ((void)(p), (void)(n))
# define ML_DSA_CT_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/*
 * MemorySanitizer does not model some vector intrinsics (vpcompressd): it
 * reports any secret operand, though the data only moves.  Around such an
 * intrinsic, ML_DSA_CT_MSAN_UNMODELLED(p, n) marks its secret operand
 * public, and ML_DSA_CT_MSAN_REMODELLED(p, n) marks what it wrote secret
 * again.  Both are no-ops except in a CT=1 MemorySanitizer build.
 */
#ifdef ML_DSA_CT_MSAN
# define ML_DSA_CT_MSAN_UNMODELLED(p, n) ML_DSA_CT_DECLASSIFY(p, n)
# define ML_DSA_CT_MSAN_REMODELLED(p, n) ML_DSA_CT_SECRET(p, n)
#else
# define ML_DSA_CT_MSAN_UNMODELLED(p, n) ((void)(p), (void)(n))
# define ML_DSA_CT_MSAN_REMODELLED(p, n) ((void)(p), (void)(n))
#endif

#endif /* MLDSA_INTERNAL_CT_H */
