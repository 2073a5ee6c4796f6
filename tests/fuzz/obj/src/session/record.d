tests/fuzz/obj/src/session/record.o: src/session/record.c \
  src/session/record.h src/core/game.h src/core/base/diag.h \
  src/core/data/data.h src/core/path/grid.h src/core/mind/mind.h \
  src/core/path/path.h src/core/world/world.h src/core/base/rng.h \
  src/core/world/event.h src/core/mind/state.h src/core/world/cmd.h \
  src/core/world/event_text.h src/core/world/reload.h \
  src/session/setup.h

src/session/record.h:

src/core/game.h:

src/core/base/diag.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/mind/mind.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/rng.h:

src/core/world/event.h:

src/core/mind/state.h:

src/core/world/cmd.h:

src/core/world/event_text.h:

src/core/world/reload.h:

src/session/setup.h:
