# SPDX-License-Identifier: MIT
## src/core/world/local.mk - the world and its rules: the dungeon, the
## actors, doors, keys, fights, events, commands, generated dungeons,
## reloading, and what the player sees and remembers.  Included by
## src/core/local.mk; paths are from the top.

src_core_libhunted_a_SOURCES += \
	src/core/world/world.c src/core/world/world.h \
	src/core/world/fov.c src/core/world/fov.h \
	src/core/world/act.c src/core/world/act.h \
	src/core/world/event.c src/core/world/event.h \
	src/core/world/event_text.c src/core/world/event_text.h \
	src/core/world/cmd.c src/core/world/cmd.h \
	src/core/world/gen.c src/core/world/gen.h \
	src/core/world/gen_state_impl.h \
	src/core/world/gen_common.c \
	src/core/world/gen_rooms.c \
	src/core/world/gen_cave.c \
	src/core/world/reload.c src/core/world/reload.h
