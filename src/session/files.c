/* game.c - finding, loading and watching a game's data files. */
#include "config.h"

#include "files.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/world/gen.h"

#define DEFAULT_GEN_MONSTERS 10

const char *game_data_dir(const struct game_source *s)
{
	const char *env = getenv("HUNTED_DATA");

	if (s->data_dir)
		return s->data_dir;
	if (env && *env)
		return env;
	/* Not installed yet: play from the source tree it was built from. */
	if (access(HUNTED_DATADIR "/monsters.txt", R_OK) != 0 &&
	    access(HUNTED_SRCDATA "/monsters.txt", R_OK) == 0)
		return HUNTED_SRCDATA;
	return HUNTED_DATADIR;
}

static int is_movingai(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcmp(path + n - 4, ".map");
}

char *game_map_path(const struct game_source *s)
{
	const char *name = s->map ? s->map : "default";
	const char *dot = strrchr(name, '.');
	const char *dir = game_data_dir(s);
	size_t n;
	char *p;

	if (strchr(name, '/') ||
	    (dot && (!strcmp(dot, ".txt") || !strcmp(dot, ".map"))))
		return strdup(name);
	n = strlen(dir) + strlen(name) + sizeof("/maps/.txt");
	p = malloc(n);
	if (p)
		snprintf(p, n, "%s/maps/%s.txt", dir, name);
	return p;
}

static void out_of_memory(struct diag_list *diags, const char *what)
{
	diag_add(diags, DIAG_ERROR, what, 1, 1, NULL, 0, NULL, "out of memory");
}

int game_check_file(const char *path, const struct game_source *s,
                    struct data **out, struct diag_list *diags)
{
	struct data *d = data_new();
	size_t errors = diags->errors;
	int rc;

	if (!d) {
		out_of_memory(diags, path);
		return -1;
	}
	if (is_movingai(path)) {
		char kinds[4096];

		snprintf(kinds, sizeof(kinds), "%s/monsters.txt",
		         game_data_dir(s));
		rc = data_load(d, kinds, diags);
		if (rc == 0)
			rc = data_load_movingai(d, path, s->seed, diags);
	} else {
		rc = data_load(d, path, diags);
	}
	if (rc == 0 && data_check_reachable(d, diags) < 0)
		out_of_memory(diags, path);
	if (diags->errors != errors)
		rc = -1;
	if (out && rc == 0)
		*out = d;
	else
		data_free(d);
	return rc;
}

struct data *game_load(const struct game_source *s, struct diag_list *diags)
{
	struct data *d = NULL;

	if (s->gen_w) {
		char kinds[4096];

		d = data_new();
		if (!d) {
			out_of_memory(diags, "generated dungeon");
			return NULL;
		}
		snprintf(kinds, sizeof(kinds), "%s/monsters.txt",
		         game_data_dir(s));
		if (data_load(d, kinds, diags) != 0 ||
		    gen_dungeon(d, s->gen_w, s->gen_h, s->seed,
		                s->monsters >= 0 ? (int)s->monsters
		                                 : DEFAULT_GEN_MONSTERS,
		                diags) != 0) {
			data_free(d);
			d = NULL;
		}
	} else {
		char *path = game_map_path(s);

		if (!path) {
			out_of_memory(diags, "map");
			return NULL;
		}
		if (game_check_file(path, s, &d, diags) != 0)
			d = NULL;
		free(path);
	}
	return d;
}

/* The line of file numbered line, read again for a diagnostic that did not
 * keep its source line; NULL when it cannot be read. */
static char *read_line(const char *file, int line, char *buf, size_t size)
{
	FILE *f = fopen(file, "rb");
	int n = 1, c;
	size_t len = 0;

	if (!f)
		return NULL;
	while (n < line && (c = getc(f)) != EOF)
		if (c == '\n')
			n++;
	while (n == line && (c = getc(f)) != EOF && c != '\n')
		if (len + 1 < size)
			buf[len++] = (char)c;
	fclose(f);
	if (n != line)
		return NULL;
	if (len > 0 && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return buf;
}

/* Tabs before the column are copied so the caret lines up. */
static void print_diag(FILE *f, const struct diag *d)
{
	char buf[DIAG_SOURCE_MAX + 1];
	const char *src = d->source;
	int i;

	fprintf(f, "%s:%d:%d: %s: %s%s%s\n", d->file, d->line, d->col,
	        diag_severity_name(d->severity), d->message,
	        d->hint ? "; " : "", d->hint ? d->hint : "");
	if (!src)
		src = read_line(d->file, d->line, buf, sizeof(buf));
	if (!src || !*src)
		return;
	fputs("    ", f);
	for (i = 0; src[i]; i++) {
		unsigned char c = (unsigned char)src[i];

		/* Never send a control byte from a bad file to the terminal. */
		fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', f);
	}
	fputs("\n    ", f);
	for (i = 0; i < d->col - 1 && src[i]; i++)
		fputc(src[i] == '\t' ? '\t' : ' ', f);
	for (; i < d->col - 1; i++)
		fputc(' ', f);
	fputs("^\n", f);
}

void game_print_diags(FILE *f, const struct diag_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		print_diag(f, &l->items[i]);
	if (l->truncated)
		fprintf(f,
		        "hunted: too many problems; only the first "
		        "%zu are shown\n",
		        l->len);
	if (l->nomem)
		fprintf(f, "hunted: out of memory; some problems are not "
		           "shown\n");
}

/* Modification time in nanoseconds and size, -1 when unreadable. */
static void stamp_of(const char *path, int64_t *mtime, int64_t *size)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		*mtime = *size = -1;
		return;
	}
	*mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 +
	         (int64_t)st.st_mtim.tv_nsec;
	*size = (int64_t)st.st_size;
}

int game_files_snapshot(const struct data *d, struct game_files *f)
{
	size_t i, n = data_file_count(d);

	memset(f, 0, sizeof(*f));
	f->paths = calloc(n ? n : 1, sizeof(*f->paths));
	f->mtimes = calloc(n ? n : 1, sizeof(*f->mtimes));
	f->sizes = calloc(n ? n : 1, sizeof(*f->sizes));
	if (!f->paths || !f->mtimes || !f->sizes) {
		game_files_fini(f);
		return -1;
	}
	for (i = 0; i < n; i++) {
		f->paths[i] = strdup(data_file_path(d, i));
		if (!f->paths[i]) {
			f->n = i;
			game_files_fini(f);
			return -1;
		}
		stamp_of(f->paths[i], &f->mtimes[i], &f->sizes[i]);
	}
	f->n = n;
	return 0;
}

int game_files_changed(const struct game_files *f)
{
	size_t i;

	int64_t t, n;

	for (i = 0; i < f->n; i++) {
		stamp_of(f->paths[i], &t, &n);
		if (t != f->mtimes[i] || n != f->sizes[i])
			return 1;
	}
	return 0;
}

void game_files_fini(struct game_files *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->paths[i]);
	free(f->paths);
	free(f->mtimes);
	free(f->sizes);
	memset(f, 0, sizeof(*f));
}
