## data/local.mk - the data files (installed under $(pkgdatadir)), their
## loader's tests, and the loader's fuzz target.  Included by Makefile.am;
## paths are relative to the top.

# --- data: $(pkgdatadir)/{terrain,monsters}.txt, README, maps/*.txt -------
dist_pkgdata_DATA += data/terrain.txt data/monsters.txt data/README
hunted_mapsdir = $(pkgdatadir)/maps
dist_hunted_maps_DATA = \
	data/maps/default.txt \
	data/maps/tutorial.txt \
	data/maps/doors.txt \
	data/maps/elements.txt \
	data/maps/crowd.txt \
	data/maps/cave.txt \
	data/maps/maze.txt

# --- unit tests of the diagnostics list and the loader --------------------
check_PROGRAMS += tests/test_diag tests/test_data
TESTS += tests/test_diag tests/test_data

tests_test_diag_SOURCES = tests/test_diag.c
tests_test_diag_CFLAGS = $(TEST_CFLAGS)
tests_test_diag_LDADD = $(TEST_LIBS)

tests_test_data_SOURCES = tests/test_data.c
tests_test_data_CFLAGS = $(TEST_CFLAGS)
tests_test_data_LDADD = $(TEST_LIBS)

# The real binary over every shipped file, and its output format.
TESTS += tests/test_check.sh
EXTRA_DIST += tests/test_check.sh

# --- fuzzing: replay the saved corpus in every `make check` ----------------
check_PROGRAMS += tests/fuzz/fuzz_data_replay
TESTS += tests/fuzz/fuzz_data_replay
tests_fuzz_fuzz_data_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_data.c
tests_fuzz_fuzz_data_replay_LDADD = $(CORE_LIBS)
EXTRA_DIST += tests/fuzz/corpus tests/fuzz/data.dict

# `make fuzz-data` builds the libFuzzer target with clang (not part of
# `make all`: it needs clang's fuzzer runtime).  Run it as
#   tests/fuzz/fuzz_data -max_len=65536 -dict=tests/fuzz/data.dict
#       NEW_CORPUS_DIR tests/fuzz/corpus
# (paths from the source tree)
# and merge what it finds back with -merge=1 (keep the corpus small).
FUZZ_DATA_SRCS = tests/fuzz/fuzz_data.c src/core/data.c \
	src/core/data_reach.c src/core/diag.c src/core/grid.c \
	src/core/path.c
if HAVE_CLANG
tests/fuzz/fuzz_data$(EXEEXT): $(FUZZ_DATA_SRCS)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CC)$(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -I$(top_srcdir)/src/core \
		-I$(top_builddir) \
		$(FUZZ_DATA_SRCS:%=$(top_srcdir)/%) -lm -o $@
fuzz-data: tests/fuzz/fuzz_data$(EXEEXT)
else
fuzz-data:
	@echo "fuzz-data: clang was not found by configure" >&2; exit 1
endif
.PHONY: fuzz-data
CLEANFILES += tests/fuzz/fuzz_data$(EXEEXT)

# `make installcheck` (and so `make distcheck`): the installed game checks
# the installed data, and finds it by itself -- a Moving AI map takes its
# terrain and monsters from the data directory, here the compiled-in
# $(pkgdatadir) since neither --data-dir nor HUNTED_DATA is given.
installcheck-local: installcheck-data
installcheck-data:
	env -u HUNTED_DATA $(DESTDIR)$(bindir)/hunted$(EXEEXT) --check \
		$(DESTDIR)$(pkgdatadir)/terrain.txt \
		$(DESTDIR)$(pkgdatadir)/monsters.txt \
		$(DESTDIR)$(pkgdatadir)/maps/*.txt
	test -n "$(DESTDIR)" || env -u HUNTED_DATA \
		$(bindir)/hunted$(EXEEXT) --check \
		$(top_srcdir)/tests/data/den312d.map
.PHONY: installcheck-data
