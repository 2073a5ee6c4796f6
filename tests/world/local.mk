## tests/world/local.mk - unit tests of src/core/world: the dungeon
## generator.  (The rules, the minds and reloading are tested by
## tests/test_world, tests/test_soak and tests/test_reload.)  Included by
## the top Makefile.am; paths are relative to the top.

check_PROGRAMS += tests/world/test_gen
TESTS += tests/world/test_gen
tests_world_test_gen_CFLAGS = $(TEST_CFLAGS)
tests_world_test_gen_LDADD = $(TEST_LIBS)
