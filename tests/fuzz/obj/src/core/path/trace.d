tests/fuzz/obj/src/core/path/trace.o: src/core/path/trace.c \
  src/core/path/path_impl.h src/core/path/path.h src/core/path/grid.h

src/core/path/path_impl.h:

src/core/path/path.h:

src/core/path/grid.h:
