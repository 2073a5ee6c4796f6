/* SPDX-License-Identifier: MIT */
/* utf8.c - the UTF-8 decoder (see utf8.h). */
#include "config.h"

#include "utf8.h"

int utf8_decode(const char *s, size_t n, uint32_t *ch)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t c;
	int len, i;

	*ch = '?';
	if (n == 0)
		return -1;
	if (u[0] < 0x80) {
		*ch = u[0];
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		c = u[0] & 0x1f;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		c = u[0] & 0x0f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		c = u[0] & 0x07;
	} else {
		return -1;
	}
	if ((size_t)len > n)
		return -1;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return -1;
		c = (c << 6) | (u[i] & 0x3f);
	}
	/* Overlong forms, surrogates and code points past Unicode's end
	 * are not UTF-8. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return -1;
	*ch = c;
	return len;
}

size_t utf8_invalid_at(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t ch;
		int len = utf8_decode(s + i, n - i, &ch);

		if (len < 0)
			return i;
		i += (size_t)len;
	}
	return n;
}
