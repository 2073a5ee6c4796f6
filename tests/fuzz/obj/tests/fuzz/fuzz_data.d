tests/fuzz/obj/tests/fuzz/fuzz_data.o: tests/fuzz/fuzz_data.c \
  src/core/data/data.h src/core/base/diag.h src/core/path/grid.h

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:
