/* SPDX-License-Identifier: MIT */
/* ctx.c - the search context and its per-cell memory: allocated once per
 * map size and reused by every query.
 *
 * The per-cell arrays (g, the neighbour masks, the flags: 7 bytes a
 * cell) share one allocation, on huge pages when the map is large; a
 * generation stamp per block of BLOCK_CELLS cells says whether a block's
 * state belongs to the current query, so a query neither allocates nor
 * clears the map.  Each open list keeps its own storage in the context
 * (heap.c, bucket.c); path_ctx_node, which reads what the last search
 * left, is with path_find in path.c. */
#include "path_impl.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The per-cell arrays of a large map go on huge pages where the system
 * offers them (Linux's transparent huge pages, on request): one TLB entry
 * then covers 2 MiB of search state instead of 4 KiB, so a search that
 * spreads over the map, or runs after other code has filled the TLB,
 * stops missing it on most steps.  The arrays are then rounded up to
 * whole huge pages, which is done only when that adds at most a quarter
 * (so from about 1.6 MiB, and 7 bytes per cell become at most 8.75). */
#define HUGE_PAGE ((size_t)2 << 20)

/* size bytes for the per-cell arrays, 64-byte aligned, on huge pages
 * when large enough and the system takes the advice (elsewhere nothing is
 * rounded up); *reserved is what was allocated. */
static void *ctx_cells_alloc(size_t size, size_t *reserved)
{
	size_t align = 64;
	void *mem = NULL;
#ifdef MADV_HUGEPAGE
	const size_t whole = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;

	if (whole - size <= size / 4) {
		size = whole;
		align = HUGE_PAGE;
	}
#endif
	if (posix_memalign(&mem, align, size) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* Only advice: without it (or without huge pages) all still works. */
	if (align == HUGE_PAGE)
		(void)madvise(mem, size, MADV_HUGEPAGE);
#endif
	*reserved = size;
	return mem;
}

struct path_ctx *path_ctx_new(int width, int height)
{
	struct path_ctx *c;

	if (!grid_size_ok(width, height))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->width = width;
	c->height = height;
	c->stride = width + 2;
	c->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	/* malloc and memset rather than calloc: the pages are faulted in
	 * here, once, instead of during the first queries. */
	{
		const size_t blocks = cell_block_count(c->ncells);
		const size_t cells = blocks * BLOCK_CELLS;

		c->g = ctx_cells_alloc(cells * (sizeof(*c->g) +
		                                sizeof(*c->nbr) +
		                                sizeof(*c->flags)),
		                       &c->cells_bytes);
		if (c->g) {
			c->nbr = (uint16_t *)(void *)(c->g + cells);
			c->flags = (uint8_t *)(c->nbr + cells);
			memset(c->g, 0xff, cells * sizeof(*c->g));
			memset(c->nbr, 0,
			       cells * (sizeof(*c->nbr) + sizeof(*c->flags)));
		}
		c->stamps = malloc(blocks * sizeof(*c->stamps));
		if (c->stamps)
			memset(c->stamps, 0, blocks * sizeof(*c->stamps));
	}
	/* The heap is made by the first search that needs it (heap_ready):
	 * the usual ones (A*, Dijkstra, BFS) never do. */
	if (!c->g || !c->stamps || bucket_init(c) != 0) {
		path_ctx_free(c);
		return NULL;
	}
	return c;
}

void path_ctx_free(struct path_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->g); /* nbr and flags too */
	free(ctx->stamps);
	heap_fini(ctx);
	bucket_fini(ctx);
	free(ctx);
}

size_t path_ctx_bytes(const struct path_ctx *ctx)
{
	const size_t blocks = cell_block_count(ctx->ncells);

	return sizeof(*ctx) + ctx->cells_bytes + blocks * sizeof(*ctx->stamps) +
	       heap_bytes(ctx) + bucket_bytes(ctx);
}

void ctx_next_gen(struct path_ctx *c)
{
	if (++c->gen == 0) {
		/* Once every 2^32 queries the stamps wrap: start afresh. */
		memset(c->stamps, 0,
		       cell_block_count(c->ncells) * sizeof(*c->stamps));
		c->gen = 1;
	}
}
