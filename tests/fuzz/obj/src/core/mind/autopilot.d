tests/fuzz/obj/src/core/mind/autopilot.o: src/core/mind/autopilot.c \
  src/core/mind/autopilot.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/path/grid.h \
  src/core/world/event.h src/core/base/dir.h src/core/path/path.h \
  src/core/mind/state_impl.h src/core/mind/state.h

src/core/mind/autopilot.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/base/dir.h:

src/core/path/path.h:

src/core/mind/state_impl.h:

src/core/mind/state.h:
