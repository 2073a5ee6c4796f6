tests/fuzz/obj/src/core/path/hpa.o: src/core/path/hpa.c \
  src/core/path/hpa.h src/core/path/grid.h src/core/path/path.h

src/core/path/hpa.h:

src/core/path/grid.h:

src/core/path/path.h:
