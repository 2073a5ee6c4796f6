/* SPDX-License-Identifier: MIT */
/* reserve.c - the reservation table: a ring of per-turn hash sets of
 * claimed cells, and what each owner holds, so that its claims can be
 * dropped without a scan. */
#include "reserve.h"

#include <stdlib.h>
#include <string.h>

#define RESERVE_MAX_WINDOW 64

/* One claim in a turn's set: key is the cell's index + 1, 0 when empty. */
struct reserve_entry {
	uint32_t key;
	int32_t owner;
};

struct reserve {
	int width, height, window;
	uint32_t nslots; /* window + 1 turns: now .. now + window */
	uint32_t now;
	size_t owners;
	size_t cap;                /* entries per turn's set, a power of two */
	struct reserve_entry *tab; /* nslots sets of cap entries */
	/* held[o * nslots + t % nslots]: the key owner o holds at turn
	 * held_t[...], 0 for none. */
	uint32_t *held;
	uint32_t *held_t;
	size_t count;
};

struct reserve *reserve_new(int width, int height, int window, size_t owners)
{
	struct reserve *r;
	size_t cap = 16;

	if (width < 1 || height < 1 || window < 1 ||
	    window > RESERVE_MAX_WINDOW || !owners ||
	    (uint64_t)width * (uint64_t)height >= UINT32_MAX ||
	    owners > (size_t)INT32_MAX / 4)
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	/* At most one claim per owner and turn: a set at most half full. */
	while (cap < 2 * owners)
		cap *= 2;
	r->width = width;
	r->height = height;
	r->window = window;
	r->nslots = (uint32_t)window + 1;
	r->owners = owners;
	r->cap = cap;
	r->tab = calloc(r->nslots * cap, sizeof(*r->tab));
	r->held = calloc(r->nslots * owners, sizeof(*r->held));
	r->held_t = calloc(r->nslots * owners, sizeof(*r->held_t));
	if (!r->tab || !r->held || !r->held_t) {
		reserve_free(r);
		return NULL;
	}
	return r;
}

void reserve_free(struct reserve *r)
{
	if (!r)
		return;
	free(r->tab);
	free(r->held);
	free(r->held_t);
	free(r);
}

uint32_t reserve_now(const struct reserve *r)
{
	return r->now;
}

int reserve_window(const struct reserve *r)
{
	return r->window;
}

static int reserve_in_window(const struct reserve *r, uint32_t t)
{
	return t - r->now <= (uint32_t)r->window;
}

static uint32_t reserve_key(const struct reserve *r, int x, int y)
{
	if (x < 0 || y < 0 || x >= r->width || y >= r->height)
		return 0;
	return (uint32_t)y * (uint32_t)r->width + (uint32_t)x + 1;
}

static size_t reserve_hash(const struct reserve *r, uint32_t key)
{
	return (size_t)(key * 2654435761u) & (r->cap - 1);
}

static struct reserve_entry *reserve_set(const struct reserve *r, uint32_t t)
{
	return r->tab + (size_t)(t % r->nslots) * r->cap;
}

/* The entry of key in the set, or the empty one where it would go. */
static size_t reserve_find(const struct reserve *r,
                           const struct reserve_entry *set, uint32_t key)
{
	size_t k = reserve_hash(r, key);

	while (set[k].key && set[k].key != key)
		k = (k + 1) & (r->cap - 1);
	return k;
}

/* Empties entry k of a set, moving back the entries after it that would
 * otherwise be lost behind the hole (linear probing needs no tombstones
 * that way). */
static void reserve_unset(const struct reserve *r, struct reserve_entry *set,
                          size_t k)
{
	size_t mask = r->cap - 1, j = k;

	set[k].key = 0;
	for (;;) {
		size_t home;

		j = (j + 1) & mask;
		if (!set[j].key)
			return;
		home = reserve_hash(r, set[j].key);
		/* The entry at j may fill the hole at k unless its home lies
		 * cyclically in (k, j]. */
		if (((j - home) & mask) >= ((j - k) & mask)) {
			set[k] = set[j];
			set[j].key = 0;
			k = j;
		}
	}
}

void reserve_roll(struct reserve *r, uint32_t now)
{
	uint32_t t, steps;

	if ((int32_t)(now - r->now) <= 0)
		return;
	steps = now - r->now < r->nslots ? now - r->now : r->nslots;
	for (t = r->now; t != r->now + steps; t++) {
		struct reserve_entry *set = reserve_set(r, t);
		size_t k;

		for (k = 0; k < r->cap; k++) {
			if (!set[k].key)
				continue;
			r->held[(size_t)set[k].owner * r->nslots +
			        t % r->nslots] = 0;
			r->count--;
		}
		memset(set, 0, r->cap * sizeof(*set));
	}
	r->now = now;
}

int reserve_owner(const struct reserve *r, int x, int y, uint32_t t)
{
	uint32_t key = reserve_key(r, x, y);
	const struct reserve_entry *set;
	size_t k;

	if (!key || !reserve_in_window(r, t))
		return -1;
	set = reserve_set(r, t);
	k = reserve_find(r, set, key);
	return set[k].key ? set[k].owner : -1;
}

int reserve_claim(struct reserve *r, int x, int y, uint32_t t, int owner)
{
	uint32_t key = reserve_key(r, x, y);
	struct reserve_entry *set;
	size_t k, h;

	if (!key || !reserve_in_window(r, t) || owner < 0 ||
	    (size_t)owner >= r->owners)
		return -1;
	set = reserve_set(r, t);
	k = reserve_find(r, set, key);
	if (set[k].key)
		return set[k].owner == owner ? 0 : -1;
	h = (size_t)owner * r->nslots + t % r->nslots;
	if (r->held[h] && r->held_t[h] == t)
		return -2;
	set[k].key = key;
	set[k].owner = owner;
	r->held[h] = key;
	r->held_t[h] = t;
	r->count++;
	return 0;
}

void reserve_release(struct reserve *r, int owner)
{
	uint32_t s;

	if (owner < 0 || (size_t)owner >= r->owners)
		return;
	for (s = 0; s < r->nslots; s++) {
		size_t h = (size_t)owner * r->nslots + s;
		uint32_t t = r->held_t[h];
		struct reserve_entry *set;
		size_t k;

		if (!r->held[h])
			continue;
		set = reserve_set(r, t);
		k = reserve_find(r, set, r->held[h]);
		if (set[k].key && set[k].owner == owner) {
			reserve_unset(r, set, k);
			r->count--;
		}
		r->held[h] = 0;
	}
}

int reserve_held(const struct reserve *r, int owner, uint32_t t, int *x, int *y)
{
	size_t h;
	uint32_t key;

	if (owner < 0 || (size_t)owner >= r->owners || !reserve_in_window(r, t))
		return 0;
	h = (size_t)owner * r->nslots + t % r->nslots;
	key = r->held[h];
	if (!key || r->held_t[h] != t)
		return 0;
	*x = (int)((key - 1) % (uint32_t)r->width);
	*y = (int)((key - 1) / (uint32_t)r->width);
	return 1;
}

int reserve_step_ok(const struct reserve *r, int owner, int x0, int y0, int x1,
                    int y1, uint32_t t)
{
	int o = reserve_owner(r, x1, y1, t + 1);

	if (o >= 0 && o != owner)
		return 0;
	if (x0 == x1 && y0 == y1)
		return 1;
	o = reserve_owner(r, x1, y1, t);
	return o < 0 || o == owner || reserve_owner(r, x0, y0, t + 1) != o;
}

size_t reserve_count(const struct reserve *r)
{
	return r->count;
}

size_t reserve_bytes(const struct reserve *r)
{
	if (!r)
		return 0;
	return sizeof(*r) + r->nslots * r->cap * sizeof(*r->tab) +
	       2 * r->nslots * r->owners * sizeof(uint32_t);
}
