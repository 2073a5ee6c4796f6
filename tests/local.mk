# SPDX-License-Identifier: MIT
## tests/local.mk - what the tests of every part share: the golden files,
## the Moving AI fixtures, and the check of the architecture itself.  The
## tests of each part of src/ are in the folder named like it
## (tests/base, path, data, world, mind, game, session, ui), each with
## its own local.mk.  Included by the top Makefile.am; paths are relative
## to the top.

EXTRA_DIST += tests/golden

# The Moving AI map and problem set the path and data tests read.
EXTRA_DIST += \
	tests/fixtures/README.md \
	tests/fixtures/den312d.map \
	tests/fixtures/den312d.map.scen \
	tests/fixtures/doorway.txt \
	tests/fixtures/split120.map \
	tests/fixtures/walled.txt \
	tests/fixtures/fixed/monsters.txt \
	tests/fixtures/fixed/maps/crowd.txt \
	tests/fixtures/fixed/maps/default.txt \
	tests/fixtures/fixed/maps/doors.txt \
	tests/fixtures/fixed/maps/hounds.txt \
	tests/fixtures/fixed/maps/tutorial.txt

# The architecture: layers, includes, the core's globals and calls.
TESTS += tests/test_layers.sh
EXTRA_DIST += tests/test_layers.sh

# The house's sizes (files, functions) and its licence lines.
TESTS += tests/test_house.sh
EXTRA_DIST += tests/test_house.sh

# The translations: msgfmt's checks, and zh_CN complete.
TESTS += tests/test_po.sh
EXTRA_DIST += tests/test_po.sh
# The shipped data's words in the catalog (po/data-strings.c).
TESTS += tests/test_datapo.sh
EXTRA_DIST += tests/test_datapo.sh po/data-strings.sh po/data-strings.c
