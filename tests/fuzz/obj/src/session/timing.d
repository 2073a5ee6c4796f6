tests/fuzz/obj/src/session/timing.o: src/session/timing.c \
  src/session/timing.h

src/session/timing.h:
