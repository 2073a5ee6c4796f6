tests/fuzz/obj/src/core/data/cost.o: src/core/data/cost.c \
  src/core/data/data.h src/core/base/diag.h src/core/path/grid.h

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:
