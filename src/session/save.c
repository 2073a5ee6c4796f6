/* SPDX-License-Identifier: MIT */
/* save.c - writing and reading saved games (the format is in save.h). */
#include "config.h"

#include "save.h"

#include <glob.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/file.h"
#include "fault.h"
#include "files.h"
#include "record.h"
#include "userdir.h"

void save_map_absolute(struct setup *st)
{
	char cwd[PATH_MAX], *real;

	if (!st->map || st->map[0] == '/' || !files_is_map_file(st->map))
		return;
	real = realpath(st->map, NULL);
	if (real && strlen(real) < sizeof(st->map_buf)) {
		snprintf(st->map_buf, sizeof(st->map_buf), "%s", real);
		st->map = st->map_buf;
	} else if (!real && getcwd(cwd, sizeof(cwd))) {
		/* A map not there now is named where it was looked for. */
		size_t a = strlen(cwd), b = strlen(st->map);

		if (a + b + 2 <= sizeof(st->map_buf)) {
			memmove(st->map_buf + a + 1, st->map, b + 1);
			memcpy(st->map_buf, cwd, a);
			st->map_buf[a] = '/';
			st->map = st->map_buf;
		}
	}
	free(real);
}

int save_write(const struct setup *setup, const struct save_turn *turns,
               size_t n, uint64_t start, uint64_t sum, const char *result,
               const char *path, char *err, size_t err_size)
{
	static struct setup abs; /* large: kept off the stack */
	struct userdir_tmp t;
	size_t i;

	if (n > fault_turns_max(REPLAY_TURNS_MAX)) {
		snprintf(
		        err, err_size,
		        "a game of more than %lu turns is too long to be saved",
		        fault_turns_max(REPLAY_TURNS_MAX));
		return -1;
	}
	abs = *setup;
	if (setup->map == setup->map_buf)
		abs.map = abs.map_buf;
	save_map_absolute(&abs);
	if (userdir_begin(&t, path, err, err_size) != 0)
		return -1;
	fprintf(t.f, "# hunted save: the next start of hunted resumes it "
	             "(doc/formats.md)\n");
	/* The recording's own header, its comment line left out. */
	fprintf(t.f, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
	fprintf(t.f, "version %s\n", PACKAGE_VERSION);
	record_write_game(t.f, &abs);
	/* For a save cut short before its first turn (save_recover). */
	fprintf(t.f, "# start %016" PRIx64 "\n", start);
	if (result)
		fprintf(t.f, "# result %s\n", result);
	fflush(t.f);
	fault_point("save-begin");
	for (i = 0; i < n; i++) {
		record_write_line(t.f, (uint32_t)(i + 1), turns[i].cmd,
		                  turns[i].sum);
		if (i == n / 2) {
			fflush(t.f);
			fault_point("save-mid");
		}
	}
	fprintf(t.f, "end %zu %016" PRIx64 "\n", n, sum);
	return userdir_commit(&t, err, err_size);
}

/* The turns of a save cut short: the header and the whole turn lines,
 * and the end line the last of them gives.  Returns the number of turns
 * kept, or -1 when not even the header is whole. */
static long save_cut(char *buf, size_t len, FILE *out)
{
	size_t at = 0, keep = 0;
	long turns = 0, n;
	char last[17] = "", *nl;
	int header = 0, start = 0;

	while (at < len && (nl = memchr(buf + at, '\n', len - at))) {
		char *line = buf + at;
		size_t ll = (size_t)(nl - line);
		char cmd[8], sum[17];

		if (ll > 5 && !strncmp(line, "turn ", 5)) {
			*nl = '\0';
			if (sscanf(line, "turn %ld %7s %16s", &n, cmd, sum) !=
			            3 ||
			    n != turns + 1 || strlen(sum) != 16) {
				*nl = '\n';
				break;
			}
			*nl = '\n';
			turns = n;
			memcpy(last, sum, sizeof(last));
		} else if (ll > 4 && !strncmp(line, "end ", 4)) {
			break;
		} else if (turns) {
			break;
		} else if (ll > 5 && !strncmp(line, "seed ", 5)) {
			header = 1;
		} else if (ll == 24 && !strncmp(line, "# start ", 8)) {
			memcpy(last, line + 8, 16);
			start = 1;
		}
		at += ll + 1;
		keep = at;
	}
	if (!header || (!turns && !start))
		return -1;
	if (fwrite(buf, 1, keep, out) != keep)
		return -1;
	fprintf(out, "end %ld %s\n", turns, last);
	return turns;
}

int save_recover(const char *path, char *what, size_t size)
{
	char *buf = NULL, msg[PATH_MAX + 128];
	char moved[PATH_MAX + 64], err[PATH_MAX + 128];
	size_t len, i;
	glob_t g;
	int found = 0;

	*what = '\0';
	if (!userdir_siblings(path, "tmp", &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		const char *tmp = g.gl_pathv[i];
		struct userdir_tmp t;
		long turns = -1;
		struct stat st;

		/* Another hunted writing its save now is left to finish. */
		if (userdir_sibling_live(tmp))
			continue;
		if (file_read(tmp, REPLAY_FILE_MAX, &buf, &len, NULL, msg,
		              sizeof(msg)) == FILE_OK &&
		    lstat(path, &st) != 0 &&
		    userdir_begin(&t, path, err, sizeof(err)) == 0) {
			turns = save_cut(buf, len, t.f);
			if (turns < 0 ||
			    userdir_commit(&t, err, sizeof(err)) != 0) {
				userdir_abandon(&t);
				turns = -1;
			}
		}
		free(buf);
		buf = NULL;
		if (turns >= 0) {
			unlink(tmp);
			snprintf(what, size,
			         "A save cut short by a crash was recovered up "
			         "to turn %ld.",
			         turns);
			found = 1;
		} else if (userdir_move_aside(tmp, "crash", moved,
		                              sizeof(moved), err,
		                              sizeof(err)) == 0) {
			if (!found)
				snprintf(what, size,
				         "A save left unfinished by a crash is "
				         "now %s.",
				         moved);
			found = 1;
		}
	}
	globfree(&g);
	return found;
}

size_t save_beside(const char *path, char (*names)[SAVE_BESIDE_MAX], size_t max)
{
	size_t i, n = 0;
	glob_t g;

	if (!userdir_siblings(path, "also", &g))
		return 0;
	for (i = 0; i < g.gl_pathc && n < max; i++) {
		const char *name = g.gl_pathv[i];

		/* A game still playing keeps its own. */
		if (userdir_sibling_live(name))
			continue;
		if (strlen(name) < SAVE_BESIDE_MAX)
			snprintf(names[n++], SAVE_BESIDE_MAX, "%s", name);
	}
	globfree(&g);
	return n;
}

int save_result(const char *path, char *buf, size_t size)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int found = 0, n = 0;

	if (!f)
		return 0;
	/* The header's comments: the first lines of the file. */
	while (!found && n++ < 64 && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "# result ", 9))
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(buf, size, "%s", line + 9);
		found = 1;
	}
	fclose(f);
	return found;
}

int save_load(struct replay *r, const char *path, struct setup *setup,
              struct diag_list *diags)
{
	if (replay_load(r, path, setup, diags) != 0)
		return -1;
	if (!r->version_line) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL,
		         "the save has no 'version' line: it was not written "
		         "by this hunted (%s)",
		         PACKAGE_VERSION);
		replay_fini(r);
		return -1;
	}
	if (strcmp(r->version, PACKAGE_VERSION)) {
		diag_add(diags, DIAG_ERROR, path, r->version_line, 0, NULL, 0,
		         NULL,
		         "the save is of hunted %s, not of this hunted %s: "
		         "it cannot be resumed (another version's rules may "
		         "differ)",
		         r->version, PACKAGE_VERSION);
		replay_fini(r);
		return -1;
	}
	return 0;
}
