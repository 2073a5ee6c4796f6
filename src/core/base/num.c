/* num.c - the strict number parser. */
#include "num.h"

#include <string.h>

int num_parse_u64(const char *s, unsigned base, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned k;

		if (*s >= '0' && *s <= '9')
			k = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			k = (unsigned)(*s - 'a') + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			k = (unsigned)(*s - 'A') + 10;
		else
			return -1;
		if (k >= base || k > max || v > (max - k) / base)
			return -1;
		v = v * base + k;
	}
	*out = v;
	return 0;
}

int num_parse_size(const char *s, int min_w, int min_h, int max_w, int max_h,
                   int *w, int *h)
{
	char buf[32];
	const char *x = strchr(s, 'x');
	uint64_t a, b;
	size_t n;

	if (!x || (n = (size_t)(x - s)) >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (num_parse_u64(buf, 10, (uint64_t)max_w, &a) != 0 ||
	    num_parse_u64(x + 1, 10, (uint64_t)max_h, &b) != 0 ||
	    a < (uint64_t)min_w || b < (uint64_t)min_h)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}
