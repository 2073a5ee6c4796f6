/* SPDX-License-Identifier: MIT */
/* test_num.c - the one number parser: strict whole numbers (the options,
 * recordings, the data files' values and the Moving AI numbers), sizes
 * "WxH", and the decimals of the Moving AI scenarios' optimal lengths. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/num.h"
#include "lib/tap.h"

static int span(const char *s, uint64_t max, uint64_t *v)
{
	return num_parse_span(s, strlen(s), 10, max, v);
}

static void test_num_whole_numbers(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(span("0", 10, &v), NUM_OK);
	assert_int_equal(v, 0);
	assert_int_equal(span("007", 10, &v), NUM_OK);
	assert_int_equal(v, 7);
	assert_int_equal(span("18446744073709551615", UINT64_MAX, &v), NUM_OK);
	assert_true(v == UINT64_MAX);
	assert_int_equal(num_parse_span("ff", 2, 16, 255, &v), NUM_OK);
	assert_int_equal(v, 255);
	assert_int_equal(num_parse_u64("4096", 10, 4096, &v), NUM_OK);
	assert_int_equal(v, 4096);
}

/* No sign, no space, nothing but digits: a syntax error whatever the
 * value, and one even after digits too many for the bound. */
static void test_num_strict_syntax(void **state)
{
	static const char *const bad[] = {
	        "",   "-0", "+3", " 1", "1 ", "0x10", "1e3",
	        "1.", "\xe2\x85\xa8", "-",  "+",  "12a",  "99999999999999999999z",
	};
	uint64_t v = 42;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(span(bad[i], UINT64_MAX, &v), NUM_SYNTAX);
		assert_int_equal(num_parse_u64(bad[i], 10, 100, &v),
		                 NUM_SYNTAX);
	}
	assert_int_equal(num_parse_span("1g", 2, 16, 255, &v), NUM_SYNTAX);
	assert_int_equal(num_parse_span("a", 1, 10, 255, &v), NUM_SYNTAX);
	/* Untouched on failure. */
	assert_int_equal(v, 42);
}

static void test_num_range(void **state)
{
	uint64_t v = 42;

	(void)state;
	assert_int_equal(span("11", 10, &v), NUM_RANGE);
	assert_int_equal(span("18446744073709551616", UINT64_MAX, &v),
	                 NUM_RANGE);
	assert_int_equal(span("99999999999999999999999999", 4096, &v),
	                 NUM_RANGE);
	assert_int_equal(num_parse_span("100", 3, 16, 255, &v), NUM_RANGE);
	assert_int_equal(v, 42);
}

/* A span is read to its end and not a byte further: the text of a line
 * needs no NUL after each word. */
static void test_num_span_is_not_nul_terminated(void **state)
{
	static const char line[] = "height 512 width 77";
	uint64_t v;

	(void)state;
	assert_int_equal(num_parse_span(line + 7, 3, 10, 4096, &v), NUM_OK);
	assert_int_equal(v, 512);
	assert_int_equal(num_parse_span(line + 17, 2, 10, 4096, &v), NUM_OK);
	assert_int_equal(v, 77);
	assert_int_equal(num_parse_span(line + 7, 4, 10, 4096, &v),
	                 NUM_SYNTAX);
	assert_int_equal(num_parse_span(line, 0, 10, 4096, &v), NUM_SYNTAX);
}

static void test_num_size(void **state)
{
	int w = 0, h = 0;

	(void)state;
	assert_int_equal(num_parse_size("64x32", 20, 10, 1024, 1024, &w, &h),
	                 0);
	assert_int_equal(w, 64);
	assert_int_equal(h, 32);
	assert_int_equal(num_parse_size("19x32", 20, 10, 1024, 1024, &w, &h),
	                 -1);
	assert_int_equal(num_parse_size("64x1025", 20, 10, 1024, 1024, &w, &h),
	                 -1);
	assert_int_equal(num_parse_size("64", 20, 10, 1024, 1024, &w, &h), -1);
	assert_int_equal(num_parse_size("+64x32", 20, 10, 1024, 1024, &w, &h),
	                 -1);
	assert_int_equal(num_parse_size("64x", 20, 10, 1024, 1024, &w, &h),
	                 -1);
	assert_int_equal(num_parse_size("x32", 20, 10, 1024, 1024, &w, &h),
	                 -1);
	assert_int_equal(
	        num_parse_size("0000000000000000000000000000000064x32", 20, 10,
	                       1024, 1024, &w, &h),
	        0);
	assert_int_equal(w, 64);
}

static int decimal(const char *s, double *v)
{
	return num_parse_decimal(s, strlen(s), v);
}

static void test_num_decimal(void **state)
{
	static const struct {
		const char *s;
		double v;
	} good[] = {
	        {"0", 0.0},
	        {"10", 10.0},
	        {"1.41421356", 1.41421356},
	        {"244.95", 244.95},
	        {".5", 0.5},
	        {"3.", 3.0},
	        {"1e1", 10.0},
	        {"25E-1", 2.5},
	        {"1e+2", 100.0},
	        {"0e99999", 0.0},
	        {"1e-400", 0.0},
	        {"123456789012345678901234", 123456789012345678901234.0},
	        {"0.000000000000000000001234", 1.234e-21},
	};
	double v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(decimal(good[i].s, &v), NUM_OK);
		/* Within an ulp or so of the compiler's reading. */
		assert_true(v >= good[i].v * (1 - 1e-15) &&
		            v <= good[i].v * (1 + 1e-15));
	}
}

static void test_num_decimal_rejects(void **state)
{
	static const char *const bad[] = {
	        "",   "+1",  "-1",    ".",     "1.2.3", "e5",   "1e",
	        "1e+", "nan", "inf",  "1 ",    " 1",    "1,5",  "0x1p3",
	};
	double v = 9.0;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(decimal(bad[i], &v), NUM_SYNTAX);
	assert_int_equal(decimal("1e999", &v), NUM_RANGE);
	assert_int_equal(decimal("1e301", &v), NUM_RANGE);
	assert_true(v == 9.0);
	/* Not a byte past the span. */
	assert_int_equal(num_parse_decimal("2.5x", 3, &v), NUM_OK);
	assert_true(v == 2.5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_num_whole_numbers),
	        cmocka_unit_test(test_num_strict_syntax),
	        cmocka_unit_test(test_num_range),
	        cmocka_unit_test(test_num_span_is_not_nul_terminated),
	        cmocka_unit_test(test_num_size),
	        cmocka_unit_test(test_num_decimal),
	        cmocka_unit_test(test_num_decimal_rejects),
	};

	return tap_run(tests, NULL, NULL);
}
