tests/fuzz/obj/src/core/path/jps.o: src/core/path/jps.c \
  src/core/path/jps.h src/core/path/grid.h src/core/path/path.h \
  src/core/base/dir.h src/core/path/path_impl.h

src/core/path/jps.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/base/dir.h:

src/core/path/path_impl.h:
