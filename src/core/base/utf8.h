/* SPDX-License-Identifier: MIT */
/* utf8.h - hunted's one UTF-8 decoder.  The data files may hold UTF-8
 * (a monster's or a level's name in any language); their loader rejects
 * what is not UTF-8, and the front end lays text out by the characters
 * it decodes.  Strict: no overlong forms, no surrogates, nothing past
 * U+10FFFF.  It never looks at the locale. */
#ifndef HUNTED_UTF8_H
#define HUNTED_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the character at s (at most n bytes): returns its length in
 * bytes with *ch set, or -1 when s does not start a valid UTF-8
 * character (then *ch is '?'). */
int utf8_decode(const char *s, size_t n, uint32_t *ch);

/* The offset of the first byte of the n at s that is not valid UTF-8,
 * or n when all of them are. */
size_t utf8_invalid_at(const char *s, size_t n);

#endif
