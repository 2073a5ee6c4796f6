tests/fuzz/obj/src/session/outputs.o: src/session/outputs.c config.h \
  src/session/outputs.h src/session/setup.h src/core/mind/mind.h \
  src/core/path/grid.h src/core/path/path.h src/core/world/world.h \
  src/core/base/diag.h src/core/base/rng.h src/core/data/data.h \
  src/core/world/event.h src/core/mind/state.h src/session/campaign.h \
  src/core/base/file.h src/session/files.h src/session/options.h \
  src/session/userdir.h

config.h:

src/session/outputs.h:

src/session/setup.h:

src/core/mind/mind.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:

src/core/mind/state.h:

src/session/campaign.h:

src/core/base/file.h:

src/session/files.h:

src/session/options.h:

src/session/userdir.h:
