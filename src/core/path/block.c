/* SPDX-License-Identifier: MIT */
/* block.c - making a block of cells current for a bucket search: its g
 * reset, and the neighbour masks of its cells worked out from the grid
 * (16 cells at a time with SSE2, plain C elsewhere), so that an expansion
 * reads one 16-bit word instead of eight neighbours.  On a large map it
 * also asks for the memory of the blocks the search reaches next.
 *
 * After a straight step from p into n, the two cells beside n (across
 * the step) are diagonal neighbours of p, which p, expanded earlier, has
 * already reached for g(p) + diagonal * m(side) or better (or pruned them
 * itself for the same reason).  n would offer g(p) + straight * m(n) +
 * straight * m(side), never less when m(side) <= m(n) since diagonal <=
 * 2 * straight; every step costs 1 in BFS.  So an expansion after a
 * straight step can skip those two as well (on top of prune_mask),
 * provided p could step diagonally to them: always under "always", and
 * under no_corner when the cell beside p on that side (diagonally behind
 * n) is open.  The masks say which sides qualify; the skipped relaxations
 * are ones that could not improve anything, so every result, statistic
 * and trace stays the same. */
#include "path_impl.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* What an expansion needs to know about a cell's neighbourhood:
 *
 * - bits 0-7: the directions a step can take under the query's diagonal
 *   rule (open cells; under no_corner, diagonals with both straight
 *   neighbours open);
 * - bits 8-15: the side cells an expansion may skip after a straight step
 *   (see the top of this file), two bits per direction the cell was
 *   reached from: after N, E then W (SE, SW behind); after E, N then S
 *   (NW, SW); after S, E then W (NE, NW); after W, N then S (NE, SE).  A
 *   side qualifies when its multiplier is no higher than the cell's
 *   (always in BFS) and, under no_corner, the diagonal cell behind on that
 *   side is open.  All 0 with diagonals off. */
static inline uint16_t block_nbr_cell(const uint8_t *cc, size_t stride,
                                      enum path_diagonal diag, int bfs)
{
	const long st = (long)stride;
	const uint8_t m = cc[0], n = cc[-st], e = cc[1], s = cc[st], w = cc[-1];
	const unsigned pn = n != 0, pe = e != 0, ps = s != 0, pw = w != 0;
	const unsigned ne = cc[1 - st] != 0, se = cc[st + 1] != 0,
	               sw = cc[st - 1] != 0, nw = cc[-1 - st] != 0;
	/* What a side needs besides its multiplier: the diagonal behind. */
	const int nc = diag == PATH_DIAG_NO_CORNER;
	const unsigned bne = !nc || ne, bse = !nc || se, bsw = !nc || sw,
	               bnw = !nc || nw;
	const unsigned ln = bfs || n <= m, le = bfs || e <= m,
	               ls = bfs || s <= m, lw = bfs || w <= m;
	unsigned cm = pn | pe << 1 | ps << 2 | pw << 3, side;

	if (diag == PATH_DIAG_NEVER)
		return (uint16_t)cm;
	if (nc)
		cm |= (ne & pn & pe) << 4 | (se & ps & pe) << 5 |
		      (sw & ps & pw) << 6 | (nw & pn & pw) << 7;
	else
		cm |= ne << 4 | se << 5 | sw << 6 | nw << 7;
	side = (le & bse) | (lw & bsw) << 1 | (ln & bnw) << 2 |
	       (ls & bsw) << 3 | (le & bne) << 4 | (lw & bnw) << 5 |
	       (ln & bne) << 6 | (ls & bse) << 7;
	return (uint16_t)(cm | side << 8);
}

#ifdef __SSE2__
/* block_nbr_cell for the 16 cells from cc on, whose neighbours all lie
 * inside the grid's storage: the same steps on 16 bytes at once, with
 * 0xff for true and masks of the blocked neighbours. */
static inline __attribute__((always_inline)) void
block_nbr16(uint16_t *out, const uint8_t *cc, size_t stride,
            enum path_diagonal diag, int bfs)
{
#define LD(o)      _mm_loadu_si128((const __m128i *)(const void *)(cc + (o)))
#define OR(a, b)   _mm_or_si128(a, b)
#define BLOCKED(v) _mm_cmpeq_epi8(v, z)
/* bit b where the cells of mask blk are open */
#define OPEN_BIT(blk, b) _mm_andnot_si128(blk, _mm_set1_epi8((char)(b)))
#define LE(v)            (bfs ? all : _mm_cmpeq_epi8(_mm_min_epu8(v, m), v))
/* bit b where side l qualifies and, under no_corner, diagonal blk is open */
#define SIDE_BIT(l, blk, b)                                                    \
	(nc ? _mm_andnot_si128(blk,                                            \
	                       _mm_and_si128(l, _mm_set1_epi8((char)(b))))     \
	    : _mm_and_si128(l, _mm_set1_epi8((char)(b))))
	const long st = (long)stride;
	const __m128i z = _mm_setzero_si128(), all = _mm_cmpeq_epi8(z, z);
	const __m128i m = LD(0), n = LD(-st), e = LD(1), s = LD(st), w = LD(-1);
	const __m128i bn = BLOCKED(n), be = BLOCKED(e), bs = BLOCKED(s),
	              bw = BLOCKED(w);
	__m128i cm = OR(OR(OPEN_BIT(bn, 1), OPEN_BIT(be, 2)),
	                OR(OPEN_BIT(bs, 4), OPEN_BIT(bw, 8)));
	__m128i side = z;

	if (diag != PATH_DIAG_NEVER) {
		const int nc = diag == PATH_DIAG_NO_CORNER;
		const __m128i bne = BLOCKED(LD(1 - st)),
		              bse = BLOCKED(LD(st + 1)),
		              bsw = BLOCKED(LD(st - 1)),
		              bnw = BLOCKED(LD(-1 - st));
		const __m128i ln = LE(n), le = LE(e), ls = LE(s), lw = LE(w);

		if (nc)
			cm = OR(cm, OR(OR(OPEN_BIT(OR(bne, OR(bn, be)), 16),
			                  OPEN_BIT(OR(bse, OR(bs, be)), 32)),
			               OR(OPEN_BIT(OR(bsw, OR(bs, bw)), 64),
			                  OPEN_BIT(OR(bnw, OR(bn, bw)), 128))));
		else
			cm = OR(cm,
			        OR(OR(OPEN_BIT(bne, 16), OPEN_BIT(bse, 32)),
			           OR(OPEN_BIT(bsw, 64), OPEN_BIT(bnw, 128))));
		side = OR(
		        OR(OR(SIDE_BIT(le, bse, 1), SIDE_BIT(lw, bsw, 2)),
		           OR(SIDE_BIT(ln, bnw, 4), SIDE_BIT(ls, bsw, 8))),
		        OR(OR(SIDE_BIT(le, bne, 16), SIDE_BIT(lw, bnw, 32)),
		           OR(SIDE_BIT(ln, bne, 64), SIDE_BIT(ls, bse, 128))));
	}
	_mm_storeu_si128((__m128i *)(void *)out, _mm_unpacklo_epi8(cm, side));
	_mm_storeu_si128((__m128i *)(void *)(out + 8),
	                 _mm_unpackhi_epi8(cm, side));
#undef SIDE_BIT
#undef LE
#undef OPEN_BIT
#undef BLOCKED
#undef OR
#undef LD
}
#endif

/* Block prefetching pays on maps whose per-cell state does not stay in
 * the cache between queries; below this many cells it only costs. */
#define NEAR_MIN_CELLS (1u << 16)
#define NEAR_ROWS      2

/* Asks for what the blocks above and below block `base` (NEAR_ROWS rows
 * each way) will need when the search reaches them: their g, masks and
 * flags, and the grid's row beyond, which their masks are made from.  A
 * search reaches a row's cells soon after its neighbour row's; on a
 * large map, after other code has run, each of those lines is a trip to
 * memory that the search would otherwise wait for when it gets there.
 * Smaller maps, and rows near the top and bottom, are left out. */
static inline __attribute__((always_inline)) void
block_prefetch_near(const struct block_src *src, size_t base)
{
	const size_t stride = src->stride, reach = (NEAR_ROWS + 1) * stride;
	int r;

	if (src->ncells < NEAR_MIN_CELLS || base < reach ||
	    base + reach + BLOCK_CELLS > src->ncells)
		return;
	for (r = 1; r <= NEAR_ROWS; r++) {
		const size_t rows[2] = {base - (size_t)r * stride,
		                        base + (size_t)r * stride};
		int side;

		for (side = 0; side < 2; side++) {
			const size_t at = rows[side];
			const size_t out = side ? at + stride : at - stride;
			size_t k;

			for (k = 0; k < BLOCK_CELLS; k += 64 / sizeof(*src->g))
				__builtin_prefetch(src->g + at + k, 1);
			for (k = 0; k < BLOCK_CELLS;
			     k += 64 / sizeof(*src->nbr))
				__builtin_prefetch(src->nbr + at + k, 1);
			__builtin_prefetch(src->flags + at, 1);
			__builtin_prefetch(src->flags + at + BLOCK_CELLS - 1,
			                   1);
			__builtin_prefetch(src->cost + out);
			__builtin_prefetch(src->cost + out + BLOCK_CELLS - 1);
		}
	}
}

/* block_fresh with the rule and BFS as constants.  Cells on the border
 * or past the grid's storage get no moves. */
static inline __attribute__((always_inline)) void
block_fresh_rule(const struct block_src *src, uint32_t b,
                 const enum path_diagonal diag, const int bfs)
{
	const size_t base = (size_t)b << BLOCK_SHIFT, stride = src->stride;
	const size_t ncells = src->ncells;
	uint16_t *const nbr = src->nbr;
	const uint8_t *const cost = src->cost;
	size_t i;

	cell_block_reset(src->g, b);
	block_prefetch_near(src, base);
	for (i = base; i < base + BLOCK_CELLS; i += 16) {
		size_t k;

#ifdef __SSE2__
		if (i > stride && i + 16 + stride < ncells) {
			block_nbr16(nbr + i, cost + i, stride, diag, bfs);
			continue;
		}
#endif
		for (k = i; k < i + 16; k++)
			nbr[k] = k > stride && k + 1 + stride < ncells
			                 ? block_nbr_cell(cost + k, stride,
			                                  diag, bfs)
			                 : 0;
	}
}

/* Out of line: a search makes a block current once for every 64 cells
 * it reaches, and the loops that call it stay smaller without it. */
__attribute__((noinline)) void block_fresh(const struct block_src *src,
                                           uint32_t b, enum path_diagonal diag,
                                           int bfs)
{
	switch (diag) {
	case PATH_DIAG_NEVER:
		if (bfs)
			block_fresh_rule(src, b, PATH_DIAG_NEVER, 1);
		else
			block_fresh_rule(src, b, PATH_DIAG_NEVER, 0);
		break;
	case PATH_DIAG_NO_CORNER:
		if (bfs)
			block_fresh_rule(src, b, PATH_DIAG_NO_CORNER, 1);
		else
			block_fresh_rule(src, b, PATH_DIAG_NO_CORNER, 0);
		break;
	default:
		if (bfs)
			block_fresh_rule(src, b, PATH_DIAG_ALWAYS, 1);
		else
			block_fresh_rule(src, b, PATH_DIAG_ALWAYS, 0);
		break;
	}
}
