# SPDX-License-Identifier: MIT
## src/core/data/local.mk - the data files: terrain, keys, monsters and
## dungeons, the Moving AI benchmark files, and the checks on them.
## The loader's files are listed in data_impl.h, in the order a line
## travels through them.
## Included by the top Makefile.am; paths are relative to the top.

src_core_libhunted_a_SOURCES += \
	src/core/data/data.c src/core/data/data.h \
	src/core/data/data_impl.h \
	src/core/data/load.c \
	src/core/data/lex.c \
	src/core/data/record.c \
	src/core/data/map.c \
	src/core/data/vary.c \
	src/core/data/problem.c \
	src/core/data/cost.c \
	src/core/data/reach.c \
	src/core/data/kinds.c \
	src/core/data/conf.c src/core/data/conf.h \
	src/core/data/movingai.c src/core/data/movingai.h \
	src/core/data/movingai_map.c
