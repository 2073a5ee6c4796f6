tests/fuzz/obj/src/core/path/grid.o: src/core/path/grid.c \
  src/core/path/grid.h

src/core/path/grid.h:
