tests/fuzz/obj/src/core/path/flood.o: src/core/path/flood.c \
  src/core/path/flood.h src/core/path/grid.h src/core/path/path.h

src/core/path/flood.h:

src/core/path/grid.h:

src/core/path/path.h:
