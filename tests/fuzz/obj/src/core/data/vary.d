tests/fuzz/obj/src/core/data/vary.o: src/core/data/vary.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/base/rng.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/base/rng.h:
