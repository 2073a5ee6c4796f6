tests/fuzz/obj/src/session/replay.o: src/session/replay.c \
  src/session/replay.h src/core/base/diag.h src/core/game.h \
  src/core/data/data.h src/core/path/grid.h src/core/mind/mind.h \
  src/core/path/path.h src/core/world/world.h src/core/base/rng.h \
  src/core/world/event.h src/core/mind/state.h src/core/world/cmd.h \
  src/core/world/event_text.h src/core/world/reload.h \
  src/session/setup.h src/core/base/file.h src/core/base/num.h \
  src/session/record.h

src/session/replay.h:

src/core/base/diag.h:

src/core/game.h:

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

src/core/base/file.h:

src/core/base/num.h:

src/session/record.h:
