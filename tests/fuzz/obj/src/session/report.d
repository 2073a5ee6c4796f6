tests/fuzz/obj/src/session/report.o: src/session/report.c \
  src/session/report.h src/core/base/diag.h src/core/base/file.h \
  src/core/data/data.h src/core/path/grid.h src/core/data/movingai.h

src/session/report.h:

src/core/base/diag.h:

src/core/base/file.h:

src/core/data/data.h:

src/core/path/grid.h:

src/core/data/movingai.h:
