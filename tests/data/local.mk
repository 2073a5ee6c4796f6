## tests/data/local.mk - unit tests of src/core/data: the data-file
## loader with its exact file:line:col reports, the Moving AI readers on
## den312d (tests/fixtures), and the real binary's --check.  Included by
## the top Makefile.am; paths are relative to the top.

check_PROGRAMS += tests/data/test_data tests/data/test_movingai
TESTS += tests/data/test_data tests/data/test_movingai tests/data/test_check.sh
tests_data_test_data_CFLAGS = $(TEST_CFLAGS)
tests_data_test_data_LDADD = $(TEST_LIBS)
tests_data_test_movingai_CFLAGS = $(TEST_CFLAGS)
tests_data_test_movingai_LDADD = $(TEST_LIBS)
EXTRA_DIST += tests/data/test_check.sh
