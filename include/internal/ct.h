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
 * Vector steps that MemorySanitizer does not model (Debian's clang 14, and
 * clang 19 by an audit's account): it treats a permute whose index is a
 * register (vpermb, vpermd, vpermt2d, vpshufb) as a lane-wise operation,
 * so a secret byte moved to another lane comes out public, and it reports
 * every secret operand of the 512-bit packs and multiply-adds (vpackusdw,
 * vpackuswb, vpmaddubsw, vpmaddwd), of vpternlogq and of vpcompressd,
 * whose output it then calls public.  Every such step is written ML_DSA_CT_VEC(op, a[, b[, c]]), which
 * is op(a, b, c).  In a CT=1 MemorySanitizer build it runs op on public
 * copies of its arguments and marks the whole result secret when any byte
 * of any argument was: never finer than the truth, so a leak downstream is
 * reported.  op is a function (or function-like macro) of one to three
 * vector or mask arguments; an immediate operand goes into a macro around
 * the intrinsic.  Valgrind's memcheck follows the data through these
 * instructions (the harness's self-tests show it on x86_64-avx2), and a
 * build without MemorySanitizer gets op itself.
 */
#ifdef ML_DSA_CT_MSAN
# include <stddef.h>
/* 1 when a byte of the n at p is secret; those bytes are then public. */
static inline int ml_dsa_ct_vec_take(void *p, size_t n)
{
    int secret = __msan_test_shadow(p, n) != -1;

    __msan_unpoison(p, n);
    return secret;
}

# define ML_DSA_CT_VEC_ARG(x, v) __auto_type v = (x)
# define ML_DSA_CT_VEC_RESULT(call, secret) __extension__ ({ \
        __typeof__(call) ct_r_ = call; \
        if (secret) \
            __msan_poison(&ct_r_, sizeof(ct_r_)); \
        ct_r_; })
# define ML_DSA_CT_VEC1(op, a) __extension__ ({ \
        ML_DSA_CT_VEC_ARG(a, ct_a_); \
        int ct_s_ = ml_dsa_ct_vec_take(&ct_a_, sizeof(ct_a_)); \
        ML_DSA_CT_VEC_RESULT(op(ct_a_), ct_s_); })
# define ML_DSA_CT_VEC2(op, a, b) __extension__ ({ \
        ML_DSA_CT_VEC_ARG(a, ct_a_); \
        ML_DSA_CT_VEC_ARG(b, ct_b_); \
        int ct_s_ = ml_dsa_ct_vec_take(&ct_a_, sizeof(ct_a_)) \
            | ml_dsa_ct_vec_take(&ct_b_, sizeof(ct_b_)); \
        ML_DSA_CT_VEC_RESULT(op(ct_a_, ct_b_), ct_s_); })
# define ML_DSA_CT_VEC3(op, a, b, c) __extension__ ({ \
        ML_DSA_CT_VEC_ARG(a, ct_a_); \
        ML_DSA_CT_VEC_ARG(b, ct_b_); \
        ML_DSA_CT_VEC_ARG(c, ct_c_); \
        int ct_s_ = ml_dsa_ct_vec_take(&ct_a_, sizeof(ct_a_)) \
            | ml_dsa_ct_vec_take(&ct_b_, sizeof(ct_b_)) \
            | ml_dsa_ct_vec_take(&ct_c_, sizeof(ct_c_)); \
        ML_DSA_CT_VEC_RESULT(op(ct_a_, ct_b_, ct_c_), ct_s_); })
/* the form of as many arguments as given */
# define ML_DSA_CT_VEC_PICK(_1, _2, _3, form, ...) form
# define ML_DSA_CT_VEC(op, ...) \
    ML_DSA_CT_VEC_PICK(__VA_ARGS__, ML_DSA_CT_VEC3, ML_DSA_CT_VEC2, \
                       ML_DSA_CT_VEC1, unused)(op, __VA_ARGS__)
#else
# define ML_DSA_CT_VEC(op, ...) op(__VA_ARGS__)
#endif

/*
 * The harness's planted leak in the library (test/ct/ct_check.c, group
 * plant-y255): in a CT=1 build, ossl_ml_dsa_ct_plant = ML_DSA_CT_PLANT_Y255
 * makes signing branch on the secret y[0].coeff[255], the last coefficient
 * of the mask's last decoding step; the harness must report it on every
 * backend.  0, the default, plants nothing; without ML_DSA_CT there is no
 * plant at all.
 */
#define ML_DSA_CT_PLANT_Y255 1
#ifdef ML_DSA_CT
extern int ossl_ml_dsa_ct_plant;
#endif

#endif /* MLDSA_INTERNAL_CT_H */
