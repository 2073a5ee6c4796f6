/* SPDX-License-Identifier: MIT */
/* timing.h - the times of a session's turns in bounded memory: a
 * histogram with 64 buckets per power of two, so that a game of a hundred
 * million turns takes the same 18 KiB as one of ten.  A quantile read off
 * it is within 1/128 of the true one (exact below 128 ns); the largest
 * time is kept exactly. */
#ifndef HUNTED_TIMING_H
#define HUNTED_TIMING_H

#include <stdint.h>

/* Sub-buckets per power of two, as a power of two itself. */
#define TIMING_SUB_BITS 6
#define TIMING_SUB      (1u << TIMING_SUB_BITS)
/* Values up to 2^TIMING_TOP_BITS ns (about 36 minutes) are told apart;
 * longer ones share the last bucket (and the exact maximum). */
#define TIMING_TOP_BITS 41
#define TIMING_BUCKETS  ((TIMING_TOP_BITS - TIMING_SUB_BITS + 1) * TIMING_SUB)

struct timing {
	uint64_t count;
	uint64_t max;
	uint64_t bucket[TIMING_BUCKETS];
};

void timing_init(struct timing *t);
void timing_add(struct timing *t, uint64_t ns);
/* The time of rank floor(q * count) (0-based) among the times added, q in
 * [0, 1]: q = 0.5 gives the upper median of an even count.  Within 1/128
 * of it, never above the maximum; 0 when nothing was added. */
uint64_t timing_quantile(const struct timing *t, double q);

#endif
