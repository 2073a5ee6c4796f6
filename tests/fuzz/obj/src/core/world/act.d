tests/fuzz/obj/src/core/world/act.o: src/core/world/act.c \
  src/core/world/act.h src/core/world/cmd.h src/core/world/world.h \
  src/core/base/diag.h src/core/base/rng.h src/core/data/data.h \
  src/core/path/grid.h src/core/world/event.h src/core/world/fov.h

src/core/world/act.h:

src/core/world/cmd.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/world/fov.h:
