tests/fuzz/obj/src/session/files.o: src/session/files.c config.h \
  src/session/files.h src/core/base/diag.h src/core/data/data.h \
  src/core/path/grid.h src/session/setup.h src/core/mind/mind.h \
  src/core/path/path.h src/core/world/world.h src/core/base/rng.h \
  src/core/world/event.h src/core/mind/state.h src/core/base/file.h \
  src/core/world/gen.h src/session/options.h src/session/userdir.h

config.h:

src/session/files.h:

src/core/base/diag.h:

src/core/data/data.h:

src/core/path/grid.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/rng.h:

src/core/world/event.h:

src/core/mind/state.h:

src/core/base/file.h:

src/core/world/gen.h:

src/session/options.h:

src/session/userdir.h:
