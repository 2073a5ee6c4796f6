/* SPDX-License-Identifier: MIT */
/* test_scale.c - the data loader and the dungeon checks at the largest
 * sizes, judged by the work they do rather than by the machine's speed:
 * realloc and the floods are wrapped at link time (-Wl,--wrap, see
 * local.mk) and counted.  Loading n things must take a number of
 * reallocations that grows as log n, never one per thing; checking a map
 * must cost a few passes over it, never a flood per monster kind or per
 * try at a start. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/data/data.h"
#include "core/data/movingai.h"
#include "core/path/flood.h"
#include "lib/fixture.h"
#include "lib/tap.h"

/* ---- the wrapped functions ---------------------------------------------- */

/* What the wrappers have counted since scale_count_start. */
static struct {
	int on;
	size_t reallocs;
	size_t realloc_bytes; /* asked for, summed over the calls */
	size_t flood_cells;   /* cells a flood visited, summed */
	size_t floods;        /* flood_steps and flood_components calls */
} scale_count;

void *__real_realloc(void *p, size_t size);
void *__wrap_realloc(void *p, size_t size);
size_t __real_flood_steps(const struct grid *g, enum path_diagonal diag,
                          int x, int y, uint32_t *dist, uint32_t *queue);
size_t __wrap_flood_steps(const struct grid *g, enum path_diagonal diag,
                          int x, int y, uint32_t *dist, uint32_t *queue);
int __real_flood_components(const struct grid *g, enum path_diagonal diag,
                            uint32_t *labels, uint32_t *count);
int __wrap_flood_components(const struct grid *g, enum path_diagonal diag,
                            uint32_t *labels, uint32_t *count);

void *__wrap_realloc(void *p, size_t size)
{
	if (scale_count.on) {
		scale_count.reallocs++;
		scale_count.realloc_bytes += size;
	}
	return __real_realloc(p, size);
}

/* A flood from one cell visits the cells it reaches. */
size_t __wrap_flood_steps(const struct grid *g, enum path_diagonal diag,
                          int x, int y, uint32_t *dist, uint32_t *queue)
{
	size_t n = __real_flood_steps(g, diag, x, y, dist, queue);

	if (scale_count.on) {
		scale_count.floods++;
		scale_count.flood_cells += n;
	}
	return n;
}

/* Labelling the areas visits every cell. */
int __wrap_flood_components(const struct grid *g, enum path_diagonal diag,
                            uint32_t *labels, uint32_t *count)
{
	if (scale_count.on) {
		scale_count.floods++;
		scale_count.flood_cells += (size_t)g->width * (size_t)g->height;
	}
	return __real_flood_components(g, diag, labels, count);
}

static void scale_count_start(void)
{
	memset(&scale_count, 0, sizeof(scale_count));
	scale_count.on = 1;
}

static void scale_count_stop(void)
{
	scale_count.on = 0;
}

/* ---- maps ---------------------------------------------------------------- */

/* A dungeon of width x height floor cells holding the player, the exit and
 * then monsters rats, row by row, as the text of a map file. */
static char *scale_map_text(int width, int height, size_t monsters,
                            size_t *len)
{
	static const char head[] = "terrain floor glyph '.'\n"
	                           "terrain stairs glyph '>'\n"
	                           "monster rat glyph 'r'\n"
	                           "dungeon crowd\n"
	                           "legend '.' floor\n"
	                           "legend '@' floor player\n"
	                           "legend '>' stairs exit\n"
	                           "legend 'r' floor monster rat\n"
	                           "MAP\n";
	size_t cells = (size_t)width * (size_t)height, i, n = 0;
	char *text = malloc(sizeof(head) + cells + (size_t)height + 16);

	assert_non_null(text);
	assert_true(monsters + 2 <= cells);
	memcpy(text, head, sizeof(head) - 1);
	n = sizeof(head) - 1;
	for (i = 0; i < cells; i++) {
		text[n++] = i == 0               ? '@'
		            : i == 1             ? '>'
		            : i < monsters + 2 ? 'r'
		                               : '.';
		if ((i + 1) % (size_t)width == 0)
			text[n++] = '\n';
	}
	memcpy(text + n, "ENDMAP\n", 7);
	*len = n + 7;
	return text;
}

/* The most a map may hold: 65,534 monsters with the player and the exit,
 * in rows as wide as a map may be.  A reallocation per thing or per row
 * made this take a minute and most of a gigabyte under AddressSanitizer,
 * whose realloc always moves the block. */
static void test_scale_most_things_few_reallocations(void **state)
{
	const int width = DATA_MAP_MAX_DIM, height = 64;
	const size_t monsters = DATA_PLACE_MAX - 2;
	struct diag_list dl;
	struct data *d = data_new();
	size_t len, final;
	char *text = scale_map_text(width, height, monsters, &len);

	(void)state;
	diag_list_init(&dl, 0);
	scale_count_start();
	assert_int_equal(data_load_buffer(d, "crowd.txt", text, len, &dl), 0);
	scale_count_stop();
	assert_int_equal(dl.len, 0);
	assert_int_equal(d->map->nplaces, DATA_PLACE_MAX);
	assert_int_equal(d->map->width, width);
	assert_int_equal(d->map->height, height);
	/* Doubling: about log2 of the things and of the rows, and a few
	 * for the records and names. */
	if (scale_count.reallocs > 48)
		fail_msg("%zu reallocations to load %zu things in %d rows",
		         scale_count.reallocs, monsters + 2, height);
	/* Each doubling asks for twice the one before: in all, not much
	 * more than twice the final arrays. */
	final = DATA_PLACE_MAX * sizeof(struct data_place) +
	        (size_t)width * (size_t)height;
	if (scale_count.realloc_bytes > 4 * final)
		fail_msg("%zu bytes asked of realloc for %zu bytes of arrays",
		         scale_count.realloc_bytes, final);
	diag_list_fini(&dl);
	data_free(d);
	free(text);

	/* One monster more is one thing too many. */
	text = scale_map_text(width, height, monsters + 1, &len);
	d = data_new();
	diag_list_init(&dl, 0);
	assert_int_equal(data_load_buffer(d, "crowd.txt", text, len, &dl), -1);
	assert_int_equal(dl.len, 1);
	assert_int_equal(dl.items[0].line, 10 + (int)(DATA_PLACE_MAX / width));
	assert_int_equal(dl.items[0].col, (int)(DATA_PLACE_MAX % width) + 1);
	assert_string_equal(dl.items[0].message,
	                    "too many things placed on the map (at most 65536: "
	                    "the player, the exits, the keys and the "
	                    "monsters)");
	diag_list_fini(&dl);
	data_free(d);
	free(text);
}

/* Every kind of record to its limit. */
static void test_scale_records_few_reallocations(void **state)
{
	size_t size = (DATA_TERRAIN_MAX + DATA_KEY_MAX + DATA_MONSTER_MAX) * 40;
	char *text = malloc(size);
	struct diag_list dl;
	struct data *d = data_new();
	size_t n = 0;
	int i;

	(void)state;
	assert_non_null(text);
	for (i = 0; i < DATA_TERRAIN_MAX; i++)
		n += (size_t)snprintf(text + n, size - n,
		                      "terrain t%d glyph 'x'\n", i);
	for (i = 0; i < DATA_KEY_MAX; i++)
		n += (size_t)snprintf(text + n, size - n, "key k%d glyph 'k'\n",
		                      i);
	for (i = 0; i < DATA_MONSTER_MAX; i++)
		n += (size_t)snprintf(text + n, size - n,
		                      "monster m%d glyph 'm'\n", i);
	diag_list_init(&dl, 0);
	scale_count_start();
	assert_int_equal(data_load_buffer(d, "kinds.txt", text, n, &dl), 0);
	scale_count_stop();
	assert_int_equal(d->nterrain, DATA_TERRAIN_MAX);
	assert_int_equal(d->nmonsters, DATA_MONSTER_MAX);
	if (scale_count.reallocs > 24)
		fail_msg("%zu reallocations for %d records",
		         scale_count.reallocs,
		         DATA_TERRAIN_MAX + DATA_KEY_MAX + DATA_MONSTER_MAX);
	diag_list_fini(&dl);
	data_free(d);
	free(text);
}

/* A scenario whose every row names another map. */
static void test_scale_scenario_maps_few_reallocations(void **state)
{
	const size_t rows = 20000;
	size_t size = rows * 48 + 16, n = 0, i;
	char *text = malloc(size);
	struct movingai_scen sc;
	struct movingai_error err;
	FILE *f;

	(void)state;
	assert_non_null(text);
	n += (size_t)snprintf(text + n, size - n, "version 1\n");
	for (i = 0; i < rows; i++)
		n += (size_t)snprintf(text + n, size - n,
		                      "0 m%zu.map 9 9 0 0 8 8 11.3\n", i);
	f = fmemopen(text, n, "r");
	assert_non_null(f);
	scale_count_start();
	assert_int_equal(movingai_read_scen(f, &sc, &err), MOVINGAI_OK);
	scale_count_stop();
	fclose(f);
	assert_int_equal(sc.count, rows);
	assert_int_equal(sc.map_count, rows);
	assert_string_equal(sc.maps[rows - 1], "m19999.map");
	if (scale_count.reallocs > 48)
		fail_msg("%zu reallocations for %zu rows and maps",
		         scale_count.reallocs, rows);
	movingai_scen_free(&sc);
	free(text);
}

/* ---- checks --------------------------------------------------------------- */

/* A Moving AI map of width x height, open but for a wall every third row
 * with a gap at its end, into the scratch file path. */
static void scale_write_movingai(const char *path, int width, int height)
{
	FILE *f = fopen(path, "w");
	int x, y;

	assert_non_null(f);
	fprintf(f, "type octile\nheight %d\nwidth %d\nmap\n", height, width);
	for (y = 0; y < height; y++) {
		for (x = 0; x < width; x++)
			fputc(y % 3 == 2 && x < width - 2 ? '@' : '.', f);
		fputc('\n', f);
	}
	assert_int_equal(fclose(f), 0);
}

/* Loading a Moving AI map tries eight starts and floods once from the one
 * it keeps; checking it labels the player's areas once, and those serve
 * every kind of monster that moves as the player does.  All of it visits
 * each cell at most three times (it was twelve and more: a flood per try,
 * per check and per monster kind). */
static void test_scale_movingai_check_passes(void **state)
{
	const int width = 300, height = 200;
	const size_t cells = (size_t)width * (size_t)height;
	const char *tmp = getenv("TMPDIR");
	char kinds[1024], path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	int fd;

	(void)state;
	snprintf(path, sizeof(path), "%s/test_scale.XXXXXX",
	         tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	scale_write_movingai(path, width, height);
	snprintf(kinds, sizeof(kinds), "%s/data/monsters.txt",
	         fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, kinds, &dl), 0);
	scale_count_start();
	assert_int_equal(data_load_movingai(d, path, 7, &dl), 0);
	assert_int_equal(data_check_reachable(d, &dl), 0);
	scale_count_stop();
	unlink(path);
	assert_int_equal(dl.len, 0);
	/* More than two monsters, of more than one kind. */
	assert_true(d->map->nplaces > 4);
	if (scale_count.flood_cells > 3 * cells)
		fail_msg("%zu floods visited %zu cells of %zu",
		         scale_count.floods, scale_count.flood_cells, cells);
	diag_list_fini(&dl);
	data_free(d);
}

/* A map with a monster of every kind that walks on floor: the check
 * labels the areas once for the player and all of them. */
static void test_scale_map_check_passes(void **state)
{
	static const char *const kinds[] = {"rat", "goblin", "orc",
	                                    "jailer", "salamander", "wolf"};
	const int width = 200, height = 100, nkinds = 6;
	const size_t cells = (size_t)width * (size_t)height;
	size_t size = cells + (size_t)height + 1024, n = 0;
	char *text = malloc(size);
	struct diag_list dl;
	struct data *d = data_new();
	int x, y;

	(void)state;
	assert_non_null(text);
	n += (size_t)snprintf(text + n, size - n,
	                      "include \"%s/data/monsters.txt\"\n"
	                      "dungeon open\n"
	                      "legend '.' floor\nlegend '@' floor player\n"
	                      "legend '>' stairs exit\n",
	                      fixture_srcdir());
	/* Each kind's glyph is its digit. */
	for (x = 0; x < nkinds; x++)
		n += (size_t)snprintf(text + n, size - n,
		                      "legend '%d' floor monster %s\n", x,
		                      kinds[x]);
	n += (size_t)snprintf(text + n, size - n, "MAP\n");
	for (y = 0; y < height; y++) {
		for (x = 0; x < width; x++) {
			if (x == 0 && y == 0)
				text[n++] = '@';
			else if (x == width - 1 && y == height - 1)
				text[n++] = '>';
			else if (y == height / 2 && x < nkinds)
				text[n++] = (char)('0' + x);
			else
				text[n++] = '.';
		}
		text[n++] = '\n';
	}
	n += (size_t)snprintf(text + n, size - n, "ENDMAP\n");
	diag_list_init(&dl, 0);
	assert_int_equal(data_load_buffer(d, "open.txt", text, n, &dl), 0);
	scale_count_start();
	assert_int_equal(data_check_reachable(d, &dl), 0);
	scale_count_stop();
	if (scale_count.flood_cells > cells)
		fail_msg("%zu floods visited %zu cells of %zu",
		         scale_count.floods, scale_count.flood_cells, cells);
	diag_list_fini(&dl);
	data_free(d);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_scale_most_things_few_reallocations),
	        cmocka_unit_test(test_scale_records_few_reallocations),
	        cmocka_unit_test(test_scale_scenario_maps_few_reallocations),
	        cmocka_unit_test(test_scale_movingai_check_passes),
	        cmocka_unit_test(test_scale_map_check_passes),
	};

	return tap_run(tests, NULL, NULL);
}
