tests/fuzz/obj/src/session/session.o: src/session/session.c \
  src/session/session.h src/core/game.h src/core/base/diag.h \
  src/core/data/data.h src/core/path/grid.h src/core/mind/mind.h \
  src/core/path/path.h src/core/world/world.h src/core/base/rng.h \
  src/core/world/event.h src/core/mind/state.h src/core/world/cmd.h \
  src/core/world/event_text.h src/core/world/reload.h \
  src/session/ending.h src/session/replay.h src/session/setup.h \
  src/session/save.h src/session/scores.h src/session/timing.h \
  src/core/base/file.h src/session/campaign.h src/session/fault.h \
  src/session/files.h src/session/morgue.h src/session/record.h \
  src/session/report.h src/session/userdir.h

src/session/session.h:

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

src/session/ending.h:

src/session/replay.h:

src/session/setup.h:

src/session/save.h:

src/session/scores.h:

src/session/timing.h:

src/core/base/file.h:

src/session/campaign.h:

src/session/fault.h:

src/session/files.h:

src/session/morgue.h:

src/session/record.h:

src/session/report.h:

src/session/userdir.h:
