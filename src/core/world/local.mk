## src/core/world/local.mk - the world and its rules: the dungeon, the
## actors, doors, keys, fights, events, generated dungeons, reloading.
## Included by the top Makefile.am; paths are relative to the top.

src_core_libhunted_a_SOURCES += \
	src/core/world/world.c src/core/world/world.h \
	src/core/world/gen.c src/core/world/gen.h \
	src/core/world/reload.c src/core/world/reload.h
