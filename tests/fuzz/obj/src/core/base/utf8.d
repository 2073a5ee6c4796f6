tests/fuzz/obj/src/core/base/utf8.o: src/core/base/utf8.c config.h \
  src/core/base/utf8.h

config.h:

src/core/base/utf8.h:
