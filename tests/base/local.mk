## tests/base/local.mk - unit tests of src/core/base: the diagnostics
## list, and the opener on every kind of file a name can be.  Included by
## the top Makefile.am; paths are relative to the top.

check_PROGRAMS += tests/base/test_diag tests/base/test_file
TESTS += tests/base/test_diag tests/base/test_file
tests_base_test_diag_CFLAGS = $(TEST_CFLAGS)
tests_base_test_diag_LDADD = $(TEST_LIBS)
tests_base_test_file_CFLAGS = $(TEST_CFLAGS)
tests_base_test_file_LDADD = $(TEST_LIBS)
