/*
 * The known-answer cases (kat_cases.h): decoding a record's fields, and
 * running a test over every case of one vector file.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat_cases.h"

static const char *const field_names[F_COUNT] = {
    "seed", "pk", "sk", "message", "context", "mu", "rnd", "signature"
};

/* Decode every byte field of rec into c (present 0 for the absent ones). */
static void case_load(CASE *c, const TV_RECORD *rec)
{
    memset(c, 0, sizeof(*c));
    c->rec = rec;
    c->tcid = tv_get_long(rec, "tcId", -1);
    for (int i = 0; i < F_COUNT; i++)
        c->present[i] = tv_get_hex(rec, field_names[i], &c->buf[i], &c->len[i]);
}

/* Free the fields case_load decoded. */
static void case_free(CASE *c)
{
    for (int i = 0; i < F_COUNT; i++)
        free(c->buf[i]);
}

/* The context field, NULL when absent. */
const uint8_t *ctx_of(const CASE *c)
{
    return c->present[F_CTX] ? c->buf[F_CTX] : NULL;
}

/* The context's length, 0 when absent. */
size_t ctxlen_of(const CASE *c)
{
    return c->present[F_CTX] ? c->len[F_CTX] : 0;
}

/* 1 when all n bytes at p are v. */
int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

/*
 * 1 when file name is selected: MLDSA_KAT_FILES unset or empty selects
 * every file, otherwise it lists words (separated by spaces or commas) and
 * a file is selected when its name contains one, e.g. "-44" for every kind
 * of vector of ML-DSA-44 (a quicker run under an emulator).
 */
static int file_selected(const char *name)
{
    const char *sel = getenv("MLDSA_KAT_FILES"), *w;
    char word[64];
    size_t n;

    if (sel == NULL || *sel == '\0')
        return 1;
    for (w = sel; *w != '\0'; w += n) {
        w += strspn(w, " ,");
        n = strcspn(w, " ,");
        if (n == 0 || n >= sizeof(word))
            continue;
        memcpy(word, w, n);
        word[n] = '\0';
        if (strstr(name, word) != NULL)
            return 1;
    }
    return 0;
}

/*
 * Open the file for this parameter set; NULL (and a skip message) when the
 * vectors folder is absent or MLDSA_KAT_FILES leaves the file out.
 */
static TV_FILE *open_vectors(const char *stem, mldsa_param p, char *name,
                             size_t namesz)
{
    TV_FILE *f;

    snprintf(name, namesz, "%s-%d.txt", stem, (int)p);
    if (!file_selected(name)) {
        char what[160];

        snprintf(what, sizeof(what), "%s: not selected by MLDSA_KAT_FILES=%s",
                 name, getenv("MLDSA_KAT_FILES"));
        test_skip(what);
        return NULL;
    }
    if (tv_vectors_dir() == NULL) {
        char what[128];

        snprintf(what, sizeof(what), "%s: no vectors folder (set MLDSA_VECTORS)",
                 name);
        test_skip(what);
        return NULL;
    }
    f = tv_open(name);
    ck_assert_msg(f != NULL, "cannot open %s", name);
    return f;
}

/*
 * Run fn on every case of STEM-NN.txt, print the tally, and fail the test
 * when a case failed (or the file had none).
 */
void run_vectors(const char *stem, mldsa_param p, CASE_FN *fn,
                        int variant)
{
    char name[64];
    TALLY t = { name, 0, 0 };
    TV_FILE *f = open_vectors(stem, p, name, sizeof(name));
    const TV_RECORD *r;

    if (f == NULL)
        return;
    while ((r = tv_next(f)) != NULL) {
        CASE c;

        case_load(&c, r);
        t.cases++;
        fn(&t, &c, p, variant);
        case_free(&c);
    }
    tv_close(f);
    printf("%s: %d cases, %d failures\n", t.file, t.cases, t.failures);
    /* Check ends a failing test's process without flushing stdio. */
    fflush(stdout);
    ck_assert_msg(t.cases > 0, "%s: no cases read", t.file);
    ck_assert_msg(t.failures == 0, "%s: %d failures", t.file, t.failures);
}

