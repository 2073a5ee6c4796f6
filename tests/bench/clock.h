/* SPDX-License-Identifier: MIT */
/* clock.h - what the benchmark programs share: the monotonic clock, in
 * nanoseconds, and the orders qsort needs for their medians and
 * percentiles. */
#ifndef HUNTED_BENCH_CLOCK_H
#define HUNTED_BENCH_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int bench_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

#endif
