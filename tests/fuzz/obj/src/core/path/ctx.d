tests/fuzz/obj/src/core/path/ctx.o: src/core/path/ctx.c \
  src/core/path/path_impl.h src/core/path/path.h src/core/path/grid.h

src/core/path/path_impl.h:

src/core/path/path.h:

src/core/path/grid.h:
