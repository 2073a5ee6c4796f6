tests/fuzz/obj/src/core/data/movingai.o: src/core/data/movingai.c \
  src/core/data/movingai.h src/core/path/grid.h src/core/base/file.h \
  src/core/base/num.h

src/core/data/movingai.h:

src/core/path/grid.h:

src/core/base/file.h:

src/core/base/num.h:
