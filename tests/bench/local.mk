# SPDX-License-Identifier: MIT
## tests/bench/local.mk - the benchmark programs (built by `make`, run by
## hand or by CI, not by `make check`).
## Included by the top Makefile.am; paths are relative to the top.

# --- pathbench: A* against the Moving AI optimal lengths and libtcod ------
# A program, not a test (it prints timings), but built by plain `make` so
# a CI job or tests/bench/run-all.sh can run it without `make check`.
noinst_PROGRAMS += tests/bench/pathbench
tests_bench_pathbench_SOURCES = tests/bench/pathbench.c tests/bench/clock.h
tests_bench_pathbench_CFLAGS = $(AM_CFLAGS)
tests_bench_pathbench_LDADD = $(CORE_LIBS)
if HAVE_LIBTCOD
tests_bench_pathbench_CFLAGS += $(LIBTCOD_CFLAGS)
tests_bench_pathbench_LDADD += $(LIBTCOD_LIBS)
endif

# --- turnbench: the monsters' turn, strategy against strategy ------------
noinst_PROGRAMS += tests/bench/turnbench
tests_bench_turnbench_SOURCES = tests/bench/turnbench.c tests/bench/clock.h
tests_bench_turnbench_CFLAGS = $(AM_CFLAGS)
tests_bench_turnbench_LDADD = $(SESSION_LIBS) $(CORE_LIBS)

# --- repairbench: D* Lite's repair against a new A* after a door shuts --
noinst_PROGRAMS += tests/bench/repairbench
tests_bench_repairbench_SOURCES = tests/bench/repairbench.c tests/bench/clock.h
tests_bench_repairbench_CFLAGS = $(AM_CFLAGS)
tests_bench_repairbench_LDADD = $(CORE_LIBS)

EXTRA_DIST += tests/bench/run-all.sh

# --- winrate: how hard each level is, careful play against careless ----
noinst_PROGRAMS += tests/bench/winrate
tests_bench_winrate_SOURCES = tests/bench/winrate.c
tests_bench_winrate_CFLAGS = $(AM_CFLAGS)
tests_bench_winrate_LDADD = $(SESSION_LIBS) $(CORE_LIBS)

# --- crowdbench: crowds, today's strategy against cooperative planning --
noinst_PROGRAMS += tests/bench/crowdbench
tests_bench_crowdbench_SOURCES = tests/bench/crowdbench.c tests/bench/clock.h
tests_bench_crowdbench_CFLAGS = $(AM_CFLAGS)
tests_bench_crowdbench_LDADD = $(SESSION_LIBS) $(CORE_LIBS)

# --- ptybench: the real terminal game's keys, timed through a pty ------
# Linked with forkpty's library (PTY_LIBS), which nothing else needs.
if HAVE_FORKPTY
noinst_PROGRAMS += tests/bench/ptybench
tests_bench_ptybench_SOURCES = tests/bench/ptybench.c tests/bench/clock.h
tests_bench_ptybench_CFLAGS = $(AM_CFLAGS)
tests_bench_ptybench_LDADD = $(PTY_LIBS)
endif
# Its smoke test: it runs and counts its keys (no time is judged).
TESTS += tests/bench/test_ptybench.sh
EXTRA_DIST += tests/bench/test_ptybench.sh

# make bench: every published table measured again (tests/bench/publish.sh;
# TABLES="jps turn" for some, BENCH_FLAGS for its options).
EXTRA_DIST += tests/bench/publish.sh
bench: all
	top_builddir="$(abs_top_builddir)" $(SHELL) \
		"$(abs_top_srcdir)/tests/bench/publish.sh" $(BENCH_FLAGS) $(TABLES)
.PHONY: bench

# --- costbench: planning work, unit against unit (the minds' weights) --
noinst_PROGRAMS += tests/bench/costbench
tests_bench_costbench_SOURCES = tests/bench/costbench.c tests/bench/clock.h
tests_bench_costbench_CFLAGS = $(AM_CFLAGS)
tests_bench_costbench_LDADD = $(CORE_LIBS)
