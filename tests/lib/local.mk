# SPDX-License-Identifier: MIT
## tests/lib/local.mk - what the tests share, as one library: the TAP
## runner every test program reports through (tap), the tests' own maps
## built from ASCII art or at random (map, splitmix), the brute-force
## oracles (oracle), checks that print the case they failed on (check),
## the files the tests read (fixture), and hand-made dungeons for the
## world's, the minds' and the game's tests (dungeon).  Included by the
## top Makefile.am; paths are relative to the top.

# The C tests (cmocka's, through tap_cmocka.c, and the corpora's
# replays) are listed in CMOCKA_TESTS by each folder: built and run only
# when configure found cmocka, and otherwise reported skipped, with the
# reason, by skip_cmocka.sh.
CMOCKA_TESTS =
if HAVE_CMOCKA
check_LIBRARIES += tests/lib/libtest.a
endif
tests_lib_libtest_a_SOURCES = \
	tests/lib/tap.c tests/lib/tap.h \
	tests/lib/tap_cmocka.c \
	tests/lib/splitmix.h \
	tests/lib/map.c tests/lib/map.h \
	tests/lib/oracle.c tests/lib/oracle.h \
	tests/lib/check.c tests/lib/check.h \
	tests/lib/fixture.c tests/lib/fixture.h \
	tests/lib/dungeon.c tests/lib/dungeon.h
tests_lib_libtest_a_CFLAGS = $(TEST_CFLAGS)
TEST_LIBS = tests/lib/libtest.a $(CORE_LIBS) $(CMOCKA_LIBS)

EXTRA_DIST += tests/lib/tap.sh tests/lib/tmux.sh tests/lib/skip_cmocka.sh
