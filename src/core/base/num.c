/* SPDX-License-Identifier: MIT */
/* num.c - the strict number parser. */
#include "num.h"

#include <string.h>

/* The value of digit c in base (10 or 16), or -1. */
static int num_digit(char c, unsigned base)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (base == 16 && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (base == 16 && c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int num_parse_span(const char *s, size_t n, unsigned base, uint64_t max,
                   uint64_t *out)
{
	uint64_t v = 0;
	int over = 0;
	size_t i;

	if (n == 0)
		return NUM_SYNTAX;
	for (i = 0; i < n; i++) {
		int k = num_digit(s[i], base);

		if (k < 0 || (unsigned)k >= base)
			return NUM_SYNTAX;
		if (over || (uint64_t)k > max || v > (max - (uint64_t)k) / base)
			over = 1;
		else
			v = v * base + (uint64_t)k;
	}
	if (over)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

int num_parse_u64(const char *s, unsigned base, uint64_t max, uint64_t *out)
{
	return num_parse_span(s, strlen(s), base, max, out);
}

int num_parse_size(const char *s, int min_w, int min_h, int max_w, int max_h,
                   int *w, int *h)
{
	const char *x = strchr(s, 'x');
	uint64_t a, b;

	if (!x ||
	    num_parse_span(s, (size_t)(x - s), 10, (uint64_t)max_w, &a) != 0 ||
	    num_parse_u64(x + 1, 10, (uint64_t)max_h, &b) != 0 ||
	    a < (uint64_t)min_w || b < (uint64_t)min_h)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

/* The length of the run of decimal digits at s[i..n). */
static size_t num_digits(const char *s, size_t i, size_t n)
{
	size_t j = i;

	while (j < n && s[j] >= '0' && s[j] <= '9')
		j++;
	return j - i;
}

/* Adds the run of digits at s[i..i+len) to the significant digits kept
 * in *mant (at most 18 of them, leading zeros not counted in *kept).
 * Each digit of the integer part past those 18 multiplies by ten; each
 * kept digit of the fraction divides by ten: both go into *exp10. */
static void num_mantissa(const char *s, size_t i, size_t len, int fraction,
                         uint64_t *mant, int *kept, int *exp10)
{
	size_t j;

	for (j = i; j < i + len; j++) {
		if (*kept < 18) {
			*mant = *mant * 10 + (uint64_t)(s[j] - '0');
			if (*mant)
				(*kept)++;
			if (fraction)
				(*exp10)--;
		} else if (!fraction) {
			(*exp10)++;
		}
	}
}

int num_parse_decimal(const char *s, size_t n, double *out)
{
	uint64_t mant = 0, e;
	int kept = 0, exp10 = 0, k;
	size_t i = 0, len, digits;
	double v, p;

	len = num_digits(s, i, n);
	num_mantissa(s, i, len, 0, &mant, &kept, &exp10);
	digits = len;
	i += len;
	if (i < n && s[i] == '.') {
		len = num_digits(s, ++i, n);
		num_mantissa(s, i, len, 1, &mant, &kept, &exp10);
		digits += len;
		i += len;
	}
	if (!digits)
		return NUM_SYNTAX;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int eneg = 0;

		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
			eneg = s[i++] == '-';
		len = num_digits(s, i, n);
		if (!len)
			return NUM_SYNTAX;
		/* Past 10000 every exponent gives 0 or a range error. */
		if (num_parse_span(s + i, len, 10, 10000, &e) != NUM_OK)
			e = 10000;
		exp10 += eneg ? -(int)e : (int)e;
		i += len;
	}
	if (i != n)
		return NUM_SYNTAX;
	v = (double)mant;
	if (mant == 0 || exp10 < -340) {
		*out = 0.0;
		return NUM_OK;
	}
	if (exp10 > 300)
		return NUM_RANGE;
	p = 1.0;
	for (k = exp10 < 0 ? -exp10 : exp10; k > 0; k--)
		p *= 10.0;
	v = exp10 < 0 ? v / p : v * p;
	/* Also false for an infinity or a NaN. */
	if (!(v <= 1e300))
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}
