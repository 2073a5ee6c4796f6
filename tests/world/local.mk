# SPDX-License-Identifier: MIT
## tests/world/local.mk - unit tests of src/core/world: the rules on
## hand-made dungeons, the dungeon generator, and the player's field of
## view and memory.  Included by the top
## Makefile.am; paths are relative to the top.

WORLD_TESTS = tests/world/test_world tests/world/test_gen tests/world/test_fov
CMOCKA_TESTS += $(WORLD_TESTS)
tests_world_test_world_CFLAGS = $(TEST_CFLAGS)
tests_world_test_world_LDADD = $(TEST_LIBS)
tests_world_test_gen_CFLAGS = $(TEST_CFLAGS)
tests_world_test_gen_LDADD = $(TEST_LIBS)
tests_world_test_fov_CFLAGS = $(TEST_CFLAGS)
tests_world_test_fov_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/world/test_fight
tests_world_test_fight_CFLAGS = $(TEST_CFLAGS)
tests_world_test_fight_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/world/test_costs
tests_world_test_costs_CFLAGS = $(TEST_CFLAGS)
tests_world_test_costs_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/world/test_tools
tests_world_test_tools_CFLAGS = $(TEST_CFLAGS)
tests_world_test_tools_LDADD = $(TEST_LIBS)
