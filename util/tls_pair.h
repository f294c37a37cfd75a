/*
 * TLS 1.3 handshakes between two ends in one process, over a BIO pair (no
 * sockets, no ports), for the provider's TLS tests
 * (test/test_provider_builtin.c) and the handshake benchmark
 * (util/provider-tls-speed.c): a library context that loads providers in
 * a given order, an X.509 certificate made and signed in one, a server and
 * a client SSL_CTX, and one handshake, with the time the server's side of
 * it took.  Each helper returns NULL or 0 on failure, with OpenSSL's error
 * stack saying why.
 */
#ifndef MLDSA_TLS_PAIR_H
#define MLDSA_TLS_PAIR_H

#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/* Handshake steps of one end before a handshake is given up (a TLS 1.3
 * handshake takes two or three on each side). */
#define TLS_PAIR_MAX_STEPS 16

/* Nanoseconds of clock: CLOCK_MONOTONIC (wall time), or
 * CLOCK_THREAD_CPUTIME_ID (this thread's CPU time, which time spent waiting
 * for a CPU on a busy machine does not count). */
static inline uint64_t tls_pair_clock_ns(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The most providers a context of tls_pair_libctx loads. */
#define TLS_PAIR_MAX_PROVIDERS 2

/* A library context and the providers loaded into it, in order. */
typedef struct {
    OSSL_LIB_CTX *lib;
    OSSL_PROVIDER *prov[TLS_PAIR_MAX_PROVIDERS];
} TLS_PAIR_LIB;

/* Unload pl's providers and free its context (pl NULL: nothing). */
static inline void tls_pair_libctx_free(TLS_PAIR_LIB *pl)
{
    if (pl == NULL)
        return;
    for (size_t i = TLS_PAIR_MAX_PROVIDERS; i-- > 0;)
        OSSL_PROVIDER_unload(pl->prov[i]);
    OSSL_LIB_CTX_free(pl->lib);
    free(pl);
}

/*
 * A library context that loads the providers names[0..n-1] in that order
 * (n at most TLS_PAIR_MAX_PROVIDERS; modules found in moddir, then
 * OpenSSL's own folder): the first loaded is, in practice, the one a fetch
 * of a name both have returns.  tls_pair_libctx_free frees it.
 */
static inline TLS_PAIR_LIB *tls_pair_libctx(const char *moddir, const char *const *names,
                                            size_t n)
{
    TLS_PAIR_LIB *pl = calloc(1, sizeof(*pl));

    if (pl == NULL || n > TLS_PAIR_MAX_PROVIDERS || (pl->lib = OSSL_LIB_CTX_new()) == NULL
        || !OSSL_PROVIDER_set_default_search_path(pl->lib, moddir))
        goto fail;
    for (size_t i = 0; i < n; i++)
        if ((pl->prov[i] = OSSL_PROVIDER_load(pl->lib, names[i])) == NULL)
            goto fail;
    return pl;
 fail:
    tls_pair_libctx_free(pl);
    return NULL;
}

/* Add the X.509v3 extension nid with value (OpenSSL's config syntax) to x. */
static inline int tls_pair_add_ext(X509 *x, X509V3_CTX *v3, int nid, const char *value)
{
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, v3, nid, value);
    int ok = ext != NULL && X509_add_ext(x, ext, -1);

    X509_EXTENSION_free(ext);
    return ok;
}

/*
 * A certificate CN=cn for key, valid from an hour ago for a day, a CA when
 * ca, signed by issuer_key as issuer (NULL: self-signed) through the
 * signature that lib's fetch with propq gives, whose provider *signer
 * receives.
 */
static inline X509 *tls_pair_cert(OSSL_LIB_CTX *lib, const char *propq, const char *cn,
                                  EVP_PKEY *key, X509 *issuer, EVP_PKEY *issuer_key, int ca,
                                  const OSSL_PROVIDER **signer)
{
    X509 *x = X509_new_ex(lib, propq);
    X509_NAME *name = X509_NAME_new();
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    X509V3_CTX v3;
    int ok;

    ok = x != NULL && name != NULL && md != NULL
        && X509_set_version(x, X509_VERSION_3)
        && ASN1_INTEGER_set(X509_get_serialNumber(x),
                            (long)(tls_pair_clock_ns(CLOCK_MONOTONIC) & 0x7fffffff))
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn,
                                      -1, -1, 0)
        && X509_set_subject_name(x, name)
        && X509_set_issuer_name(x, issuer != NULL ? X509_get_subject_name(issuer) : name)
        && X509_gmtime_adj(X509_getm_notBefore(x), -3600) != NULL
        && X509_gmtime_adj(X509_getm_notAfter(x), 86400) != NULL
        && X509_set_pubkey(x, key);
    if (ok) {
        X509V3_set_ctx(&v3, issuer != NULL ? issuer : x, x, NULL, NULL, 0);
        ok = tls_pair_add_ext(x, &v3, NID_basic_constraints,
                              ca ? "critical,CA:TRUE" : "CA:FALSE")
            && tls_pair_add_ext(x, &v3, NID_key_usage,
                                ca ? "critical,keyCertSign,cRLSign"
                                   : "critical,digitalSignature")
            && EVP_DigestSignInit_ex(md, NULL, NULL, lib, propq, issuer_key, NULL)
            && X509_sign_ctx(x, md) > 0;
    }
    if (ok && signer != NULL)
        *signer = EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(md));
    EVP_MD_CTX_free(md);
    X509_NAME_free(name);
    if (!ok) {
        X509_free(x);
        x = NULL;
    }
    return x;
}

/* x as an application of lib reads it (its public key then lib's choice
 * under propq). */
static inline X509 *tls_pair_reread(OSSL_LIB_CTX *lib, const char *propq, X509 *x)
{
    unsigned char *der = NULL;
    const unsigned char *q;
    int len = i2d_X509(x, &der);
    X509 *back = len > 0 ? X509_new_ex(lib, propq) : NULL;

    q = der;
    if (back != NULL && d2i_X509(&back, &q, len) == NULL) {
        X509_free(back);
        back = NULL;
    }
    OPENSSL_free(der);
    return back;
}

/* A TLS 1.3-only context of lib (propq for its fetches): a server with
 * cert and key when key is given (no session tickets), otherwise a client
 * that verifies the server's certificate up to anchor. */
static inline SSL_CTX *tls_pair_ctx(OSSL_LIB_CTX *lib, const char *propq, X509 *cert,
                                    EVP_PKEY *key, X509 *anchor)
{
    SSL_CTX *ctx = SSL_CTX_new_ex(lib, propq, key != NULL ? TLS_server_method()
                                                           : TLS_client_method());
    int ok = ctx != NULL && SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION)
        && SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION);

    if (ok && key != NULL) {
        ok = SSL_CTX_use_certificate(ctx, cert) && SSL_CTX_use_PrivateKey(ctx, key)
            && SSL_CTX_set_num_tickets(ctx, 0);
    } else if (ok) {
        ok = X509_STORE_add_cert(SSL_CTX_get_cert_store(ctx), anchor);
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    }
    if (!ok) {
        SSL_CTX_free(ctx);
        ctx = NULL;
    }
    return ctx;
}

/*
 * One handshake of a new server and a new client of these contexts over a
 * BIO pair, each end taking its steps in turn: 1 when both completed, 0
 * when either failed (or either took more than TLS_PAIR_MAX_STEPS).  The
 * CPU nanoseconds the server's steps took are added to *server_ns (when
 * not NULL); *client (when not NULL) receives the client end, completed or
 * not, for its peer's certificate, signature type and verify result.
 */
static inline int tls_pair_handshake(SSL_CTX *server_ctx, SSL_CTX *client_ctx,
                                     uint64_t *server_ns, SSL **client)
{
    SSL *s = SSL_new(server_ctx), *c = SSL_new(client_ctx);
    BIO *sbio = NULL, *cbio = NULL;
    int sdone = 0, cdone = 0, ok = 0;

    if (s == NULL || c == NULL || !BIO_new_bio_pair(&sbio, 0, &cbio, 0))
        goto end;
    SSL_set_bio(s, sbio, sbio);
    SSL_set_bio(c, cbio, cbio);
    SSL_set_accept_state(s);
    SSL_set_connect_state(c);
    for (int step = 0; step < TLS_PAIR_MAX_STEPS && !(sdone && cdone); step++) {
        int r;

        if (!cdone) {
            r = SSL_do_handshake(c);
            if (r <= 0 && SSL_get_error(c, r) != SSL_ERROR_WANT_READ)
                goto end;
            cdone = r == 1;
        }
        if (!sdone) {
            uint64_t t0 = tls_pair_clock_ns(CLOCK_THREAD_CPUTIME_ID);

            r = SSL_do_handshake(s);
            if (server_ns != NULL)
                *server_ns += tls_pair_clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
            if (r <= 0 && SSL_get_error(s, r) != SSL_ERROR_WANT_READ)
                goto end;
            sdone = r == 1;
        }
    }
    ok = sdone && cdone;
 end:
    SSL_free(s);
    if (client != NULL)
        *client = c;
    else
        SSL_free(c);
    return ok;
}

#endif /* MLDSA_TLS_PAIR_H */
