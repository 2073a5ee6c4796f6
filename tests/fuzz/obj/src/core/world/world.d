tests/fuzz/obj/src/core/world/world.o: src/core/world/world.c \
  src/core/world/world.h src/core/base/diag.h src/core/base/rng.h \
  src/core/data/data.h src/core/path/grid.h src/core/world/event.h \
  src/core/path/path.h

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/path/path.h:
