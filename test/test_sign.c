/*
 * Signing and verifying through the public API (include/mldsa.h), on
 * random inputs for every parameter set: round trips of pure ML-DSA,
 * HashML-DSA with every hash, external mu and the internal interface;
 * hedged signatures differ; any flipped bit makes verification fail; the
 * key object and the one-shot functions agree byte for byte; and one test
 * per error code of the "bad input" list.
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/sha3.h"
#include "ml_dsa/ml_dsa_local.h"
#include "mldsa.h"
#include "testutil.h"

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
#define NPARAMS (sizeof(params) / sizeof(params[0]))
#define NHASHES 12
#define MAX_MSG 300

/* Offsets inside an encoded signature: ctilde || z || hints. */
static size_t ctilde_bytes(mldsa_param p)
{
    return p == MLDSA_44 ? 32 : p == MLDSA_65 ? 48 : 64;
}

static size_t z_bytes(mldsa_param p)
{
    return (p == MLDSA_44 ? 4 * 32 * 18 : p == MLDSA_65 ? 5 * 32 * 20 : 7 * 32 * 20);
}

static size_t omega(mldsa_param p)
{
    return p == MLDSA_44 ? 80 : p == MLDSA_65 ? 55 : 75;
}

static size_t k_of(mldsa_param p)
{
    return p == MLDSA_44 ? 4 : p == MLDSA_65 ? 6 : 8;
}

/* Secret key layout: rho (32) || K (32) || tr (64) || s1 || s2 || t0. */
#define SK_TR_OFFSET 64
static size_t sk_t0_offset(mldsa_param p)
{
    size_t eta_bytes = p == MLDSA_65 ? 128 : 96;
    size_t kl = p == MLDSA_44 ? 8 : p == MLDSA_65 ? 11 : 15;

    return 128 + kl * eta_bytes;
}

/* One random key pair, message and context for the parameter set. */
typedef struct {
    mldsa_param p;
    uint8_t seed[32];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t msg[MAX_MSG];
    size_t msglen;
    uint8_t ctx[255];
    size_t ctxlen;
    size_t pklen, sklen, siglen;
} FIXTURE;

static void fixture(FIXTURE *f, mldsa_param p)
{
    f->p = p;
    f->pklen = mldsa_public_key_bytes(p);
    f->sklen = mldsa_secret_key_bytes(p);
    f->siglen = mldsa_signature_bytes(p);
    test_rand_bytes(f->seed, sizeof(f->seed));
    ck_assert_int_eq(mldsa_keygen(p, f->pk, f->sk, f->seed), MLDSA_OK);
    f->msglen = (size_t)test_rand_below(MAX_MSG + 1);
    test_rand_bytes(f->msg, f->msglen);
    f->ctxlen = (size_t)test_rand_below(256);
    test_rand_bytes(f->ctx, f->ctxlen);
}

/* A valid deterministic signature of the fixture's message. */
static void sign_fixture(const FIXTURE *f, uint8_t *sig)
{
    static const uint8_t zero[32];

    ck_assert_int_eq(mldsa_sign(f->p, sig, f->msg, f->msglen, f->ctx,
                                f->ctxlen, f->sk, zero), MLDSA_OK);
}

static int verify_fixture(const FIXTURE *f, const uint8_t *sig)
{
    return mldsa_verify(f->p, sig, f->siglen, f->msg, f->msglen, f->ctx,
                        f->ctxlen, f->pk);
}

START_TEST(pure_sign_verify_round_trips_for_every_parameter_set)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], rnd[32];
    FIXTURE f;
    size_t i;
    int round;

    for (i = 0; i < NPARAMS; i++) {
        for (round = 0; round < 3; round++) {
            fixture(&f, params[i]);
            test_rand_bytes(rnd, sizeof(rnd));
            ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, f.ctx,
                                        f.ctxlen, f.sk, round == 0 ? NULL : rnd),
                             MLDSA_OK);
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_OK);
        }
    }
}
END_TEST

START_TEST(prehash_sign_verify_round_trips_for_every_hash)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], digest[MLDSA_MAX_DIGEST_BYTES];
    uint8_t pure[MLDSA_MAX_SIGNATURE_BYTES];
    size_t i, dlen;
    FIXTURE f;
    int h;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        sign_fixture(&f, pure);
        for (h = 0; h < NHASHES; h++) {
            ck_assert_int_eq(mldsa_digest((mldsa_hash)h, digest, &dlen, f.msg,
                                          f.msglen), MLDSA_OK);
            ck_assert_uint_eq(dlen, mldsa_digest_bytes((mldsa_hash)h));
            ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, (mldsa_hash)h, digest,
                                                dlen, f.ctx, f.ctxlen, f.sk,
                                                NULL), MLDSA_OK);
            ck_assert_int_eq(mldsa_prehash_verify(f.p, sig, f.siglen,
                                                  (mldsa_hash)h, digest, dlen,
                                                  f.ctx, f.ctxlen, f.pk),
                             MLDSA_OK);
            /* domain separation: neither verifies as the other */
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
            ck_assert_int_eq(mldsa_prehash_verify(f.p, pure, f.siglen,
                                                  (mldsa_hash)h, digest, dlen,
                                                  f.ctx, f.ctxlen, f.pk),
                             MLDSA_ERR_VERIFY);
            /* nor under another hash with a digest of the same bytes */
            if (h > 0 && dlen == mldsa_digest_bytes((mldsa_hash)(h - 1)))
                ck_assert_int_eq(mldsa_prehash_verify(f.p, sig, f.siglen,
                                                      (mldsa_hash)(h - 1),
                                                      digest, dlen, f.ctx,
                                                      f.ctxlen, f.pk),
                                 MLDSA_ERR_VERIFY);
        }
    }
}
END_TEST

START_TEST(external_mu_and_internal_interface_agree_with_pure)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], sig2[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t mu[64], mprime[2 + 255 + MAX_MSG], rnd[32];
    size_t i, mlen;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        test_rand_bytes(rnd, sizeof(rnd));
        ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, f.ctx,
                                    f.ctxlen, f.sk, rnd), MLDSA_OK);
        /* mu-based signing with the same rnd gives the same bytes */
        ck_assert_int_eq(mldsa_compute_mu(f.p, mu, f.pk, f.msg, f.msglen,
                                          f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_sign_mu(f.p, sig2, mu, f.sk, rnd), MLDSA_OK);
        ck_assert_mem_eq(sig, sig2, f.siglen);
        ck_assert_int_eq(mldsa_verify_mu(f.p, sig, f.siglen, mu, f.pk),
                         MLDSA_OK);
        /* M' = 0 || |ctx| || ctx || M on the internal interface */
        mprime[0] = 0;
        mprime[1] = (uint8_t)f.ctxlen;
        memcpy(mprime + 2, f.ctx, f.ctxlen);
        memcpy(mprime + 2 + f.ctxlen, f.msg, f.msglen);
        mlen = 2 + f.ctxlen + f.msglen;
        ck_assert_int_eq(mldsa_sign_internal(f.p, sig2, mprime, mlen, f.sk,
                                             rnd), MLDSA_OK);
        ck_assert_mem_eq(sig, sig2, f.siglen);
        ck_assert_int_eq(mldsa_verify_internal(f.p, sig, f.siglen, mprime,
                                               mlen, f.pk), MLDSA_OK);
    }
}
END_TEST

START_TEST(hedged_signatures_differ_and_all_verify)
{
    uint8_t sig[4][MLDSA_MAX_SIGNATURE_BYTES];
    size_t i, a, b;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        for (a = 0; a < 4; a++) {
            ck_assert_int_eq(mldsa_sign(f.p, sig[a], f.msg, f.msglen, f.ctx,
                                        f.ctxlen, f.sk, NULL), MLDSA_OK);
            ck_assert_int_eq(verify_fixture(&f, sig[a]), MLDSA_OK);
            for (b = 0; b < a; b++)
                ck_assert(memcmp(sig[a], sig[b], f.siglen) != 0);
        }
    }
}
END_TEST

START_TEST(deterministic_signing_repeats_and_zero_rnd_is_deterministic)
{
    uint8_t s1[MLDSA_MAX_SIGNATURE_BYTES], s2[MLDSA_MAX_SIGNATURE_BYTES];
    size_t i;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        sign_fixture(&f, s1);
        sign_fixture(&f, s2);
        ck_assert_mem_eq(s1, s2, f.siglen);
    }
}
END_TEST

START_TEST(a_flipped_bit_in_signature_message_context_or_key_fails)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t i, pos;
    FIXTURE f;
    int round;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        if (f.msglen == 0)
            f.msglen = 1;
        if (f.ctxlen == 0)
            f.ctxlen = 1;
        sign_fixture(&f, sig);
        ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_OK);
        for (round = 0; round < 20; round++) {
            pos = (size_t)test_rand_below(f.siglen * 8);
            sig[pos / 8] ^= (uint8_t)(1 << (pos % 8));
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
            sig[pos / 8] ^= (uint8_t)(1 << (pos % 8));

            pos = (size_t)test_rand_below(f.msglen * 8);
            f.msg[pos / 8] ^= (uint8_t)(1 << (pos % 8));
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
            f.msg[pos / 8] ^= (uint8_t)(1 << (pos % 8));

            pos = (size_t)test_rand_below(f.ctxlen * 8);
            f.ctx[pos / 8] ^= (uint8_t)(1 << (pos % 8));
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
            f.ctx[pos / 8] ^= (uint8_t)(1 << (pos % 8));

            pos = (size_t)test_rand_below(f.pklen * 8);
            f.pk[pos / 8] ^= (uint8_t)(1 << (pos % 8));
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
            f.pk[pos / 8] ^= (uint8_t)(1 << (pos % 8));
        }
        ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_OK);
    }
}
END_TEST

START_TEST(random_bytes_never_verify)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t i;
    FIXTURE f;
    int round;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        for (round = 0; round < 30; round++) {
            test_rand_bytes(sig, f.siglen);
            ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_ERR_VERIFY);
        }
    }
}
END_TEST

START_TEST(key_object_and_one_shot_give_identical_bytes)
{
    uint8_t s1[MLDSA_MAX_SIGNATURE_BYTES], s2[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t rnd[32], digest[64], mu[64], mu2[64], seed[32];
    MLDSA_KEY *key, *skey, *pkey;
    size_t i, dlen;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        test_rand_bytes(rnd, sizeof(rnd));
        ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_from_secret(&skey, f.p, f.sk, f.sklen), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_from_public(&pkey, f.p, f.pk, f.pklen), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_param(key), f.p);
        ck_assert_int_eq(mldsa_key_has_seed(key), 1);
        ck_assert_int_eq(mldsa_key_has_seed(skey), 0);
        ck_assert_int_eq(mldsa_key_has_secret(skey), 1);
        ck_assert_int_eq(mldsa_key_has_secret(pkey), 0);
        ck_assert_int_eq(mldsa_key_get_seed(key, seed), MLDSA_OK);
        ck_assert_mem_eq(seed, f.seed, 32);
        ck_assert_int_eq(mldsa_key_get_public(key, pk, sizeof(pk)), MLDSA_OK);
        ck_assert_mem_eq(pk, f.pk, f.pklen);
        ck_assert_int_eq(mldsa_key_get_public(skey, pk, sizeof(pk)), MLDSA_OK);
        ck_assert_mem_eq(pk, f.pk, f.pklen);
        ck_assert_int_eq(mldsa_key_get_secret(key, sk, sizeof(sk)), MLDSA_OK);
        ck_assert_mem_eq(sk, f.sk, f.sklen);

        /* pure */
        ck_assert_int_eq(mldsa_sign(f.p, s1, f.msg, f.msglen, f.ctx, f.ctxlen,
                                    f.sk, rnd), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_sign(key, s2, f.msg, f.msglen, f.ctx,
                                        f.ctxlen, rnd), MLDSA_OK);
        ck_assert_mem_eq(s1, s2, f.siglen);
        ck_assert_int_eq(mldsa_key_sign(skey, s2, f.msg, f.msglen, f.ctx,
                                        f.ctxlen, rnd), MLDSA_OK);
        ck_assert_mem_eq(s1, s2, f.siglen);
        ck_assert_int_eq(mldsa_key_verify(pkey, s1, f.siglen, f.msg, f.msglen,
                                          f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_verify(key, s1, f.siglen, f.msg, f.msglen,
                                          f.ctx, f.ctxlen), MLDSA_OK);
        /* HashML-DSA */
        ck_assert_int_eq(mldsa_digest(MLDSA_SHA3_256, digest, &dlen, f.msg,
                                      f.msglen), MLDSA_OK);
        ck_assert_int_eq(mldsa_prehash_sign(f.p, s1, MLDSA_SHA3_256, digest,
                                            dlen, f.ctx, f.ctxlen, f.sk, rnd),
                         MLDSA_OK);
        ck_assert_int_eq(mldsa_key_prehash_sign(key, s2, MLDSA_SHA3_256, digest,
                                                dlen, f.ctx, f.ctxlen, rnd),
                         MLDSA_OK);
        ck_assert_mem_eq(s1, s2, f.siglen);
        ck_assert_int_eq(mldsa_key_prehash_verify(pkey, s1, f.siglen,
                                                  MLDSA_SHA3_256, digest, dlen,
                                                  f.ctx, f.ctxlen), MLDSA_OK);
        /* mu and internal */
        ck_assert_int_eq(mldsa_compute_mu(f.p, mu, f.pk, f.msg, f.msglen,
                                          f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_compute_mu(pkey, mu2, f.msg, f.msglen,
                                              f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_mem_eq(mu, mu2, 64);
        ck_assert_int_eq(mldsa_sign_mu(f.p, s1, mu, f.sk, rnd), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_sign_mu(key, s2, mu, rnd), MLDSA_OK);
        ck_assert_mem_eq(s1, s2, f.siglen);
        ck_assert_int_eq(mldsa_key_verify_mu(pkey, s1, f.siglen, mu), MLDSA_OK);
        ck_assert_int_eq(mldsa_sign_internal(f.p, s1, f.msg, f.msglen, f.sk,
                                             rnd), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_sign_internal(key, s2, f.msg, f.msglen,
                                                 rnd), MLDSA_OK);
        ck_assert_mem_eq(s1, s2, f.siglen);
        ck_assert_int_eq(mldsa_key_verify_internal(pkey, s1, f.siglen, f.msg,
                                                   f.msglen), MLDSA_OK);
        mldsa_key_free(key);
        mldsa_key_free(skey);
        mldsa_key_free(pkey);
    }
}
END_TEST

START_TEST(key_generate_from_os_randomness_gives_working_distinct_keys)
{
    uint8_t pk1[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_KEY *key;
    size_t i;

    for (i = 0; i < NPARAMS; i++) {
        ck_assert_int_eq(mldsa_keygen(params[i], pk1, sk, NULL), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_generate(&key, params[i], NULL), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_get_public(key, pk2, sizeof(pk2)), MLDSA_OK);
        ck_assert(memcmp(pk1, pk2, mldsa_public_key_bytes(params[i])) != 0);
        ck_assert_int_eq(mldsa_key_sign(key, sig, NULL, 0, NULL, 0, NULL), MLDSA_OK);
        ck_assert_int_eq(mldsa_verify(params[i], sig, mldsa_signature_bytes(params[i]),
                                      NULL, 0, NULL, 0, pk2), MLDSA_OK);
        mldsa_key_free(key);
    }
}
END_TEST

START_TEST(pk_from_sk_recomputes_the_public_key)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t i;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        ck_assert_int_eq(mldsa_pk_from_sk(f.p, pk, f.sk), MLDSA_OK);
        ck_assert_mem_eq(pk, f.pk, f.pklen);
    }
}
END_TEST

START_TEST(streaming_mu_equals_compute_mu)
{
    uint8_t mu[64], mu2[64], sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_MU_CTX *mctx;
    MLDSA_KEY *key;
    size_t i, off, piece;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
        ck_assert_int_eq(mldsa_compute_mu(f.p, mu, f.pk, f.msg, f.msglen,
                                          f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_new(&mctx, key, f.ctx, f.ctxlen), MLDSA_OK);
        for (off = 0; off < f.msglen; off += piece) {
            piece = 1 + (size_t)test_rand_below(f.msglen - off);
            ck_assert_int_eq(mldsa_mu_update(mctx, f.msg + off, piece), MLDSA_OK);
        }
        ck_assert_int_eq(mldsa_mu_update(mctx, NULL, 0), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_final(mctx, mu2), MLDSA_OK);
        /* a finished context refuses further use */
        ck_assert_int_eq(mldsa_mu_update(mctx, f.msg, 1), MLDSA_ERR_FINISHED);
        ck_assert_int_eq(mldsa_mu_final(mctx, mu), MLDSA_ERR_FINISHED);
        mldsa_mu_free(mctx);
        ck_assert_mem_eq(mu, mu2, 64);
        ck_assert_int_eq(mldsa_key_sign_mu(key, sig, mu2, NULL), MLDSA_OK);
        ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_OK);
        mldsa_key_free(key);
    }
}
END_TEST

START_TEST(a_duplicated_streaming_mu_goes_on_independently)
{
    uint8_t mu[64], mu_head[64], mu_dup[64], mu_full[64];
    MLDSA_MU_CTX *mctx, *copy, *copy2;
    MLDSA_KEY *key;
    size_t i, cut;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
        cut = (size_t)test_rand_below(f.msglen + 1);
        ck_assert_int_eq(mldsa_mu_new(&mctx, key, f.ctx, f.ctxlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_update(mctx, f.msg, cut), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_dup(&copy, mctx), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_dup(&copy2, mctx), MLDSA_OK);
        /* the copy finishes on the head of the message ... */
        ck_assert_int_eq(mldsa_mu_final(copy, mu_head), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_compute_mu(key, mu, f.msg, cut, f.ctx,
                                              f.ctxlen), MLDSA_OK);
        ck_assert_mem_eq(mu_head, mu, 64);
        /* ... while the original and a second copy absorb the rest */
        ck_assert_int_eq(mldsa_mu_update(mctx, f.msg + cut, f.msglen - cut), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_update(copy2, f.msg + cut, f.msglen - cut), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_final(mctx, mu_full), MLDSA_OK);
        ck_assert_int_eq(mldsa_mu_final(copy2, mu_dup), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_compute_mu(key, mu, f.msg, f.msglen, f.ctx,
                                              f.ctxlen), MLDSA_OK);
        ck_assert_mem_eq(mu_full, mu, 64);
        ck_assert_mem_eq(mu_dup, mu, 64);
        mldsa_mu_free(copy2);
        /* a finished context has no state to copy */
        ck_assert_int_eq(mldsa_mu_dup(&copy2, mctx), MLDSA_ERR_FINISHED);
        ck_assert_ptr_null(copy2);
        ck_assert_int_eq(mldsa_mu_dup(NULL, copy), MLDSA_ERR_NULL);
        ck_assert_int_eq(mldsa_mu_dup(&copy2, NULL), MLDSA_ERR_NULL);
        mldsa_mu_free(copy);
        mldsa_mu_free(mctx);
        mldsa_key_free(key);
    }
}
END_TEST

/* ---- One test per error code of the bad-input list ---------------------- */

START_TEST(context_longer_than_255_bytes_is_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], ctx[256] = { 0 }, mu[64];
    uint8_t digest[32] = { 0 };
    MLDSA_MU_CTX *mctx;
    MLDSA_KEY *key;
    FIXTURE f;

    fixture(&f, MLDSA_44);
    ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
    sign_fixture(&f, sig);
    ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, ctx, 256, f.sk,
                                NULL), MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen, f.msg, f.msglen, ctx,
                                  256, f.pk), MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, MLDSA_SHA2_256, digest, 32,
                                        ctx, 256, f.sk, NULL),
                     MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_int_eq(mldsa_compute_mu(f.p, mu, f.pk, f.msg, f.msglen, ctx, 256),
                     MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_int_eq(mldsa_key_sign(key, sig, f.msg, f.msglen, ctx, 256, NULL),
                     MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_int_eq(mldsa_mu_new(&mctx, key, ctx, 256), MLDSA_ERR_CONTEXT_LENGTH);
    ck_assert_ptr_null(mctx);
    /* 255 is fine */
    ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, ctx, 255, f.sk,
                                NULL), MLDSA_OK);
    ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen, f.msg, f.msglen, ctx,
                                  255, f.pk), MLDSA_OK);
    mldsa_key_free(key);
}
END_TEST

START_TEST(wrong_signature_length_is_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES + 1], mu[64] = { 0 };
    size_t i;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        sign_fixture(&f, sig);
        ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen - 1, f.msg, f.msglen,
                                      f.ctx, f.ctxlen, f.pk),
                         MLDSA_ERR_SIG_LENGTH);
        ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen + 1, f.msg, f.msglen,
                                      f.ctx, f.ctxlen, f.pk),
                         MLDSA_ERR_SIG_LENGTH);
        ck_assert_int_eq(mldsa_verify(f.p, sig, 0, f.msg, f.msglen, f.ctx,
                                      f.ctxlen, f.pk), MLDSA_ERR_SIG_LENGTH);
        ck_assert_int_eq(mldsa_verify_mu(f.p, sig, f.siglen - 1, mu, f.pk),
                         MLDSA_ERR_SIG_LENGTH);
        ck_assert_int_eq(mldsa_verify_internal(f.p, sig, f.siglen + 1, f.msg,
                                               f.msglen, f.pk),
                         MLDSA_ERR_SIG_LENGTH);
    }
}
END_TEST

START_TEST(wrong_public_key_length_is_refused)
{
    MLDSA_KEY *key = (MLDSA_KEY *)&key;
    FIXTURE f;

    fixture(&f, MLDSA_65);
    ck_assert_int_eq(mldsa_key_from_public(&key, f.p, f.pk, f.pklen - 1),
                     MLDSA_ERR_PK_LENGTH);
    ck_assert_ptr_null(key);
    ck_assert_int_eq(mldsa_key_from_public(&key, f.p, f.pk, 1312),
                     MLDSA_ERR_PK_LENGTH);
    ck_assert_int_eq(mldsa_key_from_public(&key, f.p, NULL, 0),
                     MLDSA_ERR_PK_LENGTH);
}
END_TEST

START_TEST(wrong_secret_key_length_is_refused)
{
    MLDSA_KEY *key = (MLDSA_KEY *)&key;
    FIXTURE f;

    fixture(&f, MLDSA_87);
    ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, f.sk, f.sklen + 1),
                     MLDSA_ERR_SK_LENGTH);
    ck_assert_ptr_null(key);
    ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, f.sk, 32),
                     MLDSA_ERR_SK_LENGTH);
}
END_TEST

START_TEST(secret_key_coefficients_out_of_range_are_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t bad[MLDSA_MAX_SECRET_KEY_BYTES];
    MLDSA_KEY *key;
    size_t i, s2_offset;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        /* s1[0] coefficient 0: all-ones bits = value 2^bits - 1 > 2 eta */
        memcpy(bad, f.sk, f.sklen);
        bad[128] |= 0x0f;
        memset(sig, 0x55, sizeof(sig));
        ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, f.ctx, f.ctxlen,
                                    bad, NULL), MLDSA_ERR_BAD_KEY);
        ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, bad, f.sklen),
                         MLDSA_ERR_BAD_KEY);
        ck_assert_ptr_null(key);
        ck_assert_int_eq(mldsa_pk_from_sk(f.p, pk, bad), MLDSA_ERR_BAD_KEY);
        /* the last coefficient of s2 */
        memcpy(bad, f.sk, f.sklen);
        s2_offset = sk_t0_offset(f.p) - 1;
        bad[s2_offset] |= 0xf0;
        ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, bad, f.sklen),
                         MLDSA_ERR_BAD_KEY);
    }
}
END_TEST

START_TEST(inconsistent_tr_or_t0_is_a_key_mismatch)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], bad[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_KEY *key;
    size_t i;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        memcpy(bad, f.sk, f.sklen);
        bad[SK_TR_OFFSET + 5] ^= 0x01;
        ck_assert_int_eq(mldsa_pk_from_sk(f.p, pk, bad), MLDSA_ERR_KEY_MISMATCH);
        ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, NULL, 0, bad,
                                    NULL), MLDSA_ERR_KEY_MISMATCH);
        ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, bad, f.sklen),
                         MLDSA_ERR_KEY_MISMATCH);
        ck_assert_ptr_null(key);
        memcpy(bad, f.sk, f.sklen);
        bad[sk_t0_offset(f.p) + 100] ^= 0x10;
        ck_assert_int_eq(mldsa_pk_from_sk(f.p, pk, bad), MLDSA_ERR_KEY_MISMATCH);
        ck_assert_int_eq(mldsa_sign_internal(f.p, sig, f.msg, f.msglen, bad,
                                             NULL), MLDSA_ERR_KEY_MISMATCH);
        ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, bad, f.sklen),
                         MLDSA_ERR_KEY_MISMATCH);
    }
}
END_TEST

/* Position of the hint section and the first polynomial with >= 2 hints. */
static int hint_poly_with_two(const uint8_t *hints, mldsa_param p,
                              size_t *start)
{
    size_t i, prev = 0, end;

    for (i = 0; i < k_of(p); i++) {
        end = hints[omega(p) + i];
        if (end - prev >= 2) {
            *start = prev;
            return 1;
        }
        prev = end;
    }
    return 0;
}

START_TEST(malformed_hint_encodings_do_not_verify)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], bad[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t *hints, tmp;
    size_t i, start, total, tries;
    FIXTURE f;

    for (i = 0; i < NPARAMS; i++) {
        /* a signature with two hints in one polynomial and room for padding */
        for (tries = 0;; tries++) {
            ck_assert_uint_lt(tries, 100);
            fixture(&f, params[i]);
            sign_fixture(&f, sig);
            hints = sig + ctilde_bytes(f.p) + z_bytes(f.p);
            total = hints[omega(f.p) + k_of(f.p) - 1];
            if (total < omega(f.p) && hint_poly_with_two(hints, f.p, &start))
                break;
        }
        ck_assert_int_eq(verify_fixture(&f, sig), MLDSA_OK);
        hints = bad + ctilde_bytes(f.p) + z_bytes(f.p);

        /* indices not strictly increasing: swapped */
        memcpy(bad, sig, f.siglen);
        tmp = hints[start];
        hints[start] = hints[start + 1];
        hints[start + 1] = tmp;
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
        /* a repeated index */
        memcpy(bad, sig, f.siglen);
        hints[start + 1] = hints[start];
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
        /* more than omega hints */
        memcpy(bad, sig, f.siglen);
        hints[omega(f.p) + k_of(f.p) - 1] = (uint8_t)(omega(f.p) + 1);
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
        /* non-zero padding */
        memcpy(bad, sig, f.siglen);
        hints[omega(f.p) - 1] = 1;
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
    }
}
END_TEST

START_TEST(z_at_or_beyond_its_bound_does_not_verify)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], bad[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t *z;
    FIXTURE f;
    uint32_t beta, v;
    size_t i;

    for (i = 0; i < NPARAMS; i++) {
        fixture(&f, params[i]);
        sign_fixture(&f, sig);
        beta = f.p == MLDSA_44 ? 78 : f.p == MLDSA_65 ? 196 : 120;
        /* z[0][0] = gamma1 - beta: stored as gamma1 - z = beta, low bits first */
        memcpy(bad, sig, f.siglen);
        z = bad + ctilde_bytes(f.p);
        v = beta;
        z[0] = (uint8_t)v;
        z[1] = (uint8_t)(v >> 8);
        z[2] = (uint8_t)((z[2] & 0xfc) | ((v >> 16) & 0x03));
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
        /* z[0][0] = gamma1 (the largest encodable value) */
        z[0] = z[1] = 0;
        z[2] &= 0xfc;
        ck_assert_int_eq(verify_fixture(&f, bad), MLDSA_ERR_VERIFY);
    }
}
END_TEST

START_TEST(digest_of_the_wrong_length_is_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], digest[MLDSA_MAX_DIGEST_BYTES + 1];
    MLDSA_KEY *key;
    FIXTURE f;
    int h;

    fixture(&f, MLDSA_44);
    ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
    test_rand_bytes(digest, sizeof(digest));
    for (h = 0; h < NHASHES; h++) {
        size_t len = mldsa_digest_bytes((mldsa_hash)h);

        ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, (mldsa_hash)h, digest,
                                            len + 1, NULL, 0, f.sk, NULL),
                         MLDSA_ERR_DIGEST_LENGTH);
        ck_assert_int_eq(mldsa_prehash_verify(f.p, sig, f.siglen, (mldsa_hash)h,
                                              digest, len - 1, NULL, 0, f.pk),
                         MLDSA_ERR_DIGEST_LENGTH);
        ck_assert_int_eq(mldsa_key_prehash_sign(key, sig, (mldsa_hash)h, digest,
                                                0, NULL, 0, NULL),
                         MLDSA_ERR_DIGEST_LENGTH);
    }
    mldsa_key_free(key);
}
END_TEST

START_TEST(null_with_a_non_zero_length_is_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], mu[64];
    MLDSA_KEY *key;
    FIXTURE f;

    fixture(&f, MLDSA_44);
    ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, f.seed, 32), MLDSA_OK);
    ck_assert_int_eq(mldsa_sign(f.p, sig, NULL, 1, NULL, 0, f.sk, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, NULL, 1, f.sk, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_sign(f.p, NULL, f.msg, f.msglen, NULL, 0, f.sk, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_sign(f.p, sig, f.msg, f.msglen, NULL, 0, NULL, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_verify(f.p, NULL, f.siglen, f.msg, f.msglen, NULL,
                                  0, f.pk), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen, NULL, 5, NULL, 0, f.pk),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_keygen(f.p, NULL, sig, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_pk_from_sk(f.p, sig, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_sign_internal(f.p, sig, NULL, 3, f.sk, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_sign_mu(f.p, sig, NULL, f.sk, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_compute_mu(f.p, mu, NULL, NULL, 0, NULL, 0),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_sign(NULL, sig, NULL, 0, NULL, 0, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_verify(key, sig, f.siglen, NULL, 2, NULL, 0),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, MLDSA_SHA2_256, NULL, 32,
                                        NULL, 0, f.sk, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_prehash_verify(f.p, sig, f.siglen, MLDSA_SHA2_256,
                                          mu, 32, NULL, 0, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_verify_mu(f.p, sig, f.siglen, NULL, f.pk),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_verify_internal(f.p, sig, f.siglen, NULL, 1, f.pk),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_sign_mu(key, sig, NULL, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_verify_mu(key, sig, f.siglen, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_sign_internal(key, sig, NULL, 1, NULL),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_verify_internal(key, sig, f.siglen, NULL, 1),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_compute_mu(key, NULL, NULL, 0, NULL, 0),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_mu_new(NULL, key, NULL, 0), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_mu_update(NULL, NULL, 0), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_get_public(key, NULL, 0), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_get_secret(NULL, sig, sizeof(sig)),
                     MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_get_seed(key, NULL), MLDSA_ERR_NULL);
    mldsa_key_free(key);
    ck_assert_int_eq(mldsa_key_generate(NULL, f.p, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_from_seed(&key, f.p, NULL, 32), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_from_secret(&key, f.p, NULL, f.sklen), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_from_public(&key, f.p, NULL, f.pklen), MLDSA_ERR_NULL);
    ck_assert_ptr_null(key);
    /* NULL with a zero length is an empty message */
    ck_assert_int_eq(mldsa_sign(f.p, sig, NULL, 0, NULL, 0, f.sk, NULL), MLDSA_OK);
    ck_assert_int_eq(mldsa_verify(f.p, sig, f.siglen, NULL, 0, NULL, 0, f.pk),
                     MLDSA_OK);
}
END_TEST

START_TEST(unknown_parameter_set_is_refused)
{
    uint8_t buf[MLDSA_MAX_SECRET_KEY_BYTES], sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t mu[64] = { 0 };
    const mldsa_param bad = (mldsa_param)66;
    MLDSA_KEY *key;

    memset(buf, 0, sizeof(buf));
    ck_assert_uint_eq(mldsa_public_key_bytes(bad), 0);
    ck_assert_uint_eq(mldsa_secret_key_bytes(bad), 0);
    ck_assert_uint_eq(mldsa_signature_bytes(bad), 0);
    ck_assert_int_eq(mldsa_keygen(bad, buf, buf, NULL), MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_pk_from_sk(bad, buf, buf), MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_sign(bad, sig, NULL, 0, NULL, 0, buf, NULL),
                     MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_verify(bad, sig, 2420, NULL, 0, NULL, 0, buf),
                     MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_sign_mu(bad, sig, mu, buf, NULL), MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_compute_mu(bad, mu, buf, NULL, 0, NULL, 0),
                     MLDSA_ERR_PARAM);
    ck_assert_int_eq(mldsa_key_generate(&key, bad, NULL), MLDSA_ERR_PARAM);
    ck_assert_ptr_null(key);
    ck_assert_int_eq(mldsa_key_from_public(&key, bad, buf, 1312), MLDSA_ERR_PARAM);
}
END_TEST

START_TEST(unknown_hash_is_refused)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], digest[64] = { 0 };
    const mldsa_hash bad = (mldsa_hash)12;
    FIXTURE f;

    fixture(&f, MLDSA_44);
    ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, bad, digest, 32, NULL, 0,
                                        f.sk, NULL), MLDSA_ERR_HASH);
    ck_assert_int_eq(mldsa_prehash_sign(f.p, sig, (mldsa_hash)-1, digest, 32,
                                        NULL, 0, f.sk, NULL), MLDSA_ERR_HASH);
    ck_assert_int_eq(mldsa_prehash_verify(f.p, sig, f.siglen, bad, digest, 32,
                                          NULL, 0, f.pk), MLDSA_ERR_HASH);
}
END_TEST

START_TEST(key_object_refusals_name_what_is_missing)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], seed[32], small[16];
    MLDSA_KEY *pkey, *skey;
    FIXTURE f;

    fixture(&f, MLDSA_44);
    ck_assert_int_eq(mldsa_key_from_public(&pkey, f.p, f.pk, f.pklen), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_from_secret(&skey, f.p, f.sk, f.sklen), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_sign(pkey, sig, NULL, 0, NULL, 0, NULL),
                     MLDSA_ERR_NO_SECRET);
    ck_assert_int_eq(mldsa_key_get_secret(pkey, sig, sizeof(sig)),
                     MLDSA_ERR_NO_SECRET);
    ck_assert_int_eq(mldsa_key_get_seed(skey, seed), MLDSA_ERR_NO_SEED);
    ck_assert_int_eq(mldsa_key_get_public(skey, small, sizeof(small)),
                     MLDSA_ERR_BUFFER);
    mldsa_key_free(skey);
    ck_assert_int_eq(mldsa_key_from_seed(&skey, f.p, f.seed, 31),
                     MLDSA_ERR_KEY_LENGTH);
    ck_assert_ptr_null(skey);
    mldsa_key_free(pkey);
}
END_TEST

START_TEST(every_error_code_has_its_own_message)
{
    int a, b;

    for (a = MLDSA_OK; a >= MLDSA_ERR_FORMAT; a--) {
        ck_assert_ptr_nonnull(mldsa_strerror(a));
        ck_assert_str_ne(mldsa_strerror(a), "unknown error");
        for (b = MLDSA_OK; b > a; b--)
            ck_assert_str_ne(mldsa_strerror(a), mldsa_strerror(b));
    }
    ck_assert_str_eq(mldsa_strerror(MLDSA_ERR_FORMAT - 1), "unknown error");
    ck_assert_str_eq(mldsa_strerror(1), "unknown error");
    ck_assert_str_eq(mldsa_strerror(-2147483647 - 1), "unknown error");
}
END_TEST

/* SampleInBall (FIPS 204 Algorithm 29) as written, on one long SHAKE256 output. */
static void sample_in_ball_spec(int32_t c[256], const uint8_t *ctilde,
                                size_t len, int tau)
{
    static uint8_t stream[16384];
    size_t pos = 8, i, j;
    uint64_t signs = 0;

    SHA3_shake256(stream, sizeof(stream), ctilde, len);
    for (i = 0; i < 8; i++)
        signs |= (uint64_t)stream[i] << (8 * i);
    memset(c, 0, 256 * sizeof(c[0]));
    for (i = 256 - (size_t)tau; i < 256; i++) {
        do {
            j = stream[pos++];
        } while (j > i);
        c[i] = c[j];
        /* tau <= 64 in FIPS 204; past 64 bits the test compares |c| only */
        c[j] = i + tau - 256 < 64 && ((signs >> (i + tau - 256)) & 1) ? -1 : 1;
    }
}

START_TEST(sample_in_ball_matches_the_specification_across_squeeze_blocks)
{
    /* the three taus, and large ones that need many SHAKE256 blocks */
    static const int taus[] = { 39, 49, 60, 64, 128, 200, 256 };
    uint8_t ctilde[64];
    int32_t want[256];
    ML_DSA_POLY c;
    size_t t, i, ones;
    int round;

    for (t = 0; t < sizeof(taus) / sizeof(taus[0]); t++) {
        for (round = 0; round < 20; round++) {
            test_rand_bytes(ctilde, sizeof(ctilde));
            ossl_ml_dsa_poly_sample_in_ball(&c, ctilde, 32 + 16 * (round % 3),
                                            taus[t]);
            sample_in_ball_spec(want, ctilde, 32 + 16 * (round % 3), taus[t]);
            for (i = 0, ones = 0; i < 256; i++) {
                if (taus[t] > 64) {
                    c.coeff[i] = abs(c.coeff[i]);
                    want[i] = abs(want[i]);
                }
                ones += c.coeff[i] != 0;
            }
            ck_assert_mem_eq(c.coeff, want, sizeof(want));
            ck_assert_uint_eq(ones, (size_t)taus[t]);
        }
    }
}
END_TEST

/*
 * One key object used from several threads at once (the key is read-only
 * once made): every thread's deterministic signatures equal the ones made
 * on one thread, and every signature verifies under the shared key.
 */
#define SHARED_KEY_THREADS 4
#define SHARED_KEY_MESSAGES 8

typedef struct {
    const MLDSA_KEY *key;
    const uint8_t (*expected)[MLDSA_MAX_SIGNATURE_BYTES];
    size_t siglen;
    int failures;
} SHARED_KEY_JOB;

static void *sign_with_shared_key(void *arg)
{
    SHARED_KEY_JOB *job = arg;
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], msg[1];
    int m;

    for (m = 0; m < SHARED_KEY_MESSAGES; m++) {
        msg[0] = (uint8_t)m;
        if (mldsa_key_sign(job->key, sig, msg, sizeof(msg), NULL, 0, zero_rnd)
                != MLDSA_OK
            || memcmp(sig, job->expected[m], job->siglen) != 0
            || mldsa_key_verify(job->key, sig, job->siglen, msg, sizeof(msg),
                                NULL, 0) != MLDSA_OK)
            job->failures++;
    }
    return NULL;
}

/*
 * Batch verification: signatures of keys of every parameter set, valid or
 * with a flipped bit (in ctilde, z, the hints, the message, the context),
 * one to a key or many (a key object that can also sign, or verify only).
 */
#define BATCH_KEYS 6
#define BATCH_SIGS 24
typedef struct {
    FIXTURE f[BATCH_KEYS];
    MLDSA_KEY *key[BATCH_KEYS];
    uint8_t sig[BATCH_SIGS][MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t msg[BATCH_SIGS][MAX_MSG];
    MLDSA_VERIFY_ITEM item[BATCH_SIGS];
} BATCH;

static void batch_setup(BATCH *b)
{
    size_t i, bit;

    for (i = 0; i < BATCH_KEYS; i++) {
        fixture(&b->f[i], params[i % NPARAMS]);
        if (i < NPARAMS)
            ck_assert_int_eq(mldsa_key_from_public(&b->key[i], b->f[i].p,
                                                   b->f[i].pk, b->f[i].pklen),
                             MLDSA_OK);
        else
            ck_assert_int_eq(mldsa_key_from_seed(&b->key[i], b->f[i].p,
                                                 b->f[i].seed, 32), MLDSA_OK);
    }
    for (i = 0; i < BATCH_SIGS; i++) {
        FIXTURE *f = &b->f[i % BATCH_KEYS];
        MLDSA_VERIFY_ITEM *it = &b->item[i];

        sign_fixture(f, b->sig[i]);
        memcpy(b->msg[i], f->msg, f->msglen);
        it->key = b->key[i % BATCH_KEYS];
        it->msg = f->msglen != 0 ? b->msg[i] : NULL;
        it->msglen = f->msglen;
        it->ctx = f->ctxlen != 0 ? f->ctx : NULL;
        it->ctxlen = f->ctxlen;
        it->sig = b->sig[i];
        it->siglen = f->siglen;
        it->result = 12345;
        switch (i % 4) {
        case 1:         /* a bit of the signature */
            bit = (size_t)test_rand_below(8 * f->siglen);
            b->sig[i][bit / 8] ^= (uint8_t)(1u << (bit % 8));
            break;
        case 2:         /* a bit of the message, when there is one */
            if (f->msglen != 0)
                b->msg[i][0] ^= 1;
            break;
        default:
            break;
        }
    }
}

static void batch_teardown(BATCH *b)
{
    for (size_t i = 0; i < BATCH_KEYS; i++)
        mldsa_key_free(b->key[i]);
}

/* The item's result is mldsa_key_verify's on it; so is the return. */
static void batch_expect(MLDSA_VERIFY_ITEM *items, size_t n, const char *what)
{
    static MLDSA_VERIFY_ITEM copy[1000];
    int want, all = MLDSA_OK, rv;
    size_t i;

    ck_assert_uint_le(n, 1000);
    memcpy(copy, items, n * sizeof(items[0]));
    rv = mldsa_key_verify_batch(items, n);
    for (i = 0; i < n; i++) {
        want = mldsa_key_verify(items[i].key, items[i].sig, items[i].siglen,
                                items[i].msg, items[i].msglen, items[i].ctx,
                                items[i].ctxlen);
        ck_assert_msg(items[i].result == want, "%s: item %zu of %zu gave %s, "
                      "mldsa_key_verify %s", what, i, n,
                      mldsa_strerror(items[i].result), mldsa_strerror(want));
        if (want != MLDSA_OK)
            all = MLDSA_ERR_VERIFY;
        /* only the result is written */
        copy[i].result = items[i].result;
        ck_assert(memcmp(&copy[i], &items[i], sizeof(items[i])) == 0);
    }
    ck_assert_msg(rv == all, "%s: returned %s", what, mldsa_strerror(rv));
}

START_TEST(batch_of_0_1_7_8_9_and_1000_items_equals_key_verify_on_each)
{
    static const size_t sizes[] = { 0, 1, 7, 8, 9, 1000 };
    static BATCH b;
    static MLDSA_VERIFY_ITEM items[1000];
    char what[32];
    size_t s, i;

    batch_setup(&b);
    for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        for (int round = 0; round < 3; round++) {
            for (i = 0; i < sizes[s]; i++)
                items[i] = b.item[round == 0 ? i % BATCH_SIGS
                                  : (size_t)test_rand_below(BATCH_SIGS)];
            snprintf(what, sizeof(what), "n = %zu", sizes[s]);
            batch_expect(items, sizes[s], what);
        }
    }
    /* every signature valid: MLDSA_OK */
    for (i = 0; i < 9; i++)
        items[i] = b.item[4 * (i % (BATCH_SIGS / 4))];
    batch_expect(items, 9, "all valid");
    ck_assert_int_eq(mldsa_key_verify_batch(items, 9), MLDSA_OK);
    batch_teardown(&b);
}
END_TEST

START_TEST(batch_bad_arguments_each_give_key_verify_result)
{
    static BATCH b;
    MLDSA_VERIFY_ITEM items[16], *it;
    size_t n = 0, i;

    ck_assert_int_eq(mldsa_key_verify_batch(NULL, 1), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_verify_batch(NULL, 0), MLDSA_OK);
    batch_setup(&b);
    /* a valid one */
    items[n++] = b.item[0];
    /* no key */
    items[n] = b.item[4];
    items[n++].key = NULL;
    /* no signature, with and without a length */
    items[n] = b.item[8];
    items[n++].sig = NULL;
    items[n] = b.item[8];
    items[n].sig = NULL;
    items[n++].siglen = 0;
    /* a signature one byte short, one byte long */
    items[n] = b.item[12];
    items[n++].siglen--;
    items[n] = b.item[12];
    items[n++].siglen++;
    /* no message: with a length, and empty */
    items[n] = b.item[16];
    items[n++].msg = NULL;
    items[n] = b.item[16];
    items[n].msg = NULL;
    items[n++].msglen = 0;
    /* no context: with a length, and empty */
    items[n] = b.item[20];
    items[n].ctx = NULL;
    items[n++].ctxlen = 1;
    items[n] = b.item[20];
    items[n].ctx = NULL;
    items[n++].ctxlen = 0;
    /* a context of 256 bytes */
    items[n] = b.item[0];
    items[n].ctx = b.sig[0];
    items[n++].ctxlen = 256;
    /* another parameter set's key for the signature */
    items[n] = b.item[0];
    items[n++].key = b.key[1];
    /* a signing key object's own signatures */
    items[n++] = b.item[3];
    items[n++] = b.item[5];
    ck_assert_uint_le(n, 16);
    batch_expect(items, n, "bad arguments together");
    for (i = 0; i < n; i++) {
        it = &items[i];
        batch_expect(it, 1, "bad argument alone");
    }
    batch_teardown(&b);
}
END_TEST

START_TEST(one_key_signs_and_verifies_from_several_threads_at_once)
{
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    static uint8_t expected[SHARED_KEY_MESSAGES][MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t seed[MLDSA_SEED_BYTES], msg[1];
    pthread_t threads[SHARED_KEY_THREADS];
    SHARED_KEY_JOB jobs[SHARED_KEY_THREADS];
    MLDSA_KEY *key = NULL;
    int m, i;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_65, seed), MLDSA_OK);
    for (m = 0; m < SHARED_KEY_MESSAGES; m++) {
        msg[0] = (uint8_t)m;
        ck_assert_int_eq(mldsa_key_sign(key, expected[m], msg, sizeof(msg),
                                        NULL, 0, zero_rnd), MLDSA_OK);
    }
    for (i = 0; i < SHARED_KEY_THREADS; i++) {
        jobs[i].key = key;
        jobs[i].expected = (const uint8_t (*)[MLDSA_MAX_SIGNATURE_BYTES])expected;
        jobs[i].siglen = mldsa_signature_bytes(MLDSA_65);
        jobs[i].failures = 0;
        ck_assert_int_eq(pthread_create(&threads[i], NULL,
                                        sign_with_shared_key, &jobs[i]), 0);
    }
    for (i = 0; i < SHARED_KEY_THREADS; i++) {
        ck_assert_int_eq(pthread_join(threads[i], NULL), 0);
        ck_assert_int_eq(jobs[i].failures, 0);
    }
    mldsa_key_free(key);
}
END_TEST

static Suite *sign_suite(void)
{
    Suite *s = suite_create("sign");
    TCase *rt = tcase_create("round_trips");
    TCase *bad = tcase_create("bad_input");

    tcase_add_test(rt, pure_sign_verify_round_trips_for_every_parameter_set);
    tcase_add_test(rt, prehash_sign_verify_round_trips_for_every_hash);
    tcase_add_test(rt, external_mu_and_internal_interface_agree_with_pure);
    tcase_add_test(rt, hedged_signatures_differ_and_all_verify);
    tcase_add_test(rt, deterministic_signing_repeats_and_zero_rnd_is_deterministic);
    tcase_add_test(rt, a_flipped_bit_in_signature_message_context_or_key_fails);
    tcase_add_test(rt, random_bytes_never_verify);
    tcase_add_test(rt, key_object_and_one_shot_give_identical_bytes);
    tcase_add_test(rt, key_generate_from_os_randomness_gives_working_distinct_keys);
    tcase_add_test(rt, pk_from_sk_recomputes_the_public_key);
    tcase_add_test(rt, streaming_mu_equals_compute_mu);
    tcase_add_test(rt, a_duplicated_streaming_mu_goes_on_independently);
    tcase_add_test(rt, sample_in_ball_matches_the_specification_across_squeeze_blocks);
    tcase_add_test(rt, one_key_signs_and_verifies_from_several_threads_at_once);
    tcase_add_test(rt, batch_of_0_1_7_8_9_and_1000_items_equals_key_verify_on_each);
    tcase_set_timeout(rt, 60);
    tcase_add_test(bad, context_longer_than_255_bytes_is_refused);
    tcase_add_test(bad, wrong_signature_length_is_refused);
    tcase_add_test(bad, wrong_public_key_length_is_refused);
    tcase_add_test(bad, wrong_secret_key_length_is_refused);
    tcase_add_test(bad, secret_key_coefficients_out_of_range_are_refused);
    tcase_add_test(bad, inconsistent_tr_or_t0_is_a_key_mismatch);
    tcase_add_test(bad, malformed_hint_encodings_do_not_verify);
    tcase_add_test(bad, z_at_or_beyond_its_bound_does_not_verify);
    tcase_add_test(bad, digest_of_the_wrong_length_is_refused);
    tcase_add_test(bad, null_with_a_non_zero_length_is_refused);
    tcase_add_test(bad, batch_bad_arguments_each_give_key_verify_result);
    tcase_add_test(bad, unknown_parameter_set_is_refused);
    tcase_add_test(bad, unknown_hash_is_refused);
    tcase_add_test(bad, key_object_refusals_name_what_is_missing);
    tcase_add_test(bad, every_error_code_has_its_own_message);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, rt);
    suite_add_tcase(s, bad);
    return s;
}

int main(void)
{
    return test_run_suite(sign_suite());
}
