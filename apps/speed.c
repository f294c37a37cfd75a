/*
 * mldsa speed: keygen, sign and verify per second for ML-DSA-44/65/87 (the
 * columns of `openssl speed`, plus TSC cycles per operation), once for each
 * sample ops the machine has, in one run: the ops this process chose, then
 * the generic ops in a copy of this program started with MLDSA_IA32CAP
 * masking AVX-512 off.  A `keccak` row gives the cycles of one scalar
 * Keccak-f[1600] and, with the AVX-512VL kernel, of one 4-way permutation.
 *
 * Each cell runs for a fixed time budget in batches; the figure is the
 * median over batches of the time per operation (a batch is long enough
 * that sign's variable number of iterations averages out inside it).
 */
#define _GNU_SOURCE           /* sched_setaffinity, sched_getcpu */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "apps.h"
#include "internal/sha3.h"   /* the keccak row only: KECCAK1600_* */
#if defined(__x86_64__) || defined(__i386__)
# include <x86intrin.h>
# define HAVE_TSC 1
#endif

#define CELL_BUDGET_SEC 0.25      /* time per table cell, over all rounds */
#define ROUNDS 5                  /* round-robin passes over the cells */
#define BATCHES_WANTED 5          /* batches per cell and round, for the median */
#define BATCHES_MAX 64
#define NOPS 3                    /* keygen, sign, verify */
#define NBLOCKS 2                 /* one-shot API, key object */
#define MAX_PARAMS 3
#define KECCAK_BATCH 256          /* permutations per keccak batch */
#define KECCAK_BATCHES 41
#define SPEED_MSG_BYTES 32
#define GENERIC_OPS "generic"
/* AVX512F | AVX512VL | ZMM state off: the generic sample ops (README.md). */
#define MASK_AVX512 "~0x7"
#define CHILD_FLAG "--generic-child"
#define DATA_MARK "#speed-data"

/* One benchmarked operation; returns MLDSA_OK. */
typedef int (*BENCH_FN)(void *arg);

typedef struct {
    double sec;      /* seconds per operation */
    double cycles;   /* TSC cycles per operation (0 without a TSC) */
} BENCH_RESULT;

/* What the operations work on: one parameter set's keys and a message. */
typedef struct {
    mldsa_param param;
    uint8_t seed[MLDSA_SEED_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t msg[SPEED_MSG_BYTES];
    MLDSA_KEY *key;      /* from the seed */
    MLDSA_KEY *pubkey;   /* from the public key */
} BENCH_CTX;

static double now_sec(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
 * Run fn for about budget seconds in batches sized from one warm-up call;
 * the result is the median over batches of the per-operation figures.
 */
static int bench(BENCH_FN fn, void *arg, double budget, BENCH_RESULT *r)
{
    double sec[BATCHES_MAX], cyc[BATCHES_MAX], t0, one, start;
    size_t batch, nb = 0;

    t0 = now_sec();
    if (fn(arg) != MLDSA_OK)
        return APP_EXIT_ERROR;
    one = now_sec() - t0;
    batch = (size_t)(budget / BATCHES_WANTED / (one > 1e-9 ? one : 1e-9));
    if (batch == 0)
        batch = 1;
    start = now_sec();
    while (nb < BATCHES_MAX && (nb < 3 || now_sec() - start < budget)) {
        uint64_t c0 = now_cycles();

        t0 = now_sec();
        for (size_t i = 0; i < batch; i++)
            if (fn(arg) != MLDSA_OK)
                return APP_EXIT_ERROR;
        sec[nb] = (now_sec() - t0) / (double)batch;
        cyc[nb] = (double)(now_cycles() - c0) / (double)batch;
        nb++;
    }
    r->sec = median(sec, nb);
    r->cycles = median(cyc, nb);
    return 0;
}

/* Step the seed so that keygen does not see one input over and over. */
static void next_seed(BENCH_CTX *b)
{
    for (size_t i = 0; i < sizeof(b->seed) && ++b->seed[i] == 0; i++)
        continue;
}

/* The one-shot API: what most callers use. */
static int op_keygen(void *arg)
{
    BENCH_CTX *b = arg;

    next_seed(b);
    return mldsa_keygen(b->param, b->pk, b->sk, b->seed);
}

static int op_sign(void *arg)
{
    BENCH_CTX *b = arg;

    return mldsa_sign(b->param, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->sk, NULL);
}

static int op_verify(void *arg)
{
    BENCH_CTX *b = arg;

    return mldsa_verify(b->param, b->sig, mldsa_signature_bytes(b->param),
                        b->msg, sizeof(b->msg), NULL, 0, b->pk);
}

/* The key object: decoded once, used many times. */
static int op_key_generate(void *arg)
{
    BENCH_CTX *b = arg;
    MLDSA_KEY *key = NULL;
    int ret;

    next_seed(b);
    ret = mldsa_key_generate(&key, b->param, b->seed);
    mldsa_key_free(key);
    return ret;
}

static int op_key_sign(void *arg)
{
    BENCH_CTX *b = arg;

    return mldsa_key_sign(b->key, b->sig, b->msg, sizeof(b->msg), NULL, 0, NULL);
}

static int op_key_verify(void *arg)
{
    BENCH_CTX *b = arg;

    return mldsa_key_verify(b->pubkey, b->sig, mldsa_signature_bytes(b->param),
                            b->msg, sizeof(b->msg), NULL, 0);
}

static const char table_head[] =
    "                 keygen     signs    verify keygens/s    sign/s  verify/s"
    "  keygen cyc   sign cyc verify cyc\n";

static void print_row(mldsa_param param, const BENCH_RESULT r[3])
{
    printf("ML-DSA-%d    %10.6fs%9.6fs%9.6fs%10.1f%10.1f%10.1f%12.0f%11.0f%11.0f\n",
           (int)param, r[0].sec, r[1].sec, r[2].sec, 1 / r[0].sec, 1 / r[1].sec,
           1 / r[2].sec, r[0].cycles, r[1].cycles, r[2].cycles);
}

/* Set up keys, a message and a signature for param. */
static int ctx_init(BENCH_CTX *b, mldsa_param param)
{
    memset(b, 0, sizeof(*b));
    b->param = param;
    for (size_t i = 0; i < sizeof(b->msg); i++)
        b->msg[i] = (uint8_t)i;
    if (mldsa_keygen(param, b->pk, b->sk, b->seed) != MLDSA_OK
        || mldsa_sign(param, b->sig, b->msg, sizeof(b->msg), NULL, 0, b->sk, NULL) != MLDSA_OK
        || mldsa_key_generate(&b->key, param, b->seed) != MLDSA_OK
        || mldsa_key_from_public(&b->pubkey, param, b->pk,
                                 mldsa_public_key_bytes(param)) != MLDSA_OK)
        return app_error("speed: cannot set up ML-DSA-%d", (int)param);
    return 0;
}

static void ctx_free(BENCH_CTX *b)
{
    mldsa_key_free(b->key);
    mldsa_key_free(b->pubkey);
    app_cleanse(b->sk, sizeof(b->sk));
}

/* The two tables: the one-shot API, then the key object. */
static const struct {
    const char *title;
    BENCH_FN fn[NOPS];
} blocks[NBLOCKS] = {
    { "one-shot API (mldsa_keygen from a seed, mldsa_sign hedged, mldsa_verify)",
      { op_keygen, op_sign, op_verify } },
    { "key object (mldsa_key_generate, mldsa_key_sign hedged, mldsa_key_verify)",
      { op_key_generate, op_key_sign, op_key_verify } },
};

/*
 * Both tables for the sample ops of this process, measured round-robin:
 * ROUNDS passes over every cell, each with a slice of the cell's budget,
 * and the median of the rounds, so that a slow spell of the host spreads
 * over all cells instead of spoiling one.  With data != 0, also a
 * machine-readable line per parameter set (for the parent's comparison).
 */
static int run_tables(const mldsa_param *params, size_t n, int data,
                      BENCH_RESULT oneshot[][NOPS])
{
    static BENCH_CTX b[MAX_PARAMS];
    double sec[NBLOCKS][MAX_PARAMS][NOPS][ROUNDS];
    double cyc[NBLOCKS][MAX_PARAMS][NOPS][ROUNDS];
    int ret = 0;

    printf("sample ops: %s; %s\n", mldsa_sample_ops_name(), mldsa_build_info());
    fflush(stdout);
    for (size_t i = 0; i < n; i++)
        if ((ret = ctx_init(&b[i], params[i])) != 0)
            goto end;
    for (int round = 0; round < ROUNDS; round++)
        for (size_t k = 0; k < NBLOCKS; k++)
            for (size_t i = 0; i < n; i++)
                for (int op = 0; op < NOPS; op++) {
                    BENCH_RESULT r;

                    if (bench(blocks[k].fn[op], &b[i], CELL_BUDGET_SEC / ROUNDS, &r) != 0) {
                        ret = app_error("speed: ML-DSA-%d failed", (int)params[i]);
                        goto end;
                    }
                    sec[k][i][op][round] = r.sec;
                    cyc[k][i][op][round] = r.cycles;
                }
    for (size_t k = 0; k < NBLOCKS; k++) {
        printf("%s:\n%s", blocks[k].title, table_head);
        for (size_t i = 0; i < n; i++) {
            BENCH_RESULT r[NOPS];

            for (int op = 0; op < NOPS; op++) {
                r[op].sec = median(sec[k][i][op], ROUNDS);
                r[op].cycles = median(cyc[k][i][op], ROUNDS);
            }
            print_row(params[i], r);
            if (k == 0) {
                memcpy(oneshot[i], r, sizeof(r));
                if (data)
                    printf(DATA_MARK " %d %.9g %.9g %.9g\n", (int)params[i],
                           r[0].sec, r[1].sec, r[2].sec);
            }
        }
    }
    fflush(stdout);
 end:
    for (size_t i = 0; i < n; i++)
        ctx_free(&b[i]);
    return ret;
}

/*
 * Run this program again with MLDSA_IA32CAP masking AVX-512 off, echo its
 * tables, and read its one-shot figures into generic[] (by parameter set).
 */
static int run_generic_child(const char *argv0, const mldsa_param *params,
                             size_t n, BENCH_RESULT generic[][NOPS], int *got)
{
    char *args[8] = { "mldsa", "speed", CHILD_FLAG, NULL };
    char names[MAX_PARAMS][4], line[512];
    int fds[2], status;
    size_t na = 3;
    pid_t pid;
    FILE *fp;

    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof(names[i]), "%d", (int)params[i]);
        args[na++] = names[i];
    }
    args[na] = NULL;
    fflush(stdout);
    if (pipe(fds) != 0 || (pid = fork()) < 0)
        return app_error("speed: cannot start the generic run: %s", strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        setenv("MLDSA_IA32CAP", MASK_AVX512, 1);
        execv("/proc/self/exe", args);
        execvp(argv0, args);
        _exit(127);
    }
    close(fds[1]);
    if ((fp = fdopen(fds[0], "r")) == NULL) {
        close(fds[0]);
        waitpid(pid, &status, 0);
        return app_error("speed: cannot read the generic run");
    }
    while (fgets(line, sizeof(line), fp) != NULL) {
        int p;
        double s[3];

        if (sscanf(line, DATA_MARK " %d %lf %lf %lf", &p, &s[0], &s[1], &s[2]) == 4) {
            for (size_t i = 0; i < n; i++) {
                if ((int)params[i] == p) {
                    for (int op = 0; op < 3; op++)
                        generic[i][op].sec = s[op];
                    got[i] = 1;
                }
            }
            continue;
        }
        fputs(line, stdout);
        fflush(stdout);
    }
    fclose(fp);
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return app_error("speed: the generic run failed");
    return 0;
}

/* Median TSC cycles of one call of permute (batches of KECCAK_BATCH). */
static double keccak_cycles(void (*permute)(uint64_t *), uint64_t *state)
{
    double per[KECCAK_BATCHES];

    for (int b = 0; b < KECCAK_BATCHES; b++) {
        uint64_t c0 = now_cycles();

        for (int i = 0; i < KECCAK_BATCH; i++)
            permute(state);
        per[b] = (double)(now_cycles() - c0) / KECCAK_BATCH;
    }
    return median(per, KECCAK_BATCHES);
}

/* Cycles per Keccak-f[1600]: the scalar permutation, and the 4-way kernel. */
static void keccak_row(void)
{
    uint64_t A[KECCAK1600_LANES] = { 0 };
    double scalar;

#ifndef HAVE_TSC
    printf("keccak: no TSC on this target\n");
    return;
#endif
    scalar = keccak_cycles(KECCAK1600_permute, A);
    printf("keccak: Keccak-f[1600] scalar %.0f cycles", scalar);
#if defined(KECCAK1600_ASM) && (defined(__x86_64__) || defined(_M_X64))
    if (SHA3_avx512vl_capable()) {
        _Alignas(32) uint64_t X[KECCAK1600_X4_STATE_WORDS] = { 0 };
        double x4 = keccak_cycles(KECCAK1600_x4_permute_avx512vl, X);

        printf("; x4 avx512vl %.0f cycles per call, %.0f per lane (%.0f%% of scalar)",
               x4, x4 / KECCAK1600_X4_WAYS, 100 * x4 / KECCAK1600_X4_WAYS / scalar);
    } else {
        printf("; x4 avx512vl not in use (%s)", SHA3_avx512vl_info());
    }
#else
    printf("; no x4 kernel in this build");
#endif
    printf("\n");
}

/*
 * Stay on the CPU we run on (the generic run inherits it), so that a
 * migration does not land in the middle of a measurement.
 */
static void pin_to_this_cpu(void)
{
    int cpu = sched_getcpu();
    cpu_set_t set;

    if (cpu < 0)
        return;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)sched_setaffinity(0, sizeof(set), &set);
}

static const char speed_help[] =
    "usage: mldsa speed [44|65|87 ...] [keccak]\n"
    "Seconds per operation and operations per second (the columns of openssl\n"
    "speed), and TSC cycles per operation, for ML-DSA keygen, sign and verify,\n"
    "through the one-shot API and through a prepared key object; once with the\n"
    "sample ops this machine uses and, when those are not the generic ops, once\n"
    "more with MLDSA_IA32CAP=~0x7 (generic ops), then the speedup.  keccak: the\n"
    "cycles of one Keccak-f[1600], scalar and 4-way.  No arguments: everything.\n";

int cmd_speed(int argc, char **argv)
{
    mldsa_param params[MAX_PARAMS];
    BENCH_RESULT mine[MAX_PARAMS][NOPS], generic[MAX_PARAMS][NOPS];
    int got[MAX_PARAMS] = { 0 };
    size_t n = 0;
    int keccak = 0, child = 0, ret;

    for (int i = 1; i < argc; i++) {
        mldsa_param p;

        if (app_is_help(argv[i])) {
            fputs(speed_help, stdout);
            return APP_EXIT_OK;
        }
        if (strcmp(argv[i], "keccak") == 0) {
            keccak = 1;
        } else if (strcmp(argv[i], CHILD_FLAG) == 0) {
            child = 1;
        } else if (app_parse_param("speed", argv[i], &p) != 0) {
            return APP_EXIT_ERROR;
        } else if (n < MAX_PARAMS) {
            params[n++] = p;
        }
    }
    if (n == 0 && !keccak) {
        params[0] = MLDSA_44;
        params[1] = MLDSA_65;
        params[2] = MLDSA_87;
        n = 3;
        keccak = !child;
    }
    if (!child)
        pin_to_this_cpu();
    if (n > 0 && (ret = run_tables(params, n, child, mine)) != 0)
        return ret;
    if (child)
        return APP_EXIT_OK;
    if (n > 0 && strcmp(mldsa_sample_ops_name(), GENERIC_OPS) != 0) {
        const char *ops = mldsa_sample_ops_name();

        printf("\n");
        if ((ret = run_generic_child(argv[0], params, n, generic, got)) != 0)
            return ret;
        printf("\n%s vs generic, one-shot API (x faster):\n", ops);
        printf("              keygen      sign    verify\n");
        for (size_t i = 0; i < n; i++)
            if (got[i])
                printf("ML-DSA-%d    %8.2fx %8.2fx %8.2fx\n", (int)params[i],
                       generic[i][0].sec / mine[i][0].sec,
                       generic[i][1].sec / mine[i][1].sec,
                       generic[i][2].sec / mine[i][2].sec);
    }
    if (keccak) {
        printf("\n");
        keccak_row();
    }
    return APP_EXIT_OK;
}
