# SPDX-License-Identifier: MIT
## src/session/local.mk - a game session: how it was set up (the one
## option table), its data files, the one loop from a source of commands
## to its sinks, recordings and replays, headless play; the end of a
## game (its words, score, high scores and morgue file) and saved games.
## Included by the top Makefile.am; paths are from the top.

noinst_LIBRARIES += src/session/libsession.a
src_session_libsession_a_SOURCES = \
	src/session/setup.c src/session/setup.h \
	src/session/options.c src/session/options.h \
	src/session/files.c src/session/files.h \
	src/session/outputs.c src/session/outputs.h \
	src/session/campaign.c src/session/campaign.h \
	src/session/report.c src/session/report.h \
	src/session/watch.c src/session/watch.h \
	src/session/record.c src/session/record.h \
	src/session/replay.c src/session/replay.h \
	src/session/timing.c src/session/timing.h \
	src/session/ending.c src/session/ending.h \
	src/session/userdir.c src/session/userdir.h \
	src/session/scores.c src/session/scores.h \
	src/session/morgue.c src/session/morgue.h \
	src/session/fault.c src/session/fault.h \
	src/session/save.c src/session/save.h \
	src/session/session.c src/session/session.h \
	src/session/headless.c src/session/headless.h
SESSION_LIBS = src/session/libsession.a
