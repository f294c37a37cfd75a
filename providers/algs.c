/*
 * The three parameter sets under OpenSSL 3.5's names (the aliases are in
 * prov_local.h's PROV_NAMES_*): the canonical name, the OID of RFC 9881
 * section 2 and its short name, and the strength OpenSSL reports
 * (security-bits: the collision strength of FIPS 204 Table 1's category,
 * 128 / 192 / 256).
 */
#include "prov_local.h"

/*
 * AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER } with the
 * parameters absent (RFC 9881 section 2): 30 0b, then 06 09 and the OID
 * 2.16.840.1.101.3.4.3.n (60 86 48 01 65 03 04 03 n), n = 17 / 18 / 19.
 */
#define ML_DSA_ALG_ID(n) \
    { 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, n }

const PROV_ALG ossl_prov_algs[PROV_NPARAMS] = {
    { MLDSA_44, "ML-DSA-44",
      "2.16.840.1.101.3.4.3.17", "id-ml-dsa-44", 128, 2, ML_DSA_ALG_ID(17) },
    { MLDSA_65, "ML-DSA-65",
      "2.16.840.1.101.3.4.3.18", "id-ml-dsa-65", 192, 3, ML_DSA_ALG_ID(18) },
    { MLDSA_87, "ML-DSA-87",
      "2.16.840.1.101.3.4.3.19", "id-ml-dsa-87", 256, 5, ML_DSA_ALG_ID(19) },
};

/* The entry of param, one of FIPS 204 Table 1's sets; NULL for another. */
const PROV_ALG *ossl_prov_alg(mldsa_param param)
{
    for (size_t i = 0; i < PROV_NPARAMS; i++)
        if (ossl_prov_algs[i].param == param)
            return &ossl_prov_algs[i];
    return NULL;
}
