## tests/base/local.mk - unit tests of src/core/base: the diagnostics
## list.  Included by the top Makefile.am; paths are relative to the top.

check_PROGRAMS += tests/base/test_diag
TESTS += tests/base/test_diag
tests_base_test_diag_CFLAGS = $(TEST_CFLAGS)
tests_base_test_diag_LDADD = $(TEST_LIBS)
