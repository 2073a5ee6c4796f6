tests/fuzz/obj/src/core/path/dlite.o: src/core/path/dlite.c \
  src/core/path/dlite.h src/core/path/grid.h src/core/path/path.h \
  src/core/base/dir.h src/core/path/path_impl.h

src/core/path/dlite.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/base/dir.h:

src/core/path/path_impl.h:
