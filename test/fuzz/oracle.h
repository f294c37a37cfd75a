/*
 * Oracles shared by the libFuzzer targets: what must hold of a key that
 * decoded.  Each aborts (a finding for libFuzzer) when it does not.
 */
#ifndef MLDSA_FUZZ_ORACLE_H
#define MLDSA_FUZZ_ORACLE_H

#include "mldsa.h"

/*
 * A private key that decoded signs (deterministically) a fixed message,
 * and the signature verifies under the key and under a public-only key
 * from its encoded public key; its public key agrees with mldsa_pk_from_sk
 * of its encoded secret key.
 */
void fuzz_check_signing_key(const MLDSA_KEY *key);

#endif /* MLDSA_FUZZ_ORACLE_H */
