## tests/lib/local.mk - what the tests share: the TAP runner every test
## program reports through, and the helpers the path tests build their
## cases with.  Included by the top Makefile.am; paths are relative to
## the top.

check_LIBRARIES += tests/lib/libtest.a
tests_lib_libtest_a_SOURCES = \
	tests/lib/tap.c tests/lib/tap.h \
	tests/lib/tap_cmocka.c
tests_lib_libtest_a_CFLAGS = $(TEST_CFLAGS)
TEST_LIBS = tests/lib/libtest.a $(CORE_LIBS) $(CMOCKA_LIBS)

EXTRA_DIST += tests/lib/tap.sh
