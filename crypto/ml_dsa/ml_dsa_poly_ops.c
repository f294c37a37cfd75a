/*
 * The generic poly ops (ml_dsa_backend.h): the C NTT and products
 * (ml_dsa_ntt.c), the row ops (ml_dsa_rows.inc) compiled for the baseline
 * instruction set, and the C encoders (ml_dsa_encoders.c).
 */
#include "internal/cleanse.h"
#include "ml_dsa_local.h"

/*@ // For make prove: w1Encode's contract (ml_dsa_encoders.c), as the rows
    // use it: it reads w1 and writes the 32 * bits bytes at out.  Admitted
    // here (its body is proved on ml_dsa_encoders.c's own line).
    requires bits == 4 || bits == 6;
    requires \valid_read(w1) && \valid(out + (0 .. 32 * bits - 1));
    requires \forall integer k; 0 <= k < ML_DSA_N ==>
      0 <= w1->coeff[k] < (bits == 4 ? 16 : 64);
    assigns out[0 .. 32 * bits - 1];
 */
void ossl_ml_dsa_poly_pack_w1_generic(uint8_t *out, const ML_DSA_POLY *w1,
                                      int bits);

#define ROWS(name) name##_generic
#define ROWS_TARGET
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_generic
#include "ml_dsa_rows.inc"

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_generic = {
    "generic",
    ossl_ml_dsa_poly_ntt_generic,
    ossl_ml_dsa_poly_ntt_inverse_generic,
    ossl_ml_dsa_poly_ntt_mul_generic,
    ossl_ml_dsa_poly_ntt_dot_generic,
    w1_generic,
    z_generic,
    r_generic,
    hint_generic,
    use_hint_generic,
    power2round_generic,
    exceeds_generic,
    sub_reduce_generic,
    ossl_ml_dsa_poly_pack_w1_generic,
    ossl_ml_dsa_poly_unpack_z_generic,
    ossl_ml_dsa_poly_pack_z_generic,
    ossl_ml_dsa_hint_encode_generic,
    ossl_ml_dsa_hint_decode_generic,
    ossl_ml_dsa_poly_pack_eta_generic,
    ossl_ml_dsa_poly_unpack_eta_generic,
    ossl_ml_dsa_poly_pack_t0_generic,
    ossl_ml_dsa_poly_unpack_t0_generic,
    ossl_ml_dsa_poly_pack_t1_generic,
    ossl_ml_dsa_poly_unpack_t1_generic,
};
