/*
 * The sampler's calls out of ml_dsa_sample.c (ml_dsa_local.h): a squeeze
 * parsed by the backend's sample op of its kind, and a finished request's
 * owner told.  Functions of their own, in a file of their own, so that
 * make prove takes ml_dsa_sample.c's jobs' callback with the contracts
 * that file states for them (doc/proofs.md): their targets are behind
 * function pointers, static in other files.
 */
#include "ml_dsa_local.h"

/*
 * Parse a sample job's len bytes at buf into poly with ops' op of kind
 * (FIPS 204 Algorithms 30, 31, or 34's BitUnpack), ctr coefficients
 * there already; returns the new ctr (ML_DSA_N for ExpandMask).
 */
size_t ossl_ml_dsa_sample_parse(const OSSL_ML_DSA_SAMPLE_OPS *ops, int kind,
                                ML_DSA_POLY *poly, size_t ctr,
                                const uint8_t *buf, size_t len, int param)
{
    switch (kind) {
    case ML_DSA_SAMPLE_A:
        return ops->rej_ntt_parse(poly->coeff, ctr, buf, len);
    case ML_DSA_SAMPLE_S:
        return ops->rej_bounded_parse(poly->coeff, ctr, buf, len, param);
    default:
        ops->unpack_mask(poly, buf, param);
        return ML_DSA_N;
    }
}

/* Every entry of req is written: its owner's done, if it set one. */
void ossl_ml_dsa_sample_req_finished(ML_DSA_SAMPLER *smp,
                                     ML_DSA_SAMPLE_REQ *req)
{
    (void)smp;                  /* the sampler: for make prove's contract */
    if (req->done != NULL)
        req->done(req);
}
