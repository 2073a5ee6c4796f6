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

check_PROGRAMS += tests/test_gen
TESTS += tests/test_gen
tests_test_gen_SOURCES = tests/test_gen.c
tests_test_gen_CFLAGS = $(TEST_CFLAGS)
tests_test_gen_LDADD = $(TEST_LIBS)

# --- the rules and the monsters' minds ------------------------------------
check_PROGRAMS += tests/test_distmap tests/test_world tests/test_soak
TESTS += tests/test_distmap tests/test_world tests/test_soak
tests_test_distmap_SOURCES = tests/test_distmap.c
tests_test_distmap_CFLAGS = $(TEST_CFLAGS)
tests_test_distmap_LDADD = $(TEST_LIBS)
tests_test_world_SOURCES = tests/test_world.c
tests_test_world_CFLAGS = $(TEST_CFLAGS)
tests_test_world_LDADD = $(TEST_LIBS)
tests_test_soak_SOURCES = tests/test_soak.c
tests_test_soak_CFLAGS = $(TEST_CFLAGS)
tests_test_soak_LDADD = $(TEST_LIBS)

# The real binary without a terminal: golden games, replays, usage.
TESTS += tests/test_headless.sh
EXTRA_DIST += tests/test_headless.sh tests/golden

check_PROGRAMS += tests/test_reload
TESTS += tests/test_reload
tests_test_reload_SOURCES = tests/test_reload.c
tests_test_reload_CFLAGS = $(TEST_CFLAGS)
tests_test_reload_LDADD = $(TEST_LIBS)

# What is drawn: screen dumps (golden), and the real game in tmux.
TESTS += tests/test_screen.sh tests/test_e2e.sh
EXTRA_DIST += tests/test_screen.sh tests/test_e2e.sh tests/e2e/tmux.conf

# --- jump point search, against a Dijkstra of its own and the A* ----------
check_PROGRAMS += tests/test_jps
TESTS += tests/test_jps
tests_test_jps_SOURCES = tests/test_jps.c
tests_test_jps_CFLAGS = $(TEST_CFLAGS)
tests_test_jps_LDADD = $(TEST_LIBS)
