/*
 * ab-bench: one run of the A/B benchmark (util/ab-bench).  For ML-DSA-44,
 * -65 and -87 it times one-shot keygen, sign and verify and key-object sign
 * and verify, and prints one line per cell: "ML-DSA-44/keygen CYCLES", TSC
 * cycles per operation (nanoseconds where there is no TSC).  Signing's time
 * depends on rnd (the rejection loop), so every cell runs each of N_RND rnd
 * values SAMPLES times (default 31), one operation timed at a time, takes
 * the median of each rnd's times and prints their mean: the same work for
 * every revision, and an operation the scheduler interrupted is an outlier
 * the medians drop.  Where the library has batch verification
 * (MLDSA_HAVE_VERIFY_BATCH), three more cells per parameter set give the
 * cycles per verification of 64 key-object verifications: one at a time
 * (verify-loop64), by mldsa_key_verify_batch with one key (batch64-1key)
 * and with 8 keys (batch64-8keys).  It uses only include/mldsa.h, so the
 * same source builds against every revision being compared.
 * Usage: ab-bench [SAMPLES]
 *
 * Built with AB_SIDE=a or AB_SIDE=b (util/ab-bench -p), it is instead one
 * side of the paired benchmark util/ab-pair.c: no main, its cells reached
 * through ab_<side>_begin, _run and _end, and the library calls it makes
 * renamed <side>_mldsa_* by the script, as is that side's libmldsa.a.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

#include "bench_median.h"
#include "bench_ticks.h"

#define N_RND 16
#ifdef MLDSA_HAVE_VERIFY_BATCH
# define BATCH_DIVISOR 64
#else
# define BATCH_DIVISOR 1
#endif

#ifdef MLDSA_HAVE_VERIFY_BATCH
# define BATCH_ITEMS 64
# define BATCH_KEYS 8
enum { CELL_KEYGEN, CELL_SIGN, CELL_VERIFY, CELL_KEY_SIGN, CELL_KEY_VERIFY,
       CELL_VERIFY_LOOP, CELL_BATCH_ONE, CELL_BATCH_MANY, N_CELLS };
static const char *const cell_names[N_CELLS] = {
    "keygen", "sign", "verify", "key-sign", "key-verify", "verify-loop64",
    "batch64-1key", "batch64-8keys"
};
#else
enum { CELL_KEYGEN, CELL_SIGN, CELL_VERIFY, CELL_KEY_SIGN, CELL_KEY_VERIFY,
       N_CELLS };
static const char *const cell_names[N_CELLS] = {
    "keygen", "sign", "verify", "key-sign", "key-verify"
};
#endif

/* What every cell of one parameter set works on. */
struct bench {
    mldsa_param param;
    MLDSA_KEY *key;
    uint8_t seed[MLDSA_SEED_BYTES], rnd[MLDSA_RND_BYTES], msg[32];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
#ifdef MLDSA_HAVE_VERIFY_BATCH
    MLDSA_KEY *batch_key[BATCH_KEYS];
    uint8_t batch_sig[BATCH_KEYS][MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_VERIFY_ITEM one_key[BATCH_ITEMS], many_keys[BATCH_ITEMS];
#endif
};

/* One operation of a cell; i (0..N_RND-1) picks the rnd of hedged signing,
 * so both revisions sign with the same rnd values (and rejections). */
static int run_cell(struct bench *b, int cell, unsigned i)
{
    size_t siglen = mldsa_signature_bytes(b->param);

    memcpy(b->rnd, &i, sizeof(i));
    switch (cell) {
    case CELL_KEYGEN:
        return mldsa_keygen(b->param, b->pk, b->sk, b->seed);
    case CELL_SIGN:
        return mldsa_sign(b->param, b->sig, b->msg, sizeof(b->msg), NULL, 0,
                          b->sk, b->rnd);
    case CELL_VERIFY:
        return mldsa_verify(b->param, b->sig, siglen, b->msg, sizeof(b->msg),
                            NULL, 0, b->pk);
    case CELL_KEY_SIGN:
        return mldsa_key_sign(b->key, b->sig, b->msg, sizeof(b->msg), NULL, 0,
                              b->rnd);
    case CELL_KEY_VERIFY:
        return mldsa_key_verify(b->key, b->sig, siglen, b->msg,
                                sizeof(b->msg), NULL, 0);
#ifdef MLDSA_HAVE_VERIFY_BATCH
    case CELL_VERIFY_LOOP: {
        int ret = MLDSA_OK;

        for (unsigned k = 0; k < BATCH_ITEMS && ret == MLDSA_OK; k++)
            ret = mldsa_key_verify(b->one_key[k].key, b->one_key[k].sig,
                                   siglen, b->msg, sizeof(b->msg), NULL, 0);
        return ret;
    }
    case CELL_BATCH_ONE:
        return mldsa_key_verify_batch(b->one_key, BATCH_ITEMS);
    default:
        return mldsa_key_verify_batch(b->many_keys, BATCH_ITEMS);
#else
    default:
        return MLDSA_ERR_PARAM;
#endif
    }
}

#ifdef MLDSA_HAVE_VERIFY_BATCH
/* The batch cells' keys (seeds 1 .. 8, verify-only) and signatures. */
static int batch_init(struct bench *b)
{
    uint8_t seed[MLDSA_SEED_BYTES] = { 0 }, pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    size_t siglen = mldsa_signature_bytes(b->param);
    MLDSA_KEY *signer = NULL;
    unsigned i;

    for (i = 0; i < BATCH_KEYS; i++) {
        seed[0] = (uint8_t)(i + 1);
        if (mldsa_key_generate(&signer, b->param, seed) != MLDSA_OK
            || mldsa_key_sign(signer, b->batch_sig[i], b->msg, sizeof(b->msg),
                              NULL, 0, b->rnd) != MLDSA_OK
            || mldsa_key_get_public(signer, pk, sizeof(pk)) != MLDSA_OK
            || mldsa_key_from_public(&b->batch_key[i], b->param, pk,
                                     mldsa_public_key_bytes(b->param)) != MLDSA_OK)
            return 1;
        mldsa_key_free(signer);
    }
    for (i = 0; i < BATCH_ITEMS; i++) {
        MLDSA_VERIFY_ITEM item = { b->batch_key[0], b->msg, sizeof(b->msg),
                                   NULL, 0, b->batch_sig[0], siglen, 0 };

        b->one_key[i] = item;
        item.key = b->batch_key[i % BATCH_KEYS];
        item.sig = b->batch_sig[i % BATCH_KEYS];
        b->many_keys[i] = item;
    }
    return 0;
}

static void batch_free(struct bench *b)
{
    for (unsigned i = 0; i < BATCH_KEYS; i++)
        mldsa_key_free(b->batch_key[i]);
}
#endif

/* Keys and a signature of the parameter set for every cell; 0 on
 * success. */
static int bench_begin(struct bench *b, mldsa_param param)
{
    size_t i;

    for (i = 0; i < sizeof(b->seed); i++) {
        b->seed[i] = (uint8_t)i;
        b->msg[i] = (uint8_t)(0xa0 + i);
    }
    b->param = param;
    if (mldsa_keygen(param, b->pk, b->sk, b->seed) != MLDSA_OK
            || mldsa_key_from_seed(&b->key, param, b->seed,
                                   sizeof(b->seed)) != MLDSA_OK)
        return 1;
#ifdef MLDSA_HAVE_VERIFY_BATCH
    if (batch_init(b) != 0)
        return 1;
#endif
    return run_cell(b, CELL_SIGN, 0) != MLDSA_OK;
}

static void bench_end(struct bench *b)
{
    mldsa_key_free(b->key);
#ifdef MLDSA_HAVE_VERIFY_BATCH
    batch_free(b);
#endif
}

#ifdef AB_SIDE
# define AB_CAT2(side, name) ab_##side##_##name
# define AB_CAT(side, name) AB_CAT2(side, name)
# define AB_FN(name) AB_CAT(AB_SIDE, name)

static struct bench side;

/* This side's cells: their count, names in *names. */
size_t AB_FN(cells)(const char *const **names)
{
    *names = cell_names;
    return N_CELLS;
}

/* rnd values per sample, and the operations one run of a cell does. */
unsigned AB_FN(rnd_values)(void)
{
    return N_RND;
}

unsigned AB_FN(ops_per_run)(size_t cell)
{
    return cell > CELL_KEY_VERIFY ? BATCH_DIVISOR : 1;
}

int AB_FN(begin)(mldsa_param param)
{
    return bench_begin(&side, param);
}

/* One operation of the cell, with rnd value i. */
int AB_FN(run)(size_t cell, unsigned i)
{
    return run_cell(&side, (int)cell, i);
}

void AB_FN(end)(void)
{
    bench_end(&side);
}
#else
/* Every cell of every parameter set, one median line each. */
int main(int argc, char **argv)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    static struct bench b;
    unsigned samples = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 31;
    uint64_t *t;
    size_t p, c;
    unsigned i, j;

    if (samples == 0 || (t = malloc(N_RND * samples * sizeof(*t))) == NULL)
        return 2;
    for (p = 0; p < sizeof(params) / sizeof(params[0]); p++) {
        if (bench_begin(&b, params[p]) != 0)
            return 1;
        for (c = 0; c < N_CELLS; c++) {
            uint64_t sum;

            if (run_cell(&b, (int)c, 0) != MLDSA_OK)   /* warm up */
                return 1;
            for (i = 0; i < samples; i++)
                for (j = 0; j < N_RND; j++) {
                    uint64_t start = ticks();

                    if (run_cell(&b, (int)c, j) != MLDSA_OK)
                        return 1;
                    t[j * samples + i] = ticks() - start;
                }
            sum = sum_of_medians(t, N_RND, samples);
            /* the batch cells: per verification */
            if (c >= CELL_KEY_VERIFY + 1)
                sum /= BATCH_DIVISOR;
            printf("ML-DSA-%d/%s %llu\n", (int)b.param, cell_names[c],
                   (unsigned long long)(sum / N_RND));
        }
        bench_end(&b);
    }
    free(t);
    return 0;
}
#endif
