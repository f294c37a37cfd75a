/*
 * Fault injection into the self-tests (test/test_selftest_faults.sh), in a
 * PCT=1 build with ML_DSA_SELF_TEST_FAULTS: with nothing injected
 * mldsa_self_test passes; with the expected value of each of its checks
 * corrupted in turn (ossl_ml_dsa_self_test_fault, ml_dsa_selftest.c) it
 * fails with MLDSA_ERR_SELF_TEST, and so does exactly the one self-test
 * case holding that check; with the pairwise consistency test's signature
 * corrupted every key generation fails with MLDSA_ERR_SELF_TEST, with pk
 * and sk zeroed and no key object kept, for each parameter set.
 * Prints a line per case and "selftest-faults: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "mldsa.h"
#include "ml_dsa/ml_dsa_local.h"

static int passed, failed;

static void judge(int ok, const char *what, int arg)
{
    if (ok)
        passed++;
    else
        failed++;
    printf("%s %s %d\n", ok ? "ok  " : "FAIL", what, arg);
}

/* 1 when the n bytes at p are all zero. */
static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;

    while (n-- > 0)
        acc |= *p++;
    return acc == 0;
}

/* Every key generation of param fails its PCT: no pair, no key. */
static void pct_fails(mldsa_param param)
{
    uint8_t seed[MLDSA_SEED_BYTES] = { 1, 2, 3 };
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t pklen = mldsa_public_key_bytes(param), sklen = mldsa_secret_key_bytes(param);
    char pem[16384];
    size_t pemlen = sizeof(pem);
    MLDSA_KEY *key = NULL;
    int ret;

    /* a seed-form private key, written before the fault is injected */
    ossl_ml_dsa_self_test_fault = 0;
    ret = mldsa_key_generate(&key, param, seed);
    judge(ret == MLDSA_OK, "without a fault the PCT passes: ML-DSA", (int)param);
    if (ret == MLDSA_OK)
        ret = mldsa_key_to_private_pem(key, MLDSA_KEY_FORMAT_SEED, pem, &pemlen);
    mldsa_key_free(key);
    key = NULL;

    ossl_ml_dsa_self_test_fault = ML_DSA_FAULT_PCT;
    memset(pk, 0xff, sizeof(pk));
    memset(sk, 0xff, sizeof(sk));
    judge(mldsa_keygen(param, pk, sk, seed) == MLDSA_ERR_SELF_TEST
          && all_zero(pk, pklen) && all_zero(sk, sklen),
          "a failed PCT fails mldsa_keygen and zeroes pk and sk: ML-DSA", (int)param);
    judge(mldsa_key_generate(&key, param, NULL) == MLDSA_ERR_SELF_TEST && key == NULL,
          "a failed PCT fails mldsa_key_generate (OS seed), no key: ML-DSA", (int)param);
    judge(mldsa_key_from_seed(&key, param, seed, sizeof(seed)) == MLDSA_ERR_SELF_TEST
          && key == NULL,
          "a failed PCT fails mldsa_key_from_seed, no key: ML-DSA", (int)param);
    judge(ret == MLDSA_OK && mldsa_key_from_pem(&key, pem, pemlen) == MLDSA_ERR_SELF_TEST
          && key == NULL,
          "a failed PCT fails decoding a seed-form private key, no key: ML-DSA", (int)param);
    ossl_ml_dsa_self_test_fault = 0;
}

int main(void)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    const char *name;
    size_t i, fails;
    int id;

    printf("backend: %s\n", mldsa_backend_name());
    judge(mldsa_self_test() == MLDSA_OK, "nothing injected: the self-tests pass", 0);
    for (id = 1; id <= ML_DSA_SELF_TEST_CHECKS; id++) {
        ossl_ml_dsa_self_test_fault = id;
        judge(mldsa_self_test() == MLDSA_ERR_SELF_TEST,
              "expected value corrupted: mldsa_self_test fails, check", id);
        for (i = 0, fails = 0; mldsa_self_test_case(i, &name) != MLDSA_ERR_PARAM; i++)
            fails += mldsa_self_test_case(i, &name) == MLDSA_ERR_SELF_TEST;
        judge(fails == 1, "expected value corrupted: one self-test case fails, check", id);
    }
    ossl_ml_dsa_self_test_fault = 0;
    for (i = 0; i < sizeof(params) / sizeof(params[0]); i++)
        pct_fails(params[i]);
    printf("selftest-faults: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
