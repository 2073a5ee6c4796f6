tests/fuzz/obj/src/session/scores.o: src/session/scores.c \
  src/session/scores.h src/core/base/file.h src/core/base/num.h \
  src/session/fault.h src/session/userdir.h

src/session/scores.h:

src/core/base/file.h:

src/core/base/num.h:

src/session/fault.h:

src/session/userdir.h:
