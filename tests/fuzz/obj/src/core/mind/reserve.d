tests/fuzz/obj/src/core/mind/reserve.o: src/core/mind/reserve.c \
  src/core/mind/reserve.h

src/core/mind/reserve.h:
