# SPDX-License-Identifier: MIT
## src/ui/local.mk - the terminal front end (term.c is the only curses
## code) and the game binary.
## Included by the top Makefile.am; paths are from the top.

bin_PROGRAMS += src/hunted
src_hunted_SOURCES = src/main.c \
	src/ui/keys.c src/ui/keys.h src/ui/keymap.c src/ui/keymap.h \
	src/ui/canvas.c src/ui/canvas.h \
	src/ui/view.c src/ui/view.h src/ui/screen.c src/ui/screen.h \
	src/ui/screen_impl.h \
	src/ui/msglog.c src/ui/msglog.h src/ui/playback.c src/ui/autoplay.c \
	src/ui/datawatch.c src/ui/export.c src/ui/prompt.c src/ui/pack.c \
	src/ui/lesson.c src/ui/endscreen.c src/ui/walk.c \
	src/ui/aiview/aiview.c src/ui/aiview/aiview.h \
	src/ui/aiview/aiview_impl.h src/ui/aiview/trace.c \
	src/ui/aiview/keys.c src/ui/aiview/draw.c src/ui/aiview/panel.c \
	src/ui/aiview/code.c \
	src/ui/aiview/rows.c \
	src/ui/aiview/narrate.c src/ui/aiview/boxes.c \
	src/ui/aiview/export.c src/ui/aiview/lesson.c \
	src/ui/aiview/sandbox.c src/ui/aiview/sandbox.h \
	src/ui/dump.c src/ui/dump.h src/ui/cast.c src/ui/cast.h \
	src/ui/term.c src/ui/term.h
src_hunted_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS)
src_hunted_LDADD = $(SESSION_LIBS) $(CORE_LIBS) $(NCURSES_LIBS)
