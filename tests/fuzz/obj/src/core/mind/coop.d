tests/fuzz/obj/src/core/mind/coop.o: src/core/mind/coop.c \
  src/core/mind/kind_impl.h src/core/mind/state_impl.h \
  src/core/mind/state.h src/core/path/path.h src/core/path/grid.h \
  src/core/world/world.h src/core/base/diag.h src/core/base/rng.h \
  src/core/data/data.h src/core/world/event.h src/core/mind/reserve.h

src/core/mind/kind_impl.h:

src/core/mind/state_impl.h:

src/core/mind/state.h:

src/core/path/path.h:

src/core/path/grid.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:

src/core/mind/reserve.h:
