tests/fuzz/obj/src/core/world/cmd.o: src/core/world/cmd.c \
  src/core/world/cmd.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/path/grid.h \
  src/core/world/event.h src/core/base/dir.h

src/core/world/cmd.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/base/dir.h:
