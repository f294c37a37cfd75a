/*
 * Known-answer tests: every case of every file in the vectors folder
 * (test/vectors or $MLDSA_VECTORS), through the public API only, with
 * both the one-shot functions and the key object.  Each file is one test;
 * it prints how many cases ran, and every failing case by its tcId.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "testutil.h"
#include "kat_cases.h"

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };

static mldsa_hash hash_by_name(const char *name)
{
    static const struct { const char *name; mldsa_hash hash; } table[] = {
        { "SHA2-224", MLDSA_SHA2_224 }, { "SHA2-256", MLDSA_SHA2_256 },
        { "SHA2-384", MLDSA_SHA2_384 }, { "SHA2-512", MLDSA_SHA2_512 },
        { "SHA2-512/224", MLDSA_SHA2_512_224 },
        { "SHA2-512/256", MLDSA_SHA2_512_256 },
        { "SHA3-224", MLDSA_SHA3_224 }, { "SHA3-256", MLDSA_SHA3_256 },
        { "SHA3-384", MLDSA_SHA3_384 }, { "SHA3-512", MLDSA_SHA3_512 },
        { "SHAKE-128", MLDSA_SHAKE128 }, { "SHAKE-256", MLDSA_SHAKE256 },
    };

    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
        if (strcmp(table[i].name, name) == 0)
            return table[i].hash;
    ck_abort_msg("unknown hashAlg %s", name);
    return MLDSA_SHA2_256;
}

/* Keys from a seed must match pk and sk, one-shot and through the key object. */
static void check_keygen(TALLY *t, const CASE *c, mldsa_param p)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t seed[MLDSA_SEED_BYTES];
    size_t pklen = mldsa_public_key_bytes(p), sklen = mldsa_secret_key_bytes(p);
    MLDSA_KEY *key = NULL;
    int rv;

    rv = mldsa_keygen(p, pk, sk, c->buf[F_SEED]);
    EXPECT(t, c, rv == MLDSA_OK, "keygen: %s", mldsa_strerror(rv));
    if (c->present[F_PK])
        EXPECT(t, c, c->len[F_PK] == pklen && memcmp(pk, c->buf[F_PK], pklen) == 0,
               "keygen: pk differs");
    if (c->present[F_SK])
        EXPECT(t, c, c->len[F_SK] == sklen && memcmp(sk, c->buf[F_SK], sklen) == 0,
               "keygen: sk differs");

    rv = mldsa_key_from_seed(&key, p, c->buf[F_SEED], c->len[F_SEED]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_seed: %s", mldsa_strerror(rv));
    if (rv == MLDSA_OK) {
        memset(pk, 0, sizeof(pk));
        memset(sk, 0, sizeof(sk));
        EXPECT(t, c, mldsa_key_get_public(key, pk, pklen) == MLDSA_OK
               && mldsa_key_get_secret(key, sk, sklen) == MLDSA_OK
               && mldsa_key_get_seed(key, seed) == MLDSA_OK
               && mldsa_key_has_seed(key) == 1 && mldsa_key_has_secret(key) == 1
               && mldsa_key_param(key) == p, "key object getters");
        if (c->present[F_PK])
            EXPECT(t, c, memcmp(pk, c->buf[F_PK], pklen) == 0, "key object: pk differs");
        if (c->present[F_SK])
            EXPECT(t, c, memcmp(sk, c->buf[F_SK], sklen) == 0, "key object: sk differs");
        EXPECT(t, c, memcmp(seed, c->buf[F_SEED], sizeof(seed)) == 0,
               "key object: seed differs");
    }
    mldsa_key_free(key);
}

/* pk recomputed from the expanded sk, one-shot and through the key object. */
static void check_pk_from_sk(TALLY *t, const CASE *c, mldsa_param p)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t pklen = mldsa_public_key_bytes(p);
    MLDSA_KEY *key = NULL;
    int rv;

    rv = mldsa_pk_from_sk(p, pk, c->buf[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK && memcmp(pk, c->buf[F_PK], pklen) == 0,
           "pk_from_sk: %s", mldsa_strerror(rv));
    rv = mldsa_key_from_secret(&key, p, c->buf[F_SK], c->len[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_secret: %s", mldsa_strerror(rv));
    if (rv == MLDSA_OK) {
        memset(pk, 0, sizeof(pk));
        EXPECT(t, c, mldsa_key_get_public(key, pk, pklen) == MLDSA_OK
               && memcmp(pk, c->buf[F_PK], pklen) == 0, "key object: pk differs");
        EXPECT(t, c, mldsa_key_has_seed(key) == 0, "key from sk claims a seed");
    }
    mldsa_key_free(key);
}

/* ACVP keyGen: pk and sk from the seed, and pk back from sk. */
static void acvp_keygen_case(TALLY *t, const CASE *c, mldsa_param p,
                             int variant)
{
    (void)variant;
    check_keygen(t, c, p);
    check_pk_from_sk(t, c, p);
}

START_TEST(acvp_keygen_matches)
{
    static const char *const stems[] = { "acvp-keygen", "acvp2024-keygen" };

    run_vectors(stems[_i / 3], params[_i % 3], acvp_keygen_case, 0);
}
END_TEST

/* Sign_internal on M' (Algorithm 7), one-shot and key object, then verify. */
static void acvp_siggen_internal_case(TALLY *t, const CASE *c, mldsa_param p,
                                      int variant)
{
    size_t siglen = mldsa_signature_bytes(p);
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    int rv;

    (void)variant;
    rv = mldsa_sign_internal(p, sig, c->buf[F_MSG], c->len[F_MSG], c->buf[F_SK],
                             c->buf[F_RND]);
    EXPECT(t, c, rv == MLDSA_OK && c->len[F_SIG] == siglen
           && memcmp(sig, c->buf[F_SIG], siglen) == 0,
           "sign_internal: %s / signature differs", mldsa_strerror(rv));
    rv = mldsa_key_from_secret(&key, p, c->buf[F_SK], c->len[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_secret: %s", mldsa_strerror(rv));
    if (rv == MLDSA_OK) {
        memset(sig, 0, sizeof(sig));
        rv = mldsa_key_sign_internal(key, sig, c->buf[F_MSG], c->len[F_MSG],
                                     c->buf[F_RND]);
        EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
               "key_sign_internal: %s / signature differs", mldsa_strerror(rv));
        rv = mldsa_key_verify_internal(key, c->buf[F_SIG], siglen,
                                       c->buf[F_MSG], c->len[F_MSG]);
        EXPECT(t, c, rv == MLDSA_OK, "key_verify_internal: %s",
               mldsa_strerror(rv));
    }
    rv = mldsa_pk_from_sk(p, pk, c->buf[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK, "pk_from_sk: %s", mldsa_strerror(rv));
    rv = mldsa_verify_internal(p, c->buf[F_SIG], siglen, c->buf[F_MSG],
                               c->len[F_MSG], pk);
    EXPECT(t, c, rv == MLDSA_OK, "verify_internal: %s", mldsa_strerror(rv));
    mldsa_key_free(key);
}

START_TEST(acvp_siggen_internal_matches)
{
    run_vectors("acvp-siggen-internal", params[_i],
                acvp_siggen_internal_case, 0);
}
END_TEST

/* Signing from an external mu (Algorithm 7 from line 7), then verify_mu. */
static void acvp_siggen_external_mu_case(TALLY *t, const CASE *c,
                                         mldsa_param p, int variant)
{
    size_t siglen = mldsa_signature_bytes(p);
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_KEY *key = NULL;
    int rv;

    (void)variant;
    rv = mldsa_sign_mu(p, sig, c->buf[F_MU], c->buf[F_SK], c->buf[F_RND]);
    EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
           "sign_mu: %s / signature differs", mldsa_strerror(rv));
    rv = mldsa_key_from_secret(&key, p, c->buf[F_SK], c->len[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_secret: %s", mldsa_strerror(rv));
    if (rv == MLDSA_OK) {
        memset(sig, 0, sizeof(sig));
        rv = mldsa_key_sign_mu(key, sig, c->buf[F_MU], c->buf[F_RND]);
        EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
               "key_sign_mu: %s / signature differs", mldsa_strerror(rv));
    }
    rv = mldsa_verify_mu(p, c->buf[F_SIG], siglen, c->buf[F_MU], c->buf[F_PK]);
    EXPECT(t, c, rv == MLDSA_OK, "verify_mu: %s", mldsa_strerror(rv));
    mldsa_key_free(key);
}

START_TEST(acvp_siggen_external_mu_matches)
{
    run_vectors("acvp-siggen-externalmu", params[_i],
                acvp_siggen_external_mu_case, 0);
}
END_TEST

/* Verify_internal (Algorithm 8) on M' or on an external mu: accept iff testPassed. */
static void acvp_sigver_case(TALLY *t, const CASE *c, mldsa_param p,
                             int external_mu)
{
    MLDSA_KEY *key = NULL;
    int rv, rv_key = MLDSA_ERR_VERIFY, expect;

    expect = tv_get_long(c->rec, "testPassed", -1) == 1 ? MLDSA_OK
                                                        : MLDSA_ERR_VERIFY;
    rv = mldsa_key_from_public(&key, p, c->buf[F_PK], c->len[F_PK]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_public: %s", mldsa_strerror(rv));
    if (external_mu) {
        rv = mldsa_verify_mu(p, c->buf[F_SIG], c->len[F_SIG], c->buf[F_MU],
                             c->buf[F_PK]);
        if (key != NULL)
            rv_key = mldsa_key_verify_mu(key, c->buf[F_SIG], c->len[F_SIG],
                                         c->buf[F_MU]);
    } else {
        rv = mldsa_verify_internal(p, c->buf[F_SIG], c->len[F_SIG],
                                   c->buf[F_MSG], c->len[F_MSG], c->buf[F_PK]);
        if (key != NULL)
            rv_key = mldsa_key_verify_internal(key, c->buf[F_SIG], c->len[F_SIG],
                                               c->buf[F_MSG], c->len[F_MSG]);
    }
    EXPECT(t, c, rv == expect && rv_key == expect,
           "verify gave %s / key %s, expected %s (%s)", mldsa_strerror(rv),
           mldsa_strerror(rv_key), mldsa_strerror(expect),
           tv_get(c->rec, "reason") ? tv_get(c->rec, "reason") : "");
    mldsa_key_free(key);
}

START_TEST(acvp_sigver_matches)
{
    static const char *const stems[] = { "acvp-sigver-internal",
                                          "acvp-sigver-externalmu" };

    run_vectors(stems[_i / 3], params[_i % 3], acvp_sigver_case, _i / 3);
}
END_TEST

/*
 * post-quantum-cryptography/KAT: keygen from the seed, then pure ML-DSA
 * (Algorithm 2), HashML-DSA (Algorithm 4) or Sign_internal (Algorithm 7),
 * deterministic and hedged; the signature must also verify.
 */
static void kat_collection_case(TALLY *t, const CASE *c, mldsa_param p,
                                int variant)
{
    size_t siglen = mldsa_signature_bytes(p);
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], sig2[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t digest[MLDSA_MAX_DIGEST_BYTES];
    const char *prehash = tv_get(c->rec, "preHash");
    MLDSA_KEY *key = NULL;
    size_t dlen = 0;
    mldsa_hash hash = MLDSA_SHA2_256;
    int rv, rv2 = MLDSA_ERR_VERIFY, rv_ver, rv_ver2 = MLDSA_ERR_VERIFY;

    (void)variant;
    check_keygen(t, c, p);
    rv = mldsa_key_from_secret(&key, p, c->buf[F_SK], c->len[F_SK]);
    EXPECT(t, c, rv == MLDSA_OK, "key_from_secret: %s", mldsa_strerror(rv));
    memset(sig2, 0, sizeof(sig2));
    if (strcmp(prehash, "pure") == 0) {
        rv = mldsa_sign(p, sig, c->buf[F_MSG], c->len[F_MSG], ctx_of(c),
                        ctxlen_of(c), c->buf[F_SK], c->buf[F_RND]);
        rv_ver = mldsa_verify(p, c->buf[F_SIG], siglen, c->buf[F_MSG],
                              c->len[F_MSG], ctx_of(c), ctxlen_of(c),
                              c->buf[F_PK]);
        if (key != NULL) {
            rv2 = mldsa_key_sign(key, sig2, c->buf[F_MSG], c->len[F_MSG],
                                 ctx_of(c), ctxlen_of(c), c->buf[F_RND]);
            rv_ver2 = mldsa_key_verify(key, c->buf[F_SIG], siglen,
                                       c->buf[F_MSG], c->len[F_MSG],
                                       ctx_of(c), ctxlen_of(c));
        }
    } else if (strcmp(prehash, "preHash") == 0) {
        hash = hash_by_name(tv_get(c->rec, "hashAlg"));
        rv = mldsa_digest(hash, digest, &dlen, c->buf[F_MSG], c->len[F_MSG]);
        EXPECT(t, c, rv == MLDSA_OK, "digest: %s", mldsa_strerror(rv));
        rv = mldsa_prehash_sign(p, sig, hash, digest, dlen, ctx_of(c),
                                ctxlen_of(c), c->buf[F_SK], c->buf[F_RND]);
        rv_ver = mldsa_prehash_verify(p, c->buf[F_SIG], siglen, hash, digest,
                                      dlen, ctx_of(c), ctxlen_of(c),
                                      c->buf[F_PK]);
        if (key != NULL) {
            rv2 = mldsa_key_prehash_sign(key, sig2, hash, digest, dlen,
                                         ctx_of(c), ctxlen_of(c),
                                         c->buf[F_RND]);
            rv_ver2 = mldsa_key_prehash_verify(key, c->buf[F_SIG], siglen,
                                               hash, digest, dlen,
                                               ctx_of(c), ctxlen_of(c));
        }
    } else {
        rv = mldsa_sign_internal(p, sig, c->buf[F_MSG], c->len[F_MSG],
                                 c->buf[F_SK], c->buf[F_RND]);
        rv_ver = mldsa_verify_internal(p, c->buf[F_SIG], siglen, c->buf[F_MSG],
                                       c->len[F_MSG], c->buf[F_PK]);
        if (key != NULL) {
            rv2 = mldsa_key_sign_internal(key, sig2, c->buf[F_MSG],
                                          c->len[F_MSG], c->buf[F_RND]);
            rv_ver2 = mldsa_key_verify_internal(key, c->buf[F_SIG], siglen,
                                                c->buf[F_MSG], c->len[F_MSG]);
        }
    }
    EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
           "%s sign: %s / signature differs", prehash, mldsa_strerror(rv));
    EXPECT(t, c, rv2 == MLDSA_OK && memcmp(sig2, c->buf[F_SIG], siglen) == 0,
           "%s key sign: %s / signature differs", prehash, mldsa_strerror(rv2));
    EXPECT(t, c, rv_ver == MLDSA_OK && rv_ver2 == MLDSA_OK,
           "%s verify: %s / key %s", prehash, mldsa_strerror(rv_ver),
           mldsa_strerror(rv_ver2));
    mldsa_key_free(key);
}

START_TEST(kat_collection_matches)
{
    static const char *const stems[] = {
        "kat-det-pure", "kat-det-hashed", "kat-det-raw",
        "kat-hedged-pure", "kat-hedged-hashed", "kat-hedged-raw"
    };

    run_vectors(stems[_i / 3], params[_i % 3], kat_collection_case, 0);
}
END_TEST

/*
 * Sign one Wycheproof case with a key object: pure signing on the message
 * when there is one, external-mu signing on mu when there is one, and the
 * mu computation itself; valid cases must give the signature and verify,
 * invalid ones (context too long) must fail and leave no signature behind.
 */
static void wycheproof_sign_with(TALLY *t, const CASE *c, mldsa_param p,
                                 const MLDSA_KEY *key, int valid)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], mu[MLDSA_MU_BYTES];
    size_t siglen = mldsa_signature_bytes(p);
    int rv;

    if (c->present[F_MSG]) {
        memset(sig, 0xaa, sizeof(sig));
        rv = mldsa_key_sign(key, sig, c->buf[F_MSG], c->len[F_MSG], ctx_of(c),
                            ctxlen_of(c), c->buf[F_RND]);
        if (valid) {
            EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
                   "key_sign: %s / signature differs", mldsa_strerror(rv));
            rv = mldsa_key_verify(key, sig, siglen, c->buf[F_MSG], c->len[F_MSG],
                                  ctx_of(c), ctxlen_of(c));
            EXPECT(t, c, rv == MLDSA_OK, "key_verify: %s", mldsa_strerror(rv));
        } else {
            EXPECT(t, c, rv != MLDSA_OK, "invalid case signed");
            EXPECT(t, c, all_bytes(sig, siglen, 0) || all_bytes(sig, siglen, 0xaa),
                   "failed sign left a partial signature");
            if (ctxlen_of(c) > MLDSA_MAX_CONTEXT_BYTES)
                EXPECT(t, c, rv == MLDSA_ERR_CONTEXT_LENGTH, "expected %s, got %s",
                       mldsa_strerror(MLDSA_ERR_CONTEXT_LENGTH), mldsa_strerror(rv));
        }
        if (valid && c->present[F_MU]) {
            rv = mldsa_key_compute_mu(key, mu, c->buf[F_MSG], c->len[F_MSG],
                                      ctx_of(c), ctxlen_of(c));
            EXPECT(t, c, rv == MLDSA_OK && memcmp(mu, c->buf[F_MU], sizeof(mu)) == 0,
                   "compute_mu: %s / mu differs", mldsa_strerror(rv));
        }
    }
    if (valid && c->present[F_MU]) {
        memset(sig, 0, sizeof(sig));
        rv = mldsa_key_sign_mu(key, sig, c->buf[F_MU], c->buf[F_RND]);
        EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
               "key_sign_mu: %s / signature differs", mldsa_strerror(rv));
        rv = mldsa_key_verify_mu(key, c->buf[F_SIG], siglen, c->buf[F_MU]);
        EXPECT(t, c, rv == MLDSA_OK, "key_verify_mu: %s", mldsa_strerror(rv));
    }
}

/* Wycheproof signing from a seed (sign_seed) or an expanded key (sign_noseed). */
static void wycheproof_sign_case(TALLY *t, const CASE *c, mldsa_param p,
                                 int from_seed)
{
    size_t siglen = mldsa_signature_bytes(p);
    int valid = strcmp(tv_get(c->rec, "result"), "valid") == 0;
    const char *flags = tv_get(c->rec, "flags");
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    MLDSA_KEY *key = NULL;
    int rv;

    if (from_seed)
        rv = mldsa_key_from_seed(&key, p, c->buf[F_SEED], c->len[F_SEED]);
    else
        rv = mldsa_key_from_secret(&key, p, c->buf[F_SK], c->len[F_SK]);
    if (rv != MLDSA_OK) {
        /* Only a malformed key may be refused, with the right code. */
        EXPECT(t, c, !valid, "key refused: %s", mldsa_strerror(rv));
        if (strstr(flags, "IncorrectPrivateKeyLength") != NULL)
            EXPECT(t, c, rv == (from_seed ? MLDSA_ERR_KEY_LENGTH
                                          : MLDSA_ERR_SK_LENGTH),
                   "wrong-length key gave %s", mldsa_strerror(rv));
        else if (strstr(flags, "InvalidPrivateKey") != NULL)
            EXPECT(t, c, rv == MLDSA_ERR_BAD_KEY || rv == MLDSA_ERR_KEY_MISMATCH,
                   "invalid key gave %s", mldsa_strerror(rv));
        else
            EXPECT(t, c, 0, "key refused: %s", mldsa_strerror(rv));
        return;
    }
    if (c->present[F_PK]) {
        EXPECT(t, c, mldsa_key_get_public(key, pk, sizeof(pk)) == MLDSA_OK
               && memcmp(pk, c->buf[F_PK], mldsa_public_key_bytes(p)) == 0,
               "public key differs");
    }
    wycheproof_sign_with(t, c, p, key, valid);
    /* The one-shot API on the same case gives the same bytes. */
    if (!from_seed && c->present[F_MSG]) {
        memset(sig, 0xaa, sizeof(sig));
        rv = mldsa_sign(p, sig, c->buf[F_MSG], c->len[F_MSG], ctx_of(c),
                        ctxlen_of(c), c->buf[F_SK], c->buf[F_RND]);
        if (valid)
            EXPECT(t, c, rv == MLDSA_OK && memcmp(sig, c->buf[F_SIG], siglen) == 0,
                   "sign: %s / signature differs", mldsa_strerror(rv));
        else
            EXPECT(t, c, rv != MLDSA_OK
                   && (all_bytes(sig, siglen, 0) || all_bytes(sig, siglen, 0xaa)),
                   "invalid case: sign gave %s", mldsa_strerror(rv));
    }
    EXPECT(t, c, valid || strstr(flags, "InvalidContext") != NULL,
           "invalid case accepted as a key: %s", flags);
    mldsa_key_free(key);
}

START_TEST(wycheproof_sign_matches)
{
    static const char *const stems[] = { "wycheproof-sign-seed",
                                         "wycheproof-sign-noseed" };

    run_vectors(stems[_i / 3], params[_i % 3], wycheproof_sign_case,
                _i / 3 == 0);
}
END_TEST

/* Wycheproof verification: accept exactly the valid cases, never crash. */
static void wycheproof_verify_case(TALLY *t, const CASE *c, mldsa_param p,
                                   int variant)
{
    int valid = strcmp(tv_get(c->rec, "result"), "valid") == 0;
    MLDSA_KEY *key = NULL;
    int rv, rv_key;

    (void)variant;
    rv_key = mldsa_key_from_public(&key, p, c->buf[F_PK], c->len[F_PK]);
    if (rv_key == MLDSA_OK)
        rv_key = mldsa_key_verify(key, c->buf[F_SIG], c->len[F_SIG], c->buf[F_MSG],
                                  c->len[F_MSG], ctx_of(c), ctxlen_of(c));
    EXPECT(t, c, (rv_key == MLDSA_OK) == valid, "key verify gave %s (%s)",
           mldsa_strerror(rv_key), tv_get(c->rec, "comment"));
    if (c->len[F_PK] == mldsa_public_key_bytes(p)) {
        rv = mldsa_verify(p, c->buf[F_SIG], c->len[F_SIG], c->buf[F_MSG],
                          c->len[F_MSG], ctx_of(c), ctxlen_of(c), c->buf[F_PK]);
        EXPECT(t, c, (rv == MLDSA_OK) == valid, "verify gave %s (%s)",
               mldsa_strerror(rv), tv_get(c->rec, "comment"));
    } else {
        EXPECT(t, c, !valid && rv_key == MLDSA_ERR_PK_LENGTH,
               "wrong-length pk gave %s", mldsa_strerror(rv_key));
    }
    mldsa_key_free(key);
}

START_TEST(wycheproof_verify_matches)
{
    run_vectors("wycheproof-verify", params[_i], wycheproof_verify_case,
                0);
}
END_TEST

/*
 * Batch verification (mldsa_key_verify_batch) on every verification
 * vector the pure API can express: the Wycheproof verification cases (valid
 * and invalid, wrong lengths) and the signatures of the pure known-answer
 * files, of all three parameter sets, mixed.  (The ACVP sigVer vectors are
 * on the internal interface and external mu, which have no batch form: the
 * same verification engine checks them in acvp_sigver_matches.)
 */
#define BATCH_MAX_ITEMS 1024
#define BATCH_MAX_KEYS 512

typedef struct {
    MLDSA_VERIFY_ITEM items[BATCH_MAX_ITEMS];
    int want[BATCH_MAX_ITEMS];          /* mldsa_key_verify on the item */
    uint8_t *bufs[3 * BATCH_MAX_ITEMS];
    size_t n, nbufs;
    MLDSA_KEY *keys[BATCH_MAX_KEYS];
    uint8_t *key_pk[BATCH_MAX_KEYS];
    size_t key_pklen[BATCH_MAX_KEYS], nkeys;
} BATCH_POOL;

static BATCH_POOL pool;

/* A copy of a case's field, kept until the pool is freed (NULL: absent). */
static const uint8_t *pool_keep(const CASE *c, int field)
{
    uint8_t *b;

    if (!c->present[field])
        return NULL;
    b = malloc(c->len[field] + 1);
    ck_assert_ptr_nonnull(b);
    memcpy(b, c->buf[field], c->len[field]);
    pool.bufs[pool.nbufs++] = b;
    return b;
}

/* The key of pk, made once per public key (NULL when pk is not one). */
static MLDSA_KEY *pool_key(mldsa_param p, const uint8_t *pk, size_t pklen)
{
    MLDSA_KEY *key = NULL;
    size_t i;

    for (i = 0; i < pool.nkeys; i++)
        if (pool.key_pklen[i] == pklen && memcmp(pool.key_pk[i], pk, pklen) == 0
            && mldsa_key_param(pool.keys[i]) == p)
            return pool.keys[i];
    if (mldsa_key_from_public(&key, p, pk, pklen) != MLDSA_OK)
        return NULL;
    ck_assert_uint_lt(pool.nkeys, BATCH_MAX_KEYS);
    pool.keys[pool.nkeys] = key;
    pool.key_pk[pool.nkeys] = malloc(pklen);
    ck_assert_ptr_nonnull(pool.key_pk[pool.nkeys]);
    memcpy(pool.key_pk[pool.nkeys], pk, pklen);
    pool.key_pklen[pool.nkeys++] = pklen;
    return key;
}

/* Add one case to the pool: its item and what mldsa_key_verify says. */
static void pool_case(TALLY *t, const CASE *c, mldsa_param p, int wycheproof)
{
    MLDSA_VERIFY_ITEM *it = &pool.items[pool.n];

    ck_assert_uint_lt(pool.n, BATCH_MAX_ITEMS);
    it->key = pool_key(p, c->buf[F_PK], c->len[F_PK]);
    it->msg = pool_keep(c, F_MSG);
    it->msglen = c->len[F_MSG];
    it->ctx = pool_keep(c, F_CTX);
    it->ctxlen = c->len[F_CTX];
    it->sig = pool_keep(c, F_SIG);
    it->siglen = c->len[F_SIG];
    it->result = 12345;
    pool.want[pool.n] = mldsa_key_verify(it->key, it->sig, it->siglen,
                                         it->msg, it->msglen, it->ctx,
                                         it->ctxlen);
    if (wycheproof)
        EXPECT(t, c, (pool.want[pool.n] == MLDSA_OK)
                     == (strcmp(tv_get(c->rec, "result"), "valid") == 0),
               "key verify gave %s", mldsa_strerror(pool.want[pool.n]));
    else
        EXPECT(t, c, pool.want[pool.n] == MLDSA_OK, "key verify gave %s",
               mldsa_strerror(pool.want[pool.n]));
    pool.n++;
}

static void pool_wycheproof_case(TALLY *t, const CASE *c, mldsa_param p,
                                 int variant)
{
    (void)variant;
    pool_case(t, c, p, 1);
}

static void pool_kat_case(TALLY *t, const CASE *c, mldsa_param p, int variant)
{
    (void)variant;
    if (strcmp(tv_get(c->rec, "preHash"), "pure") == 0)
        pool_case(t, c, p, 0);
}

static void pool_free(void)
{
    size_t i;

    for (i = 0; i < pool.nbufs; i++)
        free(pool.bufs[i]);
    for (i = 0; i < pool.nkeys; i++) {
        mldsa_key_free(pool.keys[i]);
        free(pool.key_pk[i]);
    }
    memset(&pool, 0, sizeof(pool));
}

/* Batch the items at order[0..n): each result must be pool.want's. */
static void batch_check(const size_t *order, size_t n, const char *what)
{
    static MLDSA_VERIFY_ITEM batch[BATCH_MAX_ITEMS];
    int all = MLDSA_OK, rv;
    size_t i;

    for (i = 0; i < n; i++) {
        batch[i] = pool.items[order[i]];
        if (pool.want[order[i]] != MLDSA_OK)
            all = MLDSA_ERR_VERIFY;
    }
    rv = mldsa_key_verify_batch(batch, n);
    ck_assert_msg(rv == all, "%s: batch of %zu gave %s, expected %s", what, n,
                  mldsa_strerror(rv), mldsa_strerror(all));
    for (i = 0; i < n; i++)
        ck_assert_msg(batch[i].result == pool.want[order[i]],
                      "%s: item %zu of %zu (pool %zu) gave %s, "
                      "mldsa_key_verify %s", what, i, n, order[i],
                      mldsa_strerror(batch[i].result),
                      mldsa_strerror(pool.want[order[i]]));
}

START_TEST(sigver_vectors_batched_in_random_groups_and_orders)
{
    static const char *const kat_stems[] = { "kat-det-pure", "kat-hedged-pure" };
    static size_t order[BATCH_MAX_ITEMS];
    size_t i, j, x, base, count;

    for (i = 0; i < 3; i++) {
        run_vectors("wycheproof-verify", params[i], pool_wycheproof_case, 0);
        for (j = 0; j < 2; j++)
            run_vectors(kat_stems[j], params[i], pool_kat_case, 0);
    }
    if (pool.n == 0) {
        pool_free();
        return;                 /* skipped: no vectors (said so above) */
    }
    printf("batch: %zu items, %zu keys\n", pool.n, pool.nkeys);
    for (int round = 0; round < 4; round++) {
        /* a random order, cut into random groups of 1 to 20 */
        for (i = 0; i < pool.n; i++)
            order[i] = i;
        for (i = pool.n; i > 1; i--) {
            j = (size_t)test_rand_below(i);
            x = order[i - 1];
            order[i - 1] = order[j];
            order[j] = x;
        }
        for (base = 0; base < pool.n; base += count) {
            count = 1 + (size_t)test_rand_below(20);
            if (count > pool.n - base)
                count = pool.n - base;
            batch_check(order + base, count, "random group");
        }
        batch_check(order, pool.n, "every item at once");
    }
    /* 1000 items drawn from the pool, repeats and all */
    for (i = 0; i < 1000; i++)
        order[i] = (size_t)test_rand_below(pool.n);
    batch_check(order, 1000, "1000 items");
    pool_free();
}
END_TEST

static Suite *kat_suite(void)
{
    Suite *s = suite_create("kat");
    TCase *tc = tcase_create("vectors");

    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, acvp_keygen_matches, 0, 6);
    tcase_add_loop_test(tc, acvp_siggen_internal_matches, 0, 3);
    tcase_add_loop_test(tc, acvp_siggen_external_mu_matches, 0, 3);
    tcase_add_loop_test(tc, acvp_sigver_matches, 0, 6);
    tcase_add_loop_test(tc, kat_collection_matches, 0, 18);
    tcase_add_loop_test(tc, wycheproof_sign_matches, 0, 6);
    tcase_add_loop_test(tc, wycheproof_verify_matches, 0, 3);
    tcase_add_test(tc, sigver_vectors_batched_in_random_groups_and_orders);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    printf("backend: %s\n", mldsa_backend_name());
    return test_run_suite(kat_suite());
}
