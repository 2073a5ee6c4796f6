# SPDX-License-Identifier: MIT
## src/core/base/local.mk - what every layer of the core uses: the
## diagnostics list, the one opener of the files users name, the one RNG,
## the one direction table, the one number parser, the one UTF-8
## decoder, and the words in the player's language.
## Included by src/core/local.mk; paths are from the top.

src_core_libhunted_a_SOURCES += \
	src/core/base/diag.c src/core/base/diag.h \
	src/core/base/dir.h \
	src/core/base/file.c src/core/base/file.h \
	src/core/base/i18n.c src/core/base/i18n.h \
	src/core/base/num.c src/core/base/num.h \
	src/core/base/rng.h \
	src/core/base/utf8.c src/core/base/utf8.h
