## tests/fuzz/local.mk - fuzz targets for the Moving AI readers and the
## recording parser: their saved corpora replay in every `make check`, and
## `make fuzz-movingai` / `make fuzz-recording` build the libFuzzer
## targets with clang.  Included by Makefile.am; paths are relative to the
## top.  (The data loader's target lives in data/local.mk.)

# --- replay the saved corpora in every `make check` -----------------------
# fuzz_data_replay.c is the shared driver; FUZZ_CORPUS names the directory
# it reads when run without arguments, as TESTS are.
check_PROGRAMS += tests/fuzz/fuzz_movingai_replay \
	tests/fuzz/fuzz_recording_replay
TESTS += tests/fuzz/fuzz_movingai_replay tests/fuzz/fuzz_recording_replay

tests_fuzz_fuzz_movingai_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_movingai.c
tests_fuzz_fuzz_movingai_replay_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_CORPUS='"tests/fuzz/corpus-movingai"'
tests_fuzz_fuzz_movingai_replay_LDADD = $(CORE_LIBS)

tests_fuzz_fuzz_recording_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_recording.c \
	src/headless.c src/headless.h
tests_fuzz_fuzz_recording_replay_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/src -DFUZZ_CORPUS='"tests/fuzz/corpus-recording"'
tests_fuzz_fuzz_recording_replay_LDADD = $(CORE_LIBS)

EXTRA_DIST += tests/fuzz/corpus-movingai tests/fuzz/corpus-recording \
	tests/fuzz/movingai.dict tests/fuzz/recording.dict

# --- the libFuzzer targets (not part of `make all`: they need clang's
# fuzzer runtime).  Run them from the source tree as
#   tests/fuzz/fuzz_movingai -dict=tests/fuzz/movingai.dict
#       NEW_CORPUS_DIR tests/fuzz/corpus-movingai
#   tests/fuzz/fuzz_recording -dict=tests/fuzz/recording.dict
#       NEW_CORPUS_DIR tests/fuzz/corpus-recording
# and merge what they find back with -merge=1 (keep the corpora small).
# The whole core is compiled in: its library is built by the configured
# compiler, which need not be clang.
FUZZ_CORE_SRCS = src/core/grid.c src/core/gen.c src/core/path.c \
	src/core/jps.c src/core/movingai.c src/core/diag.c src/core/data.c \
	src/core/data_reach.c src/core/data_movingai.c src/core/distmap.c \
	src/core/world.c src/core/ai.c src/core/autopilot.c src/core/reload.c
FUZZ_MOVINGAI_SRCS = tests/fuzz/fuzz_movingai.c src/core/movingai.c \
	src/core/data.c src/core/data_reach.c src/core/data_movingai.c \
	src/core/diag.c src/core/grid.c src/core/path.c
FUZZ_RECORDING_SRCS = tests/fuzz/fuzz_recording.c src/headless.c \
	$(FUZZ_CORE_SRCS)
FUZZ_CLANG = $(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I$(top_srcdir)/src/core \
	-I$(top_srcdir)/src -I$(top_builddir)
if HAVE_CLANG
tests/fuzz/fuzz_movingai$(EXEEXT): $(FUZZ_MOVINGAI_SRCS)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CC)$(FUZZ_CLANG) $(FUZZ_MOVINGAI_SRCS:%=$(top_srcdir)/%) \
		-lm -o $@
tests/fuzz/fuzz_recording$(EXEEXT): $(FUZZ_RECORDING_SRCS) config.h
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CC)$(FUZZ_CLANG) $(FUZZ_RECORDING_SRCS:%=$(top_srcdir)/%) \
		-lm -o $@
fuzz-movingai: tests/fuzz/fuzz_movingai$(EXEEXT)
fuzz-recording: tests/fuzz/fuzz_recording$(EXEEXT)
else
fuzz-movingai fuzz-recording:
	@echo "$@: clang was not found by configure" >&2; exit 1
endif
.PHONY: fuzz-movingai fuzz-recording
CLEANFILES += tests/fuzz/fuzz_movingai$(EXEEXT) \
	tests/fuzz/fuzz_recording$(EXEEXT)
