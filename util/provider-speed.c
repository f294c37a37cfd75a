/*
 * provider-speed: what the provider (providers/mldsa.so) costs over the
 * library's key object, for `make speed`.  For ML-DSA-44, -65 and -87 it
 * times keygen from a seed, hedged signing of a 32-byte message (a fixed
 * rnd per operation, given to EVP as test-entropy) and verifying, three
 * ways, side by side in one process: the key object (mldsa_key_generate,
 * mldsa_key_sign, mldsa_key_verify), EVP the way applications call it with
 * one reused EVP_PKEY (EVP_PKEY_keygen; a new EVP_MD_CTX and
 * EVP_DigestSignInit_ex / EVP_DigestSign, EVP_DigestVerify per operation),
 * and EVP_PKEY_sign / EVP_PKEY_verify on one initialised EVP_PKEY_CTX.
 * Every operation of the three is timed one after the other with the same
 * inputs (signing's time depends on rnd), in TSC cycles, pinned to one CPU:
 * each of N_RND rnd values SAMPLES times, the median per rnd, the mean of
 * those; the cost of the provider is that of EVP over the key object, cell
 * by cell, and what OpenSSL's EVP context costs alone, no operation.  All
 * rows sign the same bytes (checked first).
 * Usage: provider-speed MODULE [SAMPLES]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "mldsa.h"

#include "bench_median.h"
#include "bench_ticks.h"

#define N_RND 16
#define DEFAULT_SAMPLES 31
#define MAX_SAMPLES 1001
#define NPARAMS 3
#define MSG_BYTES 32
#define CALIBRATION_NS 50000000L

enum { OP_KEYGEN, OP_SIGN, OP_VERIFY, N_OPS };
enum { WAY_KEY, WAY_DIGEST, WAY_PKEY_CTX, N_WAYS };
static const char *const way_titles[N_WAYS] = {
    "key object (mldsa_key_generate from a seed, mldsa_key_sign, mldsa_key_verify)",
    ("provider through EVP, one EVP_PKEY (EVP_PKEY_keygen from a seed; a new EVP_MD_CTX,\n"
     "EVP_DigestSignInit_ex + EVP_DigestSign / EVP_DigestVerify, each operation)"),
    "provider, EVP_PKEY_sign / EVP_PKEY_verify on one initialised EVP_PKEY_CTX"
};
static const char *const param_names[NPARAMS] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };
static const mldsa_param params[NPARAMS] = { MLDSA_44, MLDSA_65, MLDSA_87 };

/* What the operations of one parameter set work on. */
typedef struct {
    mldsa_param param;
    const char *name;
    OSSL_LIB_CTX *lib;
    MLDSA_KEY *key, *pubkey;            /* from seed 0, and its public key */
    EVP_PKEY *pkey, *pub;               /* the same, through the provider */
    EVP_PKEY_CTX *sign_ctx, *verify_ctx;
    uint8_t seed[MLDSA_SEED_BYTES], rnd[MLDSA_RND_BYTES], msg[MSG_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    size_t siglen;
} BENCH;

static void fail(const char *what, const BENCH *b)
{
    fprintf(stderr, "provider-speed: %s: %s failed\n", b != NULL ? b->name : "setup", what);
    exit(EXIT_FAILURE);
}

/* Operation i's inputs: seed and rnd depend only on i. */
static void inputs(BENCH *b, unsigned i)
{
    for (size_t k = 0; k < sizeof(b->seed); k++) {
        b->seed[k] = (uint8_t)(i * 131 + k * 7 + 1);
        b->rnd[k] = (uint8_t)(i * 17 + k * 29 + 3);
    }
}

/* A key of b's set from b->seed through the provider. */
static EVP_PKEY *evp_generate(BENCH *b)
{
    OSSL_PARAM prm[2] = {
        OSSL_PARAM_octet_string("seed", b->seed, sizeof(b->seed)), OSSL_PARAM_END
    };
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_name(b->lib, b->name, NULL);
    EVP_PKEY *pkey = NULL;

    if (kctx == NULL || EVP_PKEY_keygen_init(kctx) != 1
        || EVP_PKEY_CTX_set_params(kctx, prm) != 1 || EVP_PKEY_generate(kctx, &pkey) != 1)
        fail("EVP_PKEY_keygen", b);
    EVP_PKEY_CTX_free(kctx);
    return pkey;
}

/* One operation op of way; 0 on success. */
static int run(BENCH *b, int way, int op)
{
    OSSL_PARAM prm[2] = {
        OSSL_PARAM_octet_string("test-entropy", b->rnd, sizeof(b->rnd)), OSSL_PARAM_END
    };
    MLDSA_KEY *key = NULL;
    EVP_MD_CTX *md;
    size_t len = sizeof(b->sig);
    int ok = 0;

    switch (way * N_OPS + op) {
    case WAY_KEY * N_OPS + OP_KEYGEN:
        ok = mldsa_key_generate(&key, b->param, b->seed) == MLDSA_OK;
        mldsa_key_free(key);
        return !ok;
    case WAY_KEY * N_OPS + OP_SIGN:
        return mldsa_key_sign(b->key, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->rnd);
    case WAY_KEY * N_OPS + OP_VERIFY:
        return mldsa_key_verify(b->pubkey, b->sig, b->siglen, b->msg, sizeof(b->msg), NULL, 0);
    case WAY_DIGEST * N_OPS + OP_KEYGEN:
    case WAY_PKEY_CTX * N_OPS + OP_KEYGEN:
        EVP_PKEY_free(evp_generate(b));
        return 0;
    case WAY_DIGEST * N_OPS + OP_SIGN:
        md = EVP_MD_CTX_new();
        ok = md != NULL && EVP_DigestSignInit_ex(md, NULL, NULL, b->lib, NULL, b->pkey, prm) == 1
             && EVP_DigestSign(md, b->sig, &len, b->msg, sizeof(b->msg)) == 1;
        EVP_MD_CTX_free(md);
        return !ok;
    case WAY_DIGEST * N_OPS + OP_VERIFY:
        md = EVP_MD_CTX_new();
        ok = md != NULL && EVP_DigestVerifyInit_ex(md, NULL, NULL, b->lib, NULL, b->pub, NULL) == 1
             && EVP_DigestVerify(md, b->sig, b->siglen, b->msg, sizeof(b->msg)) == 1;
        EVP_MD_CTX_free(md);
        return !ok;
    case WAY_PKEY_CTX * N_OPS + OP_SIGN:
        return !(EVP_PKEY_CTX_set_params(b->sign_ctx, prm) == 1
                 && EVP_PKEY_sign(b->sign_ctx, b->sig, &len, b->msg, sizeof(b->msg)) == 1);
    case WAY_PKEY_CTX * N_OPS + OP_VERIFY:
        return EVP_PKEY_verify(b->verify_ctx, b->sig, b->siglen, b->msg, sizeof(b->msg)) != 1;
    }
    return 1;
}

/* Keys, contexts and a signature of seed 0 for param, and a check that the
 * three ways sign the same bytes. */
static void bench_init(BENCH *b, OSSL_LIB_CTX *lib, size_t i)
{
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], want[MLDSA_MAX_SIGNATURE_BYTES];
    OSSL_PARAM prm[2] = { OSSL_PARAM_octet_string("pub", pk, 0), OSSL_PARAM_END };
    EVP_PKEY_CTX *kctx;

    memset(b, 0, sizeof(*b));
    b->param = params[i];
    b->name = param_names[i];
    b->lib = lib;
    b->siglen = mldsa_signature_bytes(b->param);
    for (size_t k = 0; k < sizeof(b->msg); k++)
        b->msg[k] = (uint8_t)k;
    inputs(b, 0);
    prm[0].data_size = mldsa_public_key_bytes(b->param);
    if (mldsa_key_generate(&b->key, b->param, b->seed) != MLDSA_OK
        || mldsa_key_get_public(b->key, pk, sizeof(pk)) != MLDSA_OK
        || mldsa_key_from_public(&b->pubkey, b->param, pk, prm[0].data_size) != MLDSA_OK)
        fail("the key object", b);
    b->pkey = evp_generate(b);
    if ((kctx = EVP_PKEY_CTX_new_from_name(lib, b->name, NULL)) == NULL
        || EVP_PKEY_fromdata_init(kctx) != 1
        || EVP_PKEY_fromdata(kctx, &b->pub, EVP_PKEY_PUBLIC_KEY, prm) != 1)
        fail("the public EVP_PKEY", b);
    EVP_PKEY_CTX_free(kctx);
    if ((b->sign_ctx = EVP_PKEY_CTX_new_from_pkey(lib, b->pkey, NULL)) == NULL
        || EVP_PKEY_sign_init(b->sign_ctx) != 1
        || (b->verify_ctx = EVP_PKEY_CTX_new_from_pkey(lib, b->pub, NULL)) == NULL
        || EVP_PKEY_verify_init(b->verify_ctx) != 1)
        fail("EVP_PKEY_sign_init", b);
    for (int way = 0; way < N_WAYS; way++) {
        if (run(b, way, OP_SIGN) != 0)
            fail("signing", b);
        if (way == WAY_KEY)
            memcpy(want, b->sig, b->siglen);
        else if (memcmp(want, b->sig, b->siglen) != 0)
            fail("the same signature three ways", b);
        if (run(b, way, OP_VERIFY) != 0)
            fail("verifying", b);
    }
}

static void bench_free(BENCH *b)
{
    EVP_PKEY_CTX_free(b->sign_ctx);
    EVP_PKEY_CTX_free(b->verify_ctx);
    EVP_PKEY_free(b->pkey);
    EVP_PKEY_free(b->pub);
    mldsa_key_free(b->key);
    mldsa_key_free(b->pubkey);
}

/*
 * Cell (b, op) for every way, interleaved: for each rnd value, SAMPLES
 * rounds of one operation of each way (a different way first each round);
 * cycles[way] gets the mean over the
 * rnd values of the median of their samples.
 */
static void measure(BENCH *b, int op, int samples, double cycles[N_WAYS])
{
    static uint64_t t[N_WAYS][MAX_SAMPLES];

    for (int w = 0; w < N_WAYS; w++)
        cycles[w] = 0;
    for (unsigned r = 0; r < N_RND; r++) {
        inputs(b, op == OP_VERIFY ? 0 : r + 1);
        for (int s = 0; s < samples; s++) {
            /* each way first in turn: no way gains from the others' caches */
            for (int k = 0; k < N_WAYS; k++) {
                int w = (s + k) % N_WAYS;
                uint64_t t0 = ticks();


                if (run(b, w, op) != 0)
                    fail("an operation", b);
                t[w][s] = ticks() - t0;
            }
        }
        for (int w = 0; w < N_WAYS; w++) {
            qsort(t[w], (size_t)samples, sizeof(t[w][0]), cmp_u64);
            cycles[w] += (double)t[w][samples / 2] / N_RND;
        }
    }
    inputs(b, 0);
    if (run(b, WAY_KEY, OP_SIGN) != 0)   /* verify's signature again */
        fail("signing", b);
}

/*
 * What OpenSSL's EVP context costs alone: a new EVP_MD_CTX,
 * EVP_DigestSignInit_ex (verify: EVP_DigestVerifyInit_ex) and its free, no
 * operation; the median of N_RND * samples.
 */
static double context_cycles(BENCH *b, int verify, int samples)
{
    static uint64_t t[N_RND * MAX_SAMPLES];
    size_t n = (size_t)N_RND * (size_t)samples;

    for (size_t s = 0; s < n; s++) {
        uint64_t t0 = ticks();
        EVP_MD_CTX *md = EVP_MD_CTX_new();

        if (md == NULL
            || (verify ? EVP_DigestVerifyInit_ex(md, NULL, NULL, b->lib, NULL, b->pub, NULL)
                       : EVP_DigestSignInit_ex(md, NULL, NULL, b->lib, NULL, b->pkey, NULL)) != 1)
            fail("EVP_Digest*Init_ex", b);
        EVP_MD_CTX_free(md);
        t[s] = ticks() - t0;
    }
    qsort(t, n, sizeof(t[0]), cmp_u64);
    return (double)t[n / 2];
}

/* Ticks per second, against the monotonic clock. */
static double tick_hz(void)
{
    struct timespec a, c;
    uint64_t t0;
    long ns;

    clock_gettime(CLOCK_MONOTONIC, &a);
    t0 = ticks();
    do {
        clock_gettime(CLOCK_MONOTONIC, &c);
        ns = (c.tv_sec - a.tv_sec) * 1000000000L + (c.tv_nsec - a.tv_nsec);
    } while (ns < CALIBRATION_NS);
    return (double)(ticks() - t0) * 1e9 / (double)ns;
}

int main(int argc, char **argv)
{
    static BENCH b[NPARAMS];
    double cyc[NPARAMS][N_OPS][N_WAYS], hz;
    int samples = argc > 2 ? atoi(argv[2]) : DEFAULT_SAMPLES;
    OSSL_LIB_CTX *lib;
    OSSL_PROVIDER *prov;
    cpu_set_t cpu;

    if (argc < 2 || samples < 1 || samples > MAX_SAMPLES) {
        fprintf(stderr, "usage: provider-speed MODULE [SAMPLES (1-%d)]\n", MAX_SAMPLES);
        return EXIT_FAILURE;
    }
    /* stay on this CPU, so that no migration lands in a measurement */
    CPU_ZERO(&cpu);
    CPU_SET(sched_getcpu(), &cpu);
    (void)sched_setaffinity(0, sizeof(cpu), &cpu);
    if ((lib = OSSL_LIB_CTX_new()) == NULL || (prov = OSSL_PROVIDER_load(lib, argv[1])) == NULL)
        fail("loading the module", NULL);
    for (size_t i = 0; i < NPARAMS; i++)
        bench_init(&b[i], lib, i);
    hz = tick_hz();
    printf("\nprovider %s\n%s\n%s; %s per operation, each operation timed beside the\n"
           "key object's, the mean over %d rnd values of the median of %d samples\n",
           argv[1], mldsa_build_info(), OpenSSL_version(OPENSSL_VERSION), BENCH_TICKS, N_RND,
           samples);
    for (size_t i = 0; i < NPARAMS; i++)
        for (int op = 0; op < N_OPS; op++)
            measure(&b[i], op, samples, cyc[i][op]);
    for (int w = 0; w < N_WAYS; w++) {
        printf("%s:\n                 keygen      sign    verify keygens/s    sign/s  verify/s"
               "  keygen cyc   sign cyc verify cyc\n", way_titles[w]);
        for (size_t i = 0; i < NPARAMS; i++) {
            const double *c[N_OPS] = { &cyc[i][0][w], &cyc[i][1][w], &cyc[i][2][w] };

            printf("%s    %10.6fs%9.6fs%9.6fs%10.1f%10.1f%10.1f%12.0f%11.0f%11.0f\n",
                   b[i].name, *c[0] / hz, *c[1] / hz, *c[2] / hz, hz / *c[0], hz / *c[1],
                   hz / *c[2], *c[0], *c[1], *c[2]);
        }
    }
    printf("the provider's cost over the key object (EVP cycles / key object cycles):\n"
           "                            keygen      sign    verify\n");
    for (int w = WAY_DIGEST; w < N_WAYS; w++) {
        for (size_t i = 0; i < NPARAMS; i++) {
            printf("%s, %-16s", b[i].name, w == WAY_DIGEST ? "EVP_DigestSign" : "EVP_PKEY_sign");
            for (int op = 0; op < N_OPS; op++)
                printf(" %8.3fx", cyc[i][op][w] / cyc[i][op][WAY_KEY]);
            printf("\n");
        }
    }
    printf("of which the EVP context alone (a new EVP_MD_CTX, EVP_Digest*Init_ex, its free:\n"
           "OpenSSL's fetch and context set-up, with the provider's newctx, init, freectx):\n");
    for (size_t i = 0; i < NPARAMS; i++)
        printf("%s, sign %.0f, verify %.0f %s\n", b[i].name, context_cycles(&b[i], 0, samples),
               context_cycles(&b[i], 1, samples), BENCH_TICKS);
    for (size_t i = 0; i < NPARAMS; i++)
        bench_free(&b[i]);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(lib);
    return EXIT_SUCCESS;
}
