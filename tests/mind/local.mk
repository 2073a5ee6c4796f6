# SPDX-License-Identifier: MIT
## tests/mind/local.mk - unit tests of src/core/mind: the monsters'
## behaviour on hand-made dungeons.  Included by the top Makefile.am;
## paths are relative to the top.

CMOCKA_TESTS += tests/mind/test_mind
tests_mind_test_mind_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_mind_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_kinds
tests_mind_test_kinds_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_kinds_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_coop
tests_mind_test_coop_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_coop_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_repair
tests_mind_test_repair_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_repair_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_travel
tests_mind_test_travel_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_travel_LDADD = $(TEST_LIBS)
CMOCKA_TESTS += tests/mind/test_flee
tests_mind_test_flee_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_flee_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_regions
tests_mind_test_regions_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_regions_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/mind/test_breaks
tests_mind_test_breaks_CFLAGS = $(TEST_CFLAGS)
tests_mind_test_breaks_LDADD = $(TEST_LIBS)
