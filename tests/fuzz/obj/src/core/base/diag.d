tests/fuzz/obj/src/core/base/diag.o: src/core/base/diag.c \
  src/core/base/diag.h

src/core/base/diag.h:
