/* SPDX-License-Identifier: MIT */
/* timing.c - the times of a session's turns in bounded memory (see
 * timing.h).  A time below 2 * TIMING_SUB ns has a bucket of its own;
 * above, the bucket is the leading bit's position and the TIMING_SUB_BITS
 * bits after it, so every bucket is at most 1/TIMING_SUB of its lower
 * bound wide. */
#include "timing.h"

#include <string.h>

void timing_init(struct timing *t)
{
	memset(t, 0, sizeof(*t));
}

/* The number of bits to drop from v to leave its top TIMING_SUB_BITS + 1
 * bits: 0 below 2 * TIMING_SUB. */
static unsigned timing_shift(uint64_t v)
{
	unsigned top = 63u - (unsigned)__builtin_clzll(v | 1);

	return top > TIMING_SUB_BITS ? top - TIMING_SUB_BITS : 0;
}

static size_t timing_index(uint64_t v)
{
	unsigned shift;

	if (v >> TIMING_TOP_BITS)
		return TIMING_BUCKETS - 1;
	shift = timing_shift(v);
	return (size_t)shift * TIMING_SUB + (size_t)(v >> shift);
}

void timing_add(struct timing *t, uint64_t ns)
{
	t->count++;
	if (ns > t->max)
		t->max = ns;
	t->bucket[timing_index(ns)]++;
}

/* The middle of bucket i's values. */
static uint64_t timing_middle(size_t i)
{
	unsigned shift =
	        i < 2 * TIMING_SUB ? 0 : (unsigned)(i / TIMING_SUB) - 1;
	uint64_t low = (uint64_t)(i - (size_t)shift * TIMING_SUB) << shift;

	return low + (((uint64_t)1 << shift) - 1) / 2;
}

uint64_t timing_quantile(const struct timing *t, double q)
{
	uint64_t rank, seen = 0, v;
	size_t i;

	if (!t->count)
		return 0;
	if (!(q > 0))
		q = 0;
	if (q > 1)
		q = 1;
	rank = (uint64_t)(q * (double)t->count);
	if (rank >= t->count)
		rank = t->count - 1;
	for (i = 0; i < TIMING_BUCKETS; i++) {
		seen += t->bucket[i];
		if (seen > rank)
			break;
	}
	if (i >= TIMING_BUCKETS - 1)
		return t->max;
	v = timing_middle(i);
	return v < t->max ? v : t->max;
}
