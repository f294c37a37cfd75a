/*
 * ab-pair: the paired A/B benchmark (util/ab-bench -p).  Two revisions'
 * libraries run in one process, each behind its side of util/ab-bench.c
 * (built with AB_SIDE=a and AB_SIDE=b, every mldsa_* symbol of a side and
 * its library renamed a_mldsa_* or b_mldsa_*), so that a noisy host slows
 * both alike: each round times the sides' rnd values on A and then on B
 * (or B then A, in turn), and an operation of one side is paired with the
 * same operation of the other in the same round.  For ML-DSA-44, -65 and
 * -87 and every cell both sides have, SAMPLES rounds; one line per cell: A's
 * and B's cycles per operation (the mean over rnd of each rnd's median, as
 * ab-bench), their ratio, and the median and quartiles of the per-pair
 * ratios B/A (above 1: B is slower).
 * Usage: ab-pair [SAMPLES]   (default 31)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

#include "bench_median.h"
#include "bench_ticks.h"

#define AB_SIDE_DECLS(side)                                              \
    size_t ab_##side##_cells(const char *const **names);                 \
    unsigned ab_##side##_rnd_values(void);                               \
    unsigned ab_##side##_ops_per_run(size_t cell);                       \
    int ab_##side##_begin(mldsa_param param);                            \
    int ab_##side##_run(size_t cell, unsigned i);                        \
    void ab_##side##_end(void);
AB_SIDE_DECLS(a)
AB_SIDE_DECLS(b)

/* One side's entry points. */
struct side {
    size_t (*cells)(const char *const **names);
    unsigned (*ops_per_run)(size_t cell);
    int (*begin)(mldsa_param param);
    int (*run)(size_t cell, unsigned i);
    void (*end)(void);
};

static const struct side sides[2] = {
    { ab_a_cells, ab_a_ops_per_run, ab_a_begin, ab_a_run, ab_a_end },
    { ab_b_cells, ab_b_ops_per_run, ab_b_begin, ab_b_run, ab_b_end },
};

/* qsort order of two ratios. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The mean over rnd values of each one's median of t[rnd * samples ...],
 * per operation. */
static double per_op(uint64_t *t, unsigned rnds, unsigned samples,
                     unsigned ops)
{
    return (double)sum_of_medians(t, rnds, samples) / rnds / ops;
}

/* Cell ca of A and cb of B (the same name), paired; 0 on success. */
static int run_pair(int param, const char *name, size_t ca, size_t cb,
                    unsigned rnds, unsigned samples, uint64_t *t[2],
                    double *ratio)
{
    size_t cell[2] = { ca, cb }, n = (size_t)rnds * samples, k;
    unsigned i, j, s, order;
    uint64_t start;
    double a, b;

    /* a round: every rnd value on one side, then on the other (in turn
     * first), each after an operation untimed that brings its code back
     * into the caches the other side's took */
    for (i = 0; i < samples; i++)
        for (order = 0; order < 2; order++) {
            s = order ^ (i & 1);
            if (sides[s].run(cell[s], 0) != MLDSA_OK)
                return 1;
            for (j = 0; j < rnds; j++) {
                start = ticks();
                if (sides[s].run(cell[s], j) != MLDSA_OK)
                    return 1;
                t[s][(size_t)j * samples + i] = ticks() - start;
            }
        }
    for (k = 0; k < n; k++)
        ratio[k] = (double)t[1][k] / (double)t[0][k];
    qsort(ratio, n, sizeof(*ratio), cmp_double);
    a = per_op(t[0], rnds, samples, sides[0].ops_per_run(ca));
    b = per_op(t[1], rnds, samples, sides[1].ops_per_run(cb));
    printf("ML-DSA-%d/%-14s %12.0f %12.0f %7.3f %7.3f [%.3f %.3f]\n", param,
           name, a, b, b / a, ratio[n / 2], ratio[n / 4], ratio[3 * n / 4]);
    return 0;
}

int main(int argc, char **argv)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    unsigned samples = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 31;
    unsigned rnds = ab_a_rnd_values() < ab_b_rnd_values()
                    ? ab_a_rnd_values() : ab_b_rnd_values();
    const char *const *names[2];
    size_t ncells[2], p, ca, cb;
    uint64_t *t[2];
    double *ratio;
    int ret = 0;

    ncells[0] = ab_a_cells(&names[0]);
    ncells[1] = ab_b_cells(&names[1]);
    t[0] = malloc((size_t)rnds * samples * sizeof(*t[0]));
    t[1] = malloc((size_t)rnds * samples * sizeof(*t[1]));
    ratio = malloc((size_t)rnds * samples * sizeof(*ratio));
    if (samples == 0 || t[0] == NULL || t[1] == NULL || ratio == NULL)
        return 2;
    printf("%-24s %12s %12s %7s %7s %s\n", "cell", "A", "B", "B/A",
           "pairs", "[quartiles]");
    for (p = 0; p < sizeof(params) / sizeof(params[0]) && ret == 0; p++) {
        if (sides[0].begin(params[p]) != 0 || sides[1].begin(params[p]) != 0)
            return 1;
        /* the cells both sides have, by name */
        for (ca = 0; ca < ncells[0] && ret == 0; ca++)
            for (cb = 0; cb < ncells[1]; cb++)
                if (strcmp(names[0][ca], names[1][cb]) == 0) {
                    ret = run_pair((int)params[p], names[0][ca], ca, cb, rnds,
                                   samples, t, ratio);
                    break;
                }
        sides[0].end();
        sides[1].end();
    }
    printf("(%s per operation; B/A of the sides' figures, and the median "
           "of %u paired ratios)\n", BENCH_TICKS, rnds * samples);
    free(t[0]);
    free(t[1]);
    free(ratio);
    return ret;
}
