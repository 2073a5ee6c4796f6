/* splitmix.h - the tests' own random numbers: splitmix64, one 64-bit word
 * of state, so a case is reproducible from the seed a failure prints.
 * Kept apart from the game's generator (core/base/rng.h): the random
 * cases must not change when the game's generator does. */
#ifndef HUNTED_TESTS_SPLITMIX_H
#define HUNTED_TESTS_SPLITMIX_H

#include <stdint.h>

struct splitmix {
	uint64_t s;
};

static inline uint64_t splitmix_next(struct splitmix *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
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
