/* SPDX-License-Identifier: MIT */
/* files.c - finding and loading a session's data files. */
#include "config.h"

#include "files.h"

#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/base/i18n.h"
#include "core/world/gen.h"
#include "options.h"
#include "userdir.h"

/* How far above the program's own folder its build tree may be: src/ for
 * the game, tests/bench/ for the benchmarks. */
#define TREE_LEVELS 2

/* The data/ of the build tree the running program belongs to, into buf;
 * -1 when it does not run from one. */
static int files_tree_data(char *buf, size_t size)
{
	char dir[PATH_MAX], probe[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	int level;

	if (n <= 0)
		return -1;
	dir[n] = '\0';
	for (level = 0; level < TREE_LEVELS; level++) {
		char *slash = strrchr(dir, '/');

		if (!slash || slash == dir)
			return -1;
		*slash = '\0';
		snprintf(probe, sizeof(probe), "%s/data/monsters.txt", dir);
		if (access(probe, R_OK) != 0)
			continue;
		snprintf(probe, sizeof(probe), "%s/Makefile", dir);
		if (access(probe, R_OK) != 0)
			continue;
		if ((size_t)snprintf(buf, size, "%s/data", dir) >= size)
			return -1;
		return 0;
	}
	return -1;
}

int files_locale_dir(char *buf, size_t size)
{
	char tree[PATH_MAX];
	char *slash;

	if (files_tree_data(tree, sizeof(tree)) == 0 &&
	    (slash = strrchr(tree, '/')) != NULL) {
		*slash = '\0';
		if ((size_t)snprintf(buf, size, "%s/po/locale", tree) < size &&
		    access(buf, R_OK) == 0)
			return 1;
	}
	if ((size_t)snprintf(buf, size, "%s", HUNTED_LOCALEDIR) >= size)
		return -1;
	return 0;
}

int files_data_dir(const char *given, char *buf, size_t size)
{
	const char *env = getenv("HUNTED_DATA");
	const char *dir = HUNTED_DATADIR;
	int which = 3;

	if (given) {
		dir = given;
		which = 0;
	} else if (env && *env) {
		dir = env;
		which = 1;
	} else if (files_tree_data(buf, size) == 0) {
		return 2;
	}
	if ((size_t)snprintf(buf, size, "%s", dir) >= size)
		return -1;
	return which;
}

int files_find(const struct setup *s, const char *rel, char *buf, size_t size)
{
	char dir[PATH_MAX], err[256];

	/* The player's own folder first: a file there joins the shipped
	 * ones, or stands in for the shipped one of its name. */
	if (userdir_get(0, dir, sizeof(dir), err, sizeof(err)) == 0 &&
	    (size_t)snprintf(buf, size, "%s/%s", dir, rel) < size &&
	    access(buf, F_OK) == 0)
		return FILES_USER;
	if (files_data_dir(s->data_dir, dir, sizeof(dir)) < 0 ||
	    (size_t)snprintf(buf, size, "%s/%s", dir, rel) >= size)
		return -1;
	return FILES_SHIPPED;
}

int files_campaign_path(const struct setup *s, char *buf, size_t size)
{
	if (s->campaign)
		return (size_t)snprintf(buf, size, "%s", s->campaign) < size
		               ? 0
		               : -1;
	return files_find(s, "campaign.txt", buf, size) < 0 ? -1 : 0;
}

/* Whether a map is named rather than given as a file. */
static int files_is_name(const char *map)
{
	const char *dot = strrchr(map, '.');

	return !strchr(map, '/') &&
	       !(dot && (!strcmp(dot, ".txt") || !strcmp(dot, ".map")));
}

int files_is_map_file(const char *map)
{
	return !files_is_name(map);
}

static int files_is_movingai(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcmp(path + n - 4, ".map");
}

/* The lesson name translated into s->language, into buf: found as
 * files_find finds lessons/LANGUAGE/NAME.txt, the language in full
 * ("zh_CN") or without its country ("zh").  0, or -1 when it is not
 * translated (the English one is read). */
static int files_translated_lesson(const struct setup *s, const char *name,
                                   char *buf, size_t size)
{
	char lang[sizeof(s->language)], rel[NAME_MAX + 64];
	int pass;

	snprintf(lang, sizeof(lang), "%s", s->language);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			char *cut = strchr(lang, '_');

			if (!cut)
				break;
			*cut = '\0';
		}
		if ((size_t)snprintf(rel, sizeof(rel), "lessons/%s/%s.txt",
		                     lang, name) >= sizeof(rel) ||
		    files_find(s, rel, buf, size) < 0)
			continue;
		if (access(buf, R_OK) == 0)
			return 0;
	}
	return -1;
}

char *files_map_path(const struct setup *s)
{
	const char *name = s->map ? s->map : "default";
	const char *folder = "maps";
	char rel[NAME_MAX + 16], path[PATH_MAX];

	if (s->lesson_name) {
		name = s->lesson_name;
		folder = "lessons";
	}
	if (!files_is_name(name))
		return strdup(name);
	if (s->lesson_name && s->language[0] &&
	    files_translated_lesson(s, name, path, sizeof(path)) == 0)
		return strdup(path);
	if ((size_t)snprintf(rel, sizeof(rel), "%s/%s.txt", folder, name) >=
	            sizeof(rel) ||
	    files_find(s, rel, path, sizeof(path)) < 0)
		return s->lesson_name ? strdup(name) : NULL;
	return strdup(path);
}

static void files_nomem(struct diag_list *diags, const char *what)
{
	diag_add(diags, DIAG_ERROR, what, 1, 1, NULL, 0, NULL, "out of memory");
}

/* A new struct data that looks for includes in the player's folder and
 * the data directory (data_set_folders); NULL when out of memory. */
static struct data *files_data_new(const struct setup *s)
{
	char user[PATH_MAX], dir[PATH_MAX], err[256];
	struct data *d = data_new();
	int mine = userdir_get(0, user, sizeof(user), err, sizeof(err)) == 0;

	if (d && files_data_dir(s->data_dir, dir, sizeof(dir)) >= 0 &&
	    data_set_folders(d, mine ? user : NULL, dir) != 0) {
		data_free(d);
		d = NULL;
	}
	return d;
}

/* Loads DIR/monsters.txt (and the terrain it includes) into d, with the
 * player's monsters.txt over it. */
static int files_load_kinds(struct data *d, const struct setup *s,
                            struct diag_list *diags)
{
	char dir[PATH_MAX], kinds[PATH_MAX + 16];

	if (files_data_dir(s->data_dir, dir, sizeof(dir)) < 0) {
		diag_add(diags, DIAG_ERROR, "monsters.txt", 1, 1, NULL, 0, NULL,
		         "the data directory's name is too long");
		return -1;
	}
	/* Read as an include, so the player's own file comes over it. */
	snprintf(kinds, sizeof(kinds), "%s/kinds", dir);
	return data_load_buffer(d, kinds, "include \"monsters.txt\"\n",
	                        sizeof("include \"monsters.txt\"\n") - 1,
	                        diags);
}

static size_t files_list_maps(const char *dir, char *buf, size_t size,
                              char **names, size_t max);

/* Every level of a campaign plays a map that is there. */
static void files_check_levels(const struct data *d, const struct setup *s,
                               struct diag_list *diags)
{
	char rel[DATA_NAME_MAX + 16], path[PATH_MAX];
	size_t i;

	for (i = 0; i < d->nlevels; i++) {
		const struct data_level *l = &d->levels[i];

		if (!l->map[0])
			continue;
		snprintf(rel, sizeof(rel), "maps/%s.txt", l->map);
		if (files_find(s, rel, path, sizeof(path)) < 0 ||
		    access(path, F_OK) != 0) {
			char dir[PATH_MAX + 8], list[1024], hint[96];
			char *names[64];
			const char *near = NULL;
			size_t n = 0, k;

			if (files_data_dir(s->data_dir, dir, sizeof(dir) - 8) >=
			    0) {
				strcat(dir, "/maps");
				n = files_list_maps(dir, list, sizeof(list),
				                    names, 64);
				near = diag_closest(
				        l->map, (const char *const *)names, n);
			}
			if (near)
				snprintf(hint, sizeof(hint),
				         "did you mean '%s'?", near);
			diag_add(diags, DIAG_ERROR, l->src.file, l->src.line,
			         l->src.col, NULL, 0, near ? hint : NULL,
			         "level '%s': no map named '%s'", l->name,
			         l->map);
			for (k = 0; k < n; k++)
				free(names[k]);
		}
	}
}

/* A campaign level's kinds only, when it names some. */
static int files_keep_kinds(struct data *d, const struct setup *s,
                            struct diag_list *diags)
{
	size_t bad;

	if (!s->gen_nkinds ||
	    data_keep_monsters(d, s->gen_kinds, (size_t)s->gen_nkinds, &bad) ==
	            0)
		return 0;
	diag_add(diags, DIAG_ERROR, "campaign", 0, 0, NULL, 0, NULL,
	         "no monster kind named '%s'", s->gen_kinds[bad]);
	return -1;
}

/* Every kind a campaign's level names is a monster kind. */
static void files_check_kinds(const struct data *c, const struct setup *s,
                              struct diag_list *diags)
{
	struct diag_list ignored;
	struct data *d = NULL;
	size_t i, k;
	int j;

	for (i = 0; i < c->nlevels && !d; i++)
		if (c->levels[i].nkinds) {
			d = files_data_new(s);
			diag_list_init(&ignored, 0);
			if (d && files_load_kinds(d, s, &ignored) != 0) {
				data_free(d);
				d = NULL;
			}
			diag_list_fini(&ignored);
			if (!d)
				return;
		}
	for (i = 0; d && i < c->nlevels; i++)
		for (j = 0; j < c->levels[i].nkinds; j++) {
			const char *name = c->levels[i].kinds[j];
			const char *names[DATA_MONSTER_MAX], *near;
			char hint[96];

			for (k = 0; k < d->nmonsters; k++)
				names[k] = d->monsters[k].name;
			if (data_monster_find(d, name) >= 0)
				continue;
			near = diag_closest(name, names, d->nmonsters);
			if (near)
				snprintf(hint, sizeof(hint),
				         "did you mean '%s'?", near);
			diag_add(diags, DIAG_ERROR, c->levels[i].src.file,
			         c->levels[i].src.line, c->levels[i].src.col,
			         NULL, 0, near ? hint : NULL,
			         "level '%s': no monster kind named '%s'",
			         c->levels[i].name, name);
		}
	data_free(d);
}

/* Another kind of file hunted reads or writes, told by its first bytes,
 * with what to do with it: NULL for a data file (or one that cannot be
 * opened, which the data reader then says). */
static const char *files_other_kind(const char *path)
{
	char head[64], msg[256];
	struct stat st;
	ssize_t n;
	int fd = file_open(path, INT64_MAX, &st, msg, sizeof(msg));

	if (fd < 0)
		return NULL;
	n = read(fd, head, sizeof(head) - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	head[n] = '\0';
	if (!strncmp(head, "version ", 8) && strchr(head, '\t'))
		return "a Moving AI scenario file (path-finding problems), not "
		       "a dungeon: play or check its map, a .map file, "
		       "instead";
	if (strstr(head, "hunted-recording") ||
	    !strncmp(head, "# hunted recording", 18))
		return "a hunted recording or save, not a dungeon: watch it "
		       "with --replay FILE, check it with --headless "
		       "--replay FILE";
	if (strstr(head, "# hunted high scores") ||
	    !strncmp(head, "hunted-scores ", 14))
		return "hunted's high-score list, not a dungeon: the game "
		       "keeps it, and shows it at the end of a game";
	if (!strncmp(head, "hunted ", 7) &&
	    strstr(head, " - the end of a game"))
		return "a hunted morgue file (how a game ended), not a "
		       "dungeon: read it as it is";
	if (head[0] == '{' && strstr(head, "\"version\""))
		return "an asciicast screen recording, not a dungeon: play it "
		       "with asciinema play FILE";
	if (!strncmp(head, "type ", 5))
		return "a Moving AI map: hunted reads one whose name ends in "
		       ".map";
	return NULL;
}

int files_check(const char *path, const struct setup *s, struct data **out,
                struct diag_list *diags)
{
	struct data *d = files_data_new(s);
	const char *other;
	size_t errors = diags->errors;
	int rc;

	if (!d) {
		files_nomem(diags, path);
		return -1;
	}
	if (!files_is_movingai(path) && (other = files_other_kind(path))) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL, "%s",
		         other);
		rc = -1;
	} else if (files_is_movingai(path)) {
		rc = files_load_kinds(d, s, diags);
		if (rc == 0)
			rc = data_load_movingai(d, path, s->seed, diags);
	} else {
		rc = data_load(d, path, diags);
	}
	if (rc == 0)
		data_check_kinds(d, diags);
	if (rc == 0 && data_check_reachable(d, diags) < 0)
		files_nomem(diags, path);
	files_check_levels(d, s, diags);
	files_check_kinds(d, s, diags);
	if (diags->errors != errors)
		rc = -1;
	if (out && rc == 0)
		*out = d;
	else
		data_free(d);
	return rc;
}

static int files_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the names of the maps in dir not in names[0..n) yet; returns the
 * new n (at most max). */
static size_t files_add_maps(const char *dir, char **names, size_t n,
                             size_t max)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	size_t i;

	if (!dp)
		return n;
	while ((e = readdir(dp)) && n < max) {
		size_t len = strlen(e->d_name);
		int seen = 0;

		if (len <= 4 || strcmp(e->d_name + len - 4, ".txt") ||
		    e->d_name[0] == '.')
			continue;
		for (i = 0; i < n; i++)
			seen |= strlen(names[i]) == len - 4 &&
			        !strncmp(names[i], e->d_name, len - 4);
		if (!seen && (names[n] = strndup(e->d_name, len - 4)))
			n++;
	}
	closedir(dp);
	return n;
}

/* The maps of DIR/maps and of the player's maps folder, sorted, as a
 * list "a, b, c" into buf; the names into names (up to max) for a "did
 * you mean".  Returns how many. */
static size_t files_list_maps(const char *dir, char *buf, size_t size,
                              char **names, size_t max)
{
	char user[PATH_MAX], err[256];
	size_t n = 0, i, used = 0;

	buf[0] = '\0';
	if (userdir_get(0, user, sizeof(user), err, sizeof(err)) == 0 &&
	    strlen(user) + sizeof("/maps") <= sizeof(user)) {
		strcat(user, "/maps");
		n = files_add_maps(user, names, n, max);
	}
	n = files_add_maps(dir, names, n, max);
	qsort(names, n, sizeof(*names), files_name_cmp);
	for (i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		                         i ? ", " : "", names[i]);
	return n;
}

/* A named map that does not exist: say which maps do. */
static void files_no_such_map(const struct setup *s, const char *path,
                              struct diag_list *diags)
{
	char dir[PATH_MAX], maps[PATH_MAX + 8], list[1024], hint[96];
	char *names[64];
	const char *near;
	size_t n, i;

	files_data_dir(s->data_dir, dir, sizeof(dir));
	snprintf(maps, sizeof(maps), "%s/maps", dir);
	n = files_list_maps(maps, list, sizeof(list), names, 64);
	near = diag_closest(s->map, (const char *const *)names, n);
	if (near)
		snprintf(hint, sizeof(hint), "did you mean '%s'?", near);
	/* A problem of no line: the file is not there. */
	if (n)
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0,
		         near ? hint : NULL,
		         "no map named '%s'; the maps in %s are: %s", s->map,
		         maps, list);
	else
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL,
		         "no map named '%s', and no maps in %s", s->map, maps);
	for (i = 0; i < n; i++)
		free(names[i]);
}

/* Where path comes from, as --check says it. */
static const char *files_origin(const struct setup *s, const char *path)
{
	char user[PATH_MAX], dir[PATH_MAX], other[PATH_MAX], err[256];
	size_t n;

	if (userdir_get(0, user, sizeof(user), err, sizeof(err)) == 0 &&
	    (n = strlen(user)) && !strncmp(path, user, n) && path[n] == '/') {
		if (files_data_dir(s->data_dir, dir, sizeof(dir)) >= 0 &&
		    (size_t)snprintf(other, sizeof(other), "%s/%s", dir,
		                     path + n + 1) < sizeof(other) &&
		    access(other, F_OK) == 0)
			return "yours, over the shipped one";
		return "yours";
	}
	return "shipped";
}

void files_origins(const struct data *d, const struct setup *s, FILE *out)
{
	char rel[DATA_NAME_MAX + 16], path[PATH_MAX];
	size_t i, n = data_file_count(d);
	int mine = 0;

	for (i = 0; i < n; i++)
		mine |= strcmp(files_origin(s, data_file_path(d, i)),
		               "shipped") != 0;
	for (i = 0; mine && i < n; i++)
		fprintf(out, "  read %s (%s)\n", data_file_path(d, i),
		        files_origin(s, data_file_path(d, i)));
	for (i = 0; i < d->nterrain; i++)
		if (d->terrain[i].src.changed)
			fprintf(out, "  terrain %s: changed at %s:%d\n",
			        d->terrain[i].name, d->terrain[i].src.file,
			        d->terrain[i].src.line);
	for (i = 0; i < d->nkeys; i++)
		if (d->keys[i].src.changed)
			fprintf(out, "  key %s: changed at %s:%d\n",
			        d->keys[i].name, d->keys[i].src.file,
			        d->keys[i].src.line);
	for (i = 0; i < d->nmonsters; i++)
		if (d->monsters[i].src.changed)
			fprintf(out, "  monster %s: changed at %s:%d\n",
			        d->monsters[i].name, d->monsters[i].src.file,
			        d->monsters[i].src.line);
	for (i = 0; i < d->nlevels; i++) {
		const struct data_level *l = &d->levels[i];

		if (!l->map[0]) {
			fprintf(out,
			        "  level %zu %s: generated %dx%d, %d "
			        "monsters\n",
			        i + 1, l->name, l->width, l->height,
			        l->monsters);
			continue;
		}
		snprintf(rel, sizeof(rel), "maps/%s.txt", l->map);
		if (files_find(s, rel, path, sizeof(path)) >= 0)
			fprintf(out, "  level %zu %s: %s (%s)\n", i + 1,
			        l->name, path, files_origin(s, path));
	}
}

struct data *files_load(const struct setup *s, struct diag_list *diags)
{
	struct data *d = NULL;
	char *path;

	if (s->gen_w) {
		d = files_data_new(s);
		if (!d) {
			files_nomem(diags, "generated dungeon");
			return NULL;
		}
		if (files_load_kinds(d, s, diags) != 0 ||
		    files_keep_kinds(d, s, diags) != 0 ||
		    (s->gen_cave ? gen_cave : gen_dungeon)(
		            d, s->gen_w, s->gen_h, s->seed,
		            s->monsters >= 0 ? s->monsters : FILES_GEN_MONSTERS,
		            diags) != 0) {
			data_free(d);
			d = NULL;
		}
		return d;
	}
	path = files_map_path(s);
	if (!path) {
		files_nomem(diags, "map");
		return NULL;
	}
	if (s->lesson_name && access(path, F_OK) != 0)
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL,
		         "no lesson named '%s'; hunted --lesson lists them",
		         s->lesson_name);
	else if (s->map && files_is_name(s->map) && access(path, F_OK) != 0)
		files_no_such_map(s, path, diags);
	else if (files_check(path, s, &d, diags) != 0)
		d = NULL;
	free(path);
	return d;
}

/* A lesson as the list shows it. */
struct files_lesson {
	char name[NAME_MAX + 1];
	char line[512];
};

/* Lessons in the order of their titles ("1. ...", "2. ..."). */
static int files_cmp_lessons(const void *a, const void *b)
{
	const struct files_lesson *x = a, *y = b;
	long nx = strtol(x->line, NULL, 10), ny = strtol(y->line, NULL, 10);

	if (nx != ny)
		return nx < ny ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Adds the lessons of folder/lessons not in list yet; 0, or -1 when the
 * folder cannot be read. */
static int files_add_lessons(const struct setup *s, const char *folder,
                             struct files_lesson **list, size_t *n, size_t *cap)
{
	char path[PATH_MAX + 300], tpath[PATH_MAX];
	struct dirent *e;
	DIR *dp;

	snprintf(path, sizeof(path), "%s/lessons", folder);
	dp = opendir(path);
	if (!dp)
		return -1;
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name), i;
		struct diag_list diags;
		struct data *d = NULL;
		struct files_lesson *l;
		int seen = 0;

		if (len <= 4 || strcmp(e->d_name + len - 4, ".txt"))
			continue;
		/* The player's lesson stands in for the shipped one. */
		for (i = 0; i < *n; i++)
			seen |= strlen((*list)[i].name) == len - 4 &&
			        !strncmp((*list)[i].name, e->d_name, len - 4);
		if (seen)
			continue;
		if (*n == *cap) {
			size_t c = *cap ? 2 * *cap : 16;
			struct files_lesson *g = realloc(*list, c * sizeof(*g));

			if (!g)
				break;
			*list = g;
			*cap = c;
		}
		l = &(*list)[(*n)++];
		snprintf(l->name, sizeof(l->name), "%.*s", (int)(len - 4),
		         e->d_name);
		snprintf(path, sizeof(path), "%s/lessons/%s", folder,
		         e->d_name);
		/* Its title in the player's language when it is translated. */
		if (s->language[0] &&
		    files_translated_lesson(s, l->name, tpath, sizeof(tpath)) ==
		            0)
			snprintf(path, sizeof(path), "%s", tpath);
		diag_list_init(&diags, 0);
		if (files_check(path, s, &d, &diags) == 0 && d && d->map)
			snprintf(l->line, sizeof(l->line), _("%s (%zu pages)"),
			         d->map->title ? d->map->title : "", d->npages);
		else
			snprintf(l->line, sizeof(l->line), "%s",
			         _("(broken: hunted --check it)"));
		data_free(d);
		diag_list_fini(&diags);
	}
	closedir(dp);
	return 0;
}

int files_list_lessons(const struct setup *s, FILE *out)
{
	char dir[PATH_MAX], user[PATH_MAX], err[256];
	struct files_lesson *list = NULL;
	size_t n = 0, cap = 0, i;

	if (files_data_dir(s->data_dir, dir, sizeof(dir)) < 0)
		return -1;
	if (userdir_get(0, user, sizeof(user), err, sizeof(err)) == 0)
		files_add_lessons(s, user, &list, &n, &cap);
	if (files_add_lessons(s, dir, &list, &n, &cap) != 0 && !n) {
		fprintf(stderr, _("hunted: no lessons in '%s/lessons'\n"), dir);
		free(list);
		return -1;
	}
	if (n)
		qsort(list, n, sizeof(*list), files_cmp_lessons);
	fprintf(out, "%s\n", _("Lessons (hunted --lesson NAME):"));
	for (i = 0; i < n; i++)
		fprintf(out, "  %-12s %s\n", list[i].name, list[i].line);
	free(list);
	return 0;
}

int files_keymap_path(const struct setup *s, char *buf, size_t size)
{
	char dir[PATH_MAX];
	const char *name = s->keymap;

	if (name && !strchr(name, '/') && !strstr(name, ".txt")) {
		if (files_data_dir(s->data_dir, dir, sizeof(dir)) < 0)
			return -1;
		return (size_t)snprintf(buf, size, "%s/keymaps/%s.txt", dir,
		                        name) < size
		               ? 0
		               : -1;
	}
	if (name)
		return (size_t)snprintf(buf, size, "%s", name) < size ? 0 : -1;
	if (options_path(OPTIONS_KEYS, buf, size) != 0 ||
	    access(buf, F_OK) != 0)
		return -1;
	return 0;
}

/* A checksum of the bytes of d's files as they are on disk now: a reload
 * that finds the same changes nothing. */
uint64_t files_data_sum(const struct data *d)
{
	uint64_t h = 0xcbf29ce484222325u;
	size_t i, n = data_file_count(d);
	char buf[4096];

	for (i = 0; i < n; i++) {
		const char *p = data_file_path(d, i);
		FILE *f = p ? fopen(p, "rb") : NULL;
		size_t k, j;

		for (j = 0; p && p[j]; j++)
			h = (h ^ (unsigned char)p[j]) * 0x100000001b3u;
		if (!f) {
			h = (h ^ 0xff) * 0x100000001b3u;
			continue;
		}
		while ((k = fread(buf, 1, sizeof(buf), f)) > 0)
			for (j = 0; j < k; j++)
				h = (h ^ (unsigned char)buf[j]) *
				    0x100000001b3u;
		fclose(f);
	}
	return h;
}
