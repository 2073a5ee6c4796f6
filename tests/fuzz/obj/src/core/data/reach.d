tests/fuzz/obj/src/core/data/reach.o: src/core/data/reach.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/path/flood.h src/core/path/path.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/path/flood.h:

src/core/path/path.h:
