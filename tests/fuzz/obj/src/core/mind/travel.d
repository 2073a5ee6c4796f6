tests/fuzz/obj/src/core/mind/travel.o: src/core/mind/travel.c \
  src/core/mind/travel.h src/core/path/distmap.h src/core/path/grid.h \
  src/core/path/path.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/world/event.h \
  src/core/base/dir.h src/core/world/fov.h

src/core/mind/travel.h:

src/core/path/distmap.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:

src/core/base/dir.h:

src/core/world/fov.h:
