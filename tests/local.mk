## tests/local.mk - unit tests of the core library (cmocka).
## Included by the top Makefile.am; paths are relative to the top.

check_PROGRAMS += tests/test_grid tests/test_path
TESTS += tests/test_grid tests/test_path

tests_test_grid_SOURCES = tests/test_grid.c
tests_test_grid_CFLAGS = $(TEST_CFLAGS)
tests_test_grid_LDADD = $(TEST_LIBS)

tests_test_path_SOURCES = tests/test_path.c
tests_test_path_CFLAGS = $(TEST_CFLAGS)
tests_test_path_LDADD = $(TEST_LIBS)
