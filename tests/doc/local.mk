# SPDX-License-Identifier: MIT
## tests/doc/local.mk - the documentation's examples, pictures and links,
## run and followed by the real binary.  Included by the top
## Makefile.am; paths are relative to the top.

TESTS += tests/doc/test_examples.sh
EXTRA_DIST += tests/doc/test_examples.sh
