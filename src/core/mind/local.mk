# SPDX-License-Identifier: MIT
## src/core/mind/local.mk - the minds: what each monster wants, the paths
## it keeps, the plans it makes, the distance maps its kind shares, and
## the player's autopilot.  Included by src/core/local.mk; paths are from
## the top.

src_core_libhunted_a_SOURCES += \
	src/core/mind/mind.c src/core/mind/mind.h \
	src/core/mind/state.h src/core/mind/state_impl.h \
	src/core/mind/kind.c src/core/mind/kind_impl.h \
	src/core/mind/goal.c \
	src/core/mind/plan.c \
	src/core/mind/shared.c \
	src/core/mind/decide.c \
	src/core/mind/flee.c \
	src/core/mind/repair.c \
	src/core/mind/coop.c \
	src/core/mind/reserve.c src/core/mind/reserve.h \
	src/core/mind/autopilot.c src/core/mind/autopilot.h \
	src/core/mind/travel.c src/core/mind/travel.h
