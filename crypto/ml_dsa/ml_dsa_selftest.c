/*
 * Power-on self-tests (as FIPS 140-3 modules run them, IG 10.3.A):
 * known-answer tests of the hashes and of ML-DSA on the backend in use,
 * and the pairwise consistency test of a generated key (PCT=1 builds).
 *
 * The expected values were computed outside this library, at development
 * time, with Python's hashlib (3.11) from the inputs below and from the
 * known-answer vectors in test/vectors; they are not outputs of this
 * code.  Each ML-DSA case is tcId 0 of kat-det-pure-{44,65,87}.txt (the
 * post-quantum-cryptography KAT collection, deterministic pure ML-DSA,
 * cross-checked there against pyca/cryptography 48 / OpenSSL): the seed,
 * message and context are that record's, and the expected values are the
 * SHA-256 of its pk, sk and signature fields.  A KAT compares the SHA-256
 * of what the library computes with them; the SHA-256 KAT runs first.
 *
 * A build with ML_DSA_SELF_TEST_FAULTS (test/test_selftest_faults.sh
 * only) has ossl_ml_dsa_self_test_fault: a check's number there corrupts
 * that check's expected value, ML_DSA_FAULT_PCT the signature of the
 * pairwise consistency test, so that a test can see each one fail.
 */
#include <string.h>
#include "internal/cleanse.h"
#include "internal/sha2.h"
#include "internal/sha3.h"
#include "ml_dsa_local.h"

/* The hash KATs' input: the 200 bytes 0, 1, ..., 199 (SHAKE128: two
 * blocks, SHA-256: four, SHA-512: two). */
#define HASH_KAT_INPUT_BYTES 200

/* hashlib.shake_128(bytes(range(200))).digest(32) */
static const uint8_t kat_shake128[32] = {
    0x0c, 0x42, 0x34, 0xca, 0x1e, 0x31, 0x80, 0x1a, 0xe6, 0x06, 0xf8, 0xb8,
    0xd8, 0xe0, 0x66, 0x5c, 0x66, 0xf4, 0x2a, 0x21, 0xd6, 0x01, 0xc2, 0x68,
    0x18, 0x58, 0xa9, 0x2c, 0x79, 0xad, 0x5d, 0x69,
};
/* hashlib.shake_256(bytes(range(200))).digest(64) */
static const uint8_t kat_shake256[64] = {
    0x4e, 0xe1, 0xca, 0x03, 0x27, 0x2b, 0x05, 0xd3, 0xbf, 0xb1, 0xe1, 0xc7,
    0x9a, 0x96, 0x7f, 0x82, 0x3b, 0x9f, 0xc5, 0xe4, 0xbb, 0x39, 0x87, 0xb1,
    0xba, 0x9e, 0x9c, 0xb5, 0xaf, 0xb0, 0x7a, 0x5e, 0xe3, 0xa0, 0x7f, 0xbd,
    0x45, 0x7a, 0x94, 0x36, 0x49, 0x64, 0xa8, 0x41, 0xe7, 0xf4, 0x66, 0xe5,
    0xa0, 0x22, 0xe2, 0x1a, 0xb7, 0xf6, 0x73, 0xc1, 0x8b, 0xa9, 0x8c, 0xdb,
    0x1d, 0x5a, 0xec, 0xfa,
};
/* hashlib.sha256(bytes(range(200))).digest() */
static const uint8_t kat_sha256[32] = {
    0x19, 0x01, 0xda, 0x1c, 0x9f, 0x69, 0x9b, 0x48, 0xf6, 0xb2, 0x63, 0x6e,
    0x65, 0xcb, 0xf7, 0x3a, 0xbf, 0x99, 0xd0, 0x44, 0x1e, 0xf6, 0x7f, 0x5c,
    0x54, 0x0a, 0x42, 0xf7, 0x05, 0x1d, 0xec, 0x6f,
};
/* hashlib.sha512(bytes(range(200))).digest() */
static const uint8_t kat_sha512[64] = {
    0x98, 0x60, 0x58, 0xe9, 0x89, 0x5e, 0x2c, 0x2a, 0xb8, 0xf9, 0xe8, 0xcb,
    0xdf, 0x80, 0x1d, 0xb1, 0x2a, 0x44, 0x84, 0x2a, 0x56, 0xa9, 0x1d, 0x5a,
    0x4e, 0x87, 0xb1, 0xfc, 0x98, 0xb2, 0x93, 0x72, 0x2c, 0x46, 0x64, 0x14,
    0x2e, 0x42, 0xc3, 0xc5, 0x51, 0xff, 0x89, 0x86, 0x46, 0x26, 0x8c, 0xd9,
    0x2b, 0x84, 0xed, 0x23, 0x0b, 0x8c, 0x94, 0xbe, 0xd7, 0x79, 0x8d, 0x4f,
    0x27, 0xcd, 0x74, 0x65,
};

/* kat-det-pure-*.txt tcId 0: seed, message and context (the same in the
 * three files), signed with rnd = 32 zero bytes. */
static const uint8_t kat_seed[MLDSA_SEED_BYTES] = {
    0xf6, 0x96, 0x48, 0x40, 0x48, 0xec, 0x21, 0xf9, 0x6c, 0xf5, 0x0a, 0x56,
    0xd0, 0x75, 0x9c, 0x44, 0x8f, 0x37, 0x79, 0x75, 0x2f, 0x03, 0x83, 0xd3,
    0x74, 0x49, 0x69, 0x06, 0x94, 0xcf, 0x7a, 0x68,
};
static const uint8_t kat_message[16] = {
    0x6d, 0xbb, 0xc4, 0x37, 0x51, 0x36, 0xdf, 0x3b, 0x07, 0xf7, 0xc7, 0x0e,
    0x63, 0x9e, 0x22, 0x3e,
};
static const uint8_t kat_context[16] = {
    0x48, 0x0c, 0x65, 0x8c, 0x0c, 0xb3, 0xe0, 0x40, 0xbd, 0xe0, 0x84, 0x34,
    0x5c, 0xef, 0x0d, 0xf7,
};

/* SHA-256 of the record's pk, sk and signature (hashlib.sha256). */
typedef struct {
    mldsa_param param;
    const char *name;
    uint8_t pk[32], sk[32], sig[32];
} ML_DSA_KAT;

static const ML_DSA_KAT ml_dsa_kats[] = {
    { MLDSA_44, "ML-DSA-44 keygen, sign, verify",
      { 0x18, 0x28, 0x82, 0x49, 0xb9, 0x0b, 0xcb, 0xd4, 0x8d, 0x47, 0x3d, 0x2a,
        0x50, 0x7c, 0xc3, 0xc1, 0xe9, 0x5e, 0x04, 0x0f, 0x63, 0x9a, 0xc3, 0x33,
        0x3a, 0x8e, 0xd1, 0x89, 0x1d, 0xe1, 0x45, 0x52 },
      { 0x12, 0xda, 0xf8, 0x21, 0xb3, 0x1f, 0x4c, 0x2c, 0x89, 0x01, 0xce, 0xa8,
        0x0d, 0xce, 0x37, 0x9c, 0xdb, 0x07, 0xad, 0x6d, 0x38, 0xff, 0x5e, 0x71,
        0x7f, 0xd6, 0xa2, 0xdd, 0xa0, 0x98, 0x40, 0x54 },
      { 0xe8, 0xa1, 0x94, 0x13, 0x80, 0xe7, 0xca, 0xdb, 0x3c, 0x8d, 0xfb, 0x31,
        0xdd, 0x3f, 0x39, 0x86, 0x56, 0x8d, 0x26, 0xe4, 0xbf, 0x2d, 0x97, 0x56,
        0x10, 0xe8, 0x1d, 0xf3, 0x00, 0x26, 0x7c, 0x37 } },
    { MLDSA_65, "ML-DSA-65 keygen, sign, verify",
      { 0xab, 0x0f, 0x27, 0xcf, 0xe4, 0xf8, 0x4d, 0x2a, 0x9f, 0xa7, 0x4d, 0x48,
        0x46, 0x74, 0x39, 0xdf, 0x9e, 0x5d, 0xd8, 0x40, 0x1f, 0x87, 0x15, 0xf8,
        0x2e, 0xd7, 0x0e, 0x43, 0xa3, 0x71, 0x40, 0x0a },
      { 0x43, 0x52, 0xba, 0x0c, 0xfa, 0x41, 0x4d, 0xa5, 0x97, 0x87, 0xc7, 0xed,
        0x52, 0x29, 0xe3, 0xc4, 0x0d, 0x6f, 0xd1, 0x85, 0xc6, 0x44, 0x7b, 0xb2,
        0xde, 0x98, 0x24, 0x2f, 0xb3, 0xd9, 0x1b, 0x3c },
      { 0x41, 0x3e, 0x6b, 0x4e, 0xac, 0x73, 0x7e, 0x04, 0x06, 0xfa, 0x38, 0x49,
        0xb9, 0x26, 0x34, 0x80, 0x66, 0x7a, 0xd6, 0x12, 0x35, 0x80, 0xf8, 0x0e,
        0x4f, 0xd3, 0xda, 0x81, 0xbd, 0xa9, 0x93, 0xbb } },
    { MLDSA_87, "ML-DSA-87 keygen, sign, verify",
      { 0xb5, 0x09, 0xc4, 0xeb, 0xd6, 0xb5, 0xfa, 0x67, 0x00, 0x9c, 0x73, 0xcc,
        0x7c, 0xeb, 0xe5, 0x5a, 0x3f, 0x38, 0x48, 0x6a, 0x24, 0xac, 0xfb, 0xf9,
        0xd9, 0x1d, 0xd0, 0x4f, 0x63, 0xe6, 0x60, 0xb5 },
      { 0x11, 0x5e, 0x5b, 0x20, 0x60, 0xa9, 0xe9, 0xd2, 0x42, 0xd5, 0x98, 0x88,
        0xee, 0x2f, 0x9b, 0x65, 0x98, 0x0d, 0x26, 0x3c, 0xa8, 0x6e, 0x88, 0x46,
        0x1b, 0x49, 0x77, 0x61, 0x02, 0x8e, 0x00, 0x3b },
      { 0x8c, 0x05, 0xed, 0x51, 0x1a, 0x74, 0x6a, 0x00, 0xf6, 0x03, 0xcc, 0x61,
        0xee, 0x3e, 0x96, 0x7b, 0x85, 0xac, 0x23, 0x20, 0xaa, 0xb0, 0x3c, 0xe2,
        0x03, 0x59, 0x15, 0x82, 0x3e, 0x60, 0x84, 0x65 } },
};
#define ML_DSA_KATS (sizeof(ml_dsa_kats) / sizeof(ml_dsa_kats[0]))

/*
 * The checks, numbered for fault injection: the four hashes, then for
 * ML-DSA KAT i the five checks CHECK_ML_DSA(i) + CHECK_PK ... CHECK_REFUSED.
 */
enum {
    CHECK_SHAKE128 = 1, CHECK_SHAKE256, CHECK_SHA256, CHECK_SHA512,
    CHECK_ML_DSA_FIRST
};
enum { CHECK_PK, CHECK_SK, CHECK_SIG, CHECK_VERIFIED, CHECK_REFUSED,
       CHECKS_PER_ML_DSA_KAT };
#define CHECK_ML_DSA(i) (CHECK_ML_DSA_FIRST + (int)(i) * CHECKS_PER_ML_DSA_KAT)

#ifdef ML_DSA_SELF_TEST_FAULTS
int ossl_ml_dsa_self_test_fault;
_Static_assert(CHECK_ML_DSA(ML_DSA_KATS) - 1 == ML_DSA_SELF_TEST_CHECKS,
               "ML_DSA_SELF_TEST_CHECKS counts every check");
#endif

/*
 * 1 when the n bytes got equal the expected value want (check number id),
 * else 0.  In a fault-injection build, the expected value of the check
 * ossl_ml_dsa_self_test_fault names has a bit flipped first.
 */
static int kat_match(int id, const uint8_t *got, const uint8_t *want, size_t n)
{
    uint8_t diff = 0;
    size_t i;

    for (i = 0; i < n; i++)
        diff |= got[i] ^ want[i];
#ifdef ML_DSA_SELF_TEST_FAULTS
    if (ossl_ml_dsa_self_test_fault == id)
        diff ^= 1;      /* the corrupted expected value: want[0] ^ 1 */
#else
    (void)id;
#endif
    return diff == 0;
}

/* The hash KATs' input. */
static void hash_kat_input(uint8_t in[HASH_KAT_INPUT_BYTES])
{
    size_t i;

    for (i = 0; i < HASH_KAT_INPUT_BYTES; i++)
        in[i] = (uint8_t)i;
}

/* SHAKE128 and SHAKE256 (FIPS 202 section 6.2) KATs. */
static int self_test_shake(int which)
{
    uint8_t in[HASH_KAT_INPUT_BYTES], out[64];

    hash_kat_input(in);
    if (which == 128) {
        SHA3_shake128(out, sizeof(kat_shake128), in, sizeof(in));
        return kat_match(CHECK_SHAKE128, out, kat_shake128, sizeof(kat_shake128));
    }
    SHA3_shake256(out, sizeof(kat_shake256), in, sizeof(in));
    return kat_match(CHECK_SHAKE256, out, kat_shake256, sizeof(kat_shake256));
}

/* SHA-256 and SHA-512 (FIPS 180-4) KATs. */
static int self_test_sha2(int which)
{
    uint8_t in[HASH_KAT_INPUT_BYTES], out[64];

    hash_kat_input(in);
    if (which == 256) {
        SHA256(in, sizeof(in), out);
        return kat_match(CHECK_SHA256, out, kat_sha256, sizeof(kat_sha256));
    }
    SHA512(in, sizeof(in), out);
    return kat_match(CHECK_SHA512, out, kat_sha512, sizeof(kat_sha512));
}

/* 1 when the SHA-256 of the n bytes at p is want (check number id). */
static int digest_match(int id, const uint8_t *p, size_t n,
                        const uint8_t want[32])
{
    uint8_t md[32];

    SHA256(p, n, md);
    return kat_match(id, md, want, sizeof(md));
}

/* 1 when the verdict got is want (check number id). */
static int verdict_match(int id, int got, int want)
{
    uint8_t g = (uint8_t)(got == MLDSA_OK), w = (uint8_t)(want == MLDSA_OK);

    return kat_match(id, &g, &w, 1);
}

/*
 * ML-DSA KAT i on the backend in use: ML-DSA.KeyGen_internal (FIPS 204
 * Algorithm 6) from the seed, ML-DSA.Sign (Algorithm 2, deterministic) of
 * the message under the context, ML-DSA.Verify (Algorithm 3) of that
 * signature and of a copy with one bit flipped, which must be refused.
 */
static int self_test_ml_dsa(size_t i)
{
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    const ML_DSA_KAT *t = &ml_dsa_kats[i];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_KEY *key = NULL;
    size_t siglen;
    int ok = 0;

    if (ossl_ml_dsa_key_new(&key, t->param, 1) != MLDSA_OK)
        return 0;
    siglen = key->params->sig_bytes;
    if (ossl_ml_dsa_key_init_seed(key, kat_seed, 1) != MLDSA_OK
        || !digest_match(CHECK_ML_DSA(i) + CHECK_PK, key->pk,
                         key->params->pk_bytes, t->pk)
        || !digest_match(CHECK_ML_DSA(i) + CHECK_SK, key->sk,
                         key->params->sk_bytes, t->sk)
        || mldsa_key_sign(key, sig, kat_message, sizeof(kat_message),
                          kat_context, sizeof(kat_context), zero_rnd) != MLDSA_OK
        || !digest_match(CHECK_ML_DSA(i) + CHECK_SIG, sig, siglen, t->sig)
        || !verdict_match(CHECK_ML_DSA(i) + CHECK_VERIFIED,
                          mldsa_key_verify(key, sig, siglen, kat_message,
                                           sizeof(kat_message), kat_context,
                                           sizeof(kat_context)), MLDSA_OK))
        goto end;
    sig[siglen - 1] ^= 1;
    ok = verdict_match(CHECK_ML_DSA(i) + CHECK_REFUSED,
                       mldsa_key_verify(key, sig, siglen, kat_message,
                                        sizeof(kat_message), kat_context,
                                        sizeof(kat_context)), MLDSA_ERR_VERIFY);
 end:
    mldsa_key_free(key);
    return ok;
}

/* The self-tests, in the order they run. */
#define HASH_SELF_TESTS 4
static const char *const hash_test_names[HASH_SELF_TESTS] = {
    "SHAKE128", "SHAKE256", "SHA-256", "SHA-512",
};

/* Run self-test i (named in *name); MLDSA_ERR_PARAM past the last. */
int mldsa_self_test_case(size_t i, const char **name)
{
    int ok;

    if (name != NULL)
        *name = NULL;
    if (i < HASH_SELF_TESTS) {
        if (name != NULL)
            *name = hash_test_names[i];
        switch (i) {
        case 0: ok = self_test_shake(128); break;
        case 1: ok = self_test_shake(256); break;
        case 2: ok = self_test_sha2(256); break;
        default: ok = self_test_sha2(512); break;
        }
    } else if (i - HASH_SELF_TESTS < ML_DSA_KATS) {
        if (name != NULL)
            *name = ml_dsa_kats[i - HASH_SELF_TESTS].name;
        ok = self_test_ml_dsa(i - HASH_SELF_TESTS);
    } else {
        return MLDSA_ERR_PARAM;
    }
    return ok ? MLDSA_OK : MLDSA_ERR_SELF_TEST;
}

/* Every self-test, in order; MLDSA_ERR_SELF_TEST at the first that fails. */
int mldsa_self_test(void)
{
    size_t i;
    int ret;

    for (i = 0; (ret = mldsa_self_test_case(i, NULL)) != MLDSA_ERR_PARAM; i++)
        if (ret != MLDSA_OK)
            return ret;
    return MLDSA_OK;
}

#ifdef ML_DSA_PCT
/*
 * The pairwise consistency test of a newly generated key (FIPS 140-3 IG
 * 10.3.A): sign a fixed message with the key (deterministic, no entropy
 * drawn) and verify it; MLDSA_ERR_SELF_TEST when it does not verify.
 */
int ossl_ml_dsa_key_pct(const MLDSA_KEY *key)
{
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    static const uint8_t msg[] = "pairwise consistency test";
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t siglen = key->params->sig_bytes;
    int ret;

    ret = mldsa_key_sign(key, sig, msg, sizeof(msg), NULL, 0, zero_rnd);
# ifdef ML_DSA_SELF_TEST_FAULTS
    if (ossl_ml_dsa_self_test_fault == ML_DSA_FAULT_PCT)
        sig[0] ^= 1;
# endif
    if (ret == MLDSA_OK)
        ret = mldsa_key_verify(key, sig, siglen, msg, sizeof(msg), NULL, 0);
    ossl_cleanse(sig, sizeof(sig));
    return ret == MLDSA_OK ? MLDSA_OK : MLDSA_ERR_SELF_TEST;
}
#endif
