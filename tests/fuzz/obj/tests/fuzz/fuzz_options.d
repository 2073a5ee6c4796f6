tests/fuzz/obj/tests/fuzz/fuzz_options.o: tests/fuzz/fuzz_options.c \
  src/session/options.h src/core/base/diag.h src/session/setup.h \
  src/core/mind/mind.h src/core/path/grid.h src/core/path/path.h \
  src/core/world/world.h src/core/base/rng.h src/core/data/data.h \
  src/core/world/event.h src/core/mind/state.h

src/session/options.h:

src/core/base/diag.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:

src/core/mind/state.h:
