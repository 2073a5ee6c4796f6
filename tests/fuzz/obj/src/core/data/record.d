tests/fuzz/obj/src/core/data/record.o: src/core/data/record.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:
