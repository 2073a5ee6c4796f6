tests/fuzz/obj/src/core/world/event_text.o: src/core/world/event_text.c \
  config.h src/core/world/event_text.h src/core/world/event.h \
  src/core/world/world.h src/core/base/diag.h src/core/base/rng.h \
  src/core/data/data.h src/core/path/grid.h src/core/base/i18n.h

config.h:

src/core/world/event_text.h:

src/core/world/event.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/base/i18n.h:
