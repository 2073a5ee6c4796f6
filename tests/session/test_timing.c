/* SPDX-License-Identifier: MIT */
/* test_timing.c - the session's turn times in bounded memory, against the
 * exact order statistics of the same times sorted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/splitmix.h"
#include "lib/tap.h"
#include "session/timing.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* One random time: small and exact, spread over many powers of two, or
 * one of a few values repeated. */
static uint64_t random_time(struct splitmix *r, int kind)
{
	switch (kind) {
	case 0:
		return splitmix_below(r, 200);
	case 1: /* below 2^TIMING_TOP_BITS: told apart */
		return splitmix_next(r) >> (64 - TIMING_TOP_BITS +
		                            splitmix_below(r, TIMING_TOP_BITS));
	case 2:
		return (uint64_t)1000000 << splitmix_below(r, 4);
	default:
		return 50000 + splitmix_below(r, 2000000);
	}
}

/* Every quantile within 1/128 of the exact one (exact below 128 ns),
 * never above the maximum, and the maximum exact. */
static void test_timing_quantiles_match_the_sorted_times(void **state)
{
	static const double qs[] = {0, 0.01, 0.25, 0.5, 0.9, 0.99, 1};
	static uint64_t v[5000];
	struct timing *t = malloc(sizeof(*t));
	struct splitmix r = {0x71e5};
	int round;

	(void)state;
	assert_non_null(t);
	for (round = 0; round < 400; round++) {
		int kind = round % 4;
		size_t n = 1 + splitmix_below(&r, 5000), i, k;

		timing_init(t);
		for (i = 0; i < n; i++) {
			v[i] = random_time(&r, kind);
			timing_add(t, v[i]);
		}
		qsort(v, n, sizeof(v[0]), cmp_u64);
		assert_int_equal(t->count, n);
		assert_int_equal(t->max, v[n - 1]);
		for (k = 0; k < sizeof(qs) / sizeof(qs[0]) + 1; k++) {
			double q = k < sizeof(qs) / sizeof(qs[0])
			                   ? qs[k]
			                   : (double)splitmix_below(&r, 1001) /
			                             1000.0;
			size_t rank = (size_t)(q * (double)n);
			uint64_t want, got = timing_quantile(t, q);

			if (rank >= n)
				rank = n - 1;
			want = v[rank];
			if (want < 2 * TIMING_SUB)
				assert_int_equal(got, want);
			else if (got > want + want / 128 ||
			         got + want / 128 < want) {
				print_message("round %d kind %d n %zu q %g: "
				              "got %llu, want %llu\n",
				              round, kind, n, q,
				              (unsigned long long)got,
				              (unsigned long long)want);
				fail();
			}
			assert_true(got <= t->max);
		}
	}
	free(t);
}

/* Nothing added: every quantile is 0.  Times past the last bucket are
 * kept as the maximum. */
static void test_timing_edges(void **state)
{
	struct timing t;

	(void)state;
	timing_init(&t);
	assert_int_equal(timing_quantile(&t, 0.5), 0);
	timing_add(&t, UINT64_MAX);
	timing_add(&t, 3);
	assert_int_equal(timing_quantile(&t, 0), 3);
	assert_int_equal(timing_quantile(&t, 0.5), UINT64_MAX);
	assert_int_equal(timing_quantile(&t, 1), UINT64_MAX);
	assert_int_equal(timing_quantile(&t, -1), 3);
	assert_int_equal(timing_quantile(&t, 2), UINT64_MAX);
}

/* Ten million turns take no more memory than one: the count grows, the
 * histogram does not. */
static void test_timing_many_turns(void **state)
{
	struct timing t;
	uint64_t i;

	(void)state;
	timing_init(&t);
	for (i = 0; i < 10000000; i++)
		timing_add(&t, 700000 + (i % 3) * 1000);
	assert_int_equal(t.count, 10000000);
	assert_int_equal(t.max, 702000);
	assert_true(timing_quantile(&t, 0.5) >= 701000 - 701000 / 128);
	assert_true(timing_quantile(&t, 0.5) <= 701000 + 701000 / 128);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_timing_quantiles_match_the_sorted_times),
	        cmocka_unit_test(test_timing_edges),
	        cmocka_unit_test(test_timing_many_turns),
	};

	return tap_run(tests, NULL, NULL);
}
