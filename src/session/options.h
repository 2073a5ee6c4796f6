/* SPDX-License-Identifier: MIT */
/* options.h - the player's own files under $XDG_CONFIG_HOME/hunted/
 * (default ~/.config/hunted/): options.txt, the defaults of the
 * command line's options, and keys.txt, the key map (read by the
 * terminal front end, src/ui/keymap.c). */
#ifndef HUNTED_OPTIONS_H
#define HUNTED_OPTIONS_H

#include <stddef.h>

#include "core/base/diag.h"

#include "setup.h"

/* The options file's name in the folder. */
#define OPTIONS_FILE "options.txt"
/* The key map's. */
#define OPTIONS_KEYS "keys.txt"

/* The options file's defaults, owned: their strings live as long as it. */
struct options {
	struct setup_default *d;
	size_t n;
	char **strings;
	size_t nstrings;
};

/* The file name in the player's folder of options, into buf: 0, or -1
 * when neither $XDG_CONFIG_HOME nor $HOME is an absolute path or the
 * name does not fit. */
int options_path(const char *name, char *buf, size_t size);

/* Reads path (an options file: one "NAME VALUE" a line, NAME an option's
 * long name) into o.  A file that is not there is no problem.  Returns 0;
 * or -1 with every problem in diags and nothing in o: a file with a
 * mistake is left out whole, and the game starts with the defaults. */
int options_read(struct options *o, const char *path, struct diag_list *diags);

/* The same for len bytes at buf, named name in the diagnostics. */
int options_read_buffer(struct options *o, const char *name, const char *buf,
                        size_t len, struct diag_list *diags);

void options_fini(struct options *o);

#endif
