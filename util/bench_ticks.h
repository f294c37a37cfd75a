/*
 * The clock of the benchmarks (util/ab-bench.c, util/provider-speed.c):
 * the time stamp counter on x86, monotonic nanoseconds elsewhere;
 * BENCH_TICKS names the unit.
 */
#ifndef MLDSA_BENCH_TICKS_H
#define MLDSA_BENCH_TICKS_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define BENCH_TICKS "TSC cycles"
/* The time stamp counter. */
static inline uint64_t ticks(void)
{
    return __rdtsc();
}
#else
#define BENCH_TICKS "nanoseconds"
/* Monotonic nanoseconds, where there is no TSC. */
static inline uint64_t ticks(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#endif /* MLDSA_BENCH_TICKS_H */
