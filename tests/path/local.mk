# SPDX-License-Identifier: MIT
## tests/path/local.mk - unit tests of src/core/path: the grid, A* and its
## relatives against brute-force oracles, jump point search, the
## hierarchy for big maps, D* Lite's repairs, distance maps and floods.
## Included by the top Makefile.am; paths are relative to the top.

PATH_TESTS = tests/path/test_grid tests/path/test_path tests/path/test_jps \
	tests/path/test_subgoal tests/path/test_distmap tests/path/test_flood \
	tests/path/test_dlite
CMOCKA_TESTS += $(PATH_TESTS)
tests_path_test_grid_CFLAGS = $(TEST_CFLAGS)
tests_path_test_grid_LDADD = $(TEST_LIBS)
tests_path_test_path_CFLAGS = $(TEST_CFLAGS)
tests_path_test_path_LDADD = $(TEST_LIBS)
tests_path_test_jps_CFLAGS = $(TEST_CFLAGS)
tests_path_test_jps_LDADD = $(TEST_LIBS)
tests_path_test_distmap_CFLAGS = $(TEST_CFLAGS)
tests_path_test_distmap_LDADD = $(TEST_LIBS)
tests_path_test_flood_CFLAGS = $(TEST_CFLAGS)
tests_path_test_flood_LDADD = $(TEST_LIBS)
tests_path_test_dlite_CFLAGS = $(TEST_CFLAGS)
tests_path_test_dlite_LDADD = $(TEST_LIBS)
tests_path_test_subgoal_CFLAGS = $(TEST_CFLAGS)
tests_path_test_subgoal_LDADD = $(TEST_LIBS)
