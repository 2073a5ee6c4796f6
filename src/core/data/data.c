/* SPDX-License-Identifier: MIT */
/* data.c - struct data, what the loader fills: its lifetime, lookups of
 * terrain, keys and monsters by name, and the list of files it was read
 * from.  Reading the files starts in load.c (data_impl.h lists the loader's
 * other files). */
#include "data_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const color_names[DATA_COLOR_COUNT] = {
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

/* ---- growing arrays ---------------------------------------------------- */

int data_grow(void **arr, size_t n, size_t size)
{
	size_t room = n ? 2 * n : 8;
	void *a;

	/* Full at 8 and at every power of two after. */
	if (n < 8 ? n != 0 : (n & (n - 1)) != 0)
		return 0;
	if (room > SIZE_MAX / size)
		return -1;
	a = realloc(*arr, room * size);
	if (!a)
		return -1;
	*arr = a;
	return 0;
}

/* ---- the files read ---------------------------------------------------- */

struct data_file *data_file_intern(struct data *d, const char *path)
{
	struct data_file *f = calloc(1, sizeof(*f)), **tail;

	if (!f)
		return NULL;
	f->path = strdup(path);
	if (!f->path) {
		free(f);
		return NULL;
	}
	/* Appended, so the list is in reading order. */
	for (tail = &d->files; *tail; tail = &(*tail)->next)
		;
	*tail = f;
	return f;
}

const char *data_file_name(struct data *d, const char *path)
{
	struct data_file *f;

	for (f = d->files; f; f = f->next)
		if (!strcmp(f->path, path))
			return f->path;
	f = data_file_intern(d, path);
	return f ? f->path : NULL;
}

size_t data_file_count(const struct data *d)
{
	const struct data_file *f;
	size_t n = 0;

	for (f = d ? d->files : NULL; f; f = f->next)
		n++;
	return n;
}

const char *data_file_path(const struct data *d, size_t i)
{
	const struct data_file *f;

	for (f = d ? d->files : NULL; f; f = f->next)
		if (i-- == 0)
			return f->path;
	return NULL;
}

/* ---- lookups by name --------------------------------------------------- */

int data_terrain_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nterrain; i++)
		if (!strcmp(d->terrain[i].name, name))
			return (int)i;
	return -1;
}

int data_key_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nkeys; i++)
		if (!strcmp(d->keys[i].name, name))
			return (int)i;
	return -1;
}

int data_monster_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nmonsters; i++)
		if (!strcmp(d->monsters[i].name, name))
			return (int)i;
	return -1;
}

const char *data_color_name(enum data_color c)
{
	return (unsigned)c < DATA_COLOR_COUNT ? color_names[c] : "?";
}

/* ---- lifetime ---------------------------------------------------------- */

struct data *data_new(void)
{
	return calloc(1, sizeof(struct data));
}

int data_set_folders(struct data *d, const char *user, const char *shipped)
{
	const char *given[2] = {user, shipped};
	int i;

	for (i = 0; i < 2; i++) {
		free(d->folders[i]);
		d->folders[i] = given[i] ? strdup(given[i]) : NULL;
		if (given[i] && !d->folders[i])
			return -1;
	}
	return 0;
}

int data_keep_monsters(struct data *d, const char (*names)[DATA_NAME_MAX + 1],
                       size_t n, size_t *bad)
{
	size_t i, j, kept = 0;

	for (j = 0; j < n; j++) {
		for (i = 0; i < d->nmonsters; i++)
			if (!strcmp(d->monsters[i].name, names[j]))
				break;
		if (i == d->nmonsters) {
			*bad = j;
			return -1;
		}
	}
	for (i = 0; i < d->nmonsters; i++) {
		int keep = 0;

		for (j = 0; j < n && !keep; j++)
			keep = !strcmp(d->monsters[i].name, names[j]);
		if (keep)
			d->monsters[kept++] = d->monsters[i];
		else
			free(d->monsters[i].description);
	}
	d->nmonsters = kept;
	return 0;
}

void data_map_free(struct data_map *m)
{
	size_t i;

	if (!m)
		return;
	free(m->title);
	free(m->description);
	free(m->cells);
	free(m->glyphs);
	free(m->places);
	free(m->source);
	free(m->rule_of);
	for (i = 0; i < m->nrules; i++)
		free(m->rules[i].line);
	free(m->rules);
	free(m);
}

void data_pending_free(struct data_pending *pd)
{
	size_t i;

	if (!pd)
		return;
	for (i = 0; i < pd->nrefs; i++)
		problem_loc_fini(&pd->refs[i].loc);
	for (i = 0; i < 128; i++)
		problem_loc_fini(&pd->legend[i].loc);
	problem_loc_fini(&pd->map_loc);
	problem_loc_fini(&pd->dungeon_loc);
	free(pd->refs);
	free(pd->rows);
	free(pd);
}

void data_free(struct data *d)
{
	struct data_file *f, *next;
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nterrain; i++)
		free(d->terrain[i].description);
	for (i = 0; i < d->nkeys; i++)
		free(d->keys[i].description);
	for (i = 0; i < d->nmonsters; i++)
		free(d->monsters[i].description);
	for (i = 0; i < d->npages; i++)
		free(d->pages[i].text);
	free(d->pages);
	free(d->levels);
	free(d->folders[0]);
	free(d->folders[1]);
	free(d->terrain);
	free(d->keys);
	free(d->monsters);
	if (d->player)
		free(d->player->description);
	free(d->player);
	data_map_free(d->map);
	data_pending_free(d->pending);
	for (f = d->files; f; f = next) {
		next = f->next;
		free(f->path);
		free(f);
	}
	free(d);
}
