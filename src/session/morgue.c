/* SPDX-License-Identifier: MIT */
/* morgue.c - writing a finished game's morgue file. */
#include "config.h"

#include "morgue.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "userdir.h"

/* "1st", "2nd", "3rd", "11th"... */
static const char *morgue_ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	switch (n % 10) {
	case 1:
		return "st";
	case 2:
		return "nd";
	case 3:
		return "rd";
	default:
		return "th";
	}
}

/* The dungeon as it was at the end: terrain, what lay on it, the
 * monsters still alive and the player. */
static void morgue_map(FILE *f, const struct world *w)
{
	int x0 = 0, y0 = 0, mw = w->width, mh = w->height, x, y;
	size_t i, n;
	char *row;

	if (mw > MORGUE_MAP_MAX) {
		mw = MORGUE_MAP_MAX;
		x0 = w->px - mw / 2;
		x0 = x0 < 0 ? 0 : x0 > w->width - mw ? w->width - mw : x0;
	}
	if (mh > MORGUE_MAP_MAX) {
		mh = MORGUE_MAP_MAX;
		y0 = w->py - mh / 2;
		y0 = y0 < 0 ? 0 : y0 > w->height - mh ? w->height - mh : y0;
	}
	if (mw != w->width || mh != w->height)
		fprintf(f,
		        "(the %dx%d cells from %d,%d, around you, of a %dx%d "
		        "dungeon)\n",
		        mw, mh, x0, y0, w->width, w->height);
	row = malloc((size_t)mw * (size_t)mh);
	if (!row) {
		fprintf(f, "(no memory to draw it)\n");
		return;
	}
	for (y = 0; y < mh; y++)
		for (x = 0; x < mw; x++)
			row[(size_t)y * (size_t)mw + (size_t)x] =
			        world_terrain_at(w, x0 + x, y0 + y)->glyph;
#define MORGUE_PUT(cx, cy, ch)                                                 \
	do {                                                                   \
		if ((cx) >= x0 && (cx) < x0 + mw && (cy) >= y0 &&              \
		    (cy) < y0 + mh)                                            \
			row[(size_t)((cy)-y0) * (size_t)mw +                   \
			    (size_t)((cx)-x0)] = (ch);                         \
	} while (0)
	for (i = 0; i < w->nitems; i++)
		if (!w->items[i].taken)
			MORGUE_PUT(w->items[i].x, w->items[i].y,
			           w->data->keys[w->items[i].key].glyph);
	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive)
			MORGUE_PUT(
			        w->monsters[i].x, w->monsters[i].y,
			        w->data->monsters[w->monsters[i].kind].glyph);
	MORGUE_PUT(w->px, w->py, '@');
#undef MORGUE_PUT
	for (y = 0; y < mh; y++) {
		n = (size_t)mw;
		/* No trailing blanks; a byte that is not printable as '?'. */
		while (n > 0 && row[(size_t)y * (size_t)mw + n - 1] == ' ')
			n--;
		for (i = 0; i < n; i++) {
			char c = row[(size_t)y * (size_t)mw + i];

			fputc(c >= 0x20 && c < 0x7f ? c : '?', f);
		}
		fputc('\n', f);
	}
	free(row);
}

void morgue_print(FILE *f, const struct morgue_game *m, time_t when)
{
	const struct world *w = m->world;
	char text[256], score[256], args[SETUP_MAP_MAX + 256], date[64];
	char keys[256] = "";
	struct tm tm;
	size_t i, n = 0;
	uint32_t turn;

	ending_record(m->end, text, sizeof(text));
	ending_score_text(m->end, score, sizeof(score));
	setup_game_args(m->setup, args, sizeof(args));
	if (!localtime_r(&when, &tm) ||
	    !strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(date, sizeof(date), "%ld", (long)when);
	for (i = 0; i < w->data->nkeys && i < 64; i++)
		if (w->keys & ((uint64_t)1 << i))
			n += (size_t)snprintf(keys + n, sizeof(keys) - n,
			                      "%s%s", n ? ", " : "",
			                      w->data->keys[i].name);
	fprintf(f, "hunted %s - the end of a game\n\n", PACKAGE_VERSION);
	fprintf(f, "%s\n", text);
	fprintf(f, "Score: %s\n", score);
	if (m->rank >= 0)
		fprintf(f, "High scores: %d%s of %zu (%s)\n", m->rank + 1,
		        morgue_ordinal(m->rank + 1), m->nscores, m->scores);
	if (m->level > 0)
		fprintf(f, "\nDungeon: %s, level %d of the campaign\n",
		        m->label, m->level);
	else
		fprintf(f, "\nDungeon: %s\n", m->label);
	fprintf(f, "Seed: %" PRIu64 "\n", m->seed);
	if (m->unsaveable)
		fprintf(f, "Not replayable: %s.\n", m->unsaveable);
	fprintf(f, "Play it again: hunted %s\n", args);
	fprintf(f, "Ended: %s\n", date);
	fprintf(f, "You: HP %d/%d, keys: %s, %u monster%s killed\n", w->php,
	        w->php_max, n ? keys : "none", m->end->kills,
	        m->end->kills == 1 ? "" : "s");
	fprintf(f, "\nLast messages:\n");
	if (!m->notes->nmsgs)
		fprintf(f, "  (none)\n");
	for (i = 0; i < m->notes->nmsgs; i++) {
		const char *msg = ending_message(m->notes, i, &turn);

		fprintf(f, "  %5u  %s\n", turn, msg);
	}
	fprintf(f, "\nThe dungeon at the end:\n");
	morgue_map(f, w);
}

int morgue_write(const struct morgue_game *m, char *path, size_t path_size,
                 char *err, size_t err_size)
{
	char name[128], stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	FILE *f;
	int fd = -1, k, bad, e;

	if (!localtime_r(&now, &tm) ||
	    !strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof(stamp), "%ld", (long)now);
	for (k = 1; k < 100 && fd < 0; k++) {
		if (k == 1)
			snprintf(name, sizeof(name),
			         "morgue-%s-%" PRIu64 ".txt", stamp, m->seed);
		else
			snprintf(name, sizeof(name),
			         "morgue-%s-%" PRIu64 "-%d.txt", stamp, m->seed,
			         k);
		if (userdir_file(name, path, path_size, err, err_size) != 0)
			return -1;
		fd = open(path,
		          O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
		          0600);
		if (fd < 0 && errno != EEXIST) {
			snprintf(err, err_size, "cannot write '%s': %s", path,
			         strerror(errno));
			return -1;
		}
	}
	if (fd < 0) {
		snprintf(err, err_size,
		         "cannot write '%s': too many morgue "
		         "files of that second",
		         path);
		return -1;
	}
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(path);
		snprintf(err, err_size, "cannot write '%s': %s", path,
		         strerror(errno));
		return -1;
	}
	morgue_print(f, m, now);
	errno = 0;
	bad = ferror(f) || fflush(f) != 0;
	e = bad ? errno : fault_write();
	if (fclose(f) != 0 && !e)
		e = errno;
	if (e || bad) {
		snprintf(err, err_size, "cannot write '%s': %s", path,
		         strerror(e ? e : EIO));
		unlink(path);
		return -1;
	}
	return 0;
}
