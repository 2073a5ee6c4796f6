tests/fuzz/obj/tests/fuzz/fuzz_recording.o: tests/fuzz/fuzz_recording.c \
  tests/fuzz/fuzz_file.h src/core/world/cmd.h src/core/world/world.h \
  src/core/base/diag.h src/core/base/rng.h src/core/data/data.h \
  src/core/path/grid.h src/core/world/event.h src/core/world/gen.h \
  src/session/files.h src/session/setup.h src/core/mind/mind.h \
  src/core/path/path.h src/core/mind/state.h src/session/headless.h \
  src/session/session.h src/core/game.h src/core/world/event_text.h \
  src/core/world/reload.h src/session/ending.h src/session/replay.h \
  src/session/save.h src/session/scores.h src/session/timing.h

tests/fuzz/fuzz_file.h:

src/core/world/cmd.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/world/event.h:

src/core/world/gen.h:

src/session/files.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/path.h:

src/core/mind/state.h:

src/session/headless.h:

src/session/session.h:

src/core/game.h:

src/core/world/event_text.h:

src/core/world/reload.h:

src/session/ending.h:

src/session/replay.h:

src/session/save.h:

src/session/scores.h:

src/session/timing.h:
