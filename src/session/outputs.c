/* SPDX-License-Identifier: MIT */
/* outputs.c - the files a session writes (--record, --cast, --save)
 * never take a file it reads, nor one not hunted's own (outputs.h). */
#include "config.h"

#include "outputs.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign.h"
#include "core/base/file.h"
#include "files.h"
#include "options.h"
#include "userdir.h"

/* A file the session reads or writes, by name and identity. */
struct outputs_id {
	const char *what; /* "--record", "the map"... */
	const char *path;
	struct stat st;
	int exists;
};

static void outputs_id_of(struct outputs_id *f, const char *what,
                          const char *path)
{
	f->what = what;
	f->path = path;
	f->exists = path && *path && stat(path, &f->st) == 0;
}

/* Whether an existing file is one hunted wrote: a recording (for
 * --record), an asciicast of hunted's (for --cast), or
 * empty. */
static int outputs_is_own(const struct outputs_id *out)
{
	char head[96], msg[256];
	struct stat st;
	ssize_t n;
	int fd;

	if (!S_ISREG(out->st.st_mode) || out->st.st_size == 0)
		return 1;
	fd = file_open(out->path, INT64_MAX, &st, msg, sizeof(msg));
	if (fd < 0)
		return 1; /* the writer says why it cannot write it */
	n = read(fd, head, sizeof(head) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	head[n] = '\0';
	if (!strcmp(out->what, "--cast"))
		return head[0] == '{' && strstr(head, "\"title\": \"hunted");
	return !strncmp(head, "# hunted recording", 18) ||
	       strstr(head, "hunted-recording") != NULL;
}

/* The files the session reads, grown as they are found. */
struct outputs_ids {
	struct outputs_id *v;
	size_t n, cap;
	struct data *data[64]; /* whose file names v holds */
	size_t ndata;
};

static void outputs_add(struct outputs_ids *l, const char *what,
                        const char *path)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		struct outputs_id *v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return;
		l->v = v;
		l->cap = cap;
	}
	outputs_id_of(&l->v[l->n++], what, path);
}

/* Every file a level's data were read from: the map, the data files,
 * their includes and the player's files over them. */
static void outputs_add_data(struct outputs_ids *l, struct data *d)
{
	size_t i, n = data_file_count(d);

	if (!d)
		return;
	if (l->ndata == sizeof(l->data) / sizeof(l->data[0])) {
		data_free(d);
		return;
	}
	l->data[l->ndata++] = d;
	for (i = 0; i < n; i++)
		outputs_add(l, "a data file", data_file_path(d, i));
}

/* The data files the game will read, every level of a campaign's. */
static void outputs_add_levels(struct outputs_ids *l, const struct setup *s,
                               char *campaign)
{
	struct diag_list diags;
	int depth, n;

	diag_list_init(&diags, 0);
	if (campaign_active(s) &&
	    files_campaign_path(s, campaign, PATH_MAX) == 0) {
		outputs_add(l, "the campaign", campaign);
		n = campaign_levels(s);
		for (depth = 1; depth <= n; depth++)
			outputs_add_data(l, campaign_load((void *)s, depth,
			                                  s->seed, &diags));
	} else {
		outputs_add_data(l, files_load(s, &diags));
	}
	diag_list_fini(&diags);
}

int outputs_check(const struct setup *s)
{
	struct outputs_ids l = {0};
	struct outputs_id out[3];
	char dir[PATH_MAX], monsters[PATH_MAX + 16], terrain[PATH_MAX + 16];
	char save[PATH_MAX], err[PATH_MAX + 128], campaign[PATH_MAX];
	char options[PATH_MAX], keys[PATH_MAX];
	char *map = s->gen_w ? NULL : files_map_path(s);
	size_t nout = 0, i, j;
	int rc = 0;

	if (s->record)
		outputs_id_of(&out[nout++], "--record", s->record);
	if (s->cast)
		outputs_id_of(&out[nout++], "--cast", s->cast);
	if (s->save)
		outputs_id_of(&out[nout++], "--save", s->save);
	for (i = 0; i < nout && !out[i].exists; i++)
		;
	/* Only a file that is there can be one the session reads. */
	if (i == nout) {
		free(map);
		return 0;
	}
	outputs_add(&l, "the map", map);
	if (files_data_dir(s->data_dir, dir, sizeof(dir)) >= 0) {
		snprintf(monsters, sizeof(monsters), "%s/monsters.txt", dir);
		snprintf(terrain, sizeof(terrain), "%s/terrain.txt", dir);
		outputs_add(&l, "a data file", monsters);
		outputs_add(&l, "a data file", terrain);
	}
	if (!s->replay)
		outputs_add_levels(&l, s, campaign);
	if (options_path(OPTIONS_FILE, options, sizeof(options)) == 0)
		outputs_add(&l, "the options", options);
	if (s->mode == SETUP_PLAY &&
	    files_keymap_path(s, keys, sizeof(keys)) == 0)
		outputs_add(&l, "the key map", keys);
	outputs_add(&l, "the recording replayed", s->replay);
	/* The save is read too: --record or --cast must not take it. */
	if (s->save) {
		outputs_add(&l, "the save resumed", s->save);
	} else if (s->mode == SETUP_PLAY && !s->replay && !s->lesson &&
	           userdir_file(USERDIR_SAVE, save, sizeof(save), err,
	                        sizeof(err)) == 0) {
		/* The terminal game's own save, where it resumes from. */
		outputs_add(&l, "the save resumed", save);
	}
	for (i = 0; i < nout && !rc; i++) {
		const struct outputs_id *o = &out[i];

		if (!o->exists)
			continue;
		for (j = 0; j < l.n && !rc; j++) {
			const struct outputs_id *r = &l.v[j];

			if (!r->exists || r->st.st_dev != o->st.st_dev ||
			    r->st.st_ino != o->st.st_ino)
				continue;
			/* --save writes its own save: that is the point. */
			if (!strcmp(o->what, "--save") &&
			    !strcmp(r->what, "the save resumed"))
				continue;
			fprintf(stderr,
			        "hunted: %s '%s' is %s ('%s'), which the game "
			        "reads: not written over\n",
			        o->what, o->path, r->what, r->path);
			rc = EXIT_USAGE;
		}
		for (j = 0; j < i && !rc; j++)
			if (out[j].exists && out[j].st.st_dev == o->st.st_dev &&
			    out[j].st.st_ino == o->st.st_ino) {
				fprintf(stderr,
				        "hunted: %s and %s name the same file "
				        "'%s'\n",
				        out[j].what, o->what, o->path);
				rc = EXIT_USAGE;
			}
		/* A save that is not one is moved aside, kept, by the
		 * resume: only the two writers would lose the file. */
		if (!rc && !s->force && strcmp(o->what, "--save") &&
		    !outputs_is_own(o)) {
			fprintf(stderr,
			        "hunted: %s '%s': the file exists and is not "
			        "one of hunted's own; not written over "
			        "(--force "
			        "writes over it)\n",
			        o->what, o->path);
			rc = EXIT_USAGE;
		}
	}
	for (i = 0; i < l.ndata; i++)
		data_free(l.data[i]);
	free(l.v);
	free(map);
	return rc;
}
