tests/fuzz/obj/src/core/base/file.o: src/core/base/file.c \
  src/core/base/file.h

src/core/base/file.h:
