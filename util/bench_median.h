/*
 * The statistics of the benchmarks (util/ab-bench.c, util/ab-pair.c,
 * util/provider-speed.c): medians of timings, so that an operation the
 * scheduler interrupted is an outlier they drop.
 */
#ifndef MLDSA_BENCH_MEDIAN_H
#define MLDSA_BENCH_MEDIAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* qsort order of two timings. */
static inline int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/*
 * The sum over rnds values of each one's median of its samples timings,
 * t[value * samples ...], each run sorted in place.
 */
static inline uint64_t sum_of_medians(uint64_t *t, unsigned rnds,
                                      unsigned samples)
{
    uint64_t sum = 0;
    unsigned j;

    for (j = 0; j < rnds; j++) {
        qsort(t + (size_t)j * samples, samples, sizeof(*t), cmp_u64);
        sum += t[(size_t)j * samples + samples / 2];
    }
    return sum;
}

#endif /* MLDSA_BENCH_MEDIAN_H */
