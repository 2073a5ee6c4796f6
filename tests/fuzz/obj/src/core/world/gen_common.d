tests/fuzz/obj/src/core/world/gen_common.o: src/core/world/gen_common.c \
  src/core/base/rng.h src/core/path/flood.h src/core/path/grid.h \
  src/core/path/path.h src/core/world/gen_state_impl.h \
  src/core/data/data.h src/core/base/diag.h

src/core/base/rng.h:

src/core/path/flood.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/world/gen_state_impl.h:

src/core/data/data.h:

src/core/base/diag.h:
