# SPDX-License-Identifier: MIT
## src/core/path/local.mk - the path engine: grids, A* and its relatives,
## jump point search, the hierarchy for big maps, D* Lite re-planning,
## distance maps, floods.
## Included by the top Makefile.am; paths are relative to the top.

src_core_libhunted_a_SOURCES += \
	src/core/path/grid.c src/core/path/grid.h \
	src/core/path/path.c src/core/path/path.h src/core/path/path_impl.h \
	src/core/path/ctx.c \
	src/core/path/heap.c \
	src/core/path/bucket.c \
	src/core/path/block.c \
	src/core/path/trace.c \
	src/core/path/jps.c src/core/path/jps.h \
	src/core/path/subgoal.c src/core/path/subgoal.h \
	src/core/path/dlite.c src/core/path/dlite.h \
	src/core/path/distmap.c src/core/path/distmap.h \
	src/core/path/flood.c src/core/path/flood.h
