/* SPDX-License-Identifier: MIT */
/* movingai.h - readers for the Moving AI Lab grid benchmark files: the
 * `.map` format (an octile map) and the `.scen` format (problem lists
 * with their optimal lengths).
 *
 * Core code: nothing here prints or exits.  Every reader returns a
 * negative code on failure and fills a caller-provided struct
 * movingai_error with the 1-based line and column of the problem, so a
 * front end can print FILE:LINE:COL diagnostics. */
#ifndef HUNTED_MOVINGAI_H
#define HUNTED_MOVINGAI_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/path/grid.h"

enum movingai_status {
	MOVINGAI_OK = 0,
	MOVINGAI_EIO = -1,     /* cannot open or read the file */
	MOVINGAI_ENOMEM = -2,  /* out of memory */
	MOVINGAI_EFORMAT = -3, /* the text does not follow the format */
	MOVINGAI_EINVAL = -4,  /* bad arguments (NULL pointers) */
};

/* Longest line a `.scen` file may have; map rows may be up to
 * GRID_MAX_DIM characters. */
#define MOVINGAI_SCEN_LINE_MAX 1024
/* Largest `.map` or `.scen` file read: twice the largest map
 * (GRID_MAX_DIM rows of GRID_MAX_DIM cells and a "\r\n" is 16.8 MB), and
 * far above the benchmark's largest problem sets. */
#define MOVINGAI_FILE_MAX (32L << 20)

struct movingai_error {
	int line; /* 1-based; 0 when the error is not tied to a line */
	int col;  /* 1-based; 0 when the error is not tied to a column */
	char message[160 + PATH_MAX]; /* room for a file's name */
};

/* One row of a `.scen` file. */
struct movingai_problem {
	int bucket;
	size_t map;    /* index into movingai_scen.maps */
	int map_width; /* as the row states it (width before height) */
	int map_height;
	int start_x;
	int start_y;
	int goal_x;
	int goal_y;
	double optimal; /* optimal length, straight 1 and diagonal sqrt(2) */
	int line;       /* line of the row in the file, for reports */
};

struct movingai_scen {
	struct movingai_problem *problems;
	size_t count;
	size_t cap;
	/* Distinct map names the rows use, in order of first use, as
	 * written (a path such as maps/dao/den312d.map); usually one. */
	char **maps;
	size_t map_count;
	size_t maps_cap;
};

/* Reads a `.map` into g, which is initialised here (its previous contents
 * are not freed).  '.' and 'G' get multiplier 1, 'S' gets swamp_cost (0
 * blocks it), '@', 'O', 'T' and 'W' are blocked.  On error g is left
 * empty, so grid_fini(g) is always safe. */
int movingai_read_map(FILE *f, uint8_t swamp_cost, struct grid *g,
                      struct movingai_error *err);
/* The same from a file, opened as core/base/file.h opens every file a user
 * names: a file that is not a regular one or is larger than
 * MOVINGAI_FILE_MAX is refused with MOVINGAI_EIO and line 0. */
int movingai_load_map_swamp(const char *path, uint8_t swamp_cost,
                            struct grid *g, struct movingai_error *err);
/* The benchmark's reading: swamp passable at multiplier 1. */
int movingai_load_map(const char *path, struct grid *g,
                      struct movingai_error *err);

/* Reads a `.scen` into out, which is initialised here.  On error out is
 * left empty, so movingai_scen_free(out) is always safe.  Rows are only
 * checked against their own stated map size; matching them to a loaded
 * map is the caller's job (see movingai_problem_fits). */
int movingai_read_scen(FILE *f, struct movingai_scen *out,
                       struct movingai_error *err);
int movingai_load_scen(const char *path, struct movingai_scen *out,
                       struct movingai_error *err);
void movingai_scen_free(struct movingai_scen *s);

/* 1 when the problem's stated size is g's and both its end points are
 * passable cells of g; 0 otherwise. */
int movingai_problem_fits(const struct movingai_problem *p,
                          const struct grid *g);

/* The part of a path after its last '/' (the scen files name maps by the
 * path they had when the benchmark was generated). */
const char *movingai_basename(const char *path);

#endif
