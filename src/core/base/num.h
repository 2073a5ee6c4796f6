/* SPDX-License-Identifier: MIT */
/* num.h - hunted's one number parser, strict: the whole text must be the
 * number, digits only (no sign, no spaces, no "0x"), and within a bound.
 * Command-line options, recordings, the data files and the Moving AI
 * files read their numbers with it, so " -1" or "+3" is never taken for
 * a number.  It never looks at the locale (a front end calls setlocale). */
#ifndef HUNTED_NUM_H
#define HUNTED_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Why a text is not a number within its bound. */
enum num_status {
	NUM_OK = 0,
	NUM_SYNTAX = -1, /* not digits: empty, a sign, any other byte */
	NUM_RANGE = -2,  /* digits, but of a number above the bound */
};

/* Parses the n bytes at s (no NUL needed) as a number in base 10 or 16 no
 * greater than max.  Returns NUM_OK with *out set, or NUM_SYNTAX or
 * NUM_RANGE (*out untouched).  Digits are read to the end whatever the
 * number has grown to, so a bad byte after many digits is still
 * NUM_SYNTAX. */
int num_parse_span(const char *s, size_t n, unsigned base, uint64_t max,
                   uint64_t *out);

/* The same for the whole of the string s. */
int num_parse_u64(const char *s, unsigned base, uint64_t max, uint64_t *out);

/* The same for a size "WxH", each side within [min_w, max_w] and
 * [min_h, max_h].  Returns 0 or -1. */
int num_parse_size(const char *s, int min_w, int min_h, int max_w, int max_h,
                   int *w, int *h);

/* Parses the n bytes at s as a non-negative decimal number: digits, an
 * optional fraction ('.' and digits; at least one digit in all), an
 * optional exponent ('e' or 'E', an optional sign, digits), as the Moving
 * AI scenarios write optimal lengths.  Up to 18 significant digits are
 * kept exactly and scaled by a power of ten once, within an ulp or so of
 * strtod.  Returns NUM_OK with *out set (0 for a number too small for a
 * double), NUM_SYNTAX, or NUM_RANGE above 1e300. */
int num_parse_decimal(const char *s, size_t n, double *out);

#endif
