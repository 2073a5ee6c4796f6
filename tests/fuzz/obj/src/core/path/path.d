tests/fuzz/obj/src/core/path/path.o: src/core/path/path.c \
  src/core/path/path.h src/core/path/grid.h src/core/base/dir.h \
  src/core/path/path_impl.h

src/core/path/path.h:

src/core/path/grid.h:

src/core/base/dir.h:

src/core/path/path_impl.h:
