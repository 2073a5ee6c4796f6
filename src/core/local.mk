# SPDX-License-Identifier: MIT
## src/core/local.mk - the core library: files -> world -> rules -> minds,
## and the turn that orders them.  No curses, no globals, no printing.
## Each folder lists its own files in a local.mk beside them.
## Included by the top Makefile.am; paths are from the top.

noinst_LIBRARIES += src/core/libhunted.a
src_core_libhunted_a_SOURCES = src/core/game.c src/core/game.h
CORE_LIBS = src/core/libhunted.a $(LIBINTL)

include src/core/base/local.mk
include src/core/path/local.mk
include src/core/data/local.mk
include src/core/world/local.mk
include src/core/mind/local.mk
