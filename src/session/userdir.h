/* SPDX-License-Identifier: MIT */
/* userdir.h - where hunted keeps a player's own files: the saved game,
 * the high scores and the morgue files, in $XDG_DATA_HOME/hunted/ (by
 * default ~/.local/share/hunted/), made when first needed.
 *
 * Also the two things every such file needs: a new file written whole or
 * not at all (a temporary file renamed over it), and a file moved aside
 * under a new name rather than deleted. */
#ifndef HUNTED_USERDIR_H
#define HUNTED_USERDIR_H

#include <glob.h>
#include <stddef.h>
#include <stdio.h>

#define USERDIR_SAVE   "save.rec"
#define USERDIR_SCORES "scores.txt"

/* The folder: $XDG_DATA_HOME/hunted when $XDG_DATA_HOME is an absolute
 * path, else $HOME/.local/share/hunted, into buf.  With make set, the
 * folder and those above it are made (mode 0700) when missing.  Returns
 * 0, or -1 with the reason in err. */
int userdir_get(int make, char *buf, size_t size, char *err, size_t err_size);

/* The file name inside the folder, into buf (the folder made).  Returns
 * 0, or -1 with the reason in err. */
int userdir_file(const char *name, char *buf, size_t size, char *err,
                 size_t err_size);

/* A file written whole or not at all: userdir_begin opens a temporary
 * file beside path, userdir_commit flushes and closes it and renames it
 * to path (over what was there); on any failure the temporary file is
 * removed and path is as it was.  Both return 0, or -1 with the reason in
 * err (begin then returns no file). */
struct userdir_tmp {
	FILE *f;
	char tmp[4200];
	const char *path;
};
int userdir_begin(struct userdir_tmp *t, const char *path, char *err,
                  size_t err_size);
int userdir_commit(struct userdir_tmp *t, char *err, size_t err_size);
void userdir_abandon(struct userdir_tmp *t);

/* Renames path to PATH.WHY-YYYYmmdd-HHMMSS (with -2, -3... when that is
 * taken), never over another file.  Returns 0 with the new name in
 * moved, or -1 with the reason in err. */
int userdir_move_aside(const char *path, const char *why, char *moved,
                       size_t moved_size, char *err, size_t err_size);

/* The files a game leaves beside path under its own process number,
 * PATH.TAG-PID (a save being written, a second game's save, a result kept
 * aside), into g; free it with globfree.  Returns their count, 0 (and
 * nothing to free) when there are none. */
size_t userdir_siblings(const char *path, const char *tag, glob_t *g);

/* Whether the -PID a sibling's name ends in is another hunted still
 * running: its file is its own, not to be taken. */
int userdir_sibling_live(const char *name);

#endif
