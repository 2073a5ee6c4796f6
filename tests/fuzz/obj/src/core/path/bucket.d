tests/fuzz/obj/src/core/path/bucket.o: src/core/path/bucket.c \
  src/core/path/path_impl.h src/core/path/path.h src/core/path/grid.h

src/core/path/path_impl.h:

src/core/path/path.h:

src/core/path/grid.h:
