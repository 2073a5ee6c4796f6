tests/fuzz/obj/src/session/watch.o: src/session/watch.c \
  src/session/watch.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h

src/session/watch.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:
