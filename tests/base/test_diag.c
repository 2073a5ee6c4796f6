/* SPDX-License-Identifier: MIT */
/* test_diag.c - the diagnostics list: locations (a column, a whole line,
 * a whole file), limits, counters, and the "did you mean" suggestions the
 * loader shows for misspelt words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/diag.h"
#include "lib/tap.h"

static void test_diag_add_keeps_location_and_text(void **state)
{
	struct diag_list l;

	(void)state;
	diag_list_init(&l, 0);
	assert_int_equal(diag_add(&l, DIAG_ERROR, "a.txt", 3, 7, "xyz", 3,
	                          "did you mean 'x'?", "bad %s %d", "thing", 5),
	                 0);
	assert_int_equal(l.len, 1);
	assert_string_equal(l.items[0].file, "a.txt");
	assert_int_equal(l.items[0].line, 3);
	assert_int_equal(l.items[0].col, 7);
	assert_string_equal(l.items[0].message, "bad thing 5");
	assert_string_equal(l.items[0].hint, "did you mean 'x'?");
	assert_string_equal(l.items[0].source, "xyz");
	assert_int_equal(l.errors, 1);
	diag_list_fini(&l);
}

static void test_diag_where_says_file_line_or_column(void **state)
{
	struct diag_list l;
	char where[64];

	(void)state;
	diag_list_init(&l, 0);
	diag_add(&l, DIAG_ERROR, "a.txt", 3, 7, NULL, 0, NULL, "at a column");
	diag_add(&l, DIAG_ERROR, "b.rec", 9, 0, NULL, 0, NULL, "a whole line");
	diag_add(&l, DIAG_ERROR, "c.map", 0, 5, NULL, 0, NULL, "whole file");
	diag_add(&l, DIAG_ERROR, "d.txt", -4, -2, NULL, 0, NULL, "below 1");
	diag_where(&l.items[0], where, sizeof(where));
	assert_string_equal(where, "a.txt:3:7");
	diag_where(&l.items[1], where, sizeof(where));
	assert_string_equal(where, "b.rec:9");
	assert_int_equal(l.items[1].col, 0);
	/* A whole file has no column either, whatever was given. */
	diag_where(&l.items[2], where, sizeof(where));
	assert_string_equal(where, "c.map");
	assert_int_equal(l.items[2].line, 0);
	assert_int_equal(l.items[2].col, 0);
	diag_where(&l.items[3], where, sizeof(where));
	assert_string_equal(where, "d.txt");
	diag_list_fini(&l);
}

static void test_diag_limit_counts_but_drops(void **state)
{
	struct diag_list l;
	int i;

	(void)state;
	diag_list_init(&l, 3);
	for (i = 0; i < 5; i++)
		diag_add(&l, DIAG_ERROR, "f", 1, 1, NULL, 0, NULL, "e%d", i);
	diag_add(&l, DIAG_WARNING, "f", 1, 1, NULL, 0, NULL, "w");
	assert_int_equal(l.len, 3);
	assert_int_equal(l.errors, 5);
	assert_int_equal(l.warnings, 1);
	assert_true(l.truncated);
	assert_string_equal(l.items[2].message, "e2");
	diag_list_fini(&l);
	diag_list_fini(NULL);
}

static void test_diag_closest_finds_misspellings(void **state)
{
	static const char *const words[] = {"walk", "glyph", "opaque",
	                                    "opens_doors", "terrain"};

	(void)state;
	assert_string_equal(diag_closest("wlak", words, 5), "walk");
	assert_string_equal(diag_closest("glpyh", words, 5), "glyph");
	assert_string_equal(diag_closest("terain", words, 5), "terrain");
	assert_string_equal(diag_closest("open_doors", words, 5),
	                    "opens_doors");
	assert_string_equal(diag_closest("WALK", words, 5), "walk");
	assert_null(diag_closest("zebra", words, 5));
	assert_null(diag_closest("x", words, 5));
	assert_null(diag_closest("", words, 5));
}

/* The one text of a problem: the location, the message and its hint,
 * then the line (a control byte as '?') and the caret under the column,
 * tabs kept so it lines up; another name for the file when given; and
 * the length a cut text would have needed. */
static void test_diag_format_says_line_and_caret(void **state)
{
	struct diag_list l;
	char buf[256];
	size_t n;

	(void)state;
	diag_list_init(&l, 0);
	diag_add(&l, DIAG_ERROR, "/data/maps/a.txt", 3, 7, "\tlegnd\x01'#'", 10,
	         "did you mean 'legend'?", "unknown keyword '%s'", "legnd");
	diag_add(&l, DIAG_WARNING, "b.txt", 0, 0, NULL, 0, NULL, "empty");
	n = diag_format(&l.items[0], "maps/a.txt", l.items[0].source, buf,
	                sizeof(buf));
	assert_string_equal(buf, "maps/a.txt:3:7: error: unknown keyword "
	                         "'legnd'; did you mean 'legend'?\n"
	                         "    \tlegnd?'#'\n"
	                         "    \t     ^\n");
	assert_int_equal(n, strlen(buf));
	assert_int_equal(diag_format(&l.items[0], NULL, NULL, buf, 8),
	                 strlen("/data/maps/a.txt:3:7: error: unknown keyword "
	                        "'legnd'; did you mean 'legend'?\n"));
	assert_string_equal(buf, "/data/m");
	diag_format(&l.items[1], NULL, "ignored", buf, sizeof(buf));
	assert_string_equal(buf, "b.txt: warning: empty\n");
	diag_list_fini(&l);
}

static void test_diag_window_fits_the_column_in(void **state)
{
	size_t start;

	(void)state;
	/* A short line whole. */
	assert_int_equal(diag_window(50, 40, 70, &start), 50);
	assert_int_equal(start, 0);
	/* A column near the start: the line's first bytes. */
	assert_int_equal(diag_window(100000, 10, 70, &start), 70);
	assert_int_equal(start, 0);
	/* Far along: the column a little left of the middle. */
	assert_int_equal(diag_window(100000, 5001, 70, &start), 70);
	assert_int_equal(start, 5000 - 35);
	/* Near the end, or past it: the line's last bytes. */
	assert_int_equal(diag_window(300, 299, 70, &start), 70);
	assert_int_equal(start, 230);
	assert_int_equal(diag_window(512, 8193, 70, &start), 70);
	assert_int_equal(start, 442);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_diag_add_keeps_location_and_text),
	        cmocka_unit_test(test_diag_where_says_file_line_or_column),
	        cmocka_unit_test(test_diag_limit_counts_but_drops),
	        cmocka_unit_test(test_diag_closest_finds_misspellings),
	        cmocka_unit_test(test_diag_format_says_line_and_caret),
	        cmocka_unit_test(test_diag_window_fits_the_column_in),
	};

	return tap_run(tests, NULL, NULL);
}
