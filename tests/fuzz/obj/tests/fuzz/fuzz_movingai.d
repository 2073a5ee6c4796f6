tests/fuzz/obj/tests/fuzz/fuzz_movingai.o: tests/fuzz/fuzz_movingai.c \
  tests/fuzz/fuzz_file.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/data/movingai.h

tests/fuzz/fuzz_file.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/data/movingai.h:
