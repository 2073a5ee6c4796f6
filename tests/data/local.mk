# SPDX-License-Identifier: MIT
## tests/data/local.mk - unit tests of src/core/data: the data-file
## loader with its exact file:line:col reports, the Moving AI readers on
## den312d (tests/fixtures), the loader and the checks at the largest
## sizes, levels that vary with the seed, and the real binary's --check.  Included by
## the top Makefile.am; paths are relative to the top.

CMOCKA_TESTS += tests/data/test_data tests/data/test_movingai \
	tests/data/test_scale tests/data/test_vary
TESTS += tests/data/test_check.sh
tests_data_test_data_CFLAGS = $(TEST_CFLAGS)
tests_data_test_data_LDADD = $(TEST_LIBS)
tests_data_test_vary_CFLAGS = $(TEST_CFLAGS)
tests_data_test_vary_LDADD = $(TEST_LIBS)
tests_data_test_movingai_CFLAGS = $(TEST_CFLAGS)
tests_data_test_movingai_LDADD = $(TEST_LIBS)
# test_scale counts the loader's reallocations and the checks' floods by
# wrapping them at link time.
tests_data_test_scale_CFLAGS = $(TEST_CFLAGS)
tests_data_test_scale_LDADD = $(TEST_LIBS)
tests_data_test_scale_LDFLAGS = $(AM_LDFLAGS) -Wl,--wrap=realloc \
	-Wl,--wrap=flood_steps -Wl,--wrap=flood_components
EXTRA_DIST += tests/data/test_check.sh
