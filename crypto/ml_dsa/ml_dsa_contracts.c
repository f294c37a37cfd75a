/*
 * make CONTRACTS=1 (ML_DSA_CONTRACTS): every op of the backend in use,
 * through its poly-ops and sample-ops tables, checked at entry and exit
 * against the bounds ml_dsa_backend.h states for it; a broken bound aborts
 * with the op's name and the offending coefficient.  One wrapper per op,
 * around whichever backend ossl_ml_dsa_backend() chose (generic, AVX2,
 * AVX-512, NEON), so no implementation carries checks of its own.  A
 * debugging build: the checks branch on (secret) coefficients.
 */
#ifdef ML_DSA_CONTRACTS
# include <stdio.h>
# include <stdlib.h>
# include "ml_dsa_local.h"

/* The backend the wrappers call (the one chosen, set once per process). */
static const OSSL_ML_DSA_BACKEND *inner;

static void broken(const char *op, const char *what, size_t i, long v,
                   long lo, long hi)
{
    fprintf(stderr, "libmldsa CONTRACTS: %s %s: %s[%zu] = %ld not in [%ld, %ld]\n",
            inner->name, op, what, i, v, lo, hi);
    abort();
}

/* Every coefficient of p in [lo, hi]. */
static void range(const char *op, const char *what, const int32_t *c,
                  size_t n, long lo, long hi)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (c[i] < lo || c[i] > hi)
            broken(op, what, i, c[i], lo, hi);
}

# define Q ML_DSA_Q
# define POLY(op, what, p, lo, hi) range(op, what, (p)->coeff, ML_DSA_N, lo, hi)

static void w_ntt(ML_DSA_POLY *p)
{
    POLY("ntt", "in", p, -Q + 1, Q - 1);
    inner->poly->ntt(p);
    POLY("ntt", "out", p, -9 * Q + 1, 9 * Q - 1);
}

static void w_ntt_inverse(ML_DSA_POLY *p)
{
    POLY("ntt_inverse", "in", p, -Q + 1, Q - 1);
    inner->poly->ntt_inverse(p);
    POLY("ntt_inverse", "out", p, -Q + 1, Q - 1);
}

static void w_ntt_mul(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                      const ML_DSA_POLY *b)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i++) {
        int64_t m = (int64_t)a->coeff[i] * b->coeff[i];

        if (m <= -((int64_t)Q << 31) || m >= (int64_t)Q << 31)
            broken("ntt_mul", "a*b", i, (long)(m / Q), -(1L << 31), 1L << 31);
    }
    inner->poly->ntt_mul(r, a, b);
    POLY("ntt_mul", "out", r, -Q + 1, Q - 1);
}

static void w_ntt_dot(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                      const ML_DSA_POLY *b, size_t n)
{
    size_t j;

    if (n < 1 || n > ML_DSA_L_MAX)
        broken("ntt_dot", "n", 0, (long)n, 1, ML_DSA_L_MAX);
    for (j = 0; j < n; j++) {
        POLY("ntt_dot", "a", &a[j], -Q + 1, Q - 1);
        POLY("ntt_dot", "b", &b[j], -9 * Q + 1, 9 * Q - 1);
    }
    inner->poly->ntt_dot(r, a, b, n);
    POLY("ntt_dot", "out", r, -Q + 1, Q - 1);
}

static void w_w1(uint8_t *out, ML_DSA_POLY *w, const ML_DSA_PARAMS *p)
{
    POLY("w1", "w", w, -Q + 1, Q - 1);
    inner->poly->w1(out, w, p);
    POLY("w1", "w out", w, 0, Q - 1);
}

static int32_t w_z(ML_DSA_POLY *cs1, const ML_DSA_POLY *y, int32_t bound)
{
    int32_t ret;

    POLY("z", "cs1", cs1, -Q + 1, Q - 1);
    POLY("z", "y", y, -(1 << 19) + 1, 1 << 19);
    ret = inner->poly->z(cs1, y, bound);
    POLY("z", "z out", cs1, -(Q - 1) / 2 - (1 << 19) + 1, (Q - 1) / 2 + (1 << 19));
    return ret;
}

static int32_t w_r(ML_DSA_POLY *w, uint8_t *r1, const ML_DSA_POLY *cs2,
                   const ML_DSA_PARAMS *p)
{
    int32_t ret;

    POLY("r", "w", w, 0, Q - 1);
    POLY("r", "cs2", cs2, -Q + 1, Q - 1);
    ret = inner->poly->r(w, r1, cs2, p);
    POLY("r", "r out", w, 0, Q - 1);
    return ret;
}

static int32_t w_hint(uint8_t *h, uint32_t *count, const ML_DSA_POLY *r,
                      const ML_DSA_POLY *ct0, const ML_DSA_PARAMS *p)
{
    int32_t ret;
    size_t i;

    POLY("hint", "r", r, 0, Q - 1);
    POLY("hint", "ct0", ct0, -Q + 1, Q - 1);
    ret = inner->poly->hint(h, count, r, ct0, p);
    for (i = 0; i < ML_DSA_N; i++)
        if (h[i] > 1)
            broken("hint", "h out", i, h[i], 0, 1);
    return ret;
}

static void w_use_hint(ML_DSA_POLY *w, const uint8_t *h,
                       const ML_DSA_PARAMS *p)
{
    size_t i;

    POLY("use_hint", "w", w, -Q + 1, Q - 1);
    for (i = 0; i < ML_DSA_N; i++)
        if (h[i] > 1)
            broken("use_hint", "h", i, h[i], 0, 1);
    inner->poly->use_hint(w, h, p);
    POLY("use_hint", "w out", w, 0, (Q - 1) / (2 * p->gamma2) - 1);
}

static void w_power2round(ML_DSA_POLY *t1, ML_DSA_POLY *t0,
                          const ML_DSA_POLY *as1, const ML_DSA_POLY *s2)
{
    POLY("power2round", "as1", as1, -Q + 1, Q - 1);
    POLY("power2round", "s2", s2, -4, 4);
    inner->poly->power2round(t1, t0, as1, s2);
    POLY("power2round", "t1 out", t1, 0, (1 << ML_DSA_T1_BITS) - 1);
    POLY("power2round", "t0 out", t0, -ML_DSA_T0_MAX + 1, ML_DSA_T0_MAX);
}

static int32_t w_exceeds(const ML_DSA_POLY *z, int32_t bound)
{
    POLY("exceeds", "z", z, -(1 << 19) + 1, 1 << 19);
    return inner->poly->exceeds(z, bound);
}

static void w_sub_reduce(ML_DSA_POLY *w, const ML_DSA_POLY *t)
{
    POLY("sub_reduce", "w", w, -Q + 1, Q - 1);
    POLY("sub_reduce", "t", t, -Q + 1, Q - 1);
    inner->poly->sub_reduce(w, t);
    POLY("sub_reduce", "out", w, -Q + 1, Q - 1);
}

static void w_pack_w1(uint8_t *out, const ML_DSA_POLY *w1, int bits)
{
    if (bits != 4 && bits != 6)
        broken("pack_w1", "bits", 0, bits, 4, 6);
    POLY("pack_w1", "w1", w1, 0, (1 << bits) - 1);
    inner->poly->pack_w1(out, w1, bits);
}

static void w_unpack_z(ML_DSA_POLY *z, const uint8_t *in, int gamma1_bits)
{
    if (gamma1_bits != 17 && gamma1_bits != 19)
        broken("unpack_z", "gamma1_bits", 0, gamma1_bits, 17, 19);
    inner->poly->unpack_z(z, in, gamma1_bits);
    POLY("unpack_z", "z out", z, -(1 << gamma1_bits) + 1, 1 << gamma1_bits);
}

static void w_pack_z(uint8_t *out, const ML_DSA_POLY *z, int gamma1_bits)
{
    if (gamma1_bits != 17 && gamma1_bits != 19)
        broken("pack_z", "gamma1_bits", 0, gamma1_bits, 17, 19);
    POLY("pack_z", "z", z, -(1 << gamma1_bits) + 1, 1 << gamma1_bits);
    inner->poly->pack_z(out, z, gamma1_bits);
}

static void w_hint_encode(uint8_t *out, const ML_DSA_PARAMS *params,
                          const uint8_t *h)
{
    size_t i, ones = 0;

    for (i = 0; i < params->k * ML_DSA_N; i++)
        ones += h[i] != 0;
    if (ones > (size_t)params->omega)
        broken("hint_encode", "ones of h", 0, (long)ones, 0, params->omega);
    inner->poly->hint_encode(out, params, h);
}

static int w_hint_decode(const ML_DSA_PARAMS *params, uint8_t *h,
                         const uint8_t *in)
{
    int ret = inner->poly->hint_decode(params, h, in);
    size_t i;

    if (ret)
        for (i = 0; i < params->k * ML_DSA_N; i++)
            if (h[i] > 1)
                broken("hint_decode", "h out", i, h[i], 0, 1);
    return ret;
}

static void w_pack_eta(uint8_t *out, const ML_DSA_POLY *s, int eta)
{
    if (eta != 2 && eta != 4)
        broken("pack_eta", "eta", 0, eta, 2, 4);
    POLY("pack_eta", "s", s, -eta, eta);
    inner->poly->pack_eta(out, s, eta);
}

static int w_unpack_eta(ML_DSA_POLY *p, const uint8_t *in, int eta)
{
    int ret, ok = 1;
    size_t i;

    if (eta != 2 && eta != 4)
        broken("unpack_eta", "eta", 0, eta, 2, 4);
    ret = inner->poly->unpack_eta(p, in, eta);
    for (i = 0; i < ML_DSA_N; i++)
        ok &= p->coeff[i] >= -eta && p->coeff[i] <= eta;
    if (ret != ok)
        broken("unpack_eta", "result", 0, ret, ok, ok);
    return ret;
}

static void w_pack_t0(uint8_t *out, const ML_DSA_POLY *t0)
{
    POLY("pack_t0", "t0", t0, -ML_DSA_T0_MAX + 1, ML_DSA_T0_MAX);
    inner->poly->pack_t0(out, t0);
}

static void w_unpack_t0(ML_DSA_POLY *t0, const uint8_t *in)
{
    inner->poly->unpack_t0(t0, in);
    POLY("unpack_t0", "t0 out", t0, -ML_DSA_T0_MAX + 1, ML_DSA_T0_MAX);
}

static void w_pack_t1(uint8_t *out, const ML_DSA_POLY *t1)
{
    POLY("pack_t1", "t1", t1, 0, (1 << ML_DSA_T1_BITS) - 1);
    inner->poly->pack_t1(out, t1);
}

static void w_unpack_t1(ML_DSA_POLY *t1, const uint8_t *in)
{
    inner->poly->unpack_t1(t1, in);
    POLY("unpack_t1", "t1 out", t1, 0, (1 << ML_DSA_T1_BITS) - 1);
}

static size_t w_rej_ntt_parse(int32_t *coeff, size_t ctr, const uint8_t *buf,
                              size_t len)
{
    size_t ret;

    if (len % 3 != 0 || ctr > ML_DSA_N)
        broken("rej_ntt_parse", "len, ctr", ctr, (long)len, 0, ML_DSA_N);
    ret = inner->sample->rej_ntt_parse(coeff, ctr, buf, len);
    if (ret < ctr || ret > ML_DSA_N)
        broken("rej_ntt_parse", "ctr out", 0, (long)ret, (long)ctr, ML_DSA_N);
    range("rej_ntt_parse", "coeff out", coeff + ctr, ret - ctr, 0, Q - 1);
    return ret;
}

static size_t w_rej_bounded_parse(int32_t *coeff, size_t ctr,
                                  const uint8_t *buf, size_t len, int eta)
{
    size_t ret;

    if ((eta != 2 && eta != 4) || ctr > ML_DSA_N)
        broken("rej_bounded_parse", "eta, ctr", ctr, eta, 2, 4);
    ret = inner->sample->rej_bounded_parse(coeff, ctr, buf, len, eta);
    if (ret < ctr || ret > ML_DSA_N)
        broken("rej_bounded_parse", "ctr out", 0, (long)ret, (long)ctr,
               ML_DSA_N);
    range("rej_bounded_parse", "coeff out", coeff + ctr, ret - ctr, -eta, eta);
    return ret;
}

static void w_unpack_mask(ML_DSA_POLY *z, const uint8_t *in, int gamma1_bits)
{
    if (gamma1_bits != 17 && gamma1_bits != 19)
        broken("unpack_mask", "gamma1_bits", 0, gamma1_bits, 17, 19);
    inner->sample->unpack_mask(z, in, gamma1_bits);
    POLY("unpack_mask", "z out", z, -(1 << gamma1_bits) + 1, 1 << gamma1_bits);
}

static OSSL_ML_DSA_POLY_OPS poly = {
    NULL, w_ntt, w_ntt_inverse, w_ntt_mul, w_ntt_dot, w_w1, w_z, w_r, w_hint,
    w_use_hint, w_power2round, w_exceeds, w_sub_reduce, w_pack_w1,
    w_unpack_z, w_pack_z, w_hint_encode, w_hint_decode, w_pack_eta,
    w_unpack_eta, w_pack_t0, w_unpack_t0, w_pack_t1, w_unpack_t1,
};
static OSSL_ML_DSA_SAMPLE_OPS sample = {
    NULL, NULL, w_rej_ntt_parse, w_rej_bounded_parse, w_unpack_mask,
};
static OSSL_ML_DSA_BACKEND wrapped;

/*
 * b, with every op checked: a backend of the same name and capabilities
 * whose tables call b's.  Called once, on the first choice (racing threads
 * write the same values).
 */
const OSSL_ML_DSA_BACKEND *ossl_ml_dsa_contracts_wrap(const OSSL_ML_DSA_BACKEND *b)
{
    inner = b;
    poly.name = b->poly->name;
    sample.name = b->sample->name;
    sample.kernel = b->sample->kernel;
    wrapped.name = b->name;
    wrapped.caps = b->caps;
    wrapped.sample = &sample;
    wrapped.poly = &poly;
    return &wrapped;
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int ml_dsa_contracts_unused;
#endif
