tests/fuzz/obj/src/core/path/distmap.o: src/core/path/distmap.c \
  src/core/path/distmap.h src/core/path/grid.h src/core/path/path.h \
  src/core/base/dir.h

src/core/path/distmap.h:

src/core/path/grid.h:

src/core/path/path.h:

src/core/base/dir.h:
