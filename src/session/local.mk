## src/session/local.mk - a game session: how it was set up, its data
## files, the one loop, recordings and replays.
## Included by the top Makefile.am; paths are relative to the top.

noinst_LIBRARIES += src/session/libsession.a
src_session_libsession_a_SOURCES = \
	src/session/files.c src/session/files.h \
	src/session/headless.c src/session/headless.h
src_session_libsession_a_CPPFLAGS = $(AM_CPPFLAGS) \
	-DHUNTED_SRCDATA='"$(abs_top_srcdir)/data"'
SESSION_LIBS = src/session/libsession.a
