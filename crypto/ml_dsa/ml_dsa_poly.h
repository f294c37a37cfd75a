/*
 * Hot coefficient arithmetic of ML-DSA (FIPS 204): Montgomery and
 * Barrett-style reductions modulo q, Power2Round, Decompose, MakeHint and
 * UseHint.  Everything here is branch-free: the same instructions run
 * whatever the (possibly secret) input.  Bounds are stated on each helper.
 */
#ifndef MLDSA_ML_DSA_POLY_H
#define MLDSA_ML_DSA_POLY_H

#include <stdint.h>
#include "ml_dsa_local.h"

/* q^-1 mod 2^32, for the Montgomery reduction (R = 2^32). */
#define ML_DSA_QINV 58728449

/*
 * Montgomery reduction: for |a| < 2^31 * q, returns r = a * 2^-32 mod q
 * with |r| < q.  t = a * q^-1 mod 2^32 (as int32), so a - t * q is a
 * multiple of 2^32, and |a - t * q| < 2^31 * q + 2^31 * q.
 */
/*@ axiomatic MontgomeryExact {
      // t = a * q^-1 mod 2^32 (the int32 below, in ACSL's modular casts)
      // makes a - t * q a multiple of 2^32.  Admitted (SMT solvers do not
      // find it): t = a * QINV + k * 2^32 for some k (the casts only drop
      // multiples of 2^32), so a - t * q = a * (1 - QINV * q) - k * q * 2^32,
      // and QINV * q = 58728449 * 8380417 = 114592 * 2^32 + 1.
      axiom montgomery_exact: \forall integer a;
        (a - (int32_t)((uint32_t)a * (uint32_t)ML_DSA_QINV) * ML_DSA_Q)
          % 4294967296 == 0;
      // ACSL's >> on integers is floor division by 2^32, which for a
      // multiple of 2^32 is the exact (truncating) quotient.  Admitted: the
      // solvers have no theory of >> on unbounded integers.
      axiom shift_exact: \forall integer x;
        x % 4294967296 == 0 ==> (x >> 32) == x / 4294967296;
    }
    axiomatic BitFacts {
      // ACSL defines x >> n on integers as floor(x / 2^n) and the bitwise
      // operators on two's complement integers (Frama-C's ACSL manual,
      // 2.2.4), so these are instances of the definitions, for the shifts
      // and masks used below.  Admitted: WP's solvers have no theory of
      // >>, ^ or & on unbounded integers.  For x < 0, floor(x / 2^n) =
      // (x + 1) / 2^n - 1 with C's truncating division.
      axiom shr31: \forall integer x, n; n == 31 &&
        -2147483648 <= x <= 2147483647 ==> (x >> n) == (x < 0 ? -1 : 0);
      axiom shr23: \forall integer x, n; n == 23 ==>
        (x >> n) == (x >= 0 ? x / 8388608 : (x + 1) / 8388608 - 1);
      axiom shr9: \forall integer x, n; n == 9 && x >= 0 ==> (x >> n) == x / 512;
      axiom shr11: \forall integer x, n; n == 11 && x >= 0 ==> (x >> n) == x / 2048;
      axiom shr13: \forall integer x, n; n == 13 && x >= 0 ==> (x >> n) == x / 8192;
      axiom shr18: \forall integer x, n; n == 18 && x >= 0 ==> (x >> n) == x / 262144;
      axiom shl13: \forall integer x, n; n == 13 && x >= 0 ==> (x << n) == x * 8192;
      axiom shr25: \forall integer x, n; n == 25 && x >= 0 ==> (x >> n) == x / 33554432;
      // (The shifts and masks are variables n and m here: WP would fold
      // x & -1 to x, or rewrite x >> 31, and leave an empty axiom.)
      // (WP rewrites a test of x >> 31 into one of this sign bit)
      axiom sign_bit: \forall integer x, m; m == -2147483648 &&
        -2147483648 <= x <= 2147483647 ==> (x & m) == (x < 0 ? m : 0);
      axiom not: \forall integer x; (~x) == -x - 1;
      axiom xor_m1: \forall integer x, m; m == -1 ==> (x ^ m) == -x - 1;
      axiom xor_0: \forall integer x, m; m == 0 ==> (x ^ m) == x;
      axiom and_m1: \forall integer x, m; m == -1 ==> (x & m) == x;
      axiom and_0: \forall integer x, m; m == 0 ==> (x & m) == 0;
      axiom m1_and: \forall integer x, m; m == -1 ==> (m & x) == x;
      axiom zero_and: \forall integer x, m; m == 0 ==> (m & x) == 0;
    }
 */
/*@ requires -2147483648 * ML_DSA_Q < a < 2147483648 * ML_DSA_Q;
    assigns \nothing;
    ensures -ML_DSA_Q < \result < ML_DSA_Q;
 */
static inline int32_t ml_dsa_montgomery_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)a * (uint32_t)ML_DSA_QINV);

    /*@ assert mont_exact: (a - t * ML_DSA_Q) % 4294967296 == 0; */
    /*@ assert mont_range: -ML_DSA_Q < (a - t * ML_DSA_Q) / 4294967296 < ML_DSA_Q; */
    /*@ assert mont_shift: ((a - t * ML_DSA_Q) >> 32) == (a - t * ML_DSA_Q) / 4294967296; */
    return (int32_t)((a - (int64_t)t * ML_DSA_Q) >> 32);
}

/*
 * Reduction of an int32 without multiplication by 1/q: for a <= 2^31 - 2^22 - 1,
 * returns r = a mod q with -6283009 <= r <= 6283008 (so |r| < q).
 * 2^23 ~ q, so (a + 2^22) >> 23 is a close estimate of a / q.
 */
/*@ requires a <= 2147483647 - 4194304;
    assigns \nothing;
    ensures -6283009 <= \result <= 6283008;
    ensures (\result - a) % ML_DSA_Q == 0;
 */
static inline int32_t ml_dsa_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;

    /*@ assert -256 <= t <= 255; */

    return a - t * ML_DSA_Q;
}

/*
 * For -q <= a < 2q: a + q when a is negative, else a (so [-q, q) goes to
 * a mod q in [0, q), and [q, 2q), which ml_dsa_freeze passes, stays).
 */
/*@ requires -ML_DSA_Q <= a < 2 * ML_DSA_Q;
    assigns \nothing;
    ensures \result == (a < 0 ? a + ML_DSA_Q : a);
 */
static inline int32_t ml_dsa_caddq(int32_t a)
{
    /*@ assert caddq_mask: ((a >> 31) & ML_DSA_Q) == (a < 0 ? ML_DSA_Q : 0); */
    return a + ((a >> 31) & ML_DSA_Q);
}

/* For -q < a < 2q: a mod q in [0, q). */
/*@ requires -ML_DSA_Q < a < 2 * ML_DSA_Q;
    assigns \nothing;
    ensures 0 <= \result < ML_DSA_Q;
    ensures (\result - a) % ML_DSA_Q == 0;
 */
static inline int32_t ml_dsa_freeze(int32_t a)
{
    a = ml_dsa_caddq(a);
    a -= ML_DSA_Q;
    return ml_dsa_caddq(a);
}

/*
 * For 0 <= a < q: the centred representative a mod+- q, in
 * [-(q - 1) / 2, (q - 1) / 2].
 */
/*@ requires 0 <= a < ML_DSA_Q;
    assigns \nothing;
    ensures -(ML_DSA_Q - 1) / 2 <= \result <= (ML_DSA_Q - 1) / 2;
    ensures \result == (a > (ML_DSA_Q - 1) / 2 ? a - ML_DSA_Q : a);
 */
static inline int32_t ml_dsa_centre(int32_t a)
{
    /*@ assert centre_mask: (((((ML_DSA_Q - 1) / 2) - a) >> 31) & ML_DSA_Q)
                            == (a > (ML_DSA_Q - 1) / 2 ? ML_DSA_Q : 0); */
    return a - (((((ML_DSA_Q - 1) / 2) - a) >> 31) & ML_DSA_Q);
}

/* |a| for a > INT32_MIN, without a branch. */
/*@ requires a > -2147483647 - 1;
    assigns \nothing;
    ensures \result == \abs(a);
 */
static inline int32_t ml_dsa_abs(int32_t a)
{
    int32_t m = a >> 31;


    return (a ^ m) - m;
}

/*
 * Power2Round (FIPS 204 Algorithm 35): for 0 <= r < q, r = r1 * 2^d + r0
 * with r0 in (-2^(d-1), 2^(d-1)]; returns r1 in [0, 2^10) and sets *r0.
 */
/*@ requires \valid(r0);
    requires 0 <= r < ML_DSA_Q;
    assigns *r0;
    ensures 0 <= \result < 1024;
    ensures -4096 < *r0 <= 4096;
    ensures r == \result * 8192 + *r0;
 */
static inline int32_t ml_dsa_power2round(int32_t *r0, int32_t r)
{
    int32_t r1 = (r + (1 << (ML_DSA_D - 1)) - 1) >> ML_DSA_D;

    /*@ assert r1 == (r + 4095) / 8192; */

    *r0 = r - (r1 << ML_DSA_D);
    return r1;
}

/*
 * floor(x / (2 * gamma2)) for 0 <= x < q + gamma2 in 32-bit arithmetic,
 * without a division instruction (some compilers emit a variable-time div
 * for a division by a constant at -O0) and without a 64-bit product (so
 * that compilers can vectorise the loops that use it).  2 * gamma2 =
 * 2^s * d' with d' odd: floor(x / (2 gamma2)) = floor((x >> s) / d'), and
 * floor(y / d') = (y * M) >> S with M = ceil(2^S / d') and the smallest S
 * for which (M * d' - 2^S) * (y_max + 1) <= 2^S, which makes it exact for
 * every y <= y_max (test_ntt checks every r in [0, q)); y_max * M < 2^31.
 */
#define DECOMPOSE_32_SHIFT 9        /* 2 * (q - 1) / 32 = 523776 = 2^9 * 1023 */
#define DECOMPOSE_32_MUL 32801      /* ceil(2^25 / 1023), y < 16880 */
#define DECOMPOSE_32_MUL_SHIFT 25
#define DECOMPOSE_88_SHIFT 11       /* 2 * (q - 1) / 88 = 190464 = 2^11 * 93 */
#define DECOMPOSE_88_MUL 2819       /* ceil(2^18 / 93), y < 4139 */
#define DECOMPOSE_88_MUL_SHIFT 18
/* m = (q - 1) / (2 * gamma2): the number of high-bit values. */
#define DECOMPOSE_32_M 16
#define DECOMPOSE_88_M 44

/*
 * Decompose (FIPS 204 Algorithm 36): for 0 <= r < q, r = r1 * 2 * gamma2 + r0
 * with r0 in (-gamma2, gamma2], except that r - r0 = q - 1 gives r1 = 0 and
 * r0 - 1 (so r0 in [-gamma2, 0]).  Returns r1 in [0, (q - 1) / (2 * gamma2))
 * and sets *r0.  gamma2 is (q - 1) / 88 or (q - 1) / 32 (public; callers in
 * loops pass it as a constant so that the branch folds away): no branch or
 * division depends on r.
 */
/*@ requires \valid(r0);
    requires 0 <= r < ML_DSA_Q;
    requires gamma2 == ML_DSA_GAMMA2_32 || gamma2 == ML_DSA_GAMMA2_88;
    assigns *r0;
    ensures 0 <= \result < (ML_DSA_Q - 1) / (2 * gamma2);
    ensures -gamma2 <= *r0 <= gamma2;
 */
static inline int32_t ml_dsa_decompose(int32_t *r0, int32_t r, int32_t gamma2)
{
    int32_t r1, wrap, m;
    /* r1 = ceil((r - gamma2) / (2 * gamma2)) = floor((r + gamma2 - 1) / (2 * gamma2)) */
    int32_t x = r + gamma2 - 1;

    if (gamma2 == ML_DSA_GAMMA2_32) {
        /*@ assert (x >> DECOMPOSE_32_SHIFT) == x / 512; */
        /*@ assert x / 512 == 1023 * (x / 512 / 1023) + (x / 512) % 1023; */
        /*@ assert (x / 512) * DECOMPOSE_32_MUL / 33554432 == x / 512 / 1023; */
        r1 = ((x >> DECOMPOSE_32_SHIFT) * DECOMPOSE_32_MUL)
             >> DECOMPOSE_32_MUL_SHIFT;
        /*@ assert r1 == x / (2 * gamma2); */
        m = DECOMPOSE_32_M;
    } else {
        /*@ assert (x >> DECOMPOSE_88_SHIFT) == x / 2048; */
        /*@ assert x / 2048 == 93 * (x / 2048 / 93) + (x / 2048) % 93; */
        /*@ assert (x / 2048) * DECOMPOSE_88_MUL / 262144 == x / 2048 / 93; */
        r1 = ((x >> DECOMPOSE_88_SHIFT) * DECOMPOSE_88_MUL)
             >> DECOMPOSE_88_MUL_SHIFT;
        /*@ assert r1 == x / (2 * gamma2); */
        m = DECOMPOSE_88_M;
    }
    *r0 = r - r1 * 2 * gamma2;
    /* wrap = -1 when r1 = m, i.e. r - r0 = q - 1. */
    /*@ assert 0 <= r1 <= m; */
    wrap = (m - 1 - r1) >> 31;
    /*@ assert wrap_r0: *r0 + wrap == (r1 == m ? *r0 - 1 : *r0); */
    *r0 += wrap;
    /*@ assert wrap_r1: (r1 & ~wrap) == (r1 == m ? 0 : r1); */
    return r1 & ~wrap;
}

/* HighBits (FIPS 204 Algorithm 37) of 0 <= r < q. */
/*@ requires 0 <= r < ML_DSA_Q;
    requires gamma2 == ML_DSA_GAMMA2_32 || gamma2 == ML_DSA_GAMMA2_88;
    assigns \nothing;
    ensures 0 <= \result < (ML_DSA_Q - 1) / (2 * gamma2);
 */
static inline int32_t ml_dsa_highbits(int32_t r, int32_t gamma2)
{
    int32_t r0;

    return ml_dsa_decompose(&r0, r, gamma2);
}

/*
 * MakeHint (FIPS 204 Algorithm 39), h = [HighBits(r) != HighBits(r + z)],
 * with HighBits(r) = r1 already known (signing has it from the r0 check):
 * rz = (r + z) mod q in [0, q).  Returns h in {0, 1}, without a branch.
 */
/*@ requires 0 <= rz < ML_DSA_Q;
    requires gamma2 == ML_DSA_GAMMA2_32 || gamma2 == ML_DSA_GAMMA2_88;
    assigns \nothing;
    ensures \result == 0 || \result == 1;
 */
static inline int32_t ml_dsa_make_hint(int32_t r1, int32_t rz, int32_t gamma2)
{
    return ml_dsa_highbits(rz, gamma2) != r1;
}

/*
 * UseHint (FIPS 204 Algorithm 40) for 0 <= r < q and h in {0, 1}: the
 * high bits of r, moved one step (mod m = (q - 1) / (2 * gamma2)) towards
 * r0 when h is 1.
 */
/*@ requires h == 0 || h == 1;
    requires 0 <= r < ML_DSA_Q;
    requires gamma2 == ML_DSA_GAMMA2_32 || gamma2 == ML_DSA_GAMMA2_88;
    assigns \nothing;
    ensures 0 <= \result < (ML_DSA_Q - 1) / (2 * gamma2);
 */
static inline int32_t ml_dsa_use_hint(int32_t h, int32_t r, int32_t gamma2)
{
    int32_t r0, r1 = ml_dsa_decompose(&r0, r, gamma2);
    int32_t m = gamma2 == ML_DSA_GAMMA2_32 ? DECOMPOSE_32_M : DECOMPOSE_88_M;
    /* step = +1 when r0 > 0, -1 otherwise; applied only when h = 1 */
    int32_t step = 1 | ((r0 - 1) >> 31);

    r1 += h * step;
    /* (r1 mod m) for r1 in [-1, m] */
    r1 += (r1 >> 31) & m;
    r1 -= m & ~((r1 - m) >> 31);
    return r1;
}

#endif /* MLDSA_ML_DSA_POLY_H */
