tests/fuzz/obj/src/core/base/i18n.o: src/core/base/i18n.c config.h \
  src/core/base/i18n.h

config.h:

src/core/base/i18n.h:
