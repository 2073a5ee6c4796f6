# SPDX-License-Identifier: MIT
## tests/session/local.mk - the session: the turn-time histogram, the
## reader of recordings, how a game ended and its score, the high-score
## list; the real binary without a terminal: golden games, replays,
## usage; saves resumed to the same end, damaged saves, morgue files and
## high scores; where it finds its data; hostile files of every kind; the
## stated limits of map size, monsters and turns, and the longest game
## recorded (its cap lowered by the test-only hook); 50 games ending at
## once under every lock failure.  Included by the top
## Makefile.am; paths are relative to the top.

CMOCKA_TESTS += tests/session/test_timing tests/session/test_replay \
	tests/session/test_ending tests/session/test_scores
tests_session_test_timing_CFLAGS = $(TEST_CFLAGS)
tests_session_test_timing_LDADD = tests/lib/libtest.a $(SESSION_LIBS) \
	$(CORE_LIBS) $(CMOCKA_LIBS)
tests_session_test_replay_CFLAGS = $(TEST_CFLAGS)
tests_session_test_replay_LDADD = tests/lib/libtest.a $(SESSION_LIBS) \
	$(CORE_LIBS) $(CMOCKA_LIBS)
tests_session_test_ending_CFLAGS = $(TEST_CFLAGS)
tests_session_test_ending_LDADD = tests/lib/libtest.a $(SESSION_LIBS) \
	$(CORE_LIBS) $(CMOCKA_LIBS)
tests_session_test_scores_CFLAGS = $(TEST_CFLAGS)
tests_session_test_scores_LDADD = tests/lib/libtest.a $(SESSION_LIBS) \
	$(CORE_LIBS) $(CMOCKA_LIBS)

TESTS += tests/session/test_headless.sh tests/session/test_datadir.sh \
	tests/session/test_hostile.sh tests/session/test_limits.sh \
	tests/session/test_save.sh tests/session/test_variants.sh \
	tests/session/test_crash.sh tests/session/test_userdata.sh \
	tests/session/test_output.sh tests/session/test_cap.sh \
	tests/session/test_race.sh tests/session/test_watch_options.sh
EXTRA_DIST += tests/session/test_headless.sh tests/session/test_datadir.sh \
	tests/session/test_hostile.sh tests/session/test_limits.sh \
	tests/session/test_save.sh tests/session/test_variants.sh \
	tests/session/test_crash.sh tests/session/test_userdata.sh \
	tests/session/test_output.sh tests/session/test_cap.sh \
	tests/session/test_race.sh tests/session/test_watch_options.sh
