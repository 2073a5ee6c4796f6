tests/fuzz/obj/src/core/world/gen_rooms.o: src/core/world/gen_rooms.c \
  src/core/base/rng.h src/core/world/gen_state_impl.h \
  src/core/data/data.h src/core/base/diag.h src/core/path/grid.h

src/core/base/rng.h:

src/core/world/gen_state_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:
