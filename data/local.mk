# SPDX-License-Identifier: MIT
## data/local.mk - the data files (installed under $(pkgdatadir)), and
## the installed game's check of them.  The loader's tests are in
## tests/data/local.mk.  Included by Makefile.am; paths are relative to
## the top.

# --- data: $(pkgdatadir)/{terrain,monsters}.txt, README, maps/, lessons/ ---
dist_pkgdata_DATA += data/terrain.txt data/monsters.txt data/campaign.txt \
	data/README
hunted_mapsdir = $(pkgdatadir)/maps
dist_hunted_maps_DATA = \
	data/maps/default.txt \
	data/maps/kennels.txt \
	data/maps/tutorial.txt \
	data/maps/ambush.txt \
	data/maps/doors.txt \
	data/maps/elements.txt \
	data/maps/crowd.txt \
	data/maps/cave.txt \
	data/maps/maze.txt
hunted_keymapsdir = $(pkgdatadir)/keymaps
dist_hunted_keymaps_DATA = \
	data/keymaps/dvorak.txt \
	data/keymaps/azerty.txt \
	data/keymaps/no-vi-keys.txt
hunted_lessonsdir = $(pkgdatadir)/lessons
dist_hunted_lessons_DATA = \
	data/lessons/wall.txt \
	data/lessons/fgh.txt \
	data/lessons/search3.txt \
	data/lessons/terrain.txt \
	data/lessons/greedy.txt \
	data/lessons/heuristics.txt \
	data/lessons/ties.txt \
	data/lessons/diagonal.txt \
	data/lessons/nopath.txt \
	data/lessons/jps.txt \
	data/lessons/grid7.txt \
	data/lessons/euclid.txt \
	data/lessons/forest.txt \
	data/lessons/classic.txt \
	data/lessons/rings.txt \
	data/lessons/errata.txt
# The lessons translated, one folder a language (data/README).
hunted_lessons_zh_CNdir = $(pkgdatadir)/lessons/zh_CN
dist_hunted_lessons_zh_CN_DATA = \
	data/lessons/zh_CN/fgh.txt \
	data/lessons/zh_CN/grid7.txt \
	data/lessons/zh_CN/euclid.txt \
	data/lessons/zh_CN/forest.txt \
	data/lessons/zh_CN/classic.txt \
	data/lessons/zh_CN/rings.txt \
	data/lessons/zh_CN/errata.txt \
	data/lessons/zh_CN/wall.txt \
	data/lessons/zh_CN/search3.txt \
	data/lessons/zh_CN/terrain.txt \
	data/lessons/zh_CN/greedy.txt \
	data/lessons/zh_CN/heuristics.txt \
	data/lessons/zh_CN/ties.txt \
	data/lessons/zh_CN/diagonal.txt \
	data/lessons/zh_CN/nopath.txt \
	data/lessons/zh_CN/jps.txt

# `make installcheck` (and so `make distcheck`): the installed game checks
# the installed data, and finds it by itself -- a Moving AI map takes its
# terrain and monsters from the data directory, here the compiled-in
# $(pkgdatadir) since neither --data-dir nor HUNTED_DATA is given.
installcheck-local: installcheck-data
installcheck-data:
	env -u HUNTED_DATA $(DESTDIR)$(bindir)/hunted$(EXEEXT) --check \
		$(DESTDIR)$(pkgdatadir)/terrain.txt \
		$(DESTDIR)$(pkgdatadir)/monsters.txt \
		$(DESTDIR)$(pkgdatadir)/campaign.txt \
		$(DESTDIR)$(pkgdatadir)/maps/*.txt \
		$(DESTDIR)$(pkgdatadir)/lessons/*.txt
	test -n "$(DESTDIR)" || env -u HUNTED_DATA \
		$(bindir)/hunted$(EXEEXT) --check \
		$(top_srcdir)/tests/fixtures/den312d.map
.PHONY: installcheck-data
