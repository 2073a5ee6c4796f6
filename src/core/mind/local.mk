## src/core/mind/local.mk - the minds: what each monster wants, the paths
## it keeps, the plans it makes, and the player's autopilot.
## Included by the top Makefile.am; paths are relative to the top.

src_core_libhunted_a_SOURCES += \
	src/core/mind/ai.c src/core/mind/ai.h \
	src/core/mind/autopilot.c src/core/mind/autopilot.h
