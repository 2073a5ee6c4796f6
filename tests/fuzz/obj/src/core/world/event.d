tests/fuzz/obj/src/core/world/event.o: src/core/world/event.c \
  src/core/world/event.h

src/core/world/event.h:
