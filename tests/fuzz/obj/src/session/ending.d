tests/fuzz/obj/src/session/ending.o: src/session/ending.c \
  src/session/ending.h src/core/world/world.h src/core/base/diag.h \
  src/core/base/rng.h src/core/data/data.h src/core/path/grid.h \
  src/core/world/event.h src/core/world/event_text.h

src/session/ending.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/world/event_text.h:
