## tests/session/local.mk - the reader of recordings, and the real binary
## without a terminal: golden games, replays, usage; where it finds its
## data; hostile files of every kind.  Included by the top Makefile.am;
## paths are relative to the top.

check_PROGRAMS += tests/session/test_replay
TESTS += tests/session/test_replay
tests_session_test_replay_CFLAGS = $(TEST_CFLAGS)
tests_session_test_replay_LDADD = tests/lib/libtest.a $(SESSION_LIBS) \
	$(CORE_LIBS) $(CMOCKA_LIBS)

TESTS += tests/session/test_headless.sh tests/session/test_datadir.sh \
	tests/session/test_hostile.sh
EXTRA_DIST += tests/session/test_headless.sh tests/session/test_datadir.sh \
	tests/session/test_hostile.sh
