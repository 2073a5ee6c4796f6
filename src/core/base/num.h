/* num.h - hunted's one number parser, strict: the whole text must be the
 * number, digits only (no sign, no spaces, no "0x"), and within a bound.
 * Command-line options and recordings read their numbers with it, so
 * " -1" or "+3" is never taken for a number. */
#ifndef HUNTED_NUM_H
#define HUNTED_NUM_H

#include <stdint.h>

/* Parses the whole of s as a number in base 10 or 16 no greater than max.
 * Returns 0 with *out set, or -1 for anything else (an overflow, an empty
 * string, any other character). */
int num_parse_u64(const char *s, unsigned base, uint64_t max, uint64_t *out);

/* The same for a size "WxH", each side within [min_w, max_w] and
 * [min_h, max_h].  Returns 0 or -1. */
int num_parse_size(const char *s, int min_w, int min_h, int max_w, int max_h,
                   int *w, int *h);

#endif
