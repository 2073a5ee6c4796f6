tests/fuzz/obj/src/core/mind/plan.o: src/core/mind/plan.c \
  src/core/path/dlite.h src/core/path/grid.h src/core/path/path.h \
  src/core/path/hpa.h src/core/path/jps.h src/core/mind/kind_impl.h \
  src/core/mind/state_impl.h src/core/mind/state.h \
  src/core/world/world.h src/core/base/diag.h src/core/base/rng.h \
  src/core/data/data.h src/core/world/event.h

src/core/path/dlite.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/path/hpa.h:

src/core/path/jps.h:

src/core/mind/kind_impl.h:

src/core/mind/state_impl.h:

src/core/mind/state.h:

src/core/world/world.h:

src/core/base/diag.h:

src/core/base/rng.h:

src/core/data/data.h:

src/core/world/event.h:
