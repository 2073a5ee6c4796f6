tests/fuzz/obj/src/session/userdir.o: src/session/userdir.c \
  src/session/userdir.h src/session/fault.h

src/session/userdir.h:

src/session/fault.h:
