/*
 * Test helpers shared by the Check suites: a reader for the text format of
 * the known-answer vectors (test/vectors/README.md), hex decoding, and
 * a seeded pseudo-random generator whose seed is printed so that a failing
 * property test can be replayed (TEST_SEED=...).
 */
#ifndef MLDSA_TESTUTIL_H
#define MLDSA_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <check.h>

/* One record: name = value lines, in file order. */
typedef struct tv_record_st {
    size_t n;
    char **names;
    char **values;
} TV_RECORD;

typedef struct tv_file_st TV_FILE;

/*
 * The vectors folder: $MLDSA_VECTORS if set and non-empty, otherwise
 * test/vectors (in the repository, relative to its root, where the tests run).
 * NULL when it does not exist (test_run_suite has already failed the suite
 * when MLDSA_VECTORS names something that is not a folder).
 */
const char *tv_vectors_dir(void);
/* Open NAME inside the vectors folder; NULL when absent. */
TV_FILE *tv_open(const char *name);
/* Next record; NULL at the end.  The record is owned by the file and valid
 * until the next call. */
const TV_RECORD *tv_next(TV_FILE *f);
void tv_close(TV_FILE *f);

/* Value of field NAME, or NULL when the record does not have it. */
const char *tv_get(const TV_RECORD *r, const char *name);
/* Field NAME decoded from hex into a malloc'd buffer (never NULL, even for
 * an empty value); returns 0 when the field is absent or not valid hex. */
int tv_get_hex(const TV_RECORD *r, const char *name, uint8_t **buf, size_t *len);
/* Field NAME as a decimal integer, or def when absent. */
long tv_get_long(const TV_RECORD *r, const char *name, long def);

/* Decode hex (even length, either case) into out (room for outmax bytes);
 * returns the number of bytes, or -1 on bad input. */
long test_hex_decode(uint8_t *out, size_t outmax, const char *hex);

/*
 * The example messages of FIPS 180-4 / FIPS 202's published values: the
 * empty string, "abc", the 448-bit and 896-bit messages, one million 'a'.
 */
enum { MSG_EMPTY, MSG_ABC, MSG_448, MSG_896, MSG_MILLION_A };
/* Example message msg in a malloc'd buffer of *len bytes. */
uint8_t *test_example_message(int msg, size_t *len);
/* hex decoded into out (room for max bytes), asserting it is valid hex;
 * returns its length. */
size_t test_expect_hex(uint8_t *out, size_t max, const char *hex);

/* Seeded PRNG (xoshiro256**).  The first call prints the seed: a fixed
 * one, or TEST_SEED's from the environment (a number, to replay a run; or
 * "random", a new seed from the time and process id). */
void test_rand_bytes(uint8_t *buf, size_t len);
uint64_t test_rand_u64(void);
/* Uniform in [0, n), n > 0. */
uint64_t test_rand_below(uint64_t n);

/* Say that a test skipped (a line "SKIP: what", which util/run-tests
 * counts as skipped rather than passed); the test then returns. */
void test_skip(const char *what);

/* Run every test of s (Check prints its summary line), free it, and give
 * main()'s exit status: EXIT_SUCCESS when no test failed.  An explicitly
 * set MLDSA_VECTORS that is not a folder fails the suite before it runs. */
int test_run_suite(Suite *s);

#endif /* MLDSA_TESTUTIL_H */
