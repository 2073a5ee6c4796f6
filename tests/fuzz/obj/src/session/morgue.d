tests/fuzz/obj/src/session/morgue.o: src/session/morgue.c config.h \
  src/session/morgue.h src/session/ending.h src/core/world/world.h \
  src/core/base/diag.h src/core/base/rng.h src/core/data/data.h \
  src/core/path/grid.h src/core/world/event.h src/session/setup.h \
  src/core/mind/mind.h src/core/path/path.h src/core/mind/state.h \
  src/session/fault.h src/session/userdir.h

config.h:

src/session/morgue.h:

src/session/ending.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/path.h:

src/core/mind/state.h:

src/session/fault.h:

src/session/userdir.h:
