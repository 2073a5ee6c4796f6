## data/local.mk - the data files (installed under $(pkgdatadir)) and
## their loader's tests.  Included by Makefile.am; paths are relative to
## the top.

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
