tests/fuzz/obj/src/session/campaign.o: src/session/campaign.c \
  src/session/campaign.h src/core/base/diag.h src/core/data/data.h \
  src/core/path/grid.h src/session/setup.h src/core/mind/mind.h \
  src/core/path/path.h src/core/world/world.h src/core/base/rng.h \
  src/core/world/event.h src/core/mind/state.h src/session/files.h

src/session/campaign.h:

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

src/session/files.h:
