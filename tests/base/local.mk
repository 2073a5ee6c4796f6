# SPDX-License-Identifier: MIT
## tests/base/local.mk - unit tests of src/core/base: the diagnostics
## list, the opener on every kind of file a name can be, and the number
## parser.  Included by the top Makefile.am; paths are relative to the top.

CMOCKA_TESTS += tests/base/test_diag tests/base/test_file tests/base/test_num
tests_base_test_diag_CFLAGS = $(TEST_CFLAGS)
tests_base_test_diag_LDADD = $(TEST_LIBS)
tests_base_test_file_CFLAGS = $(TEST_CFLAGS)
tests_base_test_file_LDADD = $(TEST_LIBS)
tests_base_test_num_CFLAGS = $(TEST_CFLAGS)
tests_base_test_num_LDADD = $(TEST_LIBS)
