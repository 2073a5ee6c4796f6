tests/fuzz/obj/src/core/world/reload.o: src/core/world/reload.c config.h \
  src/core/world/reload.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/path/grid.h \
  src/core/world/event.h src/core/world/fov.h

config.h:

src/core/world/reload.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/world/fov.h:
