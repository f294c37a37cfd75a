/*
 * provider-tls-speed: TLS 1.3 handshakes per second with an ML-DSA-65
 * certificate, a server that does not load the provider (OpenSSL 3.5's own
 * ML-DSA signs) against one that does (the provider signs: its key), for
 * `make speed`.  Both ends run in this process, one thread, over a BIO pair
 * (util/tls_pair.h: no sockets, nothing leaves the process); the client is
 * the same in both rows (OpenSSL's default provider alone), so the rows
 * differ in the server only.  The rows take turns, a batch of handshakes
 * each, until the time is up (wall time); each row counts its handshakes,
 * the CPU time the server's side of them took (its handshakes/s: what a
 * server's CPU would serve) and the CPU time of both sides (the pair's
 * handshakes/s), thread CPU time, which a busy machine disturbs less.  A third row
 * has the provider at both ends (the client verifying through it too).
 * A benchmark, not a test: it asserts nothing about the rates.
 * Usage: provider-tls-speed MODULE [SECONDS]   (default 3 seconds, at most 60)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "tls_pair.h"

#define DEFAULT_SECONDS 3
#define MAX_SECONDS 60
#define BATCH 10
#define OPENSSL_3_2 0x30200000L
#define OPENSSL_3_5 0x30500000L

enum { ROW_OPENSSL, ROW_PROVIDER, ROW_BOTH_ENDS, N_ROWS };

/* One row: its server and client, and what it counted. */
typedef struct {
    const char *title;
    OSSL_LIB_CTX *server_lib, *client_lib;
    EVP_PKEY *key;
    X509 *cert;
    SSL_CTX *server, *client;
    unsigned long handshakes;
    uint64_t server_ns, pair_ns;
} ROW;

_Noreturn static void fail(const char *what)
{
    fprintf(stderr, "provider-tls-speed: %s failed\n", what);
    ERR_print_errors_fp(stderr);
    exit(EXIT_FAILURE);
}

/* A fresh ML-DSA-65 key of the provider propq picks, in lib. */
static EVP_PKEY *keygen(OSSL_LIB_CTX *lib, const char *propq)
{
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_name(lib, "ML-DSA-65", propq);
    EVP_PKEY *key = NULL;

    if (kctx == NULL || EVP_PKEY_keygen_init(kctx) <= 0 || EVP_PKEY_generate(kctx, &key) <= 0)
        fail("ML-DSA-65 key generation");
    EVP_PKEY_CTX_free(kctx);
    return key;
}

/* The row's key (made by propq's provider), self-signed certificate, and
 * its server and client contexts. */
static void row_setup(ROW *row, const char *propq)
{
    row->key = keygen(row->server_lib, propq);
    if ((row->cert = tls_pair_cert(row->server_lib, propq, "localhost", row->key, NULL,
                                   row->key, 0, NULL)) == NULL
        || (row->server = tls_pair_ctx(row->server_lib, NULL, row->cert, row->key,
                                       NULL)) == NULL
        || (row->client = tls_pair_ctx(row->client_lib, NULL, NULL, NULL, row->cert)) == NULL)
        fail(row->title);
}

static void row_free(ROW *row)
{
    SSL_CTX_free(row->server);
    SSL_CTX_free(row->client);
    X509_free(row->cert);
    EVP_PKEY_free(row->key);
}

/* BATCH handshakes of row, counted. */
static void row_run(ROW *row)
{
    for (int i = 0; i < BATCH; i++) {
        uint64_t t0 = tls_pair_clock_ns(CLOCK_THREAD_CPUTIME_ID);

        if (!tls_pair_handshake(row->server, row->client, &row->server_ns, NULL))
            fail(row->title);
        row->pair_ns += tls_pair_clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
        row->handshakes++;
    }
}

/* Handshakes per second of n handshakes in ns nanoseconds. */
static double rate(unsigned long n, uint64_t ns)
{
    return ns == 0 ? 0.0 : (double)n * 1e9 / (double)ns;
}

int main(int argc, char **argv)
{
    static const char *const ours_first[] = { "mldsa", "default" };
    static const char *const openssl_only[] = { "default" };
    char dir[512];
    const char *slash;
    int seconds = argc > 2 ? atoi(argv[2]) : DEFAULT_SECONDS;
    int own = OpenSSL_version_num() >= OPENSSL_3_5;
    ROW rows[N_ROWS];
    TLS_PAIR_LIB *with_pl, *without_pl;
    OSSL_LIB_CTX *with, *without;
    uint64_t end;

    if (argc < 2 || seconds <= 0 || seconds > MAX_SECONDS) {
        fprintf(stderr, "usage: provider-tls-speed MODULE [SECONDS (1-%d)]\n", MAX_SECONDS);
        return EXIT_FAILURE;
    }
    if (OpenSSL_version_num() < OPENSSL_3_2) {
        printf("TLS 1.3 handshake rows skipped: %s has no provider signature algorithms "
               "in TLS (3.2 and later have)\n", OpenSSL_version(OPENSSL_VERSION));
        return EXIT_SUCCESS;
    }
    if ((slash = strrchr(argv[1], '/')) == NULL || (size_t)(slash - argv[1]) >= sizeof(dir))
        fail("the module's folder");
    memcpy(dir, argv[1], (size_t)(slash - argv[1]));
    dir[slash - argv[1]] = '\0';
    if ((with_pl = tls_pair_libctx(dir, ours_first, 2)) == NULL
        || (without_pl = tls_pair_libctx(dir, openssl_only, 1)) == NULL)
        fail("loading the providers");
    with = with_pl->lib;
    without = without_pl->lib;
    memset(rows, 0, sizeof(rows));
    rows[ROW_OPENSSL] = (ROW){ "server without the provider (OpenSSL's own ML-DSA signs)",
                               without, without, NULL, NULL, NULL, NULL, 0, 0, 0 };
    rows[ROW_PROVIDER] = (ROW){ "server with the provider (the provider signs)",
                                with, own ? without : with, NULL, NULL, NULL, NULL, 0, 0, 0 };
    rows[ROW_BOTH_ENDS] = (ROW){ "... and the client with it too (verifies through it)",
                                 with, with, NULL, NULL, NULL, NULL, 0, 0, 0 };
    if (own)
        row_setup(&rows[ROW_OPENSSL], "provider=default");
    row_setup(&rows[ROW_PROVIDER], "provider=mldsa");
    row_setup(&rows[ROW_BOTH_ENDS], "provider=mldsa");
    end = tls_pair_clock_ns(CLOCK_MONOTONIC) + (uint64_t)seconds * 1000000000u;
    do {
        for (int r = own ? 0 : 1; r < N_ROWS; r++)
            row_run(&rows[r]);
    } while (tls_pair_clock_ns(CLOCK_MONOTONIC) < end);

    printf("\nTLS 1.3 handshakes, ML-DSA-65 self-signed certificate, both ends in one thread "
           "over a BIO pair,\n%s, default groups, %d s, rates per CPU second (%s)\n",
           OpenSSL_version(OPENSSL_VERSION), seconds,
           own ? "client: OpenSSL's default provider alone, but in the last row"
               : "no ML-DSA of OpenSSL's own: the provider's rows only");
    printf("%-58s %10s %12s %12s\n", "", "handshakes", "server hs/s", "pair hs/s");
    for (int r = own ? 0 : 1; r < N_ROWS; r++)
        printf("%-58s %10lu %12.1f %12.1f\n", rows[r].title, rows[r].handshakes,
               rate(rows[r].handshakes, rows[r].server_ns),
               rate(rows[r].handshakes, rows[r].pair_ns));
    if (own)
        printf("server with the provider / without: %.2fx its handshakes/s, %.2fx the pair's\n",
               rate(rows[ROW_PROVIDER].handshakes, rows[ROW_PROVIDER].server_ns)
               / rate(rows[ROW_OPENSSL].handshakes, rows[ROW_OPENSSL].server_ns),
               rate(rows[ROW_PROVIDER].handshakes, rows[ROW_PROVIDER].pair_ns)
               / rate(rows[ROW_OPENSSL].handshakes, rows[ROW_OPENSSL].pair_ns));
    printf("the servers' keys (their providers sign the handshakes): %s, %s\n",
           own ? OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(rows[ROW_OPENSSL].key)) : "-",
           OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(rows[ROW_PROVIDER].key)));
    for (int r = 0; r < N_ROWS; r++)
        row_free(&rows[r]);
    tls_pair_libctx_free(with_pl);
    tls_pair_libctx_free(without_pl);
    return EXIT_SUCCESS;
}
