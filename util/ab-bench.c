/*
 * ab-bench: one run of the A/B benchmark (util/ab-bench).  For ML-DSA-44,
 * -65 and -87 it times one-shot keygen, sign and verify and key-object sign
 * and verify, and prints one line per cell: "ML-DSA-44/keygen CYCLES", TSC
 * cycles per operation (nanoseconds where there is no TSC).  Signing's time
 * depends on rnd (the rejection loop), so every cell runs each of N_RND rnd
 * values SAMPLES times (default 31), one operation timed at a time, takes
 * the median of each rnd's times and prints their mean: the same work for
 * every revision, and an operation the scheduler interrupted is an outlier
 * the medians drop.  It uses only include/mldsa.h, so the same source
 * builds against every revision being compared.
 * Usage: ab-bench [SAMPLES]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

#include "bench_ticks.h"

#define N_RND 16

enum { CELL_KEYGEN, CELL_SIGN, CELL_VERIFY, CELL_KEY_SIGN, CELL_KEY_VERIFY,
       N_CELLS };
static const char *const cell_names[N_CELLS] = {
    "keygen", "sign", "verify", "key-sign", "key-verify"
};

/* What every cell of one parameter set works on. */
struct bench {
    mldsa_param param;
    MLDSA_KEY *key;
    uint8_t seed[MLDSA_SEED_BYTES], rnd[MLDSA_RND_BYTES], msg[32];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
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
    default:
        return mldsa_key_verify(b->key, b->sig, siglen, b->msg,
                                sizeof(b->msg), NULL, 0);
    }
}

/* qsort order of two cycle counts. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

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
    for (i = 0; i < sizeof(b.seed); i++) {
        b.seed[i] = (uint8_t)i;
        b.msg[i] = (uint8_t)(0xa0 + i);
    }
    for (p = 0; p < sizeof(params) / sizeof(params[0]); p++) {
        b.param = params[p];
        if (mldsa_keygen(b.param, b.pk, b.sk, b.seed) != MLDSA_OK
                || mldsa_key_from_seed(&b.key, b.param, b.seed,
                                       sizeof(b.seed)) != MLDSA_OK)
            return 1;
        for (c = 0; c < N_CELLS; c++) {
            uint64_t sum = 0;

            if (run_cell(&b, (int)c, 0) != MLDSA_OK)   /* warm up */
                return 1;
            for (i = 0; i < samples; i++)
                for (j = 0; j < N_RND; j++) {
                    uint64_t start = ticks();

                    if (run_cell(&b, (int)c, j) != MLDSA_OK)
                        return 1;
                    t[j * samples + i] = ticks() - start;
                }
            for (j = 0; j < N_RND; j++) {
                qsort(t + j * samples, samples, sizeof(*t), cmp_u64);
                sum += t[j * samples + samples / 2];
            }
            printf("ML-DSA-%d/%s %llu\n", (int)b.param, cell_names[c],
                   (unsigned long long)(sum / N_RND));
        }
        mldsa_key_free(b.key);
    }
    free(t);
    return 0;
}
