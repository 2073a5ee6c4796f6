tests/fuzz/obj/src/core/base/num.o: src/core/base/num.c \
  src/core/base/num.h

src/core/base/num.h:
