/*
 * The known-answer cases as the suites that run them see them (test_kat
 * through the library, test_provider through OpenSSL's EVP): one record's
 * byte fields decoded, a per-file tally that prints every failing case by
 * its tcId, and the loop over the cases of one vector file.
 */
#ifndef MLDSA_KAT_CASES_H
#define MLDSA_KAT_CASES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mldsa.h"
#include "testutil.h"

/* One record's byte fields, decoded; absent fields have present[i] == 0. */
enum { F_SEED, F_PK, F_SK, F_MSG, F_CTX, F_MU, F_RND, F_SIG, F_COUNT };

typedef struct {
    const TV_RECORD *rec;
    long tcid;
    int present[F_COUNT];
    uint8_t *buf[F_COUNT];
    size_t len[F_COUNT];
} CASE;

/* The case's context (NULL and 0 when it has none). */
const uint8_t *ctx_of(const CASE *c);
size_t ctxlen_of(const CASE *c);

/* Per-file tally: every failure is printed, the test fails at the end. */
typedef struct {
    const char *file;
    int cases;
    int failures;
} TALLY;

#define EXPECT(t, c, cond, ...)                                              \
    do {                                                                     \
        if (!(cond)) {                                                       \
            (t)->failures++;                                                 \
            printf("%s tcId %ld: ", (t)->file, (c)->tcid);                   \
            printf(__VA_ARGS__);                                             \
            printf("\n");                                                    \
        }                                                                    \
    } while (0)

/* 1 when all n bytes at p are v. */
int all_bytes(const uint8_t *p, size_t n, uint8_t v);

/*
 * What a test does with one case of a file; variant tells a test's two
 * kinds of file apart (internal / external mu, seed / expanded key).
 */
typedef void CASE_FN(TALLY *t, const CASE *c, mldsa_param p, int variant);

/*
 * Run fn on every case of STEM-NN.txt, print the tally, and fail the test
 * when a case failed (or the file had none).  Without the vectors folder,
 * or with the file left out by MLDSA_KAT_FILES (words a file's name must
 * contain, e.g. "-44"), the test is a counted skip.
 */
void run_vectors(const char *stem, mldsa_param p, CASE_FN *fn, int variant);

#endif /* MLDSA_KAT_CASES_H */
