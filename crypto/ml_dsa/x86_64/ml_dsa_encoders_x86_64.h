/*
 * The x86-64 vector versions of the per-polynomial encoders (FIPS 204
 * section 7.2).  Each is a drop-in for one generic function of
 * ml_dsa_encoders.c (same signature, bit-identical output and verdict for
 * the inputs its twin's comment states) and needs the extensions named
 * beside it, which the caller checks (ossl_ia32cap(), with
 * OSSL_IA32CAP_ZMM_STATE for the zmm registers):
 *
 *   vector function                        generic twin                        needs
 *   ossl_ml_dsa_poly_pack_eta_avx512       ossl_ml_dsa_poly_pack_eta_generic   AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_unpack_eta_avx512     ossl_ml_dsa_poly_unpack_eta         AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_pack_t0_avx512        ossl_ml_dsa_poly_pack_t0_generic    AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_unpack_t0_avx512      ossl_ml_dsa_poly_unpack_t0_generic  AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_pack_t1_avx512        ossl_ml_dsa_poly_pack_t1_generic    AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_unpack_t1_avx512      ossl_ml_dsa_poly_unpack_t1_generic  AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_pack_z_avx512         ossl_ml_dsa_poly_pack_z             AVX512F, BW, VBMI
 *   ossl_ml_dsa_poly_unpack_z_avx512       ossl_ml_dsa_poly_unpack_z_generic   AVX512F, BW, VBMI
 *   ossl_ml_dsa_hint_encode_avx512         ossl_ml_dsa_hint_encode             AVX512F, BW
 */
#ifndef MLDSA_ML_DSA_ENCODERS_X86_64_H
#define MLDSA_ML_DSA_ENCODERS_X86_64_H

#include <stdint.h>
#include "../ml_dsa_local.h"

void ossl_ml_dsa_poly_pack_eta_avx512(uint8_t *out, const ML_DSA_POLY *s,
                                      int eta);
int ossl_ml_dsa_poly_unpack_eta_avx512(ML_DSA_POLY *p, const uint8_t *in,
                                       int eta);
void ossl_ml_dsa_poly_pack_t0_avx512(uint8_t *out, const ML_DSA_POLY *t0);
void ossl_ml_dsa_poly_unpack_t0_avx512(ML_DSA_POLY *t0, const uint8_t *in);
void ossl_ml_dsa_poly_pack_t1_avx512(uint8_t *out, const ML_DSA_POLY *t1);
void ossl_ml_dsa_poly_unpack_t1_avx512(ML_DSA_POLY *t1, const uint8_t *in);
void ossl_ml_dsa_poly_pack_z_avx512(uint8_t *out, const ML_DSA_POLY *z,
                                    int gamma1_bits);
void ossl_ml_dsa_poly_unpack_z_avx512(ML_DSA_POLY *z, const uint8_t *in,
                                      int gamma1_bits);
void ossl_ml_dsa_hint_encode_avx512(uint8_t *out, const ML_DSA_PARAMS *params,
                                    const uint8_t *h);

#endif /* MLDSA_ML_DSA_ENCODERS_X86_64_H */
