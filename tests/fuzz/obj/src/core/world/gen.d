tests/fuzz/obj/src/core/world/gen.o: src/core/world/gen.c \
  src/core/world/gen.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/base/rng.h \
  src/core/world/gen_state_impl.h

src/core/world/gen.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/base/rng.h:

src/core/world/gen_state_impl.h:
