# SPDX-License-Identifier: MIT
## tests/game/local.mk - tests of src/core/game.c, whole games: the same
## seed gives the same game, a soak of random play with every invariant
## checked after each turn, and games carried over to edited data.
## Included by the top Makefile.am; paths are relative to the top.

GAME_TESTS = tests/game/test_game tests/game/test_soak tests/game/test_reload
CMOCKA_TESTS += $(GAME_TESTS)
tests_game_test_game_CFLAGS = $(TEST_CFLAGS)
tests_game_test_game_LDADD = $(TEST_LIBS)
tests_game_test_soak_CFLAGS = $(TEST_CFLAGS)
tests_game_test_soak_LDADD = $(TEST_LIBS)
tests_game_test_reload_CFLAGS = $(TEST_CFLAGS)
tests_game_test_reload_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/game/test_alive
tests_game_test_alive_CFLAGS = $(TEST_CFLAGS)
tests_game_test_alive_LDADD = $(TEST_LIBS)

CMOCKA_TESTS += tests/game/test_campaign
tests_game_test_campaign_CFLAGS = $(TEST_CFLAGS)
tests_game_test_campaign_LDADD = $(TEST_LIBS)
