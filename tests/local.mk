## tests/local.mk - the tests of the whole game: the rules and the
## monsters' minds on hand-made dungeons, a soak of random play, reloading
## edited data, and the real binary headless, as screen dumps and in tmux.
## The unit tests of each part of src/core are in the folder named like it
## (tests/base, tests/path, tests/data, tests/world), with their own
## local.mk.  Included by the top Makefile.am; paths are relative to the
## top.

GAME_TESTS = tests/test_world tests/test_soak tests/test_reload
check_PROGRAMS += $(GAME_TESTS)
TESTS += $(GAME_TESTS)
tests_test_world_CFLAGS = $(TEST_CFLAGS)
tests_test_world_LDADD = $(TEST_LIBS)
tests_test_soak_CFLAGS = $(TEST_CFLAGS)
tests_test_soak_LDADD = $(TEST_LIBS)
tests_test_reload_CFLAGS = $(TEST_CFLAGS)
tests_test_reload_LDADD = $(TEST_LIBS)

# The real binary without a terminal (golden games, replays, usage), what
# it draws (golden screen dumps), and the real game in tmux.
TESTS += tests/test_headless.sh tests/test_screen.sh tests/test_e2e.sh
EXTRA_DIST += tests/test_headless.sh tests/test_screen.sh tests/test_e2e.sh \
	tests/golden tests/e2e/tmux.conf

# The architecture: layers, includes, the core's globals and calls.
TESTS += tests/test_layers.sh
EXTRA_DIST += tests/test_layers.sh

# The Moving AI map and problem set the path and data tests read.
EXTRA_DIST += \
	tests/fixtures/README.md \
	tests/fixtures/den312d.map \
	tests/fixtures/den312d.map.scen
