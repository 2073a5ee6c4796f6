tests/fuzz/obj/src/session/setup.o: src/session/setup.c config.h \
  src/session/setup.h src/core/mind/mind.h src/core/path/grid.h \
  src/core/path/path.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/world/event.h \
  src/core/mind/state.h src/core/base/num.h src/core/mind/autopilot.h \
  src/core/world/gen.h

config.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:

src/core/mind/state.h:

src/core/base/num.h:

src/core/mind/autopilot.h:

src/core/world/gen.h:
