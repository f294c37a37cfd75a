/*
 * Test helpers: vector reader, hex, seeded PRNG.  See testutil.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "testutil.h"

struct tv_file_st {
    FILE *fp;
    char *line;
    size_t linecap;
    TV_RECORD rec;
    size_t cap;
};

const char *tv_vectors_dir(void)
{
    const char *dir = getenv("MLDSA_VECTORS");
    struct stat st;

    if (dir == NULL || *dir == '\0')
        dir = "test/vectors";
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    return dir;
}

TV_FILE *tv_open(const char *name)
{
    const char *dir = tv_vectors_dir();
    char path[4096];
    TV_FILE *f;
    FILE *fp;

    if (dir == NULL)
        return NULL;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    /* binary: the same bytes on every system (tv_next drops a CR) */
    if ((fp = fopen(path, "rb")) == NULL)
        return NULL;
    if ((f = calloc(1, sizeof(*f))) == NULL) {
        fclose(fp);
        return NULL;
    }
    f->fp = fp;
    return f;
}

static void record_clear(TV_RECORD *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->names[i]);
        free(r->values[i]);
    }
    r->n = 0;
}

/* A copy of the n bytes at s with a NUL after them (strndup, which
 * Windows' C library lacks); NULL when out of memory. */
static char *copy_bytes(const char *s, size_t n)
{
    char *p = malloc(n + 1);

    if (p != NULL) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/*
 * Read one line of fp, with its newline if it has one, into *line (grown
 * as needed, *cap bytes); its length, or -1 at the end of the file or out
 * of memory (getline, which Windows' C library lacks).
 */
static long read_line(char **line, size_t *cap, FILE *fp)
{
    size_t len = 0;

    for (;;) {
        if (*cap - len < 2) {
            size_t ncap = *cap ? 2 * *cap : 256;
            char *p = realloc(*line, ncap);

            if (p == NULL)
                return -1;
            *line = p;
            *cap = ncap;
        }
        if (fgets(*line + len, (int)(*cap - len), fp) == NULL)
            return len > 0 ? (long)len : -1;
        len += strlen(*line + len);
        if ((*line)[len - 1] == '\n')
            return (long)len;
    }
}

static int record_add(TV_FILE *f, const char *name, size_t namelen,
                      const char *value)
{
    TV_RECORD *r = &f->rec;

    if (r->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        char **nn = realloc(r->names, cap * sizeof(*nn));
        char **vv;

        if (nn == NULL)
            return 0;
        r->names = nn;
        if ((vv = realloc(r->values, cap * sizeof(*vv))) == NULL)
            return 0;
        r->values = vv;
        f->cap = cap;
    }
    r->names[r->n] = copy_bytes(name, namelen);
    r->values[r->n] = copy_bytes(value, strlen(value));
    if (r->names[r->n] == NULL || r->values[r->n] == NULL)
        return 0;
    r->n++;
    return 1;
}

const TV_RECORD *tv_next(TV_FILE *f)
{
    long len;

    record_clear(&f->rec);
    while ((len = read_line(&f->line, &f->linecap, f->fp)) >= 0) {
        char *line = f->line, *eq;

        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (line[0] == '#')
            continue;
        if (len == 0) {
            if (f->rec.n != 0)
                return &f->rec;
            continue;
        }
        /* "name = value" or "name =" */
        if ((eq = strstr(line, " =")) == NULL)
            continue;
        if (!record_add(f, line, (size_t)(eq - line),
                        eq[2] == ' ' ? eq + 3 : eq + 2))
            return NULL;
    }
    return f->rec.n != 0 ? &f->rec : NULL;
}

void tv_close(TV_FILE *f)
{
    if (f == NULL)
        return;
    record_clear(&f->rec);
    free(f->rec.names);
    free(f->rec.values);
    free(f->line);
    fclose(f->fp);
    free(f);
}

const char *tv_get(const TV_RECORD *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->names[i], name) == 0)
            return r->values[i];
    return NULL;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

long test_hex_decode(uint8_t *out, size_t outmax, const char *hex)
{
    size_t n = strlen(hex);

    if (n % 2 != 0 || n / 2 > outmax)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

int tv_get_hex(const TV_RECORD *r, const char *name, uint8_t **buf,
               size_t *len)
{
    const char *hex = tv_get(r, name);
    size_t n;
    long got;

    if (hex == NULL)
        return 0;
    n = strlen(hex) / 2;
    if ((*buf = malloc(n + 1)) == NULL)
        return 0;
    if ((got = test_hex_decode(*buf, n, hex)) < 0) {
        free(*buf);
        *buf = NULL;
        return 0;
    }
    *len = (size_t)got;
    return 1;
}

long tv_get_long(const TV_RECORD *r, const char *name, long def)
{
    const char *v = tv_get(r, name);

    return v == NULL ? def : strtol(v, NULL, 10);
}

#define MILLION 1000000

uint8_t *test_example_message(int msg, size_t *len)
{
    static const char *const text[] = {
        "", "abc",
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
         "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
    };
    uint8_t *m;

    if (msg == MSG_MILLION_A) {
        *len = MILLION;
        m = malloc(MILLION);
        ck_assert_ptr_nonnull(m);
        memset(m, 'a', MILLION);
        return m;
    }
    *len = strlen(text[msg]);
    m = malloc(*len + 1);
    ck_assert_ptr_nonnull(m);
    memcpy(m, text[msg], *len);
    return m;
}

size_t test_expect_hex(uint8_t *out, size_t max, const char *hex)
{
    long n = test_hex_decode(out, max, hex);

    ck_assert_int_ge(n, 0);
    return (size_t)n;
}

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64.  The seed
 * of a run without TEST_SEED: one fixed value, so that every run of a
 * suite tests the same inputs (TEST_SEED=random draws a new one). */
#define TEST_SEED_DEFAULT UINT64_C(0x6d6c2d6473612d34)
static uint64_t rng_state[4];
static int rng_seeded;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t test_rand_u64(void)
{
    uint64_t *s = rng_state, result, t;

    if (!rng_seeded) {
        const char *env = getenv("TEST_SEED");
        uint64_t seed = TEST_SEED_DEFAULT;

        if (env != NULL && strcmp(env, "random") == 0)
            seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
        else if (env != NULL && *env != '\0')
            seed = strtoull(env, NULL, 0);
        uint64_t x = seed;

        printf("random inputs: TEST_SEED=0x%016llx\n", (unsigned long long)seed);
        fflush(stdout);
        for (int i = 0; i < 4; i++)
            s[i] = splitmix64(&x);
        rng_seeded = 1;
    }
    result = rotl(s[1] * 5, 7) * 9;
    t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

void test_rand_bytes(uint8_t *buf, size_t len)
{
    while (len > 0) {
        uint64_t v = test_rand_u64();
        size_t n = len < 8 ? len : 8;

        memcpy(buf, &v, n);
        buf += n;
        len -= n;
    }
}

uint64_t test_rand_below(uint64_t n)
{
    return test_rand_u64() % n;
}

void test_skip(const char *what)
{
    printf("SKIP: %s\n", what);
    /* Check ends a test's process without flushing stdio. */
    fflush(stdout);
}

int test_run_suite(Suite *s)
{
    const char *dir = getenv("MLDSA_VECTORS");
    struct stat st;
    SRunner *sr = srunner_create(s);
    int failed;

    if (dir != NULL && *dir != '\0'
        && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))) {
        printf("MLDSA_VECTORS=%s is not a folder: failing, not skipping\n", dir);
        srunner_free(sr);
        return EXIT_FAILURE;
    }
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
