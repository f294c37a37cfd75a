/*
 * The provider module (providers/mldsa.so) through OpenSSL's EVP API, in a
 * library context that loads it with the default provider from an
 * openssl.cnf: key generation (fresh and from a seed, equal to the
 * library's keys), signing and verifying with and without contexts,
 * deterministic and with test-entropy (equal to the library's signatures),
 * streamed messages, EVP_PKEY_sign, the raw and mu message encodings, the
 * key's parameters and checks, every encoder and decoder form (equal to the
 * library's encodings), encrypted PKCS#8, the ml-dsa.* settings, one key
 * shared by several threads, every known-answer vector of test/vectors
 * that EVP can express, and every bad argument and malformed key, each
 * refused with the provider's reason on OpenSSL's error stack; the TLS-SIGALG
 * capability declared from OpenSSL 3.2 on only.
 * Built only with OpenSSL 3 (make sets TEST_PROVIDER_MODULE to the module's
 * path); otherwise one skipped case that says why.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "testutil.h"

#ifdef TEST_PROVIDER_SKIP

int main(void)
{
    printf("SKIP: the provider suite: %s\n", TEST_PROVIDER_SKIP);
    printf("0 passed, 0 failed, 1 skipped\n");
    return EXIT_SUCCESS;
}

#else

#include <pthread.h>
#include <unistd.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include "kat_cases.h"
#include "provider_testutil.h"

#define MSG_MAX 2048
#define THREADS 4
#define THREAD_ROUNDS 6
#define BUF_MAX 16384

/* More of the provider's reasons (providers/errors.c). */
#define R_NO_KEY "no key, or no private key, for this operation"
#define R_BAD_LENGTH "wrong length"
#define R_DIGEST "explicit digest not supported for ML-DSA"
#define R_NOT_SUPPORTED "operation not supported"
#define R_NO_FORMAT "no enabled ML-DSA private key format"
#define R_FINISHED "final already called: initialise again"

/*
 * Every case runs our provider: OpenSSL 3.5's default provider has an ML-DSA
 * of its own under the same names.  Keys and operations are fetched with
 * OURS; decoders, which chain OpenSSL's own PEM and decryption steps before
 * ours, with PREFER_OURS; assert_ours checks what was picked.
 */
#define OURS "provider=mldsa"
#define PREFER_OURS "?provider=mldsa"

/* The library context of most tests: the provider with its defaults. */
static OSSL_LIB_CTX *lib;

/* what ran in prov, which must be ours. */
#define assert_ours(prov, what) assert_provider(prov, "mldsa", what)

static const char *name_of(mldsa_param p)
{
    return alg_names[p == MLDSA_44 ? 0 : p == MLDSA_65 ? 1 : 2];
}

static void setup(void)
{
    lib = provider_libctx("", "");
}

static void teardown(void)
{
    OSSL_LIB_CTX_free(lib);
    lib = NULL;
}

/*
 * 1 when OpenSSL's error queue holds an error of the provider with reason
 * and, when detail is not NULL, a detail containing it; the queue is
 * emptied either way.
 */
static int provider_error(const char *reason, const char *detail)
{
    const char *file, *func, *data, *lib_name, *why;
    int line, flags, found = 0;
    unsigned long e;

    while ((e = ERR_get_error_all(&file, &line, &func, &data, &flags)) != 0) {
        lib_name = ERR_lib_error_string(e);
        why = ERR_reason_error_string(e);
        if (lib_name != NULL && strcmp(lib_name, "mldsa") == 0 && why != NULL
            && strcmp(why, reason) == 0
            && (detail == NULL || ((flags & ERR_TXT_STRING) && strstr(data, detail) != NULL)))
            found = 1;
    }
    return found;
}

/*
 * A signature that does not verify raises no error: 1 when the queue is
 * empty but for what EVP itself adds then from OpenSSL 3.4 on ("provider
 * signature failure"); the queue is emptied.
 */
static int no_error_but_a_failed_verify(void)
{
    unsigned long e;
    int clean = 1;

    while ((e = ERR_get_error()) != 0) {
#ifdef EVP_R_PROVIDER_SIGNATURE_FAILURE
        if (ERR_GET_LIB(e) == ERR_LIB_EVP
            && ERR_GET_REASON(e) == EVP_R_PROVIDER_SIGNATURE_FAILURE)
            continue;
#endif
        clean = 0;
    }
    return clean;
}

#define ASSERT_REFUSED(reason, detail)                                         \
    ck_assert_msg(provider_error(reason, detail), "no '%s' / '%s' on the error stack", \
                  reason, detail ? detail : "")

/* A key of p generated through EVP (from seed when not NULL). */
static EVP_PKEY *generate(OSSL_LIB_CTX *ctx, mldsa_param p, const uint8_t *seed)
{
    OSSL_PARAM prm[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
    EVP_PKEY_CTX *kctx;
    EVP_PKEY *pkey = NULL;

    if (seed != NULL)
        prm[0] = OSSL_PARAM_construct_octet_string("seed", (void *)seed, MLDSA_SEED_BYTES);
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(ctx, name_of(p), OURS));
    ck_assert_int_eq(EVP_PKEY_keygen_init(kctx), 1);
    ck_assert_int_eq(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ck_assert_int_eq(EVP_PKEY_generate(kctx, &pkey), 1);
    assert_ours(EVP_PKEY_get0_provider(pkey), "a generated key");
    EVP_PKEY_CTX_free(kctx);
    return pkey;
}

/* A key of p imported from seed / priv / pub (each NULL when absent); NULL
 * when the provider refuses it. */
static EVP_PKEY *import(OSSL_LIB_CTX *ctx, mldsa_param p, const uint8_t *seed,
                        size_t seedlen, const uint8_t *sk, size_t sklen,
                        const uint8_t *pk, size_t pklen)
{
    OSSL_PARAM prm[4];
    EVP_PKEY_CTX *kctx;
    EVP_PKEY *pkey = NULL;
    size_t n = 0;

    if (seed != NULL)
        prm[n++] = OSSL_PARAM_construct_octet_string("seed", (void *)seed, seedlen);
    if (sk != NULL)
        prm[n++] = OSSL_PARAM_construct_octet_string("priv", (void *)sk, sklen);
    if (pk != NULL)
        prm[n++] = OSSL_PARAM_construct_octet_string("pub", (void *)pk, pklen);
    prm[n] = OSSL_PARAM_construct_end();
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(ctx, name_of(p), OURS));
    ck_assert_int_eq(EVP_PKEY_fromdata_init(kctx), 1);
    if (EVP_PKEY_fromdata(kctx, &pkey, seed != NULL || sk != NULL ? EVP_PKEY_KEYPAIR
                                                                 : EVP_PKEY_PUBLIC_KEY,
                          prm) != 1)
        pkey = NULL;
    else
        assert_ours(EVP_PKEY_get0_provider(pkey), "an imported key");
    EVP_PKEY_CTX_free(kctx);
    return pkey;
}

/* The octet-string parameter name of pkey into buf; its length (0 if absent). */
static size_t octets(const EVP_PKEY *pkey, const char *name, uint8_t *buf, size_t max)
{
    size_t len = 0;

    if (EVP_PKEY_get_octet_string_param(pkey, name, buf, max, &len) != 1)
        return 0;
    return len;
}

/* Signing options: a context, rnd (test-entropy), the message encoding, mu. */
typedef struct {
    const uint8_t *ctx;
    size_t ctxlen;
    const uint8_t *rnd;
    int deterministic;
    int raw;           /* message-encoding 0: the message is M' */
    int mu;            /* the message is mu */
} SIGN_OPTS;

/* The OSSL_PARAMs of o into prm (room for 6). */
static void opts_params(const SIGN_OPTS *o, OSSL_PARAM *prm, int *encoding, int *mu,
                        int *det)
{
    size_t n = 0;

    if (o != NULL && o->ctx != NULL)
        prm[n++] = OSSL_PARAM_construct_octet_string("context-string", (void *)o->ctx,
                                                     o->ctxlen);
    if (o != NULL && o->rnd != NULL)
        prm[n++] = OSSL_PARAM_construct_octet_string("test-entropy", (void *)o->rnd,
                                                     MLDSA_RND_BYTES);
    *det = o != NULL && o->deterministic;
    *encoding = o != NULL && o->raw ? 0 : 1;
    *mu = o != NULL && o->mu;
    prm[n++] = OSSL_PARAM_construct_int("deterministic", det);
    prm[n++] = OSSL_PARAM_construct_int("message-encoding", encoding);
    prm[n++] = OSSL_PARAM_construct_int("mu", mu);
    prm[n] = OSSL_PARAM_construct_end();
}

/* EVP_DigestSign of msg in ctx: 1 with the signature in sig (*siglen its
 * room, then its length), 0 when refused. */
static int evp_sign(OSSL_LIB_CTX *ctx, EVP_PKEY *pkey, const SIGN_OPTS *o,
                    const uint8_t *msg, size_t msglen, uint8_t *sig, size_t *siglen)
{
    OSSL_PARAM prm[6];
    EVP_MD_CTX *md;
    int encoding, mu, det, ok;

    opts_params(o, prm, &encoding, &mu, &det);
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    ok = EVP_DigestSignInit_ex(md, NULL, NULL, ctx, OURS, pkey, prm) == 1;
    if (ok)
        assert_ours(EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(md)), "a signature");
    ok = ok && EVP_DigestSign(md, sig, siglen, msg, msglen) == 1;
    EVP_MD_CTX_free(md);
    return ok;
}

/* EVP_DigestVerify: 1 valid, 0 not valid, below 0 refused. */
static int evp_verify(OSSL_LIB_CTX *ctx, EVP_PKEY *pkey, const SIGN_OPTS *o,
                      const uint8_t *msg, size_t msglen, const uint8_t *sig,
                      size_t siglen)
{
    OSSL_PARAM prm[6];
    EVP_MD_CTX *md;
    int encoding, mu, det, rv = -1;

    opts_params(o, prm, &encoding, &mu, &det);
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    if (EVP_DigestVerifyInit_ex(md, NULL, NULL, ctx, OURS, pkey, prm) == 1) {
        assert_ours(EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(md)), "a verification");
        rv = EVP_DigestVerify(md, sig, siglen, msg, msglen);
    }
    EVP_MD_CTX_free(md);
    return rv;
}

/* ---- the provider is there ------------------------------------------------ */

START_TEST(provider_is_loaded_under_openssl_35s_names)
{
    static const char *const aliases[] = {
        "ML-DSA-44", "MLDSA44", "id-ml-dsa-44", "2.16.840.1.101.3.4.3.17",
        "ML-DSA-65", "MLDSA65", "id-ml-dsa-65", "2.16.840.1.101.3.4.3.18",
        "ML-DSA-87", "MLDSA87", "id-ml-dsa-87", "2.16.840.1.101.3.4.3.19",
    };
    const char *name = NULL, *buildinfo = NULL;
    OSSL_PARAM prm[3];
    OSSL_PROVIDER *prov;

    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
        EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(lib, aliases[i], "provider=mldsa");
        EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(lib, aliases[i], "provider=mldsa");

        ck_assert_msg(km != NULL && sig != NULL, "%s not fetched", aliases[i]);
        ck_assert(EVP_KEYMGMT_is_a(km, alg_names[i / 4]));
        ck_assert_str_eq(OSSL_PROVIDER_get0_name(EVP_SIGNATURE_get0_provider(sig)), "mldsa");
        EVP_KEYMGMT_free(km);
        EVP_SIGNATURE_free(sig);
    }
    ck_assert_ptr_nonnull(prov = OSSL_PROVIDER_load(lib, "mldsa"));
    prm[0] = OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, (char **)&name, 0);
    prm[1] = OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&buildinfo, 0);
    prm[2] = OSSL_PARAM_construct_end();
    ck_assert_int_eq(OSSL_PROVIDER_get_params(prov, prm), 1);
    ck_assert_str_eq(name, "libmldsa ML-DSA provider");
    ck_assert_str_eq(buildinfo, mldsa_build_info());
    /* the library's known-answer self-tests */
    ck_assert_int_eq(OSSL_PROVIDER_self_test(prov), 1);
    OSSL_PROVIDER_unload(prov);
}
END_TEST

/* Count one capability entry into the counter arg. */
static int count_entry(const OSSL_PARAM params[], void *arg)
{
    (void)params;
    ++*(int *)arg;
    return 1;
}

/*
 * The TLS-SIGALG capability (ML-DSA-44/65/87) is declared when the
 * libcrypto the module runs in is 3.2 or later, whose libssl takes
 * signature algorithms from providers, and not on 3.0 and 3.1 (whatever
 * headers the module was built with); no other capability (TLS-GROUP) is.
 */
START_TEST(tls_sigalgs_are_declared_from_openssl_32_on)
{
    OSSL_PROVIDER *prov;
    int n = 0, groups = 0;

    ck_assert_ptr_nonnull(prov = OSSL_PROVIDER_load(lib, "mldsa"));
    ck_assert_int_eq(OSSL_PROVIDER_get_capabilities(prov, "TLS-SIGALG", count_entry, &n), 1);
    ck_assert_int_eq(n, OpenSSL_version_num() >= 0x30200000L ? NPARAMS : 0);
    ck_assert_int_eq(OSSL_PROVIDER_get_capabilities(prov, "TLS-GROUP", count_entry, &groups), 1);
    ck_assert_int_eq(groups, 0);
    OSSL_PROVIDER_unload(prov);
}
END_TEST

/* ---- keys, signatures, and the library's bytes ------------------------------ */

START_TEST(keygen_sign_verify_with_and_without_contexts)
{
    mldsa_param p = params[_i];
    uint8_t msg[MSG_MAX], ctx[MLDSA_MAX_CONTEXT_BYTES], sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t msglen = 1 + (size_t)test_rand_below(MSG_MAX), siglen, pklen;
    SIGN_OPTS with = { ctx, 1 + (size_t)test_rand_below(MLDSA_MAX_CONTEXT_BYTES), NULL, 0, 0, 0 };
    SIGN_OPTS other = with;
    EVP_PKEY *pkey = generate(lib, p, NULL), *pub;

    test_rand_bytes(msg, msglen);
    test_rand_bytes(ctx, sizeof(ctx));
    pklen = octets(pkey, "pub", pk, sizeof(pk));
    ck_assert_uint_eq(pklen, mldsa_public_key_bytes(p));
    ck_assert_ptr_nonnull(pub = import(lib, p, NULL, 0, NULL, 0, pk, pklen));
    for (int c = 0; c < 2; c++) {
        const SIGN_OPTS *o = c ? &with : NULL;

        siglen = sizeof(sig);
        ck_assert(evp_sign(lib, pkey, o, msg, msglen, sig, &siglen));
        ck_assert_uint_eq(siglen, mldsa_signature_bytes(p));
        ck_assert_int_eq(evp_verify(lib, pub, o, msg, msglen, sig, siglen), 1);
        ck_assert_int_eq(evp_verify(lib, pkey, o, msg, msglen, sig, siglen), 1);
        /* the library verifies the provider's signature */
        ck_assert_int_eq(mldsa_verify(p, sig, siglen, msg, msglen, c ? ctx : NULL,
                                      c ? with.ctxlen : 0, pk), MLDSA_OK);
        msg[0] ^= 1;
        ck_assert_int_eq(evp_verify(lib, pub, o, msg, msglen, sig, siglen), 0);
        ck_assert(no_error_but_a_failed_verify());   /* an invalid signature is no error */
        msg[0] ^= 1;
    }
    other.ctxlen = with.ctxlen - 1;
    ck_assert_int_eq(evp_verify(lib, pub, &other, msg, msglen, sig, siglen), 0);
    ck_assert_int_eq(evp_verify(lib, pub, NULL, msg, msglen, sig, siglen), 0);
    ck_assert_int_eq(evp_verify(lib, pub, &with, msg, msglen, sig, siglen - 1), 0);
    ck_assert(no_error_but_a_failed_verify());
    EVP_PKEY_free(pub);
    EVP_PKEY_free(pkey);
}
END_TEST

START_TEST(keys_from_a_seed_are_the_librarys)
{
    mldsa_param p = params[_i];
    uint8_t seed[MLDSA_SEED_BYTES], got[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    EVP_PKEY *pkey, *again;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_keygen(p, pk, sk, seed), MLDSA_OK);
    pkey = generate(lib, p, seed);
    ck_assert_uint_eq(octets(pkey, "pub", got, sizeof(got)), mldsa_public_key_bytes(p));
    ck_assert_mem_eq(got, pk, mldsa_public_key_bytes(p));
    ck_assert_uint_eq(octets(pkey, "priv", got, sizeof(got)), mldsa_secret_key_bytes(p));
    ck_assert_mem_eq(got, sk, mldsa_secret_key_bytes(p));
    ck_assert_uint_eq(octets(pkey, "seed", got, sizeof(got)), MLDSA_SEED_BYTES);
    ck_assert_mem_eq(got, seed, MLDSA_SEED_BYTES);
    /* import from the seed, the expanded key, both, and with the public key */
    ck_assert_ptr_nonnull(again = import(lib, p, seed, 32, NULL, 0, NULL, 0));
    ck_assert_int_eq(EVP_PKEY_eq(pkey, again), 1);
    EVP_PKEY_free(again);
    ck_assert_ptr_nonnull(again = import(lib, p, NULL, 0, sk, mldsa_secret_key_bytes(p),
                                         pk, mldsa_public_key_bytes(p)));
    ck_assert_int_eq(EVP_PKEY_eq(pkey, again), 1);
    ck_assert_uint_eq(octets(again, "seed", got, sizeof(got)), 0);
    EVP_PKEY_free(again);
    ck_assert_ptr_nonnull(again = import(lib, p, seed, 32, sk, mldsa_secret_key_bytes(p),
                                         NULL, 0));
    ck_assert_uint_eq(octets(again, "seed", got, sizeof(got)), MLDSA_SEED_BYTES);
    EVP_PKEY_free(again);
    EVP_PKEY_free(pkey);
}
END_TEST

START_TEST(deterministic_and_test_entropy_signatures_are_the_librarys)
{
    mldsa_param p = params[_i];
    static const uint8_t zero[MLDSA_RND_BYTES];
    uint8_t seed[32], rnd[32], msg[MSG_MAX], ctx[17];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t msglen = (size_t)test_rand_below(MSG_MAX), siglen = mldsa_signature_bytes(p), len;
    SIGN_OPTS det = { ctx, sizeof(ctx), NULL, 1, 0, 0 };
    SIGN_OPTS entropy = { ctx, sizeof(ctx), rnd, 0, 0, 0 };
    EVP_PKEY *pkey;

    test_rand_bytes(seed, sizeof(seed));
    test_rand_bytes(rnd, sizeof(rnd));
    test_rand_bytes(msg, msglen);
    test_rand_bytes(ctx, sizeof(ctx));
    ck_assert_int_eq(mldsa_keygen(p, pk, sk, seed), MLDSA_OK);
    pkey = generate(lib, p, seed);
    ck_assert_int_eq(mldsa_sign(p, want, msg, msglen, ctx, sizeof(ctx), sk, zero), MLDSA_OK);
    len = sizeof(sig);
    ck_assert(evp_sign(lib, pkey, &det, msg, msglen, sig, &len));
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(mldsa_sign(p, want, msg, msglen, ctx, sizeof(ctx), sk, rnd), MLDSA_OK);
    len = sizeof(sig);
    ck_assert(evp_sign(lib, pkey, &entropy, msg, msglen, sig, &len));
    ck_assert_mem_eq(sig, want, siglen);
    EVP_PKEY_free(pkey);
}
END_TEST

START_TEST(a_streamed_message_signs_as_the_whole)
{
    mldsa_param p = params[_i];
    uint8_t msg[MSG_MAX], ctx[9] = "streaming", sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t head_sig[MLDSA_MAX_SIGNATURE_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES];
    size_t msglen = 2 + (size_t)test_rand_below(MSG_MAX - 2), cut, len;
    size_t siglen = mldsa_signature_bytes(p);
    int det = 1;
    OSSL_PARAM prm[3];
    SIGN_OPTS o = { ctx, sizeof(ctx), NULL, 1, 0, 0 };
    EVP_MD_CTX *md, *copy;
    EVP_PKEY *pkey = generate(lib, p, NULL);

    test_rand_bytes(msg, msglen);
    cut = 1 + (size_t)test_rand_below(msglen - 1);
    prm[0] = OSSL_PARAM_construct_octet_string("context-string", ctx, sizeof(ctx));
    prm[1] = OSSL_PARAM_construct_int("deterministic", &det);
    prm[2] = OSSL_PARAM_construct_end();
    md = EVP_MD_CTX_new();
    ck_assert_int_eq(EVP_DigestSignInit_ex(md, NULL, NULL, lib, OURS, pkey, prm), 1);
    ck_assert_int_eq(EVP_DigestSignUpdate(md, msg, cut), 1);
    /* a copy taken here finishes over the head only */
    ck_assert_ptr_nonnull(copy = EVP_MD_CTX_new());
    ck_assert_int_eq(EVP_MD_CTX_copy_ex(copy, md), 1);
    len = 0;
    ck_assert_int_eq(EVP_DigestSignFinal(copy, NULL, &len), 1);
    ck_assert_uint_eq(len, siglen);
    ck_assert_int_eq(EVP_DigestSignFinal(copy, head_sig, &len), 1);
    len = sizeof(want);
    ck_assert(evp_sign(lib, pkey, &o, msg, cut, want, &len));
    ck_assert_mem_eq(head_sig, want, siglen);
    /* Final signs a copy of the context: the message can go on after it */
    ck_assert_int_eq(EVP_DigestSignFinal(md, sig, &len), 1);
    ck_assert_mem_eq(sig, head_sig, siglen);
    ck_assert_int_eq(EVP_DigestSignUpdate(md, msg + cut, msglen - cut), 1);
    len = sizeof(sig);
    ck_assert_int_eq(EVP_DigestSignFinal(md, sig, &len), 1);
    len = sizeof(want);
    ck_assert(evp_sign(lib, pkey, &o, msg, msglen, want, &len));
    ck_assert_mem_eq(sig, want, siglen);
    /* verify in pieces */
    ck_assert_int_eq(EVP_DigestVerifyInit_ex(copy, NULL, NULL, lib, OURS, pkey, prm), 1);
    ck_assert_int_eq(EVP_DigestVerifyUpdate(copy, msg, cut), 1);
    ck_assert_int_eq(EVP_DigestVerifyUpdate(copy, msg + cut, msglen - cut), 1);
    ck_assert_int_eq(EVP_DigestVerifyFinal(copy, sig, siglen), 1);
    ck_assert_int_eq(EVP_DigestVerifyInit_ex(copy, NULL, NULL, lib, OURS, pkey, prm), 1);
    ck_assert_int_eq(EVP_DigestVerifyUpdate(copy, msg, cut), 1);
    ck_assert_int_eq(EVP_DigestVerifyFinal(copy, sig, siglen), 0);
    /* an empty message streamed is the empty message */
    ck_assert_int_eq(EVP_DigestSignInit_ex(copy, NULL, NULL, lib, OURS, pkey, prm), 1);
    len = sizeof(sig);
    ck_assert_int_eq(EVP_DigestSignFinal(copy, sig, &len), 1);
    ck_assert_int_eq(evp_verify(lib, pkey, &o, msg, 0, sig, siglen), 1);
    /*
     * EVP_MD_CTX_FLAG_FINALISE: final on the context itself ends the
     * message; another final or update is refused, not a signature of the
     * empty message (OpenSSL 3.0's EVP passes both to the provider; newer
     * ones may refuse them first)
     */
    ck_assert_int_eq(EVP_DigestSignInit_ex(copy, NULL, NULL, lib, OURS, pkey, prm), 1);
    EVP_MD_CTX_set_flags(copy, EVP_MD_CTX_FLAG_FINALISE);
    ck_assert_int_eq(EVP_DigestSignUpdate(copy, msg, msglen), 1);
    len = sizeof(sig);
    ck_assert_int_eq(EVP_DigestSignFinal(copy, sig, &len), 1);
    ck_assert_mem_eq(sig, want, siglen);
    len = sizeof(sig);
    ck_assert_int_le(EVP_DigestSignFinal(copy, sig, &len), 0);
    ck_assert_int_le(EVP_DigestSignUpdate(copy, msg, 1), 0);
    ERR_clear_error();
    ck_assert_int_eq(EVP_DigestVerifyInit_ex(copy, NULL, NULL, lib, OURS, pkey, prm), 1);
    EVP_MD_CTX_set_flags(copy, EVP_MD_CTX_FLAG_FINALISE);
    ck_assert_int_eq(EVP_DigestVerifyUpdate(copy, msg, msglen), 1);
    ck_assert_int_eq(EVP_DigestVerifyFinal(copy, sig, siglen), 1);
    ck_assert_int_le(EVP_DigestVerifyFinal(copy, sig, siglen), 0);
    ERR_clear_error();
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(pkey);
}
END_TEST

START_TEST(evp_pkey_sign_signs_the_message_itself)
{
    mldsa_param p = params[_i];
    static const uint8_t zero[MLDSA_RND_BYTES];
    uint8_t seed[32], msg[100], sig[MLDSA_MAX_SIGNATURE_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t siglen = mldsa_signature_bytes(p), len;
    int det = 1;
    OSSL_PARAM prm[2] = { OSSL_PARAM_int("deterministic", &det), OSSL_PARAM_END };
    EVP_PKEY_CTX *pctx;
    EVP_PKEY *pkey;

    test_rand_bytes(seed, sizeof(seed));
    test_rand_bytes(msg, sizeof(msg));
    ck_assert_int_eq(mldsa_keygen(p, pk, sk, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_sign(p, want, msg, sizeof(msg), NULL, 0, sk, zero), MLDSA_OK);
    pkey = generate(lib, p, seed);
    ck_assert_ptr_nonnull(pctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, OURS));
    ck_assert_int_eq(EVP_PKEY_sign_init_ex(pctx, prm), 1);
    /* one initialisation, many signatures */
    for (int i = 0; i < 2; i++) {
        len = 0;
        ck_assert_int_eq(EVP_PKEY_sign(pctx, NULL, &len, msg, sizeof(msg)), 1);
        ck_assert_uint_eq(len, siglen);
        ck_assert_int_eq(EVP_PKEY_sign(pctx, sig, &len, msg, sizeof(msg)), 1);
        ck_assert_mem_eq(sig, want, siglen);
    }
    len = siglen - 1;
    ck_assert_int_eq(EVP_PKEY_sign(pctx, sig, &len, msg, sizeof(msg)), 0);
    ASSERT_REFUSED(R_BAD_LENGTH, "signature bytes");
    ck_assert_int_eq(EVP_PKEY_verify_init(pctx), 1);
    ck_assert_int_eq(EVP_PKEY_verify(pctx, want, siglen, msg, sizeof(msg)), 1);
    ck_assert_int_eq(EVP_PKEY_verify(pctx, want, siglen, msg, sizeof(msg) - 1), 0);
    EVP_PKEY_CTX_free(pctx);
    EVP_PKEY_free(pkey);
}
END_TEST

START_TEST(raw_and_mu_message_encodings_are_the_internal_interface)
{
    mldsa_param p = params[_i];
    uint8_t seed[32], rnd[32], msg[300], mu[MLDSA_MU_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES];
    size_t siglen = mldsa_signature_bytes(p), len;
    SIGN_OPTS raw = { NULL, 0, rnd, 0, 1, 0 }, mu_opts = { NULL, 0, rnd, 0, 0, 1 };
    SIGN_OPTS pure = { NULL, 0, rnd, 0, 0, 0 };
    MLDSA_KEY *key;
    EVP_PKEY *pkey;

    test_rand_bytes(seed, sizeof(seed));
    test_rand_bytes(rnd, sizeof(rnd));
    test_rand_bytes(msg, sizeof(msg));
    ck_assert_int_eq(mldsa_key_from_seed(&key, p, seed, 32), MLDSA_OK);
    pkey = generate(lib, p, seed);
    ck_assert_int_eq(mldsa_key_sign_internal(key, want, msg, sizeof(msg), rnd), MLDSA_OK);
    len = sizeof(sig);
    ck_assert(evp_sign(lib, pkey, &raw, msg, sizeof(msg), sig, &len));
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(evp_verify(lib, pkey, &raw, msg, sizeof(msg), sig, siglen), 1);
    ck_assert_int_eq(evp_verify(lib, pkey, &pure, msg, sizeof(msg), sig, siglen), 0);
    ck_assert_int_eq(mldsa_key_compute_mu(key, mu, msg, sizeof(msg), NULL, 0), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_sign(key, want, msg, sizeof(msg), NULL, 0, rnd), MLDSA_OK);
    len = sizeof(sig);
    ck_assert(evp_sign(lib, pkey, &mu_opts, mu, sizeof(mu), sig, &len));
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(evp_verify(lib, pkey, &mu_opts, mu, sizeof(mu), sig, siglen), 1);
    ck_assert_int_eq(evp_verify(lib, pkey, &pure, msg, sizeof(msg), sig, siglen), 1);
    mldsa_key_free(key);
    EVP_PKEY_free(pkey);
}
END_TEST

#ifdef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
/* ---- the message-signing calls (OpenSSL 3.4 and later) ------------------------ */

/* A context of pkey initialised by EVP_PKEY_sign_message_init (sign) or
 * EVP_PKEY_verify_message_init with our ML-DSA-NN and prm. */
static EVP_PKEY_CTX *message_ctx(EVP_PKEY *pkey, int sign, const OSSL_PARAM *prm)
{
    EVP_SIGNATURE *alg;
    EVP_PKEY_CTX *pctx;

    ck_assert_ptr_nonnull(alg = EVP_SIGNATURE_fetch(lib, EVP_PKEY_get0_type_name(pkey), OURS));
    ck_assert_ptr_nonnull(pctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, OURS));
    if (sign)
        ck_assert_int_eq(EVP_PKEY_sign_message_init(pctx, alg, prm), 1);
    else
        ck_assert_int_eq(EVP_PKEY_verify_message_init(pctx, alg, prm), 1);
    assert_ours(EVP_PKEY_CTX_get0_provider(pctx), "a message-signing context");
    EVP_SIGNATURE_free(alg);
    return pctx;
}

/* EVP_PKEY_sign_message_update of msg in two pieces (cut), then _final
 * (after a size query, which keeps the message); the signature's length. */
static size_t sign_message(EVP_PKEY *pkey, const OSSL_PARAM *prm, const uint8_t *msg,
                           size_t msglen, size_t cut, uint8_t *sig)
{
    EVP_PKEY_CTX *pctx = message_ctx(pkey, 1, prm);
    size_t len = 0;

    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg, cut), 1);
    ck_assert_int_eq(EVP_PKEY_sign_message_final(pctx, NULL, &len), 1);
    ck_assert_uint_eq(len, (size_t)EVP_PKEY_get_size(pkey));
    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg + cut, msglen - cut), 1);
    ck_assert_int_eq(EVP_PKEY_sign_message_final(pctx, sig, &len), 1);
    EVP_PKEY_CTX_free(pctx);
    return len;
}

/* EVP_PKEY_verify_message_init, _set_signature, _update in two pieces,
 * _final: 1 valid, 0 not. */
static int verify_message(EVP_PKEY *pkey, const OSSL_PARAM *prm, const uint8_t *msg,
                          size_t msglen, size_t cut, const uint8_t *sig, size_t siglen)
{
    EVP_PKEY_CTX *pctx = message_ctx(pkey, 0, prm);
    int rv;

    ck_assert_int_eq(EVP_PKEY_CTX_set_signature(pctx, sig, siglen), 1);
    ck_assert_int_eq(EVP_PKEY_verify_message_update(pctx, msg, cut), 1);
    ck_assert_int_eq(EVP_PKEY_verify_message_update(pctx, msg + cut, msglen - cut), 1);
    rv = EVP_PKEY_verify_message_final(pctx);
    ERR_clear_error();
    EVP_PKEY_CTX_free(pctx);
    return rv;
}

/* One shot after the message-signing inits: EVP_PKEY_sign (its length, 0
 * when refused) and EVP_PKEY_verify (1 valid, 0 not). */
static size_t sign_once(EVP_PKEY *pkey, const OSSL_PARAM *prm, const uint8_t *in,
                        size_t inlen, uint8_t *sig)
{
    EVP_PKEY_CTX *pctx = message_ctx(pkey, 1, prm);
    size_t len = MLDSA_MAX_SIGNATURE_BYTES;

    if (EVP_PKEY_sign(pctx, sig, &len, in, inlen) != 1)
        len = 0;
    EVP_PKEY_CTX_free(pctx);
    return len;
}

static int verify_once(EVP_PKEY *pkey, const OSSL_PARAM *prm, const uint8_t *in,
                       size_t inlen, const uint8_t *sig, size_t siglen)
{
    EVP_PKEY_CTX *pctx = message_ctx(pkey, 0, prm);
    int rv = EVP_PKEY_verify(pctx, sig, siglen, in, inlen);

    ERR_clear_error();
    EVP_PKEY_CTX_free(pctx);
    return rv;
}

/*
 * EVP_PKEY_sign_message_* and EVP_PKEY_verify_message_* with each of OpenSSL
 * 3.5's parameters (context-string, deterministic, test-entropy,
 * message-encoding, mu, and algorithm-id read back): the library's bytes,
 * streamed or one-shot.
 */
START_TEST(message_signing_calls_with_every_parameter)
{
    mldsa_param p = params[_i];
    static const uint8_t zero[MLDSA_RND_BYTES];
    uint8_t seed[32], rnd[32], ctx[MLDSA_MAX_CONTEXT_BYTES], msg[MSG_MAX], mu[MLDSA_MU_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES], aid[32];
    size_t siglen = mldsa_signature_bytes(p), msglen = 2 + (size_t)test_rand_below(MSG_MAX - 2);
    size_t ctxlen = (size_t)test_rand_below(MLDSA_MAX_CONTEXT_BYTES + 1), cut;
    int one = 1, zero_int = 0;
    size_t len;
    OSSL_PARAM det[3], entropy[3], raw[3], with_mu[3], other[2], get[2];
    EVP_PKEY_CTX *pctx;
    MLDSA_KEY *key;
    EVP_PKEY *pkey;

    test_rand_bytes(seed, sizeof(seed));
    test_rand_bytes(rnd, sizeof(rnd));
    test_rand_bytes(ctx, sizeof(ctx));
    test_rand_bytes(msg, msglen);
    cut = (size_t)test_rand_below(msglen + 1);
    ck_assert_int_eq(mldsa_key_from_seed(&key, p, seed, 32), MLDSA_OK);
    pkey = generate(lib, p, seed);
    det[0] = OSSL_PARAM_construct_octet_string("context-string", ctx, ctxlen);
    det[1] = OSSL_PARAM_construct_int("deterministic", &one);
    det[2] = OSSL_PARAM_construct_end();
    entropy[0] = det[0];
    entropy[1] = OSSL_PARAM_construct_octet_string("test-entropy", rnd, sizeof(rnd));
    entropy[2] = det[2];
    raw[0] = OSSL_PARAM_construct_int("message-encoding", &zero_int);
    raw[1] = entropy[1];
    raw[2] = det[2];
    with_mu[0] = OSSL_PARAM_construct_int("mu", &one);
    with_mu[1] = entropy[1];
    with_mu[2] = det[2];
    other[0] = OSSL_PARAM_construct_octet_string("context-string", "other", 5);
    other[1] = det[2];

    /* deterministic, with the context: streamed and one-shot alike */
    ck_assert_int_eq(mldsa_key_sign(key, want, msg, msglen, ctx, ctxlen, zero), MLDSA_OK);
    ck_assert_uint_eq(sign_message(pkey, det, msg, msglen, cut, sig), siglen);
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_uint_eq(sign_once(pkey, det, msg, msglen, sig), siglen);
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(verify_message(pkey, det, msg, msglen, cut, want, siglen), 1);
    ck_assert_int_eq(verify_once(pkey, det, msg, msglen, want, siglen), 1);
    ck_assert_int_eq(verify_message(pkey, other, msg, msglen, cut, want, siglen), 0);
    ck_assert_int_eq(verify_message(pkey, det, msg, msglen - 1, cut / 2, want, siglen), 0);
    ck_assert_int_eq(verify_message(pkey, det, msg, msglen, cut, want, siglen - 1), 0);
    /* test-entropy: rnd */
    ck_assert_int_eq(mldsa_key_sign(key, want, msg, msglen, ctx, ctxlen, rnd), MLDSA_OK);
    ck_assert_uint_eq(sign_message(pkey, entropy, msg, msglen, cut, sig), siglen);
    ck_assert_mem_eq(sig, want, siglen);
    /* hedged (no parameter): fresh each time, and valid */
    ck_assert_uint_eq(sign_message(pkey, other, msg, msglen, cut, sig), siglen);
    ck_assert_uint_eq(sign_message(pkey, other, msg, msglen, cut, want), siglen);
    ck_assert(memcmp(sig, want, siglen) != 0);
    ck_assert_int_eq(verify_message(pkey, other, msg, msglen, cut, sig, siglen), 1);
    /* message-encoding 0: the input is M' (Algorithm 7), one-shot only */
    ck_assert_int_eq(mldsa_key_sign_internal(key, want, msg, msglen, rnd), MLDSA_OK);
    ck_assert_uint_eq(sign_once(pkey, raw, msg, msglen, sig), siglen);
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(verify_once(pkey, raw, msg, msglen, want, siglen), 1);
    ck_assert_int_eq(verify_once(pkey, NULL, msg, msglen, want, siglen), 0);
    pctx = message_ctx(pkey, 1, raw);
    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg, msglen), 0);
    ASSERT_REFUSED(R_NOT_SUPPORTED, "pure ML-DSA only");
    EVP_PKEY_CTX_free(pctx);
    /* mu: the input is mu itself */
    ck_assert_int_eq(mldsa_key_compute_mu(key, mu, msg, msglen, ctx, ctxlen), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_sign(key, want, msg, msglen, ctx, ctxlen, rnd), MLDSA_OK);
    ck_assert_uint_eq(sign_once(pkey, with_mu, mu, sizeof(mu), sig), siglen);
    ck_assert_mem_eq(sig, want, siglen);
    ck_assert_int_eq(verify_once(pkey, with_mu, mu, sizeof(mu), want, siglen), 1);
    ck_assert_uint_eq(sign_once(pkey, with_mu, mu, sizeof(mu) - 1, sig), 0);
    ASSERT_REFUSED(R_BAD_LENGTH, "mu of 63 bytes");
    /* algorithm-id: AlgorithmIdentifier { id-ml-dsa-NN } */
    pctx = message_ctx(pkey, 1, det);
    get[0] = OSSL_PARAM_construct_octet_string("algorithm-id", aid, sizeof(aid));
    get[1] = OSSL_PARAM_construct_end();
    ck_assert_int_eq(EVP_PKEY_CTX_get_params(pctx, get), 1);
    ck_assert_uint_eq(get[0].return_size, 13);
    ck_assert_int_eq(aid[12], p == MLDSA_44 ? 17 : p == MLDSA_65 ? 18 : 19);
    /* the context string is set before the message, not in the middle */
    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg, 1), 1);
    ck_assert_int_le(EVP_PKEY_CTX_set_params(pctx, other), 0);
    ASSERT_REFUSED(R_NOT_SUPPORTED, "before the message");
    EVP_PKEY_CTX_free(pctx);
    /* a message's final ends it: a second final or an update is refused */
    pctx = message_ctx(pkey, 1, det);
    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg, msglen), 1);
    len = sizeof(sig);
    ck_assert_int_eq(EVP_PKEY_sign_message_final(pctx, sig, &len), 1);
    ck_assert_int_eq(EVP_PKEY_sign_message_final(pctx, sig, &len), 0);
    ASSERT_REFUSED(R_FINISHED, "already signed or verified");
    ck_assert_int_eq(EVP_PKEY_sign_message_update(pctx, msg, 1), 0);
    ASSERT_REFUSED(R_FINISHED, "already signed or verified");
    EVP_PKEY_CTX_free(pctx);
    /* verify_message_final needs the signature first */
    pctx = message_ctx(pkey, 0, det);
    ck_assert_int_eq(EVP_PKEY_verify_message_update(pctx, msg, msglen), 1);
    ck_assert_int_le(EVP_PKEY_verify_message_final(pctx), 0);
    ASSERT_REFUSED(R_BAD_PARAMETER, "no signature set");
    EVP_PKEY_CTX_free(pctx);
    mldsa_key_free(key);
    EVP_PKEY_free(pkey);
}
END_TEST
#endif /* OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT */

/* ---- the key's parameters, checks, dup ---------------------------------------- */

START_TEST(key_parameters_checks_and_dup)
{
    static const int bits[] = { 1312 * 8, 1952 * 8, 2592 * 8 };
    static const int secbits[] = { 128, 192, 256 }, category[] = { 2, 3, 5 };
    static const uint8_t alg_id_head[] = { 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48,
                                           0x01, 0x65, 0x03, 0x04, 0x03 };
    mldsa_param p = params[_i];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], aid[64];
    char digest[32] = "x";
    int cat = 0;
    size_t pklen;
    OSSL_PARAM *all = NULL, prm[2];
    EVP_PKEY *pkey = generate(lib, p, NULL), *other = generate(lib, p, NULL), *pub, *dup;
    EVP_PKEY_CTX *pctx;
    EVP_MD_CTX *md;

    ck_assert_int_eq(EVP_PKEY_get_bits(pkey), bits[_i]);
    ck_assert_int_eq(EVP_PKEY_get_security_bits(pkey), secbits[_i]);
    ck_assert_int_eq(EVP_PKEY_get_size(pkey), (int)mldsa_signature_bytes(p));
    ck_assert_int_eq(EVP_PKEY_get_int_param(pkey, "security-category", &cat), 1);
    ck_assert_int_eq(cat, category[_i]);
    ck_assert(EVP_PKEY_is_a(pkey, name_of(p)));
    ck_assert(EVP_PKEY_is_a(pkey, "2.16.840.1.101.3.4.3.17") == (p == MLDSA_44));
    /* no digest: applications sign the message itself */
    ck_assert_int_eq(EVP_PKEY_get_default_digest_name(pkey, digest, sizeof(digest)), 2);
    ck_assert_str_eq(digest, "UNDEF");
    /* export: the seed, the expanded key, the public key */
    ck_assert_int_eq(EVP_PKEY_todata(pkey, EVP_PKEY_KEYPAIR, &all), 1);
    ck_assert_ptr_nonnull(OSSL_PARAM_locate(all, "seed"));
    ck_assert_ptr_nonnull(OSSL_PARAM_locate(all, "priv"));
    ck_assert_ptr_nonnull(OSSL_PARAM_locate(all, "pub"));
    OSSL_PARAM_free(all);
    /* checks */
    ck_assert_ptr_nonnull(pctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, OURS));
    ck_assert_int_eq(EVP_PKEY_check(pctx), 1);
    ck_assert_int_eq(EVP_PKEY_public_check(pctx), 1);
    ck_assert_int_eq(EVP_PKEY_private_check(pctx), 1);
    ck_assert_int_eq(EVP_PKEY_pairwise_check(pctx), 1);
    EVP_PKEY_CTX_free(pctx);
    pklen = octets(pkey, "pub", pk, sizeof(pk));
    ck_assert_ptr_nonnull(pub = import(lib, p, NULL, 0, NULL, 0, pk, pklen));
    ck_assert_ptr_nonnull(pctx = EVP_PKEY_CTX_new_from_pkey(lib, pub, OURS));
    ck_assert_int_eq(EVP_PKEY_public_check(pctx), 1);
    ck_assert_int_ne(EVP_PKEY_private_check(pctx), 1);
    ERR_clear_error();
    EVP_PKEY_CTX_free(pctx);
    /* match */
    ck_assert_int_eq(EVP_PKEY_eq(pkey, pub), 1);
    ck_assert_int_eq(EVP_PKEY_eq(pkey, other), 0);
    ck_assert_int_eq(EVP_PKEY_parameters_eq(pkey, other), 1);
    /* dup: the same key, still signing */
    ck_assert_ptr_nonnull(dup = EVP_PKEY_dup(pkey));
    ck_assert_int_eq(EVP_PKEY_eq(dup, pkey), 1);
    EVP_PKEY_free(pkey);
    pkey = dup;
    {
        uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
        size_t len = sizeof(sig);

        ck_assert(evp_sign(lib, dup, NULL, aid, 10, sig, &len));
        ck_assert_int_eq(evp_verify(lib, pub, NULL, aid, 10, sig, len), 1);
    }
    /* algorithm-id for X.509 and CMS */
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    ck_assert_int_eq(EVP_DigestSignInit_ex(md, &pctx, NULL, lib, OURS, pkey, NULL), 1);
    prm[0] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof(aid));
    prm[1] = OSSL_PARAM_construct_end();
    ck_assert_int_eq(EVP_PKEY_CTX_get_params(pctx, prm), 1);
    ck_assert_uint_eq(prm[0].return_size, 13);
    ck_assert_mem_eq(aid, alg_id_head, sizeof(alg_id_head));
    ck_assert_int_eq(aid[12], p == MLDSA_44 ? 17 : p == MLDSA_65 ? 18 : 19);
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(pkey);
    EVP_PKEY_free(pub);
    EVP_PKEY_free(other);
}
END_TEST

/* ---- encoders and decoders ---------------------------------------------------- */

/*
 * pkey encoded in output / structure by our encoders into buf, given the
 * encoder parameter "ml-dsa.output_formats" = forms (NULL: none); its
 * length, 0 when the parameter or the encoding is refused.
 */
static size_t encode_in_forms(EVP_PKEY *pkey, int selection, const char *output,
                              const char *structure, const char *forms, uint8_t *buf)
{
    OSSL_PARAM prm[2];
    OSSL_ENCODER_CTX *ectx;
    unsigned char *data = NULL;
    size_t len = 0;

    prm[0] = OSSL_PARAM_construct_utf8_string("ml-dsa.output_formats", (char *)forms, 0);
    prm[1] = OSSL_PARAM_construct_end();
    ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, output, structure, OURS);
    ck_assert_ptr_nonnull(ectx);
    ck_assert_int_gt(OSSL_ENCODER_CTX_get_num_encoders(ectx), 0);
    if ((forms != NULL && OSSL_ENCODER_CTX_set_params(ectx, prm) != 1)
        || OSSL_ENCODER_to_data(ectx, &data, &len) != 1)
        len = 0;
    ck_assert_uint_le(len, BUF_MAX);
    if (len > 0)
        memcpy(buf, data, len);
    OPENSSL_clear_free(data, len);
    OSSL_ENCODER_CTX_free(ectx);
    return len;
}

/* pkey encoded in output / structure by our encoders into buf; its length. */
static size_t encode(EVP_PKEY *pkey, int selection, const char *output,
                     const char *structure, uint8_t *buf)
{
    return encode_in_forms(pkey, selection, output, structure, NULL, buf);
}

/* data decoded into a key of ctx (keytype NULL: any); NULL when refused. */
static EVP_PKEY *decode(OSSL_LIB_CTX *ctx, const char *input, const char *keytype,
                        int selection, const uint8_t *data, size_t len, const char *pass)
{
    OSSL_DECODER_CTX *dctx;
    EVP_PKEY *pkey = NULL;
    const unsigned char *p = data;

    dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, input, NULL, keytype, selection, ctx,
                                         PREFER_OURS);
    ck_assert_ptr_nonnull(dctx);
    if (pass != NULL)
        ck_assert_int_eq(OSSL_DECODER_CTX_set_passphrase(dctx, (const unsigned char *)pass,
                                                         strlen(pass)), 1);
    if (OSSL_DECODER_from_data(dctx, &p, &len) != 1) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    } else if (strncmp(EVP_PKEY_get0_type_name(pkey), "ML-DSA", 6) == 0) {
        assert_ours(EVP_PKEY_get0_provider(pkey), "a decoded key");
    }
    OSSL_DECODER_CTX_free(dctx);
    return pkey;
}

START_TEST(encoders_write_every_form_as_the_library)
{
    static const struct { const char *setting; mldsa_key_format format; } forms[] = {
        { "ml-dsa.output_formats = seed-only", MLDSA_KEY_FORMAT_SEED },
        { "ml-dsa.output_formats = priv-only", MLDSA_KEY_FORMAT_EXPANDED },
        { "ml-dsa.output_formats = seed-priv", MLDSA_KEY_FORMAT_BOTH },
        { "", MLDSA_KEY_FORMAT_SEED },     /* the default: RFC 9881's seed form */
        { "ml-dsa.output_formats = oqskeypair, bare-seed priv-only", MLDSA_KEY_FORMAT_EXPANDED },
    };
    mldsa_param p = params[_i];
    static uint8_t got[BUF_MAX], want[BUF_MAX];
    uint8_t seed[32];
    size_t len, wantlen;
    MLDSA_KEY *key;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_from_seed(&key, p, seed, 32), MLDSA_OK);
    for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        OSSL_LIB_CTX *ctx = provider_libctx(forms[f].setting, "");
        EVP_PKEY *pkey = generate(ctx, p, seed), *back;

        wantlen = sizeof(want);
        ck_assert_int_eq(mldsa_key_to_private_der(key, forms[f].format, want, &wantlen), MLDSA_OK);
        len = encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", got);
        ck_assert_uint_eq(len, wantlen);
        ck_assert_mem_eq(got, want, len);
        ck_assert_ptr_nonnull(back = decode(ctx, "DER", name_of(p), EVP_PKEY_KEYPAIR, got, len, NULL));
        ck_assert_int_eq(EVP_PKEY_eq(back, pkey), 1);
        EVP_PKEY_free(back);
        wantlen = sizeof(want);
        ck_assert_int_eq(mldsa_key_to_private_pem(key, forms[f].format, (char *)want, &wantlen), MLDSA_OK);
        len = encode(pkey, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", got);
        ck_assert_uint_eq(len, wantlen);
        ck_assert_mem_eq(got, want, len);
        ck_assert_ptr_nonnull(back = decode(ctx, "PEM", NULL, EVP_PKEY_KEYPAIR, got, len, NULL));
        ck_assert_int_eq(EVP_PKEY_eq(back, pkey), 1);
        EVP_PKEY_free(back);
        EVP_PKEY_free(pkey);
        OSSL_LIB_CTX_free(ctx);
    }
    {
        EVP_PKEY *pkey = generate(lib, p, seed), *back;

        wantlen = sizeof(want);
        ck_assert_int_eq(mldsa_key_to_public_der(key, want, &wantlen), MLDSA_OK);
        len = encode(pkey, EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo", got);
        ck_assert_uint_eq(len, wantlen);
        ck_assert_mem_eq(got, want, len);
        ck_assert_ptr_nonnull(back = decode(lib, "DER", NULL, EVP_PKEY_PUBLIC_KEY, got, len, NULL));
        ck_assert_int_eq(EVP_PKEY_eq(back, pkey), 1);
        EVP_PKEY_free(back);
        wantlen = sizeof(want);
        ck_assert_int_eq(mldsa_key_to_public_pem(key, (char *)want, &wantlen), MLDSA_OK);
        len = encode(pkey, EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo", got);
        ck_assert_uint_eq(len, wantlen);
        ck_assert_mem_eq(got, want, len);
        /* i2d_PUBKEY, what X.509 calls */
        {
            unsigned char *der = NULL;
            int n = i2d_PUBKEY(pkey, &der);

            wantlen = sizeof(want);
            ck_assert_int_eq(mldsa_key_to_public_der(key, want, &wantlen), MLDSA_OK);
            ck_assert_int_eq(n, (int)wantlen);
            ck_assert_mem_eq(der, want, wantlen);
            OPENSSL_free(der);
        }
        EVP_PKEY_free(pkey);
    }
    mldsa_key_free(key);
}
END_TEST

/*
 * The encoder parameter "ml-dsa.output_formats" picks the form of one
 * encoding, over the provider's setting and its default; a name that is no
 * form, and a list without one the key has, are refused with the reason.
 */
START_TEST(the_encoder_parameter_picks_the_form)
{
    static const struct { const char *forms; mldsa_key_format format; } cases[] = {
        { "seed-priv", MLDSA_KEY_FORMAT_BOTH },
        { "priv-only", MLDSA_KEY_FORMAT_EXPANDED },
        { "seed-only", MLDSA_KEY_FORMAT_SEED },
        { "oqskeypair, seed-priv priv-only", MLDSA_KEY_FORMAT_BOTH },
    };
    mldsa_param p = params[_i];
    static uint8_t got[BUF_MAX], want[BUF_MAX], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t seed[32];
    size_t len, wantlen, sklen = mldsa_secret_key_bytes(p);
    OSSL_LIB_CTX *priv_only = provider_libctx("ml-dsa.output_formats = priv-only", "");
    MLDSA_KEY *key;
    EVP_PKEY *pkey, *other, *seedless;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_from_seed(&key, p, seed, 32), MLDSA_OK);
    pkey = generate(lib, p, seed);
    other = generate(priv_only, p, seed);
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        wantlen = sizeof(want);
        ck_assert_int_eq(mldsa_key_to_private_der(key, cases[c].format, want, &wantlen),
                         MLDSA_OK);
        len = encode_in_forms(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", cases[c].forms,
                              got);
        ck_assert_msg(len == wantlen && memcmp(got, want, len) == 0, "'%s'", cases[c].forms);
        len = encode_in_forms(other, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", cases[c].forms,
                              got);
        ck_assert_msg(len == wantlen && memcmp(got, want, len) == 0,
                      "'%s' over the setting priv-only", cases[c].forms);
    }
    ck_assert_uint_eq(encode_in_forms(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo",
                                      "seed-only, frobnicated", got), 0);
    ASSERT_REFUSED(R_BAD_PARAMETER, "ml-dsa.output_formats: unknown format 'frobnicated'");
    ck_assert_int_eq(mldsa_key_get_secret(key, sk, sklen), MLDSA_OK);
    ck_assert_ptr_nonnull(seedless = import(lib, p, NULL, 0, sk, sklen, NULL, 0));
    ck_assert_uint_eq(encode_in_forms(seedless, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo",
                                      "seed-only", got), 0);
    ASSERT_REFUSED(R_NO_FORMAT, "(it has no seed)");
    mldsa_cleanse(sk, sizeof(sk));
    EVP_PKEY_free(seedless);
    EVP_PKEY_free(other);
    EVP_PKEY_free(pkey);
    mldsa_key_free(key);
    OSSL_LIB_CTX_free(priv_only);
}
END_TEST

START_TEST(the_text_encoder_prints_as_openssl_35)
{
    static const char *const files[][2] = {
        { "prv-%d-seed-priv.pem", "prv-%d-seed.txt" },
        { "prv-%d-priv-only.pem", "prv-%d-priv.txt" },
        { "pub-%d.pem", "pub-%d.txt" },
    };
    static uint8_t pem[BUF_MAX], text[4 * BUF_MAX];
    const char *dir = tv_vectors_dir();
    char path[512], name[64];
    mldsa_param p = params[_i];
    BIO *mem;
    char *out;
    long outlen;

    if (dir == NULL) {
        test_skip("the text encoder: no vectors folder (set MLDSA_VECTORS)");
        return;
    }
    for (size_t f = 0; f < 3; f++) {
        FILE *fp;
        size_t pemlen, textlen;
        EVP_PKEY *pkey;

        snprintf(name, sizeof(name), files[f][0], (int)p);
        snprintf(path, sizeof(path), "%s/pem/%s", dir, name);
        ck_assert_ptr_nonnull(fp = fopen(path, "rb"));
        pemlen = fread(pem, 1, sizeof(pem), fp);
        fclose(fp);
        snprintf(name, sizeof(name), files[f][1], (int)p);
        snprintf(path, sizeof(path), "%s/pem/%s", dir, name);
        ck_assert_ptr_nonnull(fp = fopen(path, "rb"));
        textlen = fread(text, 1, sizeof(text), fp);
        fclose(fp);
        pkey = decode(lib, "PEM", NULL, f == 2 ? EVP_PKEY_PUBLIC_KEY : EVP_PKEY_KEYPAIR,
                      pem, pemlen, NULL);
        ck_assert_ptr_nonnull(pkey);
        mem = BIO_new(BIO_s_mem());
        if (f == 2)
            ck_assert_int_eq(EVP_PKEY_print_public(mem, pkey, 0, NULL), 1);
        else
            ck_assert_int_eq(EVP_PKEY_print_private(mem, pkey, 0, NULL), 1);
        outlen = BIO_get_mem_data(mem, &out);
        ck_assert_int_eq(outlen, (long)textlen);
        ck_assert_mem_eq(out, text, textlen);
        BIO_free(mem);
        EVP_PKEY_free(pkey);
    }
}
END_TEST

START_TEST(decoders_read_every_form_of_openssl_35)
{
    static const char *const forms[] = {
        "seed-only", "priv-only", "seed-priv", "bare-seed", "bare-priv", "oqskeypair"
    };
    static uint8_t pem[BUF_MAX], der[BUF_MAX];
    uint8_t seed[32], pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t got[MLDSA_MAX_SECRET_KEY_BYTES];
    const char *dir = tv_vectors_dir();
    mldsa_param p = params[_i];
    char path[512];
    EVP_PKEY *pkey;
    BIO *bio;

    if (dir == NULL) {
        test_skip("decoders on OpenSSL 3.5's files: no vectors folder (set MLDSA_VECTORS)");
        return;
    }
    for (int i = 0; i < 32; i++)
        seed[i] = (uint8_t)i;
    ck_assert_int_eq(mldsa_keygen(p, pk, sk, seed), MLDSA_OK);
    for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        FILE *fp;
        size_t pemlen;
        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long datalen = 0;

        snprintf(path, sizeof(path), "%s/pem/prv-%d-%s.pem", dir, (int)p, forms[f]);
        ck_assert_ptr_nonnull(fp = fopen(path, "rb"));
        pemlen = fread(pem, 1, sizeof(pem), fp);
        fclose(fp);
        /* PEM through our PEM decoder or OpenSSL's, then ours */
        ck_assert_ptr_nonnull(pkey = decode(lib, "PEM", NULL, EVP_PKEY_KEYPAIR, pem, pemlen, NULL));
        ck_assert(EVP_PKEY_is_a(pkey, name_of(p)));
        ck_assert_uint_eq(octets(pkey, "priv", got, sizeof(got)), mldsa_secret_key_bytes(p));
        ck_assert_mem_eq(got, sk, mldsa_secret_key_bytes(p));
        ck_assert_uint_eq(octets(pkey, "pub", got, sizeof(got)), mldsa_public_key_bytes(p));
        ck_assert_mem_eq(got, pk, mldsa_public_key_bytes(p));
        EVP_PKEY_free(pkey);
        /* the same as DER */
        bio = BIO_new_mem_buf(pem, (int)pemlen);
        ck_assert_int_eq(PEM_read_bio(bio, &name, &header, &data, &datalen), 1);
        ck_assert_int_le(datalen, BUF_MAX);
        memcpy(der, data, (size_t)datalen);
        ck_assert_ptr_nonnull(pkey = decode(lib, "DER", name_of(p), EVP_PKEY_KEYPAIR, der,
                                            (size_t)datalen, NULL));
        ck_assert_uint_eq(octets(pkey, "pub", got, sizeof(got)), mldsa_public_key_bytes(p));
        ck_assert_mem_eq(got, pk, mldsa_public_key_bytes(p));
        EVP_PKEY_free(pkey);
        /* and through PEM_read_bio_PrivateKey_ex, what applications call */
        ck_assert_int_eq(BIO_reset(bio), 1);
        ck_assert_ptr_nonnull(pkey = PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, lib, PREFER_OURS));
        EVP_PKEY_free(pkey);
        BIO_free(bio);
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
    }
}
END_TEST

START_TEST(encrypted_private_keys_round_trip_through_openssl)
{
    static const char *const outputs[] = { "PEM", "DER" };
    static const char *const structures[] = { "PrivateKeyInfo", "EncryptedPrivateKeyInfo" };
    static uint8_t enc[BUF_MAX];
    mldsa_param p = params[_i];
    EVP_PKEY *pkey = generate(lib, p, NULL), *back;

    for (int o = 0; o < 2; o++) {
        for (int s = 0; s < 2; s++) {
            OSSL_ENCODER_CTX *ectx;
            unsigned char *data = NULL;
            size_t len = 0;

            ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, EVP_PKEY_KEYPAIR, outputs[o],
                                                 structures[s], NULL);
            ck_assert_ptr_nonnull(ectx);
            ck_assert_int_eq(OSSL_ENCODER_CTX_set_cipher(ectx, "AES-256-CBC", NULL), 1);
            ck_assert_int_eq(OSSL_ENCODER_CTX_set_passphrase(ectx, (const unsigned char *)"pw", 2), 1);
            ck_assert_int_eq(OSSL_ENCODER_to_data(ectx, &data, &len), 1);
            ck_assert_uint_le(len, sizeof(enc));
            memcpy(enc, data, len);
            OPENSSL_free(data);
            OSSL_ENCODER_CTX_free(ectx);
            if (o == 0)
                ck_assert_ptr_nonnull(strstr((char *)enc, "BEGIN ENCRYPTED PRIVATE KEY"));
            ck_assert_ptr_nonnull(back = decode(lib, outputs[o], NULL, EVP_PKEY_KEYPAIR,
                                                enc, len, "pw"));
            ck_assert_int_eq(EVP_PKEY_eq(back, pkey), 1);
            EVP_PKEY_free(back);
            ck_assert_ptr_null(decode(lib, outputs[o], NULL, EVP_PKEY_KEYPAIR, enc, len, "wrong"));
            ERR_clear_error();
        }
    }
    /* the encrypted structure asks for a cipher */
    {
        OSSL_ENCODER_CTX *ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, EVP_PKEY_KEYPAIR, "DER",
                                                               "EncryptedPrivateKeyInfo", NULL);
        unsigned char *data = NULL;
        size_t len = 0;

        ck_assert_int_eq(OSSL_ENCODER_to_data(ectx, &data, &len), 0);
        ASSERT_REFUSED(R_BAD_PARAMETER, "no cipher to encrypt with");
        OSSL_ENCODER_CTX_free(ectx);
    }
    EVP_PKEY_free(pkey);
}
END_TEST

/* ---- the ml-dsa.* settings ------------------------------------------------------ */

START_TEST(settings_of_openssl_35_are_honoured)
{
    static uint8_t buf[BUF_MAX];
    uint8_t seed[32], got[64], sk[MLDSA_MAX_SECRET_KEY_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    OSSL_LIB_CTX *ctx;
    EVP_PKEY *pkey, *pub;
    EVP_PKEY_CTX *kctx;
    size_t len, sklen = mldsa_secret_key_bytes(MLDSA_65);
    MLDSA_KEY *key;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_keygen(MLDSA_65, pk, sk, seed), MLDSA_OK);
    /* retain_seed = no: the seed is gone, the key is written priv-only */
    ctx = provider_libctx("ml-dsa.retain_seed = no", "");
    pkey = generate(ctx, MLDSA_65, seed);
    ck_assert_uint_eq(octets(pkey, "seed", got, sizeof(got)), 0);
    len = encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", buf);
    ck_assert_int_eq(mldsa_key_from_der(&key, buf, len), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_has_seed(key), 0);
    mldsa_key_free(key);
    EVP_PKEY_free(pkey);
    OSSL_LIB_CTX_free(ctx);
    /* prefer_seed = no: seed and expanded key import from the expanded key
     * (the seed, wrong here, is then not used) */
    ctx = provider_libctx("ml-dsa.prefer_seed = no", "");
    seed[0] ^= 1;
    ck_assert_ptr_nonnull(pkey = import(ctx, MLDSA_65, seed, 32, sk, sklen, NULL, 0));
    ck_assert_uint_eq(octets(pkey, "seed", got, sizeof(got)), 0);
    EVP_PKEY_free(pkey);
    OSSL_LIB_CTX_free(ctx);
    /* ... which with the default is a mismatch */
    ck_assert_ptr_null(import(lib, MLDSA_65, seed, 32, sk, sklen, NULL, 0));
    ASSERT_REFUSED(R_BAD_KEY, "do not belong together");
    seed[0] ^= 1;
    /* input_formats: a form left out is refused with the reason */
    ctx = provider_libctx("ml-dsa.input_formats = seed-priv", "");
    pkey = generate(lib, MLDSA_65, seed);
    len = encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", buf);  /* seed-only */
    ck_assert_ptr_null(decode(ctx, "DER", "ML-DSA-65", EVP_PKEY_KEYPAIR, buf, len, NULL));
    ASSERT_REFUSED(R_NO_FORMAT, "the seed-only form is not in ml-dsa.input_formats");
    len = encode(pkey, EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo", buf);
    ck_assert_ptr_nonnull(pub = decode(ctx, "DER", NULL, EVP_PKEY_PUBLIC_KEY, buf, len, NULL));
    EVP_PKEY_free(pub);
    EVP_PKEY_free(pkey);
    OSSL_LIB_CTX_free(ctx);
    /* output_formats without a form the key has */
    ctx = provider_libctx("ml-dsa.output_formats = seed-only", "");
    ck_assert_ptr_nonnull(pkey = import(ctx, MLDSA_65, NULL, 0, sk, sklen, NULL, 0));
    ck_assert_uint_eq(encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", buf), 0);
    ASSERT_REFUSED(R_NO_FORMAT, "(it has no seed)");
    EVP_PKEY_free(pkey);
    OSSL_LIB_CTX_free(ctx);
    /* the default output (seed-only, then priv-only): a key without its
     * seed is written as its expanded key, one with it as the seed alone */
    ck_assert_ptr_nonnull(pkey = import(lib, MLDSA_65, NULL, 0, sk, sklen, NULL, 0));
    len = encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", buf);
    ck_assert_int_eq(mldsa_key_from_der(&key, buf, len), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_has_seed(key), 0);
    ck_assert_uint_eq(len, 24 + 4 + sklen);   /* PKCS#8 header, expandedKey */
    mldsa_key_free(key);
    EVP_PKEY_free(pkey);
    pkey = generate(lib, MLDSA_65, seed);
    len = encode(pkey, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", buf);
    ck_assert_uint_eq(len, 20 + 2 + 32);      /* PKCS#8 header, [0] seed */
    EVP_PKEY_free(pkey);
    /* a bad setting: every key operation says what it is */
    ctx = provider_libctx("ml-dsa.retain_seed = maybe", "");
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(ctx, "ML-DSA-44", OURS));
    ck_assert_int_eq(EVP_PKEY_keygen_init(kctx), 1);
    pkey = NULL;
    ck_assert_int_ne(EVP_PKEY_generate(kctx, &pkey), 1);
    ASSERT_REFUSED(R_BAD_PARAMETER, "ml-dsa.retain_seed: 'maybe' is not yes or no");
    EVP_PKEY_CTX_free(kctx);
    OSSL_LIB_CTX_free(ctx);
}
END_TEST

/* ---- bad arguments and malformed keys, each with its reason ------------------------ */

START_TEST(bad_arguments_are_refused_with_the_reason)
{
    uint8_t seed[33] = { 0 }, msg[64] = { 0 }, ctx[256] = { 0 };
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk2[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t len;
    int two = 2, zero = 0;
    OSSL_PARAM prm[2];
    SIGN_OPTS long_ctx = { ctx, 256, NULL, 0, 0, 0 }, mu = { NULL, 0, NULL, 0, 0, 1 };
    EVP_PKEY_CTX *kctx;
    EVP_PKEY *pkey = generate(lib, MLDSA_44, NULL), *pub, *got = NULL;
    EVP_MD_CTX *md;

    ck_assert_int_eq(mldsa_keygen(MLDSA_44, pk, sk, NULL), MLDSA_OK);
    ck_assert_int_eq(mldsa_keygen(MLDSA_44, pk2, sk2, NULL), MLDSA_OK);
    /* key generation: a seed of 33 bytes */
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(lib, "ML-DSA-44", OURS));
    ck_assert_int_eq(EVP_PKEY_keygen_init(kctx), 1);
    prm[0] = OSSL_PARAM_construct_octet_string("seed", seed, 33);
    prm[1] = OSSL_PARAM_construct_end();
    ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ASSERT_REFUSED(R_BAD_LENGTH, "the seed must be 32 bytes");
    EVP_PKEY_CTX_free(kctx);
    /* import: wrong lengths, nothing, mismatched parts, out-of-range keys */
    ck_assert_ptr_null(import(lib, MLDSA_44, seed, 33, NULL, 0, NULL, 0));
    ASSERT_REFUSED(R_BAD_LENGTH, "'seed' of 33 bytes, not 32");
    ck_assert_ptr_null(import(lib, MLDSA_44, NULL, 0, sk, 2559, NULL, 0));
    ASSERT_REFUSED(R_BAD_LENGTH, "'priv' of 2559 bytes, not 2560");
    ck_assert_ptr_null(import(lib, MLDSA_44, NULL, 0, NULL, 0, pk, 1313));
    ASSERT_REFUSED(R_BAD_LENGTH, "'pub' of 1313 bytes, not 1312");
    ck_assert_ptr_null(import(lib, MLDSA_44, NULL, 0, sk, 2560, pk2, 1312));
    ASSERT_REFUSED(R_BAD_KEY, "the public key is not the private key's");
    ck_assert_ptr_null(import(lib, MLDSA_65, NULL, 0, sk, 2560, NULL, 0));
    ASSERT_REFUSED(R_BAD_LENGTH, "not 4032");
    sk[128] = 0xff;  /* an s1 coefficient out of [-eta, eta] */
    sk[129] = 0xff;
    ck_assert_ptr_null(import(lib, MLDSA_44, NULL, 0, sk, 2560, NULL, 0));
    ASSERT_REFUSED(R_BAD_KEY, mldsa_strerror(MLDSA_ERR_BAD_KEY));
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_name(lib, "ML-DSA-44", OURS));
    ck_assert_int_eq(EVP_PKEY_fromdata_init(kctx), 1);
    prm[0] = OSSL_PARAM_construct_end();
    ck_assert_int_ne(EVP_PKEY_fromdata(kctx, &got, EVP_PKEY_KEYPAIR, prm), 1);
    ASSERT_REFUSED(R_NO_KEY, "no seed, priv or pub to import");
    EVP_PKEY_CTX_free(kctx);
    /* signing (a fresh EVP_MD_CTX after each failed initialisation) */
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    ck_assert_int_ne(EVP_DigestSignInit_ex(md, NULL, "SHA2-256", lib, OURS, pkey, NULL), 1);
    ASSERT_REFUSED(R_DIGEST, "ML-DSA-44 with SHA2-256");
    EVP_MD_CTX_free(md);
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    ck_assert_ptr_nonnull(pub = import(lib, MLDSA_44, NULL, 0, NULL, 0, pk, 1312));
    ck_assert_int_ne(EVP_DigestSignInit_ex(md, NULL, NULL, lib, OURS, pub, NULL), 1);
    ASSERT_REFUSED(R_NO_KEY, "signing needs a private key");
    len = sizeof(sig);
    ck_assert(!evp_sign(lib, pkey, &long_ctx, msg, sizeof(msg), sig, &len));
    ASSERT_REFUSED(R_BAD_LENGTH, "a context string of at most 255 bytes");
    ck_assert_int_lt(evp_verify(lib, pub, &long_ctx, msg, sizeof(msg), sig, 2420), 1);
    ASSERT_REFUSED(R_BAD_LENGTH, "a context string of at most 255 bytes");
    ck_assert_ptr_nonnull(kctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, OURS));
    ck_assert_int_eq(EVP_PKEY_sign_init(kctx), 1);
    prm[0] = OSSL_PARAM_construct_octet_string("test-entropy", msg, 31);
    prm[1] = OSSL_PARAM_construct_end();
    ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ASSERT_REFUSED(R_BAD_LENGTH, "test-entropy of 32 bytes");
    prm[0] = OSSL_PARAM_construct_int("deterministic", &two);
    ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ASSERT_REFUSED(R_BAD_PARAMETER, "'deterministic' must be 0 or 1");
    prm[0] = OSSL_PARAM_construct_int("message-encoding", &two);
    ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ASSERT_REFUSED(R_BAD_PARAMETER, "'message-encoding' must be 0 or 1");
    EVP_PKEY_CTX_free(kctx);
    len = sizeof(sig);
    ck_assert(!evp_sign(lib, pkey, &mu, msg, 63, sig, &len));
    ASSERT_REFUSED(R_BAD_LENGTH, "mu of 63 bytes, not 64");
    ck_assert_int_lt(evp_verify(lib, pkey, &mu, msg, 63, sig, 2420), 1);
    ASSERT_REFUSED(R_BAD_LENGTH, "mu of 63 bytes, not 64");
    /* streaming is pure ML-DSA's; the context comes before the message
     * (a fresh EVP_MD_CTX each time: 3.0 does not reuse one after a failed
     * initialisation) */
    EVP_MD_CTX_free(md);
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    prm[0] = OSSL_PARAM_construct_int("message-encoding", &zero);
    prm[1] = OSSL_PARAM_construct_end();
    ck_assert_int_eq(EVP_DigestSignInit_ex(md, NULL, NULL, lib, OURS, pkey, prm), 1);
    ck_assert_int_ne(EVP_DigestSignUpdate(md, msg, 1), 1);
    ASSERT_REFUSED(R_NOT_SUPPORTED, "a message in pieces is pure ML-DSA only");
    EVP_MD_CTX_free(md);
    ck_assert_ptr_nonnull(md = EVP_MD_CTX_new());
    ck_assert_int_eq(EVP_DigestSignInit_ex(md, &kctx, NULL, lib, OURS, pkey, NULL), 1);
    ck_assert_int_eq(EVP_DigestSignUpdate(md, msg, 1), 1);
    prm[0] = OSSL_PARAM_construct_octet_string("context-string", ctx, 3);
    ck_assert_int_ne(EVP_PKEY_CTX_set_params(kctx, prm), 1);
    ASSERT_REFUSED(R_NOT_SUPPORTED, "the context string is set before the message");
    EVP_MD_CTX_free(md);
    /* encoding a public key as a private one */
    {
        OSSL_ENCODER_CTX *ectx = OSSL_ENCODER_CTX_new_for_pkey(pub, EVP_PKEY_KEYPAIR, "DER",
                                                               "PrivateKeyInfo", NULL);
        unsigned char *data = NULL;
        size_t n = 0;

        ck_assert_int_ne(OSSL_ENCODER_to_data(ectx, &data, &n), 1);
        ASSERT_REFUSED(R_NO_KEY, "no private key to encode");
        OSSL_ENCODER_CTX_free(ectx);
    }
    EVP_PKEY_free(pub);
    EVP_PKEY_free(pkey);
}
END_TEST

/* One malformed key: a change to a valid DER key, and the error it must give. */
typedef enum { AT_START, AT_SK, AT_END } WHERE;
typedef enum { OP_XOR, OP_SET, OP_TRUNCATE } CHANGE;
typedef struct {
    const char *what;
    int private;          /* a PKCS#8 key of ML-DSA-65 (else its SPKI) */
    mldsa_key_format form;
    WHERE where;          /* the offset counts from the start, the expanded key, the end */
    long offset;
    CHANGE change;
    uint8_t value;
    int err;              /* the library's code, whose message the detail holds */
} MUTATION;

static const MUTATION mutations[] = {
    { "an expanded key that is not its seed's (both)", 1, MLDSA_KEY_FORMAT_BOTH, AT_END, -100,
      OP_XOR, 1, MLDSA_ERR_KEY_MISMATCH },
    { "a tr that is not the key's", 1, MLDSA_KEY_FORMAT_EXPANDED, AT_SK, 70, OP_XOR, 1,
      MLDSA_ERR_KEY_MISMATCH },
    { "a t0 that is not the key's", 1, MLDSA_KEY_FORMAT_EXPANDED, AT_END, -5, OP_XOR, 1,
      MLDSA_ERR_KEY_MISMATCH },
    { "s1 out of range", 1, MLDSA_KEY_FORMAT_EXPANDED, AT_SK, 128, OP_SET, 0xff,
      MLDSA_ERR_BAD_KEY },
    { "a seed that runs past its OCTET STRING", 1, MLDSA_KEY_FORMAT_SEED, AT_START, 21,
      OP_XOR, 1, MLDSA_ERR_DER_LENGTH },
    { "a truncated PKCS#8", 1, MLDSA_KEY_FORMAT_BOTH, AT_START, 200, OP_TRUNCATE, 0,
      MLDSA_ERR_DER_LENGTH },
    { "PKCS#8 version 2", 1, MLDSA_KEY_FORMAT_SEED, AT_START, 4, OP_XOR, 2, MLDSA_ERR_DER },
    { "a public key one byte short", 0, MLDSA_KEY_FORMAT_SEED, AT_END, -1, OP_TRUNCATE, 0,
      MLDSA_ERR_DER_LENGTH },
};

/* The mutation m of key's DER into bad; its length. */
static size_t mutate(const MUTATION *m, const MLDSA_KEY *key, uint8_t *bad, size_t room)
{
    size_t len = room, sklen = mldsa_secret_key_bytes(mldsa_key_param(key));
    long off;

    if (m->private)
        ck_assert_int_eq(mldsa_key_to_private_der(key, m->form, bad, &len), MLDSA_OK);
    else
        ck_assert_int_eq(mldsa_key_to_public_der(key, bad, &len), MLDSA_OK);
    off = m->where == AT_START ? m->offset
          : m->where == AT_SK ? (long)(len - sklen) + m->offset : (long)len + m->offset;
    switch (m->change) {
    case OP_XOR:
        bad[off] ^= m->value;
        return len;
    case OP_SET:
        bad[off] = m->value;
        return len;
    case OP_TRUNCATE:
        return (size_t)off;
    }
    return len;
}

/* ML-DSA-65's SubjectPublicKeyInfo with NULL parameters in its AlgorithmIdentifier. */
static size_t spki_with_null_parameters(const MLDSA_KEY *key, uint8_t *out)
{
    static const uint8_t head[] = { 0x30, 0x82, 0x07, 0xb4, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86,
                                    0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12, 0x05, 0x00,
                                    0x03, 0x82, 0x07, 0xa1, 0x00 };

    memcpy(out, head, sizeof(head));
    ck_assert_int_eq(mldsa_key_get_public(key, out + sizeof(head), 1952), MLDSA_OK);
    return sizeof(head) + 1952;
}

/* ML-DSA-65's PKCS#8 v2 (seed) whose [1] publicKey is another key's. */
static size_t pkcs8_v2_with_another_public_key(const MLDSA_KEY *key, uint8_t *out)
{
    static const uint8_t head[] = { 0x30, 0x82, 0x07, 0xd9, 0x02, 0x01, 0x01, 0x30, 0x0b,
                                    0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04,
                                    0x03, 0x12, 0x04, 0x22, 0x80, 0x20 };
    static const uint8_t pub_head[] = { 0x81, 0x82, 0x07, 0xa1, 0x00 };
    uint8_t *p = out;
    MLDSA_KEY *other;

    memcpy(p, head, sizeof(head));
    p += sizeof(head);
    ck_assert_int_eq(mldsa_key_get_seed(key, p), MLDSA_OK);
    p += MLDSA_SEED_BYTES;
    memcpy(p, pub_head, sizeof(pub_head));
    p += sizeof(pub_head);
    ck_assert_int_eq(mldsa_key_generate(&other, MLDSA_65, NULL), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_get_public(other, p, 1952), MLDSA_OK);
    mldsa_key_free(other);
    return (size_t)(p - out) + 1952;
}

/* bad (a key of ML-DSA-65) must be refused by the library with err, and by
 * the provider's decoders (DER, PEM) with err's message in the reason. */
static void expect_refused(const char *what, int private, const uint8_t *bad, size_t len,
                           int err)
{
    MLDSA_KEY *k = NULL;
    EVP_PKEY *pkey;
    BIO *mem;
    int rv;

    rv = mldsa_key_from_der(&k, bad, len);
    mldsa_key_free(k);
    ck_assert_msg(rv == err, "%s: the library says %s", what, mldsa_strerror(rv));
    pkey = decode(lib, "DER", NULL, private ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, bad,
                  len, NULL);
    ck_assert_msg(pkey == NULL, "%s: decoded", what);
    ck_assert_msg(provider_error(R_BAD_KEY, mldsa_strerror(err)),
                  "%s: no '%s' on the error stack", what, mldsa_strerror(err));
    ck_assert_ptr_nonnull(mem = BIO_new(BIO_s_mem()));
    ck_assert_int_gt(PEM_write_bio(mem, private ? "PRIVATE KEY" : "PUBLIC KEY", "", bad,
                                   (long)len), 0);
    pkey = private ? PEM_read_bio_PrivateKey_ex(mem, NULL, NULL, NULL, lib, PREFER_OURS)
                   : PEM_read_bio_PUBKEY_ex(mem, NULL, NULL, NULL, lib, PREFER_OURS);
    ck_assert_msg(pkey == NULL, "%s: decoded from PEM", what);
    ck_assert_msg(provider_error(R_BAD_KEY, mldsa_strerror(err)),
                  "%s: no '%s' after PEM_read_bio", what, mldsa_strerror(err));
    BIO_free(mem);
}

START_TEST(malformed_keys_are_refused_with_the_reason)
{
    static uint8_t bad[BUF_MAX];
    uint8_t seed[32];
    MLDSA_KEY *key;
    size_t len;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_from_seed(&key, MLDSA_65, seed, 32), MLDSA_OK);
    for (size_t m = 0; m < sizeof(mutations) / sizeof(mutations[0]); m++) {
        len = mutate(&mutations[m], key, bad, sizeof(bad));
        expect_refused(mutations[m].what, mutations[m].private, bad, len, mutations[m].err);
    }
    len = spki_with_null_parameters(key, bad);
    expect_refused("AlgorithmIdentifier parameters", 0, bad, len, MLDSA_ERR_OID_PARAMS);
    len = pkcs8_v2_with_another_public_key(key, bad);
    expect_refused("a v2 publicKey of another key", 1, bad, len, MLDSA_ERR_KEY_MISMATCH);
    /* something that is not ML-DSA is left to the other decoders, quietly */
    {
        EVP_PKEY *ed = EVP_PKEY_Q_keygen(lib, NULL, "ED25519");
        unsigned char *edder = NULL;
        int n = i2d_PrivateKey(ed, &edder);
        EVP_PKEY *back = decode(lib, "DER", NULL, EVP_PKEY_KEYPAIR, edder, (size_t)n, NULL);

        ck_assert_ptr_nonnull(back);
        ck_assert(EVP_PKEY_is_a(back, "ED25519"));
        ck_assert_int_eq(ERR_peek_error(), 0);
        EVP_PKEY_free(back);
        OPENSSL_free(edder);
        EVP_PKEY_free(ed);
    }
    mldsa_key_free(key);
}
END_TEST

/* ---- one key, many threads --------------------------------------------------------- */

typedef struct {
    EVP_PKEY *pkey;
    EVP_PKEY *pub;
    int failures;
} THREAD_JOB;

static void *sign_verify_with_shared_key(void *arg)
{
    THREAD_JOB *job = arg;
    uint8_t msg[200], sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t len;

    for (int r = 0; r < THREAD_ROUNDS; r++) {
        memset(msg, r, sizeof(msg));
        len = sizeof(sig);
        if (!evp_sign(lib, job->pkey, NULL, msg, sizeof(msg), sig, &len)
            || evp_verify(lib, job->pub, NULL, msg, sizeof(msg), sig, len) != 1
            || evp_verify(lib, job->pkey, NULL, msg, sizeof(msg) - 1, sig, len) != 0
            || EVP_PKEY_eq(job->pkey, job->pub) != 1)
            job->failures++;
    }
    return NULL;
}

START_TEST(one_key_signs_and_verifies_from_several_threads_at_once)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    pthread_t threads[THREADS];
    THREAD_JOB jobs[THREADS];
    EVP_PKEY *pkey = generate(lib, params[_i], NULL), *pub;
    size_t pklen = octets(pkey, "pub", pk, sizeof(pk));

    ck_assert_ptr_nonnull(pub = import(lib, params[_i], NULL, 0, NULL, 0, pk, pklen));
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (THREAD_JOB){ pkey, pub, 0 };
        ck_assert_int_eq(pthread_create(&threads[t], NULL, sign_verify_with_shared_key, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        ck_assert_int_eq(pthread_join(threads[t], NULL), 0);
        ck_assert_int_eq(jobs[t].failures, 0);
    }
    EVP_PKEY_free(pub);
    EVP_PKEY_free(pkey);
}
END_TEST

/* ---- the known-answer vectors through EVP --------------------------------------------- */

/* Keys from the seed: the provider's pub and priv are the vector's. */
static void keygen_case(TALLY *t, const CASE *c, mldsa_param p, int variant)
{
    uint8_t got[MLDSA_MAX_SECRET_KEY_BYTES];
    EVP_PKEY *pkey = generate(lib, p, c->buf[F_SEED]);

    (void)variant;
    EXPECT(t, c, octets(pkey, "pub", got, sizeof(got)) == c->len[F_PK]
           && memcmp(got, c->buf[F_PK], c->len[F_PK]) == 0, "pub differs");
    EXPECT(t, c, octets(pkey, "priv", got, sizeof(got)) == c->len[F_SK]
           && memcmp(got, c->buf[F_SK], c->len[F_SK]) == 0, "priv differs");
    EVP_PKEY_free(pkey);
}

START_TEST(keygen_vectors_through_evp)
{
    static const char *const stems[] = { "acvp-keygen", "acvp2024-keygen" };

    run_vectors(stems[_i / 3], params[_i % 3], keygen_case, 0);
}
END_TEST

/*
 * Sign with the vector's key (imported from its expanded key, or its seed)
 * and rnd, and verify with its public key (pk, or the key's): raw encoding
 * for the internal interface, mu for external mu, pure with the context.
 */
static void sign_and_verify(TALLY *t, const CASE *c, mldsa_param p, EVP_PKEY *pkey,
                            SIGN_OPTS *o, const uint8_t *msg, size_t msglen)
{
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t len = sizeof(sig), siglen = mldsa_signature_bytes(p), pklen;
    EVP_PKEY *pub;

    o->rnd = c->buf[F_RND];
    EXPECT(t, c, evp_sign(lib, pkey, o, msg, msglen, sig, &len) && len == siglen
           && memcmp(sig, c->buf[F_SIG], siglen) == 0, "EVP signature differs");
    ERR_clear_error();
    pklen = c->present[F_PK] ? c->len[F_PK] : octets(pkey, "pub", pk, sizeof(pk));
    pub = import(lib, p, NULL, 0, NULL, 0, c->present[F_PK] ? c->buf[F_PK] : pk, pklen);
    EXPECT(t, c, pub != NULL && evp_verify(lib, pub, o, msg, msglen, c->buf[F_SIG], siglen) == 1,
           "EVP verify refused the vector's signature");
    EVP_PKEY_free(pub);
}

/* The input of an ACVP case: M' (internal interface) or mu (external mu). */
static const uint8_t *acvp_input(const CASE *c, int external_mu, size_t *len)
{
    *len = external_mu ? c->len[F_MU] : c->len[F_MSG];
    return external_mu ? c->buf[F_MU] : c->buf[F_MSG];
}

static void siggen_case(TALLY *t, const CASE *c, mldsa_param p, int external_mu)
{
    SIGN_OPTS o = { NULL, 0, NULL, 0, !external_mu, external_mu };
    EVP_PKEY *pkey = import(lib, p, NULL, 0, c->buf[F_SK], c->len[F_SK], NULL, 0);
    size_t inlen;
    const uint8_t *in = acvp_input(c, external_mu, &inlen);

    EXPECT(t, c, pkey != NULL, "the expanded key was refused");
    if (pkey != NULL)
        sign_and_verify(t, c, p, pkey, &o, in, inlen);
    EVP_PKEY_free(pkey);
}

START_TEST(siggen_vectors_through_evp)
{
    static const char *const stems[] = { "acvp-siggen-internal", "acvp-siggen-externalmu" };

    run_vectors(stems[_i / 3], params[_i % 3], siggen_case, _i / 3);
}
END_TEST

static void sigver_case(TALLY *t, const CASE *c, mldsa_param p, int external_mu)
{
    SIGN_OPTS o = { NULL, 0, NULL, 0, !external_mu, external_mu };
    EVP_PKEY *pub = import(lib, p, NULL, 0, NULL, 0, c->buf[F_PK], c->len[F_PK]);
    int want = tv_get_long(c->rec, "testPassed", -1) == 1;
    size_t inlen;
    const uint8_t *in = acvp_input(c, external_mu, &inlen);

    EXPECT(t, c, pub != NULL, "the public key was refused");
    if (pub != NULL)
        EXPECT(t, c, evp_verify(lib, pub, &o, in, inlen, c->buf[F_SIG], c->len[F_SIG]) == want,
               "EVP verify gave the other answer");
    ERR_clear_error();
    EVP_PKEY_free(pub);
}

START_TEST(sigver_vectors_through_evp)
{
    static const char *const stems[] = { "acvp-sigver-internal", "acvp-sigver-externalmu" };

    run_vectors(stems[_i / 3], params[_i % 3], sigver_case, _i / 3);
}
END_TEST

/* The KAT collection: keys from the seed, pure with the context, or raw. */
static void kat_collection_case(TALLY *t, const CASE *c, mldsa_param p, int variant)
{
    int raw = strcmp(tv_get(c->rec, "preHash"), "none") == 0;
    SIGN_OPTS o = { ctx_of(c), ctxlen_of(c), NULL, 0, raw, 0 };
    EVP_PKEY *pkey = generate(lib, p, c->buf[F_SEED]);

    (void)variant;
    keygen_case(t, c, p, 0);
    sign_and_verify(t, c, p, pkey, &o, c->buf[F_MSG], c->len[F_MSG]);
    EVP_PKEY_free(pkey);
}

START_TEST(kat_collection_through_evp)
{
    static const char *const stems[] = {
        "kat-det-pure", "kat-det-raw", "kat-hedged-pure", "kat-hedged-raw",
        "kat-det-hashed", "kat-hedged-hashed"
    };
    char what[128];

    if (_i >= 12) {
        snprintf(what, sizeof(what), "%s-%d: HashML-DSA is not offered through EVP "
                 "(nor by OpenSSL 3.5's ML-DSA); test_kat runs it", stems[_i / 3],
                 (int)params[_i % 3]);
        test_skip(what);
        return;
    }
    run_vectors(stems[_i / 3], params[_i % 3], kat_collection_case, 0);
}
END_TEST

/*
 * Wycheproof signing: a key from the seed or the expanded key (a malformed
 * one must be refused at import), then the message with its context (one
 * over 255 bytes refused) and mu, signed and verified.
 */
static void wycheproof_sign_case(TALLY *t, const CASE *c, mldsa_param p, int from_seed)
{
    int valid = strcmp(tv_get(c->rec, "result"), "valid") == 0;
    SIGN_OPTS o = { ctx_of(c), ctxlen_of(c), c->buf[F_RND], 0, 0, 0 };
    SIGN_OPTS mu = { NULL, 0, c->buf[F_RND], 0, 0, 1 };
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t len = sizeof(sig);
    EVP_PKEY *pkey;

    pkey = from_seed ? import(lib, p, c->buf[F_SEED], c->len[F_SEED], NULL, 0, NULL, 0)
                     : import(lib, p, NULL, 0, c->buf[F_SK], c->len[F_SK], NULL, 0);
    if (pkey == NULL) {
        const char *why = ERR_reason_error_string(ERR_peek_last_error());

        EXPECT(t, c, !valid, "a valid key was refused");
        EXPECT(t, c, why != NULL && (strcmp(why, R_BAD_LENGTH) == 0 || strcmp(why, R_BAD_KEY) == 0),
               "refused without the reason: %s", why ? why : "none");
        ERR_clear_error();
        return;
    }
    if (c->present[F_MSG]) {
        if (valid) {
            sign_and_verify(t, c, p, pkey, &o, c->buf[F_MSG], c->len[F_MSG]);
        } else {
            EXPECT(t, c, !evp_sign(lib, pkey, &o, c->buf[F_MSG], c->len[F_MSG], sig, &len),
                   "an invalid case signed");
            EXPECT(t, c, ctxlen_of(c) <= MLDSA_MAX_CONTEXT_BYTES
                   || provider_error(R_BAD_LENGTH, "a context string of at most 255 bytes"),
                   "no reason for the long context");
        }
    }
    if (valid && c->present[F_MU])
        sign_and_verify(t, c, p, pkey, &mu, c->buf[F_MU], c->len[F_MU]);
    ERR_clear_error();
    EVP_PKEY_free(pkey);
}

START_TEST(wycheproof_sign_through_evp)
{
    static const char *const stems[] = { "wycheproof-sign-seed", "wycheproof-sign-noseed" };

    run_vectors(stems[_i / 3], params[_i % 3], wycheproof_sign_case, _i / 3 == 0);
}
END_TEST

/* Wycheproof verification: exactly the valid cases verify through EVP. */
static void wycheproof_verify_case(TALLY *t, const CASE *c, mldsa_param p, int variant)
{
    int valid = strcmp(tv_get(c->rec, "result"), "valid") == 0;
    SIGN_OPTS o = { ctx_of(c), ctxlen_of(c), NULL, 0, 0, 0 };
    EVP_PKEY *pub = import(lib, p, NULL, 0, NULL, 0, c->buf[F_PK], c->len[F_PK]);

    (void)variant;
    if (pub == NULL)
        EXPECT(t, c, !valid && c->len[F_PK] != mldsa_public_key_bytes(p),
               "the public key was refused");
    else
        EXPECT(t, c, (evp_verify(lib, pub, &o, c->buf[F_MSG], c->len[F_MSG], c->buf[F_SIG],
                                 c->len[F_SIG]) == 1) == valid,
               "EVP verify gave the other answer (%s)", tv_get(c->rec, "comment"));
    ERR_clear_error();
    EVP_PKEY_free(pub);
}

START_TEST(wycheproof_verify_through_evp)
{
    run_vectors("wycheproof-verify", params[_i], wycheproof_verify_case, 0);
}
END_TEST

static Suite *provider_suite(void)
{
    Suite *s = suite_create("provider");
    TCase *evp = tcase_create("evp"), *vec = tcase_create("vectors");

    tcase_add_unchecked_fixture(evp, setup, teardown);
    tcase_set_timeout(evp, 60);
    tcase_add_test(evp, provider_is_loaded_under_openssl_35s_names);
    tcase_add_test(evp, tls_sigalgs_are_declared_from_openssl_32_on);
    tcase_add_loop_test(evp, keygen_sign_verify_with_and_without_contexts, 0, NPARAMS);
    tcase_add_loop_test(evp, keys_from_a_seed_are_the_librarys, 0, NPARAMS);
    tcase_add_loop_test(evp, deterministic_and_test_entropy_signatures_are_the_librarys, 0, NPARAMS);
    tcase_add_loop_test(evp, a_streamed_message_signs_as_the_whole, 0, NPARAMS);
    tcase_add_loop_test(evp, evp_pkey_sign_signs_the_message_itself, 0, NPARAMS);
    tcase_add_loop_test(evp, raw_and_mu_message_encodings_are_the_internal_interface, 0, NPARAMS);
#ifdef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
    tcase_add_loop_test(evp, message_signing_calls_with_every_parameter, 0, NPARAMS);
#endif
    tcase_add_loop_test(evp, key_parameters_checks_and_dup, 0, NPARAMS);
    tcase_add_loop_test(evp, encoders_write_every_form_as_the_library, 0, NPARAMS);
    tcase_add_loop_test(evp, the_encoder_parameter_picks_the_form, 0, NPARAMS);
    tcase_add_loop_test(evp, the_text_encoder_prints_as_openssl_35, 0, NPARAMS);
    tcase_add_loop_test(evp, decoders_read_every_form_of_openssl_35, 0, NPARAMS);
    tcase_add_loop_test(evp, encrypted_private_keys_round_trip_through_openssl, 0, NPARAMS);
    tcase_add_test(evp, settings_of_openssl_35_are_honoured);
    tcase_add_test(evp, bad_arguments_are_refused_with_the_reason);
    tcase_add_test(evp, malformed_keys_are_refused_with_the_reason);
    tcase_add_loop_test(evp, one_key_signs_and_verifies_from_several_threads_at_once, 0, NPARAMS);
    suite_add_tcase(s, evp);
    tcase_add_unchecked_fixture(vec, setup, teardown);
    tcase_set_timeout(vec, 120);
    tcase_add_loop_test(vec, keygen_vectors_through_evp, 0, 6);
    tcase_add_loop_test(vec, siggen_vectors_through_evp, 0, 6);
    tcase_add_loop_test(vec, sigver_vectors_through_evp, 0, 6);
    tcase_add_loop_test(vec, kat_collection_through_evp, 0, 18);
    tcase_add_loop_test(vec, wycheproof_sign_through_evp, 0, 6);
    tcase_add_loop_test(vec, wycheproof_verify_through_evp, 0, 3);
    suite_add_tcase(s, vec);
    return s;
}

int main(void)
{
    return test_run_suite(provider_suite());
}

#endif /* TEST_PROVIDER_SKIP */
