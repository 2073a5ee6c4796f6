/* SPDX-License-Identifier: MIT */
/* splitmix.h - the tests' own stream of random numbers: splitmix64 (the
 * step of core/base/rng.h, the one generator), one 64-bit word of state,
 * so a case is reproducible from the seed a failure prints.  A stream of
 * its own rather than a game's struct rng: the random cases must not
 * change when the game's generator (xoshiro256**) does. */
#ifndef HUNTED_TESTS_SPLITMIX_H
#define HUNTED_TESTS_SPLITMIX_H

#include <stdint.h>

#include "core/base/rng.h"

struct splitmix {
	uint64_t s;
};

static inline uint64_t splitmix_next(struct splitmix *r)
{
	return rng_splitmix(&r->s);
}

/* In [0, n), n > 0 (a little modulo bias, which no test minds). */
static inline uint32_t splitmix_below(struct splitmix *r, uint32_t n)
{
	return (uint32_t)(splitmix_next(r) % n);
}

/* In [lo, hi], lo <= hi. */
static inline int splitmix_range(struct splitmix *r, int lo, int hi)
{
	return lo + (int)splitmix_below(r, (uint32_t)(hi - lo + 1));
}

#endif
