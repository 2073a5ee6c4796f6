tests/fuzz/obj/src/core/path/block.o: src/core/path/block.c \
  src/core/path/path_impl.h src/core/path/path.h src/core/path/grid.h

src/core/path/path_impl.h:

src/core/path/path.h:

src/core/path/grid.h:
