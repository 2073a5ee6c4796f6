/* SPDX-License-Identifier: MIT */
/* files.h - a session's data files: where they are, the dungeon a setup
 * names (a map name, a data file, a Moving AI map, or a generated
 * dungeon), and the check of one file.  Shared by the terminal game,
 * headless play and --check. */
#ifndef HUNTED_FILES_H
#define HUNTED_FILES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/base/diag.h"
#include "core/data/data.h"

#include "setup.h"

/* Monsters on a generated dungeon unless --monsters says otherwise. */
#define FILES_GEN_MONSTERS 10

/* The data directory, into buf: given (--data-dir) when not NULL, else
 * $HUNTED_DATA when set, else the data/ of the build tree this program
 * runs from (found from the program's own location: a folder above it
 * holding data/monsters.txt and a Makefile), else the installed
 * $(pkgdatadir).  Returns which of the four it was (0 to 3), or -1 when
 * the name does not fit in buf. */
int files_data_dir(const char *given, char *buf, size_t size);

/* Where the translations are, into buf: the po/locale of the build tree
 * this program runs from (made by make, as data/ is found), else the
 * installed $(localedir).  Returns 1 for the build tree's, 0 for the
 * installed one, -1 when the name does not fit in buf. */
int files_locale_dir(char *buf, size_t size);

/* The file a map name stands for (DIR/maps/NAME.txt), or the name itself
 * when it is a path; malloc'd, NULL when out of memory. */
char *files_map_path(const struct setup *s);

/* Whether --map's value names a file rather than one of the data's maps
 * (a '/' in it, or a .txt or .map name). */
int files_is_map_file(const char *map);

/* Where a file of the data folder, rel ("maps/cave.txt"), is: the
 * player's own folder (userdir.h) when it holds one, else the data
 * directory.  Into buf; returns FILES_USER, FILES_SHIPPED, or -1 when the
 * name is too long. */
enum { FILES_SHIPPED = 0, FILES_USER = 1 };
int files_find(const struct setup *s, const char *rel, char *buf, size_t size);

/* The campaign s plays: --campaign FILE, else campaign.txt found as
 * files_find finds it.  Into buf; 0, or -1 when too long. */
int files_campaign_path(const struct setup *s, char *buf, size_t size);

/* --lesson alone: every lesson of the data directory's lessons/ with its
 * title and pages, on out.  Returns 0, or -1 after saying why. */
int files_list_lessons(const struct setup *s, FILE *out);

/* Loads and checks one data file (a Moving AI .map with the data
 * directory's monsters), reachability warnings included.  Returns 0 and
 * the data in *out (when out is not NULL) if there were no errors; -1
 * otherwise.  Every problem goes into diags. */
int files_check(const char *path, const struct setup *s, struct data **out,
                struct diag_list *diags);

/* The game's data as s describes it, or NULL with the problems (or "out
 * of memory") in diags.  A map name that names no map is answered with
 * the list of the maps there are. */
struct data *files_load(const struct setup *s, struct diag_list *diags);

/* What --check says after "FILE: ok": when the player's folder had a
 * part in it, every file d read and whose it is (shipped, yours, or yours
 * over the shipped one); for a campaign, what each level plays. */
void files_origins(const struct data *d, const struct setup *s, FILE *out);

/* The key map the terminal game reads: --keymap's (a name of
 * DIR/keymaps, or a file), else the player's keys.txt when there is one.
 * Into buf; 0, or -1 when there is none. */
int files_keymap_path(const struct setup *s, char *buf, size_t size);

/* A checksum of the bytes of d's files as they are on disk now (and of
 * their names): a reload that finds the same changes nothing. */
uint64_t files_data_sum(const struct data *d);

#endif
