# SPDX-License-Identifier: MIT
## tests/ui/local.mk - what the terminal front end draws (golden screen
## dumps), what it exports (asciicasts, JSON traces) and the real game in
## tmux, and the keys the manual page and the README name (the key
## tables).  Included by the top Makefile.am; paths are relative to the top.

TESTS += tests/ui/test_screen.sh tests/ui/test_export.sh tests/ui/test_e2e.sh \
	tests/ui/test_keys.sh tests/ui/test_travel.sh tests/ui/test_panel.sh \
	tests/ui/test_options.sh tests/ui/test_lessons.sh \
	tests/ui/test_e2e_lessons.sh tests/ui/test_tools.sh \
	tests/ui/test_flee.sh tests/ui/test_watch.sh tests/ui/test_widths.sh \
	tests/ui/test_viewkeys.sh tests/ui/test_viewkeys_e2e.sh \
	tests/ui/test_utf8.sh tests/ui/test_i18n.sh \
	tests/ui/test_code.sh tests/ui/test_code_e2e.sh \
	tests/ui/test_code_paths.sh tests/ui/test_crowd.sh
EXTRA_DIST += tests/ui/test_screen.sh tests/ui/test_export.sh tests/ui/test_e2e.sh \
	tests/ui/test_keys.sh tests/ui/test_travel.sh tests/ui/test_panel.sh \
	tests/ui/test_options.sh tests/ui/test_lessons.sh \
	tests/ui/test_e2e_lessons.sh tests/ui/test_tools.sh \
	tests/ui/test_flee.sh tests/ui/test_watch.sh tests/ui/test_widths.sh \
	tests/ui/test_viewkeys.sh tests/ui/test_viewkeys_e2e.sh \
	tests/e2e/tmux.conf tests/ui/test_utf8.sh \
	tests/ui/test_i18n.sh tests/ui/test_code.sh tests/ui/test_code_e2e.sh \
	tests/ui/test_code_paths.sh tests/ui/test_crowd.sh
