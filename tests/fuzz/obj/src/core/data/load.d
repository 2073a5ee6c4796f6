tests/fuzz/obj/src/core/data/load.o: src/core/data/load.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/base/file.h src/core/base/utf8.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/base/file.h:

src/core/base/utf8.h:
