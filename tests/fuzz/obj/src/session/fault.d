tests/fuzz/obj/src/session/fault.o: src/session/fault.c \
  src/session/fault.h

src/session/fault.h:
