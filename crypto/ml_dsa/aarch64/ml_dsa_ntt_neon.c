/*
 * NEON versions of the ML-DSA NTT (FIPS 204 section 7.5, Algorithms 41
 * and 42) and of the products in the NTT domain (Algorithms 45 and 48),
 * entries of the aarch64 poly ops.  They are bit-identical to the generic
 * code (ml_dsa_ntt.c) for every input within its documented bounds: the
 * same butterflies in the same layers, the same Montgomery reduction
 * (R = 2^32) computed exactly, the same (lazy) reduction points.  Only the
 * order in which independent butterflies run differs.
 *
 * A register holds 4 consecutive coefficients, and every pass holds 64
 * coefficients in 16 registers.  Each transform is three passes over the
 * polynomial, every butterfly pairing whole registers (lane i with lane
 * i): the layers len = 128 and 64 on the coefficients j + 64m (m = 0..3)
 * of 16 consecutive j, four-register loads and stores; the layers len =
 * 32 to 4 on a group of four consecutive blocks of 16 coefficients in
 * natural order (four-register loads and stores); len 2 and 1 on each
 * block transposed (register k lane i holds coefficient 4i + k), as ld4
 * loads it and st4 stores it, so that no instruction moves coefficients
 * between lanes.  The zetas are lanes of a table row (by-element
 * multiplies), or whole rows (a zeta per lane) for len 2 and 1.
 */
#include <arm_neon.h>
#include <stdint.h>
#include "ml_dsa_aarch64.h"
#include "../ml_dsa_poly.h"
#include "ml_dsa_zetas_neon.h"

#define NEON_INLINE static inline __attribute__((always_inline))

/*
 * The layers in assembly, 16 registers of data (v16-v31), the zetas in
 * v0-v7 (by-element multiplies by a lane of a row, or whole rows), q in
 * lane 0 of v10 and v8, v9 for the products.  Written in assembly because
 * the compilers, short of registers for these 27 values, spill the zetas
 * and reload them.  z and zq are whole registers (".4s") or lanes
 * (".s[i]").
 *
 * The products are Montgomery products of the lanes of b and z (zq = z *
 * q^-1 mod 2^32), as ml_dsa_montgomery_reduce((int64_t)b * z): t = b * zq
 * mod 2^32 (mul) and (b * z - t * q) / 2^32.  sqdmulh gives
 * floor(2 x y / 2^32); since b * z and t * q agree in their low 32 bits,
 * the two doubled high halves differ by exactly 2 (b z - t q) / 2^32,
 * which the halving subtract (shsub, computed without overflow) halves.
 * No saturation: sqdmulh saturates only for INT32_MIN times INT32_MIN,
 * and q and the zetas are small.
 *
 * CT_ASM(a, b, z, zq): t = mont(z b); (a, b) <- (a + t, a - t).
 * GS_ASM(a, b, z, zq): (a, b) <- (a + b, mont(z (b - a))), the inverse's
 * mont(-zeta (a - b)) as the same 64-bit product, z holding +zeta.
 */
#define CT_ASM(a, b, z, zq) \
    "mul     v9.4s, " b ".4s, " zq "\n\t" \
    "sqdmulh v8.4s, " b ".4s, " z "\n\t" \
    "sqdmulh v9.4s, v9.4s, v10.s[0]\n\t" \
    "shsub   v8.4s, v8.4s, v9.4s\n\t" \
    "sub     " b ".4s, " a ".4s, v8.4s\n\t" \
    "add     " a ".4s, " a ".4s, v8.4s\n\t"
#define GS_ASM(a, b, z, zq) \
    "sub     v8.4s, " b ".4s, " a ".4s\n\t" \
    "add     " a ".4s, " a ".4s, " b ".4s\n\t" \
    "mul     v9.4s, v8.4s, " zq "\n\t" \
    "sqdmulh " b ".4s, v8.4s, " z "\n\t" \
    "sqdmulh v9.4s, v9.4s, v10.s[0]\n\t" \
    "shsub   " b ".4s, " b ".4s, v9.4s\n\t"
/* The inverse's last layer with the scaling (intt_high): a =
 * mont(f (a + b)), b = mont(f * (-zetas[1]) / R (a - b)), f and its
 * partner in lanes 0 and 1 of v0 (zq: v1). */
#define LAST_ASM(a, b) \
    "add     v8.4s, " a ".4s, " b ".4s\n\t" \
    "sub     v9.4s, " a ".4s, " b ".4s\n\t" \
    "mul     " a ".4s, v8.4s, v1.s[0]\n\t" \
    "sqdmulh v8.4s, v8.4s, v0.s[0]\n\t" \
    "sqdmulh " a ".4s, " a ".4s, v10.s[0]\n\t" \
    "shsub   " a ".4s, v8.4s, " a ".4s\n\t" \
    "mul     " b ".4s, v9.4s, v1.s[1]\n\t" \
    "sqdmulh v9.4s, v9.4s, v0.s[1]\n\t" \
    "sqdmulh " b ".4s, " b ".4s, v10.s[0]\n\t" \
    "shsub   " b ".4s, v9.4s, " b ".4s\n\t"
/* v(16 + 4m)-v(19 + 4m) from and to a + 64m, m = 0..3 (pointers a0-a3) */
#define QUARTERS_LOAD \
    "ld1     {v16.4s-v19.4s}, [%[a0]]\n\t" \
    "ld1     {v20.4s-v23.4s}, [%[a1]]\n\t" \
    "ld1     {v24.4s-v27.4s}, [%[a2]]\n\t" \
    "ld1     {v28.4s-v31.4s}, [%[a3]]\n\t"
#define QUARTERS_STORE \
    "st1     {v16.4s-v19.4s}, [%[a0]], #64\n\t" \
    "st1     {v20.4s-v23.4s}, [%[a1]], #64\n\t" \
    "st1     {v24.4s-v27.4s}, [%[a2]], #64\n\t" \
    "st1     {v28.4s-v31.4s}, [%[a3]], #64\n\t"
#define NTT_CLOBBERS \
    "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", \
    "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", \
    "v26", "v27", "v28", "v29", "v30", "v31", "cc", "memory"

/*
 * The layers len = 128 and 64 of the NTT on all of a: four passes (j = 0,
 * 16, 32, 48), each on the 16 coefficients from j + 64m in v(16 + 4m) to
 * v(19 + 4m), m = 0..3 (four-register loads and stores), the zetas in
 * ntt_neon_top_zetas (v0, v1).
 */
static void ntt_high(int32_t *a)
{
    int32_t *a1 = a + 64, *a2 = a + 128, *a3 = a + 192;
    size_t passes = 4;

    __asm__ volatile(
        "ld1     {v0.4s, v1.4s}, [%[zt]]\n\t"
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        QUARTERS_LOAD
        CT_ASM("v16", "v24", "v0.s[1]", "v1.s[1]")
        CT_ASM("v17", "v25", "v0.s[1]", "v1.s[1]")
        CT_ASM("v18", "v26", "v0.s[1]", "v1.s[1]")
        CT_ASM("v19", "v27", "v0.s[1]", "v1.s[1]")
        CT_ASM("v20", "v28", "v0.s[1]", "v1.s[1]")
        CT_ASM("v21", "v29", "v0.s[1]", "v1.s[1]")
        CT_ASM("v22", "v30", "v0.s[1]", "v1.s[1]")
        CT_ASM("v23", "v31", "v0.s[1]", "v1.s[1]")
        CT_ASM("v16", "v20", "v0.s[2]", "v1.s[2]")
        CT_ASM("v17", "v21", "v0.s[2]", "v1.s[2]")
        CT_ASM("v18", "v22", "v0.s[2]", "v1.s[2]")
        CT_ASM("v19", "v23", "v0.s[2]", "v1.s[2]")
        CT_ASM("v24", "v28", "v0.s[3]", "v1.s[3]")
        CT_ASM("v25", "v29", "v0.s[3]", "v1.s[3]")
        CT_ASM("v26", "v30", "v0.s[3]", "v1.s[3]")
        CT_ASM("v27", "v31", "v0.s[3]", "v1.s[3]")
        QUARTERS_STORE
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a0] "+r"(a), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3),
          [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q), [zt] "r"(ntt_neon_top_zetas)
        : NTT_CLOBBERS);
}

/*
 * The NTT's len 8 and len 4 on block c (d0-d3, natural order) of the
 * group: len 8 by lane c of v2 (zq v3), len 4 by lanes la and lb of z4
 * (zq zq4).
 */
#define NTT_MID_BLOCK(d0, d1, d2, d3, c, z4, zq4, la, lb) \
    CT_ASM(d0, d2, "v2.s[" c "]", "v3.s[" c "]") \
    CT_ASM(d1, d3, "v2.s[" c "]", "v3.s[" c "]") \
    CT_ASM(d0, d1, z4 ".s[" la "]", zq4 ".s[" la "]") \
    CT_ASM(d2, d3, z4 ".s[" lb "]", zq4 ".s[" lb "]")

/*
 * The layers len = 32 to 4 of the NTT on all of a, in four passes over
 * groups of four blocks (64 coefficients in natural order, v16-v31): len
 * 32 (blocks 0, 1 with 2, 3 of the group), len 16 (blocks 0 and 1, 2 and
 * 3), then len 8 and 4 in each block, the zetas of ntt_neon_mid_zetas's
 * row g in v0-v7.
 */
static void ntt_mid(int32_t *a)
{
    const int32_t (*zm)[8][4] = ntt_neon_mid_zetas;
    const int32_t *in = a;
    size_t groups = 4;

    __asm__ volatile(
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        "ld1     {v0.4s-v3.4s}, [%[zm]], #64\n\t"
        "ld1     {v4.4s-v7.4s}, [%[zm]], #64\n\t"
        "ld1     {v16.4s-v19.4s}, [%[in]], #64\n\t"
        "ld1     {v20.4s-v23.4s}, [%[in]], #64\n\t"
        "ld1     {v24.4s-v27.4s}, [%[in]], #64\n\t"
        "ld1     {v28.4s-v31.4s}, [%[in]], #64\n\t"
        CT_ASM("v16", "v24", "v0.s[0]", "v1.s[0]")
        CT_ASM("v17", "v25", "v0.s[0]", "v1.s[0]")
        CT_ASM("v18", "v26", "v0.s[0]", "v1.s[0]")
        CT_ASM("v19", "v27", "v0.s[0]", "v1.s[0]")
        CT_ASM("v20", "v28", "v0.s[0]", "v1.s[0]")
        CT_ASM("v21", "v29", "v0.s[0]", "v1.s[0]")
        CT_ASM("v22", "v30", "v0.s[0]", "v1.s[0]")
        CT_ASM("v23", "v31", "v0.s[0]", "v1.s[0]")
        CT_ASM("v16", "v20", "v0.s[1]", "v1.s[1]")
        CT_ASM("v17", "v21", "v0.s[1]", "v1.s[1]")
        CT_ASM("v18", "v22", "v0.s[1]", "v1.s[1]")
        CT_ASM("v19", "v23", "v0.s[1]", "v1.s[1]")
        CT_ASM("v24", "v28", "v0.s[2]", "v1.s[2]")
        CT_ASM("v25", "v29", "v0.s[2]", "v1.s[2]")
        CT_ASM("v26", "v30", "v0.s[2]", "v1.s[2]")
        CT_ASM("v27", "v31", "v0.s[2]", "v1.s[2]")
        NTT_MID_BLOCK("v16", "v17", "v18", "v19", "0", "v4", "v5", "0", "1")
        NTT_MID_BLOCK("v20", "v21", "v22", "v23", "1", "v4", "v5", "2", "3")
        NTT_MID_BLOCK("v24", "v25", "v26", "v27", "2", "v6", "v7", "0", "1")
        NTT_MID_BLOCK("v28", "v29", "v30", "v31", "3", "v6", "v7", "2", "3")
        "st1     {v16.4s-v19.4s}, [%[a]], #64\n\t"
        "st1     {v20.4s-v23.4s}, [%[a]], #64\n\t"
        "st1     {v24.4s-v27.4s}, [%[a]], #64\n\t"
        "st1     {v28.4s-v31.4s}, [%[a]], #64\n\t"
        "subs    %[groups], %[groups], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [in] "+r"(in), [zm] "+r"(zm), [groups] "+r"(groups)
        : [q] "r"(ML_DSA_Q)
        : NTT_CLOBBERS);
}
#undef NTT_MID_BLOCK

/*
 * The NTT's len 2 and len 1 on block d0-d3 as ld4 transposes it (a zeta
 * per lane, the rows of ntt_neon_small_zetas in v0-v5); st4 stores it
 * back in natural order.
 */
#define NTT_LOW_BLOCK(d0, d1, d2, d3) \
    "ld4     {" d0 ".4s-" d3 ".4s}, [%[in]], #64\n\t" \
    "ld1     {v0.4s-v3.4s}, [%[zs]], #64\n\t" \
    "ld1     {v4.4s, v5.4s}, [%[zs]], #32\n\t" \
    CT_ASM(d0, d2, "v0.4s", "v1.4s") \
    CT_ASM(d1, d3, "v0.4s", "v1.4s") \
    CT_ASM(d0, d1, "v2.4s", "v3.4s") \
    CT_ASM(d2, d3, "v4.4s", "v5.4s") \
    "st4     {" d0 ".4s-" d3 ".4s}, [%[a]], #64\n\t"

/* The layers len = 2 and 1 of the NTT on all of a, four blocks a pass. */
static void ntt_low(int32_t *a)
{
    const int32_t (*zs)[6][4] = ntt_neon_small_zetas;
    const int32_t *in = a;
    size_t passes = 4;

    __asm__ volatile(
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        NTT_LOW_BLOCK("v16", "v17", "v18", "v19")
        NTT_LOW_BLOCK("v20", "v21", "v22", "v23")
        NTT_LOW_BLOCK("v24", "v25", "v26", "v27")
        NTT_LOW_BLOCK("v28", "v29", "v30", "v31")
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [in] "+r"(in), [zs] "+r"(zs), [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q)
        : NTT_CLOBBERS);
}
#undef NTT_LOW_BLOCK

/*
 * The inverse's len 1 and len 2 on block d0-d3 as ld4 transposes it (a
 * zeta per lane, the rows of intt_neon_small_zetas in v0-v5); st4 stores
 * it back in natural order.
 */
#define INTT_LOW_BLOCK(d0, d1, d2, d3) \
    "ld4     {" d0 ".4s-" d3 ".4s}, [%[in]], #64\n\t" \
    "ld1     {v0.4s-v3.4s}, [%[zs]], #64\n\t" \
    "ld1     {v4.4s, v5.4s}, [%[zs]], #32\n\t" \
    GS_ASM(d0, d1, "v0.4s", "v1.4s") \
    GS_ASM(d2, d3, "v2.4s", "v3.4s") \
    GS_ASM(d0, d2, "v4.4s", "v5.4s") \
    GS_ASM(d1, d3, "v4.4s", "v5.4s") \
    "st4     {" d0 ".4s-" d3 ".4s}, [%[a]], #64\n\t"

/* The layers len = 1 and 2 of the inverse NTT on all of a, four blocks a
 * pass. */
static void intt_low(int32_t *a)
{
    const int32_t (*zs)[6][4] = intt_neon_small_zetas;
    const int32_t *in = a;
    size_t passes = 4;

    __asm__ volatile(
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        INTT_LOW_BLOCK("v16", "v17", "v18", "v19")
        INTT_LOW_BLOCK("v20", "v21", "v22", "v23")
        INTT_LOW_BLOCK("v24", "v25", "v26", "v27")
        INTT_LOW_BLOCK("v28", "v29", "v30", "v31")
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [in] "+r"(in), [zs] "+r"(zs), [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q)
        : NTT_CLOBBERS);
}
#undef INTT_LOW_BLOCK

/*
 * The inverse's len 4 and len 8 on block c (d0-d3, natural order) of the
 * group: len 4 by lanes la and lb of z4 (zq zq4), len 8 by lane c of v4
 * (zq v5).
 */
#define INTT_MID_BLOCK(d0, d1, d2, d3, c, z4, zq4, la, lb) \
    GS_ASM(d0, d1, z4 ".s[" la "]", zq4 ".s[" la "]") \
    GS_ASM(d2, d3, z4 ".s[" lb "]", zq4 ".s[" lb "]") \
    GS_ASM(d0, d2, "v4.s[" c "]", "v5.s[" c "]") \
    GS_ASM(d1, d3, "v4.s[" c "]", "v5.s[" c "]")

/*
 * The layers len = 4 to 32 of the inverse NTT on all of a, in four passes
 * over groups of four blocks (64 coefficients in natural order, v16-v31):
 * len 4 and 8 in each block, then len 16 (blocks 0 and 1, 2 and 3 of the
 * group) and len 32 (blocks 0, 1 with 2, 3), the zetas of
 * intt_neon_mid_zetas's row g in v0-v7.
 */
static void intt_mid(int32_t *a)
{
    const int32_t (*zm)[8][4] = intt_neon_mid_zetas;
    const int32_t *in = a;
    size_t groups = 4;

    __asm__ volatile(
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        "ld1     {v0.4s-v3.4s}, [%[zm]], #64\n\t"
        "ld1     {v4.4s-v7.4s}, [%[zm]], #64\n\t"
        "ld1     {v16.4s-v19.4s}, [%[in]], #64\n\t"
        "ld1     {v20.4s-v23.4s}, [%[in]], #64\n\t"
        "ld1     {v24.4s-v27.4s}, [%[in]], #64\n\t"
        "ld1     {v28.4s-v31.4s}, [%[in]], #64\n\t"
        INTT_MID_BLOCK("v16", "v17", "v18", "v19", "0", "v0", "v1", "0", "1")
        INTT_MID_BLOCK("v20", "v21", "v22", "v23", "1", "v0", "v1", "2", "3")
        INTT_MID_BLOCK("v24", "v25", "v26", "v27", "2", "v2", "v3", "0", "1")
        INTT_MID_BLOCK("v28", "v29", "v30", "v31", "3", "v2", "v3", "2", "3")
        GS_ASM("v16", "v20", "v6.s[0]", "v7.s[0]")
        GS_ASM("v17", "v21", "v6.s[0]", "v7.s[0]")
        GS_ASM("v18", "v22", "v6.s[0]", "v7.s[0]")
        GS_ASM("v19", "v23", "v6.s[0]", "v7.s[0]")
        GS_ASM("v24", "v28", "v6.s[1]", "v7.s[1]")
        GS_ASM("v25", "v29", "v6.s[1]", "v7.s[1]")
        GS_ASM("v26", "v30", "v6.s[1]", "v7.s[1]")
        GS_ASM("v27", "v31", "v6.s[1]", "v7.s[1]")
        GS_ASM("v16", "v24", "v6.s[2]", "v7.s[2]")
        GS_ASM("v17", "v25", "v6.s[2]", "v7.s[2]")
        GS_ASM("v18", "v26", "v6.s[2]", "v7.s[2]")
        GS_ASM("v19", "v27", "v6.s[2]", "v7.s[2]")
        GS_ASM("v20", "v28", "v6.s[2]", "v7.s[2]")
        GS_ASM("v21", "v29", "v6.s[2]", "v7.s[2]")
        GS_ASM("v22", "v30", "v6.s[2]", "v7.s[2]")
        GS_ASM("v23", "v31", "v6.s[2]", "v7.s[2]")
        "st1     {v16.4s-v19.4s}, [%[a]], #64\n\t"
        "st1     {v20.4s-v23.4s}, [%[a]], #64\n\t"
        "st1     {v24.4s-v27.4s}, [%[a]], #64\n\t"
        "st1     {v28.4s-v31.4s}, [%[a]], #64\n\t"
        "subs    %[groups], %[groups], #1\n\t"
        "b.ne    1b"
        : [a] "+r"(a), [in] "+r"(in), [zm] "+r"(zm), [groups] "+r"(groups)
        : [q] "r"(ML_DSA_Q)
        : NTT_CLOBBERS);
}
#undef INTT_MID_BLOCK

/*
 * The layers len = 64 and 128 of the inverse NTT on all of a, the scaling
 * by f merged into the last (LAST_ASM), as the generic inverse does: four
 * passes (j = 0, 16, 32, 48), each on the 16 coefficients from j + 64m in
 * v(16 + 4m)-v(19 + 4m), m = 0..3 (four-register loads and stores), the
 * constants in intt_neon_top_zetas (v0, v1).
 */
static void intt_high(int32_t *a)
{
    int32_t *a1 = a + 64, *a2 = a + 128, *a3 = a + 192;
    size_t passes = 4;

    __asm__ volatile(
        "ld1     {v0.4s, v1.4s}, [%[zt]]\n\t"
        "dup     v10.4s, %w[q]\n"
        "1:\n\t"
        QUARTERS_LOAD
        GS_ASM("v16", "v20", "v0.s[3]", "v1.s[3]")
        GS_ASM("v17", "v21", "v0.s[3]", "v1.s[3]")
        GS_ASM("v18", "v22", "v0.s[3]", "v1.s[3]")
        GS_ASM("v19", "v23", "v0.s[3]", "v1.s[3]")
        GS_ASM("v24", "v28", "v0.s[2]", "v1.s[2]")
        GS_ASM("v25", "v29", "v0.s[2]", "v1.s[2]")
        GS_ASM("v26", "v30", "v0.s[2]", "v1.s[2]")
        GS_ASM("v27", "v31", "v0.s[2]", "v1.s[2]")
        LAST_ASM("v16", "v24")
        LAST_ASM("v17", "v25")
        LAST_ASM("v18", "v26")
        LAST_ASM("v19", "v27")
        LAST_ASM("v20", "v28")
        LAST_ASM("v21", "v29")
        LAST_ASM("v22", "v30")
        LAST_ASM("v23", "v31")
        QUARTERS_STORE
        "subs    %[passes], %[passes], #1\n\t"
        "b.ne    1b"
        : [a0] "+r"(a), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3),
          [passes] "+r"(passes)
        : [q] "r"(ML_DSA_Q), [zt] "r"(intt_neon_top_zetas)
        : NTT_CLOBBERS);
}
#undef CT_ASM
#undef GS_ASM
#undef LAST_ASM
#undef QUARTERS_LOAD
#undef QUARTERS_STORE
#undef NTT_CLOBBERS

/*
 * NTT (FIPS 204 Algorithm 41) in place, output in bit-reversed order:
 * input |a| < q, output |a| < 9q, as ossl_ml_dsa_poly_ntt_generic.
 */
void ossl_ml_dsa_poly_ntt_neon(ML_DSA_POLY *p)
{
    ntt_high(p->coeff);
    ntt_mid(p->coeff);
    ntt_low(p->coeff);
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42) in place, input in bit-reversed
 * order, times R = 2^32: input |a| < q, output |a| < q, as
 * ossl_ml_dsa_poly_ntt_inverse_generic (no reduction between the layers).
 */
void ossl_ml_dsa_poly_ntt_inverse_neon(ML_DSA_POLY *p)
{
    intt_low(p->coeff);
    intt_mid(p->coeff);
    intt_high(p->coeff);
}

/*
 * Montgomery product of two vectors of coefficients:
 * ml_dsa_montgomery_reduce((int64_t)a * b) per lane, as CT_ASM's product
 * with zq = b * q^-1 computed here (qinv holds q^-1 mod 2^32 in every
 * lane): t = a * b * q^-1 mod 2^32, then the halving subtract of the two
 * doubled high halves sqdmulh(a, b) and sqdmulh(t, q).
 */
NEON_INLINE int32x4_t mont_mul_var(int32x4_t a, int32x4_t b, int32x4_t qinv)
{
    int32x4_t t = vmulq_s32(vmulq_s32(a, b), qinv);

    return vhsubq_s32(vqdmulhq_s32(a, b), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45,
 * MultiplyNTT) with the Montgomery factor: r = a * b * 2^-32, |a * b| <
 * 2^31 q per coefficient, output |r| < q.  r may alias a or b: each block
 * of 16 coefficients is loaded whole before it is stored.
 */
void ossl_ml_dsa_poly_ntt_mul_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff, *end = r->coeff + ML_DSA_N;
    int32x4x4_t x, y;

    for (; pr != end; pa += 16, pb += 16, pr += 16) {
        x = vld1q_s32_x4(pa);
        y = vld1q_s32_x4(pb);
        x.val[0] = mont_mul_var(x.val[0], y.val[0], qinv);
        x.val[1] = mont_mul_var(x.val[1], y.val[1], qinv);
        x.val[2] = mont_mul_var(x.val[2], y.val[2], qinv);
        x.val[3] = mont_mul_var(x.val[3], y.val[3], qinv);
        vst1q_s32_x4(pr, x);
    }
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over n polynomials, n a constant (1 <= n <= 7), as
 * ossl_ml_dsa_poly_ntt_dot_generic: per block of 16 coefficients the
 * products of the n pairs summed exactly in 64 bits (smull / smlal, eight
 * sums in v16-v23, the n - 1 accumulating steps repeated by .rept), then
 * reduced once: t = (low half of the sum) * q^-1 mod 2^32, and the high
 * half of sum - t * q, which is exact.  Written in assembly because the
 * compilers' allocation of the four-register loads (ld1 {4 registers},
 * post-indexed by the polynomial stride) adds a move or an address
 * computation for most of them.  Uses v0-v7 and v16-v24 only (none of
 * the callee-saved d8-d15).
 */
NEON_INLINE void dot_row(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                         const ML_DSA_POLY *b, size_t n)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff;
    size_t blocks = ML_DSA_N / 16;
    /*
     * The loads step by the polynomial stride, the last of a row back to
     * the next block of a[0] and b[0] (the step wraps modulo 2^64).
     */
    const size_t stride = sizeof(ML_DSA_POLY), back = 64 - (n - 1) * stride;

#define DOT_MUL(op) \
    op "     v16.2d, v0.2s, v4.2s\n\t" \
    op "2    v17.2d, v0.4s, v4.4s\n\t" \
    op "     v18.2d, v1.2s, v5.2s\n\t" \
    op "2    v19.2d, v1.4s, v5.4s\n\t" \
    op "     v20.2d, v2.2s, v6.2s\n\t" \
    op "2    v21.2d, v2.4s, v6.4s\n\t" \
    op "     v22.2d, v3.2s, v7.2s\n\t" \
    op "2    v23.2d, v3.4s, v7.4s\n\t"
#define DOT_LOAD(step) \
    "ld1    {v0.4s-v3.4s}, [%[pa]], " step "\n\t" \
    "ld1    {v4.4s-v7.4s}, [%[pb]], " step "\n\t"
#define DOT_REDUCE(lo, hi, out) \
    "uzp1   v24.4s, " lo ".4s, " hi ".4s\n\t" \
    "mul    v24.4s, v24.4s, %[qinv].4s\n\t" \
    "smlsl  " lo ".2d, v24.2s, %[q].2s\n\t" \
    "smlsl2 " hi ".2d, v24.4s, %[q].4s\n\t" \
    "uzp2   " out ".4s, " lo ".4s, " hi ".4s\n\t"
    __asm__ volatile(
        "1:\n\t"
        ".if    %c[more]\n\t"
        DOT_LOAD("%[stride]")
        ".else\n\t"
        DOT_LOAD("%[back]")
        ".endif\n\t"
        DOT_MUL("smull")
        ".if    %c[more]\n\t"
        ".rept  %c[more] - 1\n\t"
        DOT_LOAD("%[stride]")
        DOT_MUL("smlal")
        ".endr\n\t"
        DOT_LOAD("%[back]")
        DOT_MUL("smlal")
        ".endif\n\t"
        DOT_REDUCE("v16", "v17", "v0")
        DOT_REDUCE("v18", "v19", "v1")
        DOT_REDUCE("v20", "v21", "v2")
        DOT_REDUCE("v22", "v23", "v3")
        "st1    {v0.4s-v3.4s}, [%[pr]], #64\n\t"
        "subs   %[blocks], %[blocks], #1\n\t"
        "b.ne   1b"
        : [pa] "+r"(pa), [pb] "+r"(pb), [pr] "+r"(pr), [blocks] "+r"(blocks)
        : [more] "i"(n - 1), [stride] "r"(stride), [back] "r"(back),
          [qinv] "w"(qinv), [q] "w"(q)
        : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v16", "v17",
          "v18", "v19", "v20", "v21", "v22", "v23", "v24", "cc", "memory");
#undef DOT_LOAD
#undef DOT_MUL
#undef DOT_REDUCE
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over 1 <= n <= 7 polynomials, as
 * ossl_ml_dsa_poly_ntt_dot_generic (dot_row, with n a constant).
 */
void ossl_ml_dsa_poly_ntt_dot_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b, size_t n)
{
    switch (n) {
    case 1:
        dot_row(r, a, b, 1);
        break;
    case 2:
        dot_row(r, a, b, 2);
        break;
    case 3:
        dot_row(r, a, b, 3);
        break;
    case 4:
        dot_row(r, a, b, 4);
        break;
    case 5:
        dot_row(r, a, b, 5);
        break;
    case 6:
        dot_row(r, a, b, 6);
        break;
    default:
        dot_row(r, a, b, 7);
        break;
    }
}
