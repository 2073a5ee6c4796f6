/* game.h - where a game comes from: the dungeon named on the command line
 * (a map name, a data file, a Moving AI map or a generated dungeon), the
 * data directory, and the files to watch for live reloading.  Shared by
 * the terminal game, headless play and --check; no curses here. */
#ifndef HUNTED_FILES_H
#define HUNTED_FILES_H

#include <stdint.h>
#include <stdio.h>

#include "core/data/data.h"
#include "core/base/diag.h"

struct game_source {
	const char *map;      /* NAME or FILE; NULL: the shipped default */
	const char *data_dir; /* --data-dir, or NULL */
	int gen_w, gen_h;     /* --generate WxH, 0 when not generated */
	uint64_t seed;
	long monsters; /* -1: the map's own */
};

/* --data-dir, then $HUNTED_DATA, then the compiled-in $(pkgdatadir), or
 * the source tree's data/ when the game has not been installed. */
const char *game_data_dir(const struct game_source *s);

/* The file a map name stands for (DIR/maps/NAME.txt), or the name itself
 * when it is a path; malloc'd, NULL when out of memory. */
char *game_map_path(const struct game_source *s);

/* Loads and checks one data file (a Moving AI .map with the data
 * directory's monsters), reachability warnings included.  Returns 0 and
 * the data in *out (when out is not NULL) if there were no errors; -1
 * otherwise.  Every problem goes into diags. */
int game_check_file(const char *path, const struct game_source *s,
                    struct data **out, struct diag_list *diags);

/* The game's data as s describes it, or NULL with the problems (or "out
 * of memory") in diags. */
struct data *game_load(const struct game_source *s, struct diag_list *diags);

/* FILE:LINE:COL: SEVERITY: MESSAGE; HINT, the source line and a caret, as
 * --check prints them. */
void game_print_diags(FILE *f, const struct diag_list *l);

/* The data files of a game and their modification times. */
struct game_files {
	size_t n;
	char **paths;
	int64_t *mtimes; /* nanoseconds; -1 when the file could not be read */
	int64_t *sizes;  /* bytes; -1 likewise */
};

/* Records d's files and their times now.  Returns 0 or -1 (no memory). */
int game_files_snapshot(const struct data *d, struct game_files *f);
/* Whether any file's modification time or size differs from the
 * snapshot. */
int game_files_changed(const struct game_files *f);
void game_files_fini(struct game_files *f);

#endif
