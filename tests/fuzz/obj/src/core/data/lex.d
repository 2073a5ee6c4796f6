tests/fuzz/obj/src/core/data/lex.o: src/core/data/lex.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/base/num.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/base/num.h:
