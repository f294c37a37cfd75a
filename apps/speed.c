/*
 * mldsa speed: keygen, sign and verify per second for ML-DSA-44/65/87 (the
 * columns of `openssl speed`, plus TSC cycles per operation), once for each
 * backend the machine runs, in one run: the backend this process chose, and
 * each other one in a copy of this program started with MLDSA_BACKEND
 * naming it, which measures each cell right after we do.  On x86-64 a tier
 * table follows: for each CPU tier the library knows (AVX2 only, AVX-512
 * without VBMI, the full machine) the backend it chooses there, found by a
 * copy of this program run with this CPU's capabilities masked
 * (MLDSA_IA32CAP), and that backend's one-shot figures from this run.  A
 * `keccak` row gives the cycles of one call of each Keccak-f[1600] kernel
 * built in, and per state.
 *
 * How a cell is measured: operation j always has the same inputs (keygen
 * seed j, sign randomness rnd j).  A cell runs N operations per round, N
 * chosen once to fill its share of the time budget, round r running
 * operations rN .. rN + N - 1; the generic side runs the same operations
 * right after us, so all do exactly the same work, sign's rejection loop
 * included.  The rounds pass over every cell in turn, so a slow spell of
 * the host spreads over all cells and all backends instead of one row.
 * Figures: the median over ROUNDS rounds of the CPU time per operation;
 * speedups: the median over rounds of the ratio of the pair.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "apps.h"
#if defined(__x86_64__) || defined(__i386__)
# include <x86intrin.h>
# define HAVE_TSC 1
#endif

#define CELL_BUDGET_SEC 0.25      /* time per table cell, over all rounds */
#define ROUNDS 9                  /* passes over every cell */
#define CALIBRATION_OPS 3         /* timed after one warm-up call */
#define MIN_OPS 4                 /* per cell and round */
#define MAX_OPS 100000
#define NOPS 3                    /* keygen, sign, verify */
#define NBLOCKS 3                 /* one-shot API, key object, batch */
#define BATCH_BLOCK 2
#define BATCH_ITEMS 64            /* verifications per batch call */
#define BATCH_KEYS 8              /* the batch of different keys */
#define MAX_PARAMS 3
#define TSC_CALIBRATION_SEC 0.05  /* against the monotonic clock */
#define KECCAK_BATCH 256          /* permutations per keccak batch */
#define KECCAK_BATCHES 41
#define SPEED_MSG_BYTES 32
#define MAX_BACKENDS 8
#define GENERIC_BACKEND "generic"
#define SERVER_FLAG "--backend-server"
#define CHOICE_FLAG "--backend-choice"

/* What the operations work on: one parameter set's keys and a message. */
typedef struct {
    mldsa_param param;
    uint64_t j;          /* index of the operation: selects its inputs */
    uint8_t seed[MLDSA_SEED_BYTES];
    uint8_t rnd[MLDSA_RND_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t msg[SPEED_MSG_BYTES];
    MLDSA_KEY *key;      /* from the seed */
    MLDSA_KEY *pubkey;   /* from the public key */
    /* the batch cells: BATCH_ITEMS signatures by one key, then by
     * BATCH_KEYS keys in turn (verify-only keys of seeds 1, 2, ...) */
    MLDSA_KEY *batch_key[BATCH_KEYS];
    uint8_t batch_sig[BATCH_KEYS][MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_VERIFY_ITEM one_key[BATCH_ITEMS], many_keys[BATCH_ITEMS];
} BENCH_CTX;

/* One benchmarked operation, on the inputs of operation b->j. */
typedef int (*BENCH_FN)(BENCH_CTX *b);

typedef struct {
    double sec;      /* seconds per operation */
    double cycles;   /* TSC cycles per operation (0 without a TSC) */
} BENCH_RESULT;

/* Every cell's operation count and its figure in every round. */
typedef struct {
    size_t count[NBLOCKS][MAX_PARAMS][NOPS];
    double sec[NBLOCKS][MAX_PARAMS][NOPS][ROUNDS];
    double cyc[NBLOCKS][MAX_PARAMS][NOPS][ROUNDS];
} SPEED_RUN;

static uint64_t now_cycles(void)
{
#ifdef HAVE_TSC
    return __rdtsc();
#else
    return 0;
#endif
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Fill out with bytes that depend only on (j, tag): SplitMix64's output
 * function over a counter, so operation j has the same inputs in every
 * round and every process.
 */
static void input_bytes(uint8_t *out, size_t len, uint64_t j, uint64_t tag)
{
    uint64_t x = j * 0x9e3779b97f4a7c15ULL ^ tag;

    for (size_t i = 0; i < len; i++) {
        if (i % 8 == 0) {
            x += 0x9e3779b97f4a7c15ULL;
            x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
            x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
            x ^= x >> 31;
        }
        out[i] = (uint8_t)(x >> (8 * (i % 8)));
    }
}

#define TAG_SEED 1
#define TAG_RND 2

/* The one-shot API: what most callers use. */
static int op_keygen(BENCH_CTX *b)
{
    input_bytes(b->seed, sizeof(b->seed), b->j, TAG_SEED);
    return mldsa_keygen(b->param, b->pk, b->sk, b->seed);
}

static int op_sign(BENCH_CTX *b)
{
    input_bytes(b->rnd, sizeof(b->rnd), b->j, TAG_RND);
    return mldsa_sign(b->param, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->sk, b->rnd);
}

static int op_verify(BENCH_CTX *b)
{
    return mldsa_verify(b->param, b->sig, mldsa_signature_bytes(b->param),
                        b->msg, sizeof(b->msg), NULL, 0, b->pk);
}

/* The key object: decoded once, used many times. */
static int op_key_generate(BENCH_CTX *b)
{
    MLDSA_KEY *key = NULL;
    int ret;

    input_bytes(b->seed, sizeof(b->seed), b->j, TAG_SEED);
    ret = mldsa_key_generate(&key, b->param, b->seed);
    mldsa_key_free(key);
    return ret;
}

static int op_key_sign(BENCH_CTX *b)
{
    input_bytes(b->rnd, sizeof(b->rnd), b->j, TAG_RND);
    return mldsa_key_sign(b->key, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->rnd);
}

static int op_key_verify(BENCH_CTX *b)
{
    return mldsa_key_verify(b->pubkey, b->sig, mldsa_signature_bytes(b->param),
                            b->msg, sizeof(b->msg), NULL, 0);
}

/* Batch verification: BATCH_ITEMS verifications by mldsa_key_verify one at
 * a time, then by mldsa_key_verify_batch with one key and with
 * BATCH_KEYS keys. */
static int op_verify_loop(BENCH_CTX *b)
{
    int ret = MLDSA_OK;

    for (size_t i = 0; i < BATCH_ITEMS && ret == MLDSA_OK; i++)
        ret = mldsa_key_verify(b->one_key[i].key, b->one_key[i].sig,
                               b->one_key[i].siglen, b->one_key[i].msg,
                               b->one_key[i].msglen, NULL, 0);
    return ret;
}

static int op_batch_one_key(BENCH_CTX *b)
{
    return mldsa_key_verify_batch(b->one_key, BATCH_ITEMS);
}

static int op_batch_many_keys(BENCH_CTX *b)
{
    return mldsa_key_verify_batch(b->many_keys, BATCH_ITEMS);
}

/* The three tables: the one-shot API, the key object, batch verification. */
static const struct {
    const char *title;
    BENCH_FN fn[NOPS];
} blocks[NBLOCKS] = {
    { "one-shot API (mldsa_keygen from a seed, mldsa_sign with random rnd, mldsa_verify)",
      { op_keygen, op_sign, op_verify } },
    { "key object (mldsa_key_generate, mldsa_key_sign with random rnd, mldsa_key_verify)",
      { op_key_generate, op_key_sign, op_key_verify } },
    { "batch verification, per verification (64 by mldsa_key_verify in a loop, "
      "then mldsa_key_verify_batch of 64 with one key, with 8 keys)",
      { op_verify_loop, op_batch_one_key, op_batch_many_keys } },
};

/* The batch cells' items: the message signed by key 0, and by keys 0 ..
 * BATCH_KEYS - 1 in turn.  Signed with rnd 0 (b->rnd, still zero here), so
 * that every run sets up the same bytes: util/icount-speed subtracts the
 * count of a run of 0 operations. */
static int batch_init(BENCH_CTX *b)
{
    uint8_t seed[MLDSA_SEED_BYTES] = { 0 };
    MLDSA_KEY *signer = NULL;
    size_t siglen = mldsa_signature_bytes(b->param), i;
    int ret = MLDSA_OK;

    for (i = 0; i < BATCH_KEYS && ret == MLDSA_OK; i++) {
        seed[0] = (uint8_t)(i + 1);
        if ((ret = mldsa_key_generate(&signer, b->param, seed)) == MLDSA_OK
            && (ret = mldsa_key_sign(signer, b->batch_sig[i], b->msg,
                                     sizeof(b->msg), NULL, 0, b->rnd)) == MLDSA_OK)
            ret = mldsa_key_get_public(signer, b->pk, sizeof(b->pk));
        mldsa_key_free(signer);
        signer = NULL;
        if (ret == MLDSA_OK)
            ret = mldsa_key_from_public(&b->batch_key[i], b->param, b->pk,
                                        mldsa_public_key_bytes(b->param));
    }
    for (i = 0; i < BATCH_ITEMS && ret == MLDSA_OK; i++) {
        MLDSA_VERIFY_ITEM item = { b->batch_key[0], b->msg, sizeof(b->msg),
                                   NULL, 0, b->batch_sig[0], siglen, 0 };

        b->one_key[i] = item;
        item.key = b->batch_key[i % BATCH_KEYS];
        item.sig = b->batch_sig[i % BATCH_KEYS];
        b->many_keys[i] = item;
    }
    return ret;
}

static int ctx_reset(BENCH_CTX *b);

/* Keys for param (from seed 0), a message and a valid signature over it. */
static int ctx_init(BENCH_CTX *b, mldsa_param param)
{
    memset(b, 0, sizeof(*b));
    b->param = param;
    for (size_t i = 0; i < sizeof(b->msg); i++)
        b->msg[i] = (uint8_t)i;
    if (mldsa_keygen(param, b->pk, b->sk, b->seed) != MLDSA_OK
        || mldsa_sign(param, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->sk, b->rnd) != MLDSA_OK
        || mldsa_key_generate(&b->key, param, b->seed) != MLDSA_OK
        || mldsa_key_from_public(&b->pubkey, param, b->pk,
                                 mldsa_public_key_bytes(param)) != MLDSA_OK
        || batch_init(b) != MLDSA_OK || ctx_reset(b) != MLDSA_OK)
        return app_error("speed: cannot set up ML-DSA-%d", (int)param);
    return 0;
}

static void ctx_free(BENCH_CTX *b)
{
    mldsa_key_free(b->key);
    mldsa_key_free(b->pubkey);
    b->key = b->pubkey = NULL;
    for (size_t i = 0; i < BATCH_KEYS; i++) {
        mldsa_key_free(b->batch_key[i]);
        b->batch_key[i] = NULL;
    }
    app_cleanse(b->sk, sizeof(b->sk));
}

/*
 * The one-shot cells overwrite pk/sk with operation j's key pair; put the
 * keys of seed 0 back so that verify checks the signature made at setup.
 */
static int ctx_reset(BENCH_CTX *b)
{
    memset(b->seed, 0, sizeof(b->seed));
    return mldsa_keygen(b->param, b->pk, b->sk, b->seed);
}

/* TSC ticks per second, measured against the wall clock once. */
static double tsc_hz(void)
{
    static double hz;

#ifndef HAVE_TSC
    return 0;
#endif
    if (hz == 0) {
        double t0 = app_os_wall_sec(), t;
        uint64_t c0 = now_cycles();

        /* a busy wait: the same on every system */
        while ((t = app_os_wall_sec()) - t0 < TSC_CALIBRATION_SEC)
            ;
        hz = (double)(now_cycles() - c0) / (t - t0);
    }
    return hz;
}

/*
 * Operations first..first+count-1 of fn, timed as one run: CPU seconds per
 * op, and TSC cycles per op derived from them (the TSC itself would also
 * count other processes' time slices).
 */
static int time_ops(BENCH_FN fn, BENCH_CTX *b, size_t first, size_t count,
                    BENCH_RESULT *r)
{
    /* CPU time of this thread: on a shared machine, time slices given to
     * other processes do not count against the operation measured. */
    double t0 = app_os_cpu_sec();

    for (size_t j = first; j < first + count; j++) {
        b->j = j;
        if (fn(b) != MLDSA_OK)
            return APP_EXIT_ERROR;
    }
    r->sec = (app_os_cpu_sec() - t0) / (double)count;
    r->cycles = r->sec * tsc_hz();
    return ctx_reset(b) == MLDSA_OK ? 0 : APP_EXIT_ERROR;
}

/* Operations per round that fill a cell's share of the budget. */
static int calibrate(BENCH_FN fn, BENCH_CTX *b, size_t *count)
{
    BENCH_RESULT r;
    double n;

    if (time_ops(fn, b, 0, 1, &r) != 0 || time_ops(fn, b, 0, CALIBRATION_OPS, &r) != 0)
        return APP_EXIT_ERROR;
    n = CELL_BUDGET_SEC / ROUNDS / (r.sec > 1e-9 ? r.sec : 1e-9);
    *count = n < MIN_OPS ? MIN_OPS : n > MAX_OPS ? MAX_OPS : (size_t)n;
    return 0;
}

/*
 * Warm up, then time operations round * count .. (round + 1) * count - 1 of
 * cell (k, op) on b: each round its own inputs, the same on both sides.
 */
static int measure_cell(BENCH_CTX *b, size_t k, int op, int round, size_t count,
                        BENCH_RESULT *r)
{
    BENCH_FN fn = blocks[k].fn[op];

    if (fn(b) != MLDSA_OK || ctx_reset(b) != MLDSA_OK
        || time_ops(fn, b, (size_t)round * count, count, r) != 0)
        return app_error("speed: ML-DSA-%d failed", (int)b->param);
    return 0;
}

/* Set up every parameter set's context; on failure, free them all. */
static int ctx_init_all(BENCH_CTX *b, const mldsa_param *params, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (ctx_init(&b[i], params[i]) != 0) {
            for (size_t j = 0; j <= i; j++)
                ctx_free(&b[j]);
            return APP_EXIT_ERROR;
        }
    }
    return 0;
}

/*
 * Another backend's side (a copy of this program with MLDSA_BACKEND set):
 * read requests "k i op round count" on stdin, measure that cell, answer
 * "sec cycles" on stdout, until end of input.
 */
static int backend_server(const mldsa_param *params, size_t n)
{
    static BENCH_CTX b[MAX_PARAMS];
    char line[128];
    int ret = 0;

    if (ctx_init_all(b, params, n) != 0)
        return APP_EXIT_ERROR;
    while (ret == 0 && fgets(line, sizeof(line), stdin) != NULL) {
        size_t k, i, count;
        int op, round;
        BENCH_RESULT r;

        if (sscanf(line, "%zu %zu %d %d %zu", &k, &i, &op, &round, &count) != 5
            || k >= NBLOCKS || i >= n || op < 0 || op >= NOPS || round < 0
            || round >= ROUNDS || count == 0)
            ret = app_error("speed: bad request '%s'", line);
        else if ((ret = measure_cell(&b[i], k, op, round, count, &r)) == 0)
            printf("%.9g %.9g\n", r.sec, r.cycles);
        fflush(stdout);
    }
    for (size_t i = 0; i < n; i++)
        ctx_free(&b[i]);
    return ret;
}

/* A running backend side: its backend and its process. */
typedef struct {
    const char *backend;
    APP_CHILD child;
} BACKEND_SERVER;

/*
 * Start this program again with MLDSA_BACKEND naming g->backend (on the
 * same CPU: the affinity is inherited), as a backend_server for params.
 */
static int server_start(BACKEND_SERVER *g, const char *argv0,
                        const mldsa_param *params, size_t n)
{
    char *args[4 + MAX_PARAMS] = { "mldsa", "speed", SERVER_FLAG };
    char names[MAX_PARAMS][4], what[64];
    size_t na = 3;

    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof(names[i]), "%d", (int)params[i]);
        args[na++] = names[i];
    }
    args[na] = NULL;
    snprintf(what, sizeof(what), "speed: the %s run", g->backend);
    return app_os_spawn_self(&g->child, what, argv0, args, "MLDSA_BACKEND",
                             g->backend);
}

/* Have backend side g measure round `round` of cell (k, i, op). */
static int server_measure(BACKEND_SERVER *g, size_t k, size_t i, int op,
                          int round, size_t count, BENCH_RESULT *r)
{
    char line[128];

    if (fprintf(g->child.to, "%zu %zu %d %d %zu\n", k, i, op, round, count) < 0
        || fflush(g->child.to) != 0
        || fgets(line, sizeof(line), g->child.from) == NULL
        || sscanf(line, "%lf %lf", &r->sec, &r->cycles) != 2)
        return app_error("speed: the %s run failed", g->backend);
    return 0;
}

/* Close the pipes and reap backend side g; 0 when it exited cleanly. */
static int server_stop(BACKEND_SERVER *g)
{
    if (app_os_child_wait(&g->child) != 0)
        return app_error("speed: the %s run failed", g->backend);
    return 0;
}

/*
 * Measure every cell ROUNDS times, cells in turn, into run[0]; each cell of
 * ours is followed at once by the same cell on every backend side g[s]
 * (into run[s + 1]), with the same operation count (set by our first
 * round).
 */
static int measure_all(const mldsa_param *params, size_t n, SPEED_RUN *run,
                       BACKEND_SERVER *g, size_t nservers)
{
    SPEED_RUN *mine = &run[0];
    static BENCH_CTX b[MAX_PARAMS];
    int ret = 0;

    if (ctx_init_all(b, params, n) != 0)
        return APP_EXIT_ERROR;
    for (int round = 0; round < ROUNDS && ret == 0; round++) {
        for (size_t i = 0; i < n && ret == 0; i++) {
            for (size_t k = 0; k < NBLOCKS && ret == 0; k++) {
                for (int op = 0; op < NOPS && ret == 0; op++) {
                    size_t *count = &mine->count[k][i][op];
                    BENCH_RESULT r;

                    if (*count == 0 && calibrate(blocks[k].fn[op], &b[i], count) != 0) {
                        ret = app_error("speed: ML-DSA-%d failed", (int)params[i]);
                        break;
                    }
                    if ((ret = measure_cell(&b[i], k, op, round, *count, &r)) != 0)
                        break;
                    mine->sec[k][i][op][round] = r.sec;
                    mine->cyc[k][i][op][round] = r.cycles;
                    for (size_t s = 0; s < nservers && ret == 0; s++) {
                        if ((ret = server_measure(&g[s], k, i, op, round,
                                                  *count, &r)) != 0)
                            break;
                        run[s + 1].sec[k][i][op][round] = r.sec;
                        run[s + 1].cyc[k][i][op][round] = r.cycles;
                    }
                }
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        ctx_free(&b[i]);
    return ret;
}

/* Median over the rounds of one cell. */
static BENCH_RESULT cell(const SPEED_RUN *run, size_t k, size_t i, int op)
{
    double sec[ROUNDS], cyc[ROUNDS];
    BENCH_RESULT r;

    memcpy(sec, run->sec[k][i][op], sizeof(sec));
    memcpy(cyc, run->cyc[k][i][op], sizeof(cyc));
    r.sec = median(sec, ROUNDS);
    r.cycles = median(cyc, ROUNDS);
    return r;
}

static const char table_head[] =
    "                 keygen      sign    verify keygens/s    sign/s  verify/s"
    "  keygen cyc   sign cyc verify cyc\n";
static const char batch_head[] =
    "                   loop     batch   8 keys  verify/s   batch/s  8 keys/s"
    "    loop cyc  batch cyc 8 keys cyc   batch/loop 8 keys/loop\n";

/* Both tables of one backend, in the columns of `openssl speed`. */
static void print_tables(const SPEED_RUN *run, const mldsa_param *params,
                         size_t n, const char *backend)
{
    printf("\nbackend: %s\n", backend);
    for (size_t k = 0; k < NBLOCKS; k++) {
        printf("%s:\n%s", blocks[k].title, k == BATCH_BLOCK ? batch_head
                                                             : table_head);
        for (size_t i = 0; i < n; i++) {
            BENCH_RESULT r[NOPS];

            for (int op = 0; op < NOPS; op++) {
                r[op] = cell(run, k, i, op);
                if (k == BATCH_BLOCK) {     /* per verification */
                    r[op].sec /= BATCH_ITEMS;
                    r[op].cycles /= BATCH_ITEMS;
                }
            }
            printf("ML-DSA-%d    %10.6fs%9.6fs%9.6fs%10.1f%10.1f%10.1f%12.0f%11.0f%11.0f",
                   (int)params[i], r[0].sec, r[1].sec, r[2].sec, 1 / r[0].sec,
                   1 / r[1].sec, 1 / r[2].sec, r[0].cycles, r[1].cycles, r[2].cycles);
            if (k == BATCH_BLOCK)
                printf("%12.3fx%12.3fx", r[1].sec / r[0].sec, r[2].sec / r[0].sec);
            printf("\n");
        }
    }
}

/*
 * How many times faster a backend is than the generic one, cell by cell:
 * the median over rounds of the ratio, each round's pair doing the same
 * work.
 */
static double speedup(const SPEED_RUN *mine, const SPEED_RUN *generic,
                      size_t k, size_t i, int op)
{
    double ratio[ROUNDS];

    for (int r = 0; r < ROUNDS; r++)
        ratio[r] = generic->sec[k][i][op][r] / mine->sec[k][i][op][r];
    return median(ratio, ROUNDS);
}

/* The speedup table of one backend. */
static void print_speedup(const SPEED_RUN *mine, const SPEED_RUN *generic,
                          const mldsa_param *params, size_t n,
                          const char *backend)
{
    printf("\n%s vs generic (x faster, same operations):\n", backend);
    for (size_t k = 0; k < NBLOCKS; k++) {
        printf("%s:\n%s", blocks[k].title,
               k == BATCH_BLOCK ? "                loop     batch    8 keys\n"
                                : "              keygen      sign    verify\n");
        for (size_t i = 0; i < n; i++) {
            printf("ML-DSA-%d   ", (int)params[i]);
            for (int op = 0; op < NOPS; op++)
                printf(" %8.2fx", speedup(mine, generic, k, i, op));
            printf("\n");
        }
    }
}

#if defined(__x86_64__) || defined(_M_X64)
/*
 * The CPU tiers, lowest first: a name and the MLDSA_IA32CAP mask that
 * makes this CPU one (include/internal/cpuid.h: ~0x67 clears AVX-512F,
 * VL, BW, VBMI and the ZMM state, ~0x40 VBMI; ~0x0 clears nothing).
 */
static const struct {
    const char *name, *mask;
} tiers[] = {
    { "AVX2 only", "~0x67" },
    { "AVX-512 without VBMI", "~0x40" },
    { "full", "~0x0" },
};
# define NTIERS (sizeof(tiers) / sizeof(tiers[0]))

/*
 * The backend this library chooses with MLDSA_IA32CAP=mask (the first this
 * CPU runs under it), from a copy of this program (CHOICE_FLAG), into
 * name; 0 or APP_EXIT_ERROR.
 */
static int tier_backend(const char *argv0, const char *mask, char *name,
                        size_t len)
{
    char *args[] = { "mldsa", "speed", CHOICE_FLAG, NULL };
    APP_CHILD child;
    int ret = app_os_spawn_self(&child, "speed: the tier run", argv0, args,
                                "MLDSA_IA32CAP", mask);

    if (ret == 0 && fgets(name, (int)len, child.from) == NULL)
        ret = app_error("speed: the tier run (MLDSA_IA32CAP=%s) failed", mask);
    if (app_os_child_wait(&child) != 0 && ret == 0)
        ret = app_error("speed: the tier run (MLDSA_IA32CAP=%s) failed", mask);
    name[strcspn(name, "\r\n")] = '\0';
    return ret;
}

/*
 * The tier table: per tier the backend chosen there and its one-shot
 * figures (kilocycles, the medians of its table above), found among the
 * nb backends measured (names[b], run[b]); a tier whose backend is that
 * of the tiers below (this CPU lacks what tells them apart) names the
 * lowest of them instead.
 */
static int print_tiers(const char *argv0, const SPEED_RUN *run,
                       const char *const *names, size_t nb,
                       const mldsa_param *params, size_t n)
{
    char name[NTIERS][64];

    for (size_t t = 0; t < NTIERS; t++) {
        name[t][0] = '\0';
        if (tier_backend(argv0, tiers[t].mask, name[t], sizeof(name[t])) != 0)
            return APP_EXIT_ERROR;
    }
    printf("\nCPU tiers: the backend chosen on each (this CPU with MLDSA_IA32CAP"
           " masking\nthe rest), one-shot API, kilocycles (medians of its"
           " table above):\n%-21s %-6s %-19s", "tier", "mask", "backend");
    for (size_t i = 0; i < n; i++)
        printf(" %2d keygen %4d sign %2d verify", (int)params[i],
               (int)params[i], (int)params[i]);
    printf("\n");
    for (size_t t = 0; t < NTIERS; t++) {
        size_t b = 0, same = t;

        printf("%-21s %-6s %-19s", tiers[t].name, tiers[t].mask, name[t]);
        while (b < nb && strcmp(names[b], name[t]) != 0)
            b++;
        while (same > 0 && strcmp(name[same - 1], name[t]) == 0)
            same--;
        if (same < t)
            printf(" (this CPU: as %s)", tiers[same].name);
        else if (b == nb)
            printf(" (not measured: not among this run's backends)");
        else
            for (size_t i = 0; i < n; i++)
                for (int op = 0; op < NOPS; op++)
                    printf(" %9.1f", cell(&run[b], 0, i, op).cycles / 1000);
        printf("\n");
    }
    return 0;
}
#endif

/* Median TSC cycles of one call of Keccak kernel i (batches of KECCAK_BATCH). */
static double keccak_cycles(size_t i)
{
    double per[KECCAK_BATCHES];

    for (int b = 0; b < KECCAK_BATCHES; b++) {
        uint64_t c0 = now_cycles();

        (void)mldsa_keccak_kernel_run(i, KECCAK_BATCH);
        per[b] = (double)(now_cycles() - c0) / KECCAK_BATCH;
    }
    return median(per, KECCAK_BATCHES);
}

/*
 * Cycles per call of each Keccak-f[1600] kernel, per state, and per state
 * against the scalar permutation (kernel 0).
 */
static void keccak_row(void)
{
    double scalar = 0;
    unsigned ways;
    int usable;
    const char *name;

#ifndef HAVE_TSC
    printf("keccak: no TSC on this target\n");
    return;
#endif
    printf("keccak: Keccak-f[1600]");
    for (size_t i = 0; (name = mldsa_keccak_kernel(i, &ways, &usable)) != NULL; i++) {
        double c;

        if (!usable) {
            printf("%s %s not usable here", i ? ";" : "", name);
            continue;
        }
        c = keccak_cycles(i);
        if (i == 0)
            scalar = c;
        if (ways == 1)
            printf("%s %s %.0f cycles", i ? ";" : "", name, c);
        else
            printf("%s %s %.0f cycles per call, %.0f per state (%.0f%% of scalar)",
                   i ? ";" : "", name, c, c / ways, 100 * c / ways / scalar);
    }
    printf("\n");
}

/* The operations --run names, in the order of the tables' columns. */
static const char *const op_names[NBLOCKS][NOPS] = {
    { "keygen", "sign", "verify" },
    { "key-generate", "key-sign", "key-verify" },
};

/*
 * --run PARAM OP N: operations 0..N-1 of one cell (the inputs the timed
 * cells use), untimed; --run keccak KERNEL N: N calls of one Keccak
 * kernel.  For counting what a cell executes, under an emulator that
 * counts instructions (util/icount-speed: the count of N operations less
 * that of 0).
 */
static int run_ops(const char *what, const char *op, const char *count)
{
    BENCH_CTX b;
    mldsa_param param;
    unsigned ways;
    int usable;
    const char *name;
    char *end;
    unsigned long n = strtoul(count, &end, 10);
    int ret = APP_EXIT_ERROR;

    if (*count == '\0' || *end != '\0' || n > MAX_OPS)
        return app_usage("speed", "--run: '%s' is not a count (0..%d)", count,
                         MAX_OPS);
    if (strcmp(what, "keccak") == 0) {
        for (size_t i = 0; (name = mldsa_keccak_kernel(i, &ways, &usable)) != NULL; i++)
            if (strcmp(name, op) == 0) {
                if (!usable)
                    return app_error("speed: kernel '%s' is not usable here", op);
                return mldsa_keccak_kernel_run(i, n) == MLDSA_OK
                       ? APP_EXIT_OK : APP_EXIT_ERROR;
            }
        return app_usage("speed", "--run keccak: no kernel '%s'", op);
    }
    if (app_parse_param("speed", what, &param) != 0)
        return APP_EXIT_ERROR;
    for (size_t k = 0; k < NBLOCKS; k++)
        for (size_t o = 0; o < NOPS; o++) {
            if (strcmp(op_names[k][o], op) != 0)
                continue;
            if (ctx_init(&b, param) != 0)
                return APP_EXIT_ERROR;
            ret = APP_EXIT_OK;
            for (b.j = 0; b.j < n && ret == APP_EXIT_OK; b.j++)
                if (blocks[k].fn[o](&b) != MLDSA_OK)
                    ret = app_error("speed: %s failed", op);
            ctx_free(&b);
            return ret;
        }
    return app_usage("speed", "--run: no operation '%s'", op);
}

static const char speed_help[] =
    "usage: mldsa speed [44|65|87 ...] [keccak]\n"
    "       mldsa speed --run 44|65|87 OP N | --run keccak KERNEL N\n"
    "Seconds per operation and operations per second (the columns of openssl\n"
    "speed), and TSC cycles per operation, for ML-DSA keygen, sign and verify,\n"
    "through the one-shot API and through a prepared key object, and batch\n"
    "verification (per verification: 64 by mldsa_key_verify one by one, then\n"
    "by mldsa_key_verify_batch with one key and with 8 keys); one block per\n"
    "backend this machine runs (mldsa info lists them; each other backend in a\n"
    "process of its own, MLDSA_BACKEND=NAME, measuring each cell right after us,\n"
    "the same operations on the same inputs), then each backend's speedup over\n"
    "generic, and on x86-64 the CPU tiers (AVX2 only, AVX-512 without VBMI,\n"
    "full): the backend this library chooses on each, found with this CPU's\n"
    "capabilities masked (MLDSA_IA32CAP), and its one-shot figures from this\n"
    "run.  Figures are medians over rounds of CPU time per operation.\n"
    "keccak: the cycles of one call of each Keccak-f[1600] kernel, and per state.\n"
    "No arguments: all three parameter sets and keccak.\n"
    "--run runs operations 0..N-1 of one cell untimed (OP: keygen, sign, verify,\n"
    "key-generate, key-sign, key-verify), or N calls of a kernel (KERNEL as the\n"
    "keccak row names it), for counting instructions under an emulator\n"
    "(util/icount-speed).\n";

int cmd_speed(int argc, char **argv)
{
    static SPEED_RUN run[MAX_BACKENDS];
    static BACKEND_SERVER g[MAX_BACKENDS - 1];
    const char *names[MAX_BACKENDS], *name;
    mldsa_param params[MAX_PARAMS];
    size_t n = 0, nb = 1, nservers = 0, generic = MAX_BACKENDS;
    int keccak = 0, server = 0, choice = 0, ret = 0;

    if (argc > 1 && strcmp(argv[1], "--run") == 0) {
        if (argc != 5)
            return app_usage("speed", "--run takes 44|65|87 OP N or keccak KERNEL N");
        return run_ops(argv[2], argv[3], argv[4]);
    }
    for (int i = 1; i < argc; i++) {
        mldsa_param p;

        if (app_is_help(argv[i])) {
            fputs(speed_help, stdout);
            return APP_EXIT_OK;
        }
        if (strcmp(argv[i], "keccak") == 0)
            keccak = 1;
        else if (strcmp(argv[i], SERVER_FLAG) == 0)
            server = 1;
        else if (strcmp(argv[i], CHOICE_FLAG) == 0)
            choice = 1;
        else if (app_parse_param("speed", argv[i], &p) != 0)
            return APP_EXIT_ERROR;
        else if (n < MAX_PARAMS)
            params[n++] = p;
    }
    if (n == 0 && !keccak) {
        params[0] = MLDSA_44;
        params[1] = MLDSA_65;
        params[2] = MLDSA_87;
        n = 3;
        keccak = 1;
    }
    if (server)
        return backend_server(params, n);
    if (choice) {
        /* a tier run: the backend chosen under its MLDSA_IA32CAP */
        printf("%s\n", mldsa_backend_list(0));
        return APP_EXIT_OK;
    }
    /* Stay on this CPU (the backend sides inherit it), so that a migration
     * does not land in the middle of a measurement. */
    app_os_pin_cpu();
    printf("%s\n", mldsa_build_info());
    /* ours first, then every other backend this machine runs */
    names[0] = mldsa_backend_name();
    for (size_t i = 0; nb < MAX_BACKENDS && (name = mldsa_backend_list(i)) != NULL; i++)
        if (strcmp(name, names[0]) != 0)
            names[nb++] = name;
    for (size_t b = 0; b < nb; b++)
        if (strcmp(names[b], GENERIC_BACKEND) == 0)
            generic = b;
    if (n > 0) {
        printf("measuring: %d rounds over every cell, each cell on backend%s %s",
               ROUNDS, nb > 1 ? "s" : "", names[0]);
        for (size_t b = 1; b < nb; b++)
            printf(", %s", names[b]);
        printf(" in turn; median of the rounds\n");
        if (fflush(stdout) != 0)
            return app_error("stdout: cannot write: %s", strerror(errno));
        while (ret == 0 && nservers + 1 < nb) {
            g[nservers].backend = names[nservers + 1];
            if ((ret = server_start(&g[nservers], argv[0], params, n)) == 0)
                nservers++;
        }
        if (ret == 0)
            ret = measure_all(params, n, run, g, nservers);
        for (size_t s = 0; s < nservers; s++)
            if (server_stop(&g[s]) != 0)
                ret = APP_EXIT_ERROR;
        if (ret != 0)
            return ret;
        for (size_t b = 0; b < nb; b++)
            print_tables(&run[b], params, n, names[b]);
        for (size_t b = 0; generic < nb && b < nb; b++)
            if (b != generic)
                print_speedup(&run[b], &run[generic], params, n, names[b]);
#if defined(__x86_64__) || defined(_M_X64)
        if (print_tiers(argv[0], run, names, nb, params, n) != 0)
            return APP_EXIT_ERROR;
#endif
    }
    if (keccak) {
        printf("\n");
        keccak_row();
    }
    return APP_EXIT_OK;
}
