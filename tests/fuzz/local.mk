# SPDX-License-Identifier: MIT
## tests/fuzz/local.mk - fuzz targets for the data loader, the Moving AI
## readers, the recording parser and the options file: their saved corpora replay in every
## `make check`; `make fuzz` builds the libFuzzer targets with clang
## (`make fuzz-data` etc. one of them), and tests/fuzz/run.sh runs them.
## Included by Makefile.am; paths are relative to the top.

# --- replay the saved corpora in every `make check` -----------------------
# fuzz_data_replay.c is the shared driver, one TAP result per corpus;
# FUZZ_CORPUS names the directory it reads when run without arguments, as
# TESTS are.
FUZZ_REPLAY_CPPFLAGS = $(AM_CPPFLAGS) $(CMOCKA_CFLAGS) -I$(top_srcdir)/tests
CMOCKA_TESTS += tests/fuzz/fuzz_movingai_replay \
	tests/fuzz/fuzz_recording_replay

tests_fuzz_fuzz_movingai_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_movingai.c \
	tests/fuzz/fuzz_file.c tests/fuzz/fuzz_file.h
tests_fuzz_fuzz_movingai_replay_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) \
	-DFUZZ_CORPUS='"tests/fuzz/corpus-movingai"'
tests_fuzz_fuzz_movingai_replay_LDADD = tests/lib/libtest.a $(CORE_LIBS)

tests_fuzz_fuzz_recording_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_recording.c \
	tests/fuzz/fuzz_file.c tests/fuzz/fuzz_file.h
tests_fuzz_fuzz_recording_replay_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) \
	-DFUZZ_CORPUS='"tests/fuzz/corpus-recording"'
tests_fuzz_fuzz_recording_replay_LDADD = tests/lib/libtest.a \
	$(SESSION_LIBS) $(CORE_LIBS)

CMOCKA_TESTS += tests/fuzz/fuzz_options_replay
tests_fuzz_fuzz_options_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_options.c
tests_fuzz_fuzz_options_replay_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) \
	-DFUZZ_CORPUS='"tests/fuzz/corpus-options"'
tests_fuzz_fuzz_options_replay_LDADD = tests/lib/libtest.a \
	$(SESSION_LIBS) $(CORE_LIBS)

EXTRA_DIST += tests/fuzz/corpus-options
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
# compiler, which need not be clang.  Each file is compiled once, for
# every target, into tests/fuzz/obj/ (in parallel under make -j), with
# its header dependencies noted beside it.
FUZZ_CORE_SRCS = $(filter %.c,$(src_core_libhunted_a_SOURCES))
FUZZ_SESSION_SRCS = $(filter %.c,$(src_session_libsession_a_SOURCES))
FUZZ_OBJ = $(patsubst %.c,tests/fuzz/obj/%.o,$(1))
FUZZ_MOVINGAI_SRCS = tests/fuzz/fuzz_movingai.c tests/fuzz/fuzz_file.c \
	$(FUZZ_CORE_SRCS)
FUZZ_RECORDING_SRCS = tests/fuzz/fuzz_recording.c tests/fuzz/fuzz_file.c \
	$(FUZZ_SESSION_SRCS) $(FUZZ_CORE_SRCS)
FUZZ_CFLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CLANG = $(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	$(AM_CPPFLAGS) -I$(top_builddir)
FUZZ_OPTIONS_SRCS = tests/fuzz/fuzz_options.c $(FUZZ_SESSION_SRCS) \
	$(FUZZ_CORE_SRCS)
FUZZ_LINK = $(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer
if HAVE_CLANG
tests/fuzz/obj/%.o: %.c config.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(FUZZ_CLANG) -MMD -MP -c $< -o $@
-include $(wildcard tests/fuzz/obj/*/*.d tests/fuzz/obj/*/*/*.d \
	tests/fuzz/obj/*/*/*/*.d)
tests/fuzz/fuzz_movingai$(EXEEXT): $(call FUZZ_OBJ,$(FUZZ_MOVINGAI_SRCS))
	$(AM_V_CCLD)$(FUZZ_LINK) $^ -lm -o $@
tests/fuzz/fuzz_recording$(EXEEXT): $(call FUZZ_OBJ,$(FUZZ_RECORDING_SRCS))
	$(AM_V_CCLD)$(FUZZ_LINK) $^ -lm -o $@
tests/fuzz/fuzz_options$(EXEEXT): $(call FUZZ_OBJ,$(FUZZ_OPTIONS_SRCS))
	$(AM_V_CCLD)$(FUZZ_LINK) $^ -lm -o $@
fuzz-movingai: tests/fuzz/fuzz_movingai$(EXEEXT)
fuzz-recording: tests/fuzz/fuzz_recording$(EXEEXT)
fuzz-options: tests/fuzz/fuzz_options$(EXEEXT)
else
fuzz-movingai fuzz-recording fuzz-options:
	@echo "$@: clang was not found by configure" >&2; exit 1
endif
.PHONY: fuzz-movingai fuzz-recording fuzz-options
CLEANFILES += tests/fuzz/fuzz_movingai$(EXEEXT) \
	tests/fuzz/fuzz_recording$(EXEEXT) tests/fuzz/fuzz_options$(EXEEXT)

# --- the data loader's target ---------------------------------------------
CMOCKA_TESTS += tests/fuzz/fuzz_data_replay
tests_fuzz_fuzz_data_replay_SOURCES = \
	tests/fuzz/fuzz_data_replay.c tests/fuzz/fuzz_data.c
tests_fuzz_fuzz_data_replay_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_data_replay_LDADD = tests/lib/libtest.a $(CORE_LIBS)
EXTRA_DIST += tests/fuzz/corpus tests/fuzz/data.dict

# `make fuzz-data` builds the libFuzzer target with clang (not part of
# `make all`: it needs clang's fuzzer runtime).  Run it as
#   tests/fuzz/fuzz_data -max_len=65536 -dict=tests/fuzz/data.dict
#       NEW_CORPUS_DIR tests/fuzz/corpus
# (paths from the source tree)
# and merge what it finds back with -merge=1 (keep the corpus small).
FUZZ_DATA_SRCS = tests/fuzz/fuzz_data.c $(FUZZ_CORE_SRCS)
if HAVE_CLANG
tests/fuzz/fuzz_data$(EXEEXT): $(call FUZZ_OBJ,$(FUZZ_DATA_SRCS))
	$(AM_V_CCLD)$(FUZZ_LINK) $^ -lm -o $@
fuzz-data: tests/fuzz/fuzz_data$(EXEEXT)
else
fuzz-data:
	@echo "fuzz-data: clang was not found by configure" >&2; exit 1
endif
.PHONY: fuzz-data
CLEANFILES += tests/fuzz/fuzz_data$(EXEEXT)
clean-local: clean-fuzz-obj
clean-fuzz-obj:
	-rm -rf tests/fuzz/obj
.PHONY: clean-fuzz-obj


# --- all of them ------------------------------------------------------------
# `make fuzz` builds every target; tests/fuzz/run.sh -b BUILD -t SECONDS
# runs each from its shipped corpus (CI: a minute each).
FUZZ_TARGETS = fuzz-data fuzz-movingai fuzz-recording fuzz-options
fuzz: $(FUZZ_TARGETS)
.PHONY: fuzz
EXTRA_DIST += tests/fuzz/run.sh
