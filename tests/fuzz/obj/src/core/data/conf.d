tests/fuzz/obj/src/core/data/conf.o: src/core/data/conf.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/data/conf.h src/core/base/file.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/data/conf.h:

src/core/base/file.h:
