tests/fuzz/obj/src/core/data/movingai_map.o: src/core/data/movingai_map.c \
  src/core/data/data_impl.h src/core/data/data.h src/core/base/diag.h \
  src/core/path/grid.h src/core/data/movingai.h src/core/base/dir.h \
  src/core/base/rng.h src/core/path/flood.h src/core/path/path.h

src/core/data/data_impl.h:

src/core/data/data.h:

src/core/base/diag.h:

src/core/path/grid.h:

src/core/data/movingai.h:

src/core/base/dir.h:

src/core/base/rng.h:

src/core/path/flood.h:

src/core/path/path.h:
