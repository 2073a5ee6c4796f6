## tests/session/local.mk - the real binary without a terminal: golden
## games, replays, usage; where it finds its data.  Included by the top
## Makefile.am; paths are relative to the top.

TESTS += tests/session/test_headless.sh tests/session/test_datadir.sh
EXTRA_DIST += tests/session/test_headless.sh tests/session/test_datadir.sh
