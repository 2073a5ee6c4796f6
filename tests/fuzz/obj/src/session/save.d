tests/fuzz/obj/src/session/save.o: src/session/save.c config.h \
  src/session/save.h src/core/base/diag.h src/core/world/cmd.h \
  src/core/world/world.h src/core/base/rng.h src/core/data/data.h \
  src/core/path/grid.h src/core/world/event.h src/session/replay.h \
  src/core/game.h src/core/mind/mind.h src/core/path/path.h \
  src/core/mind/state.h src/core/world/event_text.h \
  src/core/world/reload.h src/session/setup.h src/core/base/file.h \
  src/session/fault.h src/session/files.h src/session/record.h \
  src/session/userdir.h

config.h:

src/session/save.h:

src/core/base/diag.h:

src/core/world/cmd.h:

src/core/world/world.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/session/replay.h:

src/core/game.h:

src/core/mind/mind.h:

src/core/path/path.h:

src/core/mind/state.h:

src/core/world/event_text.h:

src/core/world/reload.h:

src/session/setup.h:

src/core/base/file.h:

src/session/fault.h:

src/session/files.h:

src/session/record.h:

src/session/userdir.h:
