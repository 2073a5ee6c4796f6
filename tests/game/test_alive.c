/* SPDX-License-Identifier: MIT */
/* test_alive.c - the shipped dungeons are alive without --hunt: while
 * the player stands and waits, every monster on every map moves (guards
 * walk their rounds, the others wander). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/fixture.h"
#include "lib/tap.h"

#define WAIT_TURNS 300

static void check_map_alive(const char *file)
{
	struct game *g = dungeon_shipped(file, 1, -1);
	struct world *w = g->world;
	int *sx, *sy, t;
	unsigned char *moved;
	size_t i, still = 0;

	w->php = w->php_max = 1000000; /* it waits; they may strike */
	sx = calloc(w->nmonsters + 1, sizeof(*sx));
	sy = calloc(w->nmonsters + 1, sizeof(*sy));
	moved = calloc(w->nmonsters + 1, 1);
	assert_true(sx && sy && moved);
	for (i = 0; i < w->nmonsters; i++) {
		sx[i] = w->monsters[i].x;
		sy[i] = w->monsters[i].y;
	}
	for (t = 0; t < WAIT_TURNS && w->state == WORLD_PLAYING; t++) {
		game_step(g, (struct world_cmd){WCMD_WAIT, 0, 0});
		for (i = 0; i < w->nmonsters; i++)
			moved[i] |= w->monsters[i].x != sx[i] ||
			            w->monsters[i].y != sy[i];
	}
	for (i = 0; i < w->nmonsters; i++)
		if (!moved[i]) {
			print_error("%s: %s#%zu at %d,%d never moved in %d "
			            "turns\n",
			            file,
			            w->data->monsters[w->monsters[i].kind].name,
			            i, sx[i], sy[i], WAIT_TURNS);
			still++;
		}
	print_message("%s: %zu monsters, %zu never moved\n", file, w->nmonsters,
	              still);
	assert_int_equal(still, 0);
	free(sx);
	free(sy);
	free(moved);
	game_free(g);
}

static void test_alive_every_shipped_map(void **state)
{
	char dir[1024];
	DIR *dp;
	struct dirent *de;
	int maps = 0;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/data/maps", fixture_srcdir());
	dp = opendir(dir);
	assert_non_null(dp);
	while ((de = readdir(dp)) != NULL) {
		size_t n = strlen(de->d_name);

		if (n < 5 || strcmp(de->d_name + n - 4, ".txt") != 0)
			continue;
		check_map_alive(de->d_name);
		maps++;
	}
	closedir(dp);
	assert_true(maps >= 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_alive_every_shipped_map),
	};

	return tap_run(tests, NULL, NULL);
}
