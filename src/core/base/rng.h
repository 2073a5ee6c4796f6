/* SPDX-License-Identifier: MIT */
/* rng.h - hunted's one source of randomness: xoshiro256** seeded through
 * splitmix64.  Everything random in a game goes through one struct rng
 * owned by the world, so the same seed gives the same game on every
 * machine. */
#ifndef HUNTED_RNG_H
#define HUNTED_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

static inline uint64_t rng_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* Uniform in [0, n), without modulo bias; 0 when n is 0. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	uint64_t m;
	uint32_t lo;

	if (n == 0)
		return 0;
	m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
	lo = (uint32_t)m;
	if (lo < n) {
		uint32_t t = (uint32_t)-n % n;

		while (lo < t) {
			m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
			lo = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/* Uniform in [lo, hi]; lo when hi < lo. */
static inline int rng_range(struct rng *r, int lo, int hi)
{
	if (hi <= lo)
		return lo;
	return lo + (int)rng_below(r, (uint32_t)(hi - lo) + 1);
}

/* 1 with probability pct percent. */
static inline int rng_percent(struct rng *r, int pct)
{
	return (int)rng_below(r, 100) < pct;
}

#endif
