#!/bin/sh
# SPDX-License-Identifier: MIT
# skip_cmocka.sh - stands in for the C tests when configure found no
# cmocka (the unit-test library they are written with): one skipped
# result that says why and how to have them.
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
tap_skip_all "the C tests need cmocka, which configure did not find (on Debian or Ubuntu: apt-get install libcmocka-dev, then configure again)"
