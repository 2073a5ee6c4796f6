/* SPDX-License-Identifier: MIT */
/* test_movingai.c - the Moving AI readers, and the path engine against the
 * optimal lengths of a real benchmark map (den312d, 320 problems).
 *
 * The map and its problems are tests/fixtures' (tests/lib/fixture.h).
 * Malformed inputs go through tmpfile() so each case is a plain string;
 * files of every kind (a FIFO, a device, a sparse giant) go through the
 * loaders by name. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/path/grid.h"
#include "core/data/movingai.h"
#include "core/path/path.h"
#include "lib/fixture.h"
#include "lib/tap.h"

/* sqrt(2) ~ 1393/985 to better than 3e-7 relative. */
#define STRAIGHT 985u
#define DIAGONAL 1393u

static FILE *text_file(const char *s, size_t n)
{
	FILE *f = tmpfile();

	assert_non_null(f);
	if (n)
		assert_int_equal(fwrite(s, 1, n, f), n);
	rewind(f);
	return f;
}

/* Reads text as a map; returns the status and leaves g and err filled. */
static int map_from(const char *s, size_t n, uint8_t swamp, struct grid *g,
                    struct movingai_error *err)
{
	FILE *f = text_file(s, n);
	int rc = movingai_read_map(f, swamp, g, err);

	fclose(f);
	return rc;
}

static int scen_from(const char *s, size_t n, struct movingai_scen *sc,
                     struct movingai_error *err)
{
	FILE *f = text_file(s, n);
	int rc = movingai_read_scen(f, sc, err);

	fclose(f);
	return rc;
}

/* Expects text to be rejected as a map at line:col. */
static void map_rejects(const char *s, size_t n, int line, int col)
{
	struct movingai_error err;
	struct grid g;
	int rc = map_from(s, n, 1, &g, &err);

	if (rc != MOVINGAI_EFORMAT || err.line != line || err.col != col)
		print_error("got %d at %d:%d (%s), wanted %d:%d\n", rc,
		            err.line, err.col, err.message, line, col);
	assert_int_equal(rc, MOVINGAI_EFORMAT);
	assert_int_equal(err.line, line);
	assert_int_equal(err.col, col);
	assert_true(strlen(err.message) > 0);
	assert_null(g.cost);
	grid_fini(&g);
}

static void scen_rejects(const char *s, size_t n, int line, int col)
{
	struct movingai_error err;
	struct movingai_scen sc;
	int rc = scen_from(s, n, &sc, &err);

	if (rc != MOVINGAI_EFORMAT || err.line != line || err.col != col)
		print_error("got %d at %d:%d (%s), wanted %d:%d\n", rc,
		            err.line, err.col, err.message, line, col);
	assert_int_equal(rc, MOVINGAI_EFORMAT);
	assert_int_equal(err.line, line);
	assert_int_equal(err.col, col);
	assert_true(strlen(err.message) > 0);
	assert_int_equal(sc.count, 0);
	assert_null(sc.problems);
	movingai_scen_free(&sc);
}

#define MAP_REJECTS(s, line, col)  map_rejects(s, sizeof(s) - 1, line, col)
#define SCEN_REJECTS(s, line, col) scen_rejects(s, sizeof(s) - 1, line, col)

/* --- the benchmark ------------------------------------------------------ */

static void test_movingai_den312d_every_problem(void **state)
{
	struct movingai_scen sc;
	struct path_params p;
	struct path_ctx *ctx;
	struct grid g;
	size_t i, mismatches = 0;

	fixture_load_den312d(&g, &sc);
	assert_int_equal(g.width, 65);
	assert_int_equal(g.height, 81);
	assert_int_equal(sc.map_count, 1);
	assert_string_equal(movingai_basename(sc.maps[0]), "den312d.map");

	path_params_default(&p);
	p.algo = PATH_ASTAR;
	p.heuristic = PATH_H_OCTILE;
	p.diagonal = PATH_DIAG_NO_CORNER;
	p.straight_cost = STRAIGHT;
	p.diagonal_cost = DIAGONAL;
	ctx = path_ctx_new(g.width, g.height);
	assert_non_null(ctx);

	for (i = 0; i < sc.count; i++) {
		const struct movingai_problem *q = &sc.problems[i];
		struct path_result res;
		int st;

		assert_true(movingai_problem_fits(q, &g));
		st = path_find(ctx, &g, &p, q->start_x, q->start_y, q->goal_x,
		               q->goal_y, NULL, 0, &res, NULL);
		if (!fixture_matches_optimal(q, st, res.cost, STRAIGHT))
			mismatches++;
	}
	assert_int_equal(mismatches, 0);
	path_ctx_free(ctx);
	movingai_scen_free(&sc);
	grid_fini(&g);
}

/* --- maps that load ----------------------------------------------------- */

static void test_movingai_map_every_char(void **state)
{
	static const char text[] = "type octile\nheight 2\nwidth 4\nmap\n"
	                           ".GS@\nOTW.\n";
	static const uint8_t want[2][4] = {{1, 1, 3, 0}, {0, 0, 0, 1}};
	struct movingai_error err;
	struct grid g;
	int x, y;

	assert_int_equal(map_from(text, sizeof(text) - 1, 3, &g, &err),
	                 MOVINGAI_OK);
	assert_int_equal(g.width, 4);
	assert_int_equal(g.height, 2);
	for (y = 0; y < 2; y++)
		for (x = 0; x < 4; x++)
			assert_int_equal(grid_cost(&g, x, y), want[y][x]);
	/* The padded border stays blocked. */
	assert_int_equal(g.cost[grid_index(&g, -1, 0)], GRID_BLOCKED);
	assert_int_equal(g.cost[grid_index(&g, 4, 1)], GRID_BLOCKED);
	grid_fini(&g);
}

static void test_movingai_map_crlf_and_order(void **state)
{
	/* CRLF everywhere, width before height, a final row with no newline
	 * and trailing blank lines are all fine. */
	static const char crlf[] = "type octile\r\nwidth 3\r\nheight 2\r\n"
	                           "map\r\n.@.\r\n...\r\n";
	static const char no_nl[] = "type octile\nheight 1\nwidth 2\nmap\n@.";
	static const char blank_tail[] = "type octile\nheight 1\nwidth 1\n"
	                                 "map\n.\n\n  \n";
	struct movingai_error err;
	struct grid g;

	assert_int_equal(map_from(crlf, sizeof(crlf) - 1, 1, &g, &err),
	                 MOVINGAI_OK);
	assert_int_equal(g.width, 3);
	assert_int_equal(g.height, 2);
	assert_int_equal(grid_cost(&g, 1, 0), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 2, 0), 1);
	grid_fini(&g);

	assert_int_equal(map_from(no_nl, sizeof(no_nl) - 1, 1, &g, &err),
	                 MOVINGAI_OK);
	assert_int_equal(grid_cost(&g, 0, 0), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 1, 0), 1);
	grid_fini(&g);

	assert_int_equal(
	        map_from(blank_tail, sizeof(blank_tail) - 1, 1, &g, &err),
	        MOVINGAI_OK);
	grid_fini(&g);
}

/* --- maps that do not --------------------------------------------------- */

static void test_movingai_map_empty(void **state)
{
	map_rejects("", 0, 1, 1);
}

static void test_movingai_map_bad_header(void **state)
{
	MAP_REJECTS("height 2\nwidth 2\nmap\n..\n..\n", 1, 1);
	MAP_REJECTS("type hex\nheight 1\nwidth 1\nmap\n.\n", 1, 6);
	MAP_REJECTS("type\n", 1, 5);
	MAP_REJECTS("type octile extra\n", 1, 13);
	MAP_REJECTS("type octile\nheight 2\nwidht 3\nmap\n...\n...\n", 3, 1);
	MAP_REJECTS("type octile\nheight 2\nmap\n..\n..\n", 3, 1);
	MAP_REJECTS("type octile\nheight 2\nheight 2\n", 3, 1);
	MAP_REJECTS("type octile\nheight\n", 2, 7);
	MAP_REJECTS("type octile\nheight two\n", 2, 8);
	MAP_REJECTS("type octile\nheight 2 3\n", 2, 10);
	MAP_REJECTS("type octile\nheight 1\nwidth 1\nmap x\n.\n", 4, 5);
	MAP_REJECTS("type octile\n\nheight 1\n", 2, 1);
	/* The header ends before "map". */
	MAP_REJECTS("type octile\nheight 1\nwidth 1\n", 4, 1);
}

static void test_movingai_map_bad_dims(void **state)
{
	MAP_REJECTS("type octile\nheight 5000\nwidth 3\nmap\n", 2, 8);
	MAP_REJECTS("type octile\nheight 3\nwidth 4097\nmap\n", 3, 7);
	MAP_REJECTS("type octile\nheight 0\nwidth 3\nmap\n", 2, 8);
	MAP_REJECTS("type octile\nheight -3\nwidth 3\nmap\n", 2, 8);
	MAP_REJECTS("type octile\nheight 99999999999999999999999\n", 2, 8);
}

static void test_movingai_map_bad_rows(void **state)
{
	/* Short row. */
	MAP_REJECTS("type octile\nheight 2\nwidth 3\nmap\n...\n..\n", 6, 3);
	/* Empty row. */
	MAP_REJECTS("type octile\nheight 2\nwidth 3\nmap\n\n...\n", 5, 1);
	/* Long row: the first extra character. */
	MAP_REJECTS("type octile\nheight 2\nwidth 3\nmap\n....\n...\n", 5, 4);
	/* Trailing blank is not a map character's worth of slack. */
	MAP_REJECTS("type octile\nheight 1\nwidth 3\nmap\n... \n", 5, 4);
	/* Unknown character, and a lone CR inside a row. */
	MAP_REJECTS("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n", 6, 2);
	MAP_REJECTS("type octile\nheight 1\nwidth 3\nmap\n.\r.\n", 5, 2);
	/* Fewer rows than the header's height. */
	MAP_REJECTS("type octile\nheight 3\nwidth 1\nmap\n.\n.\n", 7, 1);
	/* More rows than the header's height. */
	MAP_REJECTS("type octile\nheight 1\nwidth 1\nmap\n.\n.\n", 6, 1);
}

static void test_movingai_map_binary_and_long_lines(void **state)
{
	static const char nul_row[] = "type octile\nheight 1\nwidth 2\nmap\n"
	                              ".\0\n";
	struct movingai_error err;
	struct grid g;
	size_t n = 5000, head;
	char *big = malloc(n + 64);

	map_rejects(nul_row, sizeof(nul_row) - 1, 5, 2);
	assert_int_equal(map_from(nul_row, sizeof(nul_row) - 1, 1, &g, &err),
	                 MOVINGAI_EFORMAT);
	assert_non_null(strstr(err.message, "\\x00"));

	/* A row far longer than any map may be. */
	assert_non_null(big);
	head = (size_t)sprintf(big, "type octile\nheight 1\nwidth 3\nmap\n");
	memset(big + head, '.', n);
	big[head + n] = '\n';
	map_rejects(big, head + n + 1, 5, 4);

	/* A header line longer than the reader's buffer. */
	memset(big, 'x', n);
	big[n] = '\n';
	map_rejects(big, n + 1, 1, GRID_MAX_DIM + 1);
	memcpy(big, "type octile\n", 12);
	memset(big + 12, 'h', n - 12);
	map_rejects(big, n + 1, 2, GRID_MAX_DIM + 1);
	free(big);
}

static void test_movingai_map_missing_file(void **state)
{
	struct movingai_error err;
	struct grid g;

	assert_int_equal(movingai_load_map("/nonexistent/x.map", &g, &err),
	                 MOVINGAI_EIO);
	assert_int_equal(err.line, 0);
	assert_true(strlen(err.message) > 0);
	assert_null(g.cost);
	grid_fini(&g);
}

/* Loads path as a map and as a scenario under an alarm (a reader that
 * blocked or read on would fail the case instead of hanging it); both
 * must refuse it with the opener's message want, as a problem of the
 * whole file. */
static void both_refuse(const char *path, const char *want)
{
	struct movingai_error err;
	struct movingai_scen sc;
	struct grid g;

	alarm(60); /* only a reader that waits comes near it */
	assert_int_equal(movingai_load_map(path, &g, &err), MOVINGAI_EIO);
	assert_int_equal(err.line, 0);
	assert_int_equal(err.col, 0);
	assert_string_equal(err.message, want);
	assert_null(g.cost);
	assert_int_equal(movingai_load_scen(path, &sc, &err), MOVINGAI_EIO);
	assert_int_equal(err.line, 0);
	assert_string_equal(err.message, want);
	assert_null(sc.problems);
	alarm(0);
}

static void test_movingai_files_of_every_kind(void **state)
{
	const char *t = getenv("TMPDIR");
	char dir[PATH_MAX], path[PATH_MAX + 32], want[2 * PATH_MAX];
	struct movingai_error err;
	struct grid g;
	FILE *f;
	int fd;

	snprintf(dir, sizeof(dir), "%s/test_movingai.XXXXXX",
	         t && *t ? t : "/tmp");
	assert_non_null(mkdtemp(dir));

	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a directory, not a regular file",
	         dir);
	both_refuse(dir, want);

	snprintf(path, sizeof(path), "%s/fifo.map", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a FIFO (a named pipe), not a "
	         "regular file",
	         path);
	both_refuse(path, want);
	unlink(path);

	snprintf(path, sizeof(path), "%s/zero.map", dir);
	assert_int_equal(symlink("/dev/zero", path), 0);
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a character device, not a regular "
	         "file",
	         path);
	both_refuse(path, want);
	unlink(path);

	snprintf(path, sizeof(path), "%s/huge.map", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	if (ftruncate(fd, (off_t)100 << 30) == 0) {
		snprintf(want, sizeof(want),
		         "'%s' is larger than 32 MiB (it is 100 GiB)", path);
		both_refuse(path, want);
	}
	close(fd);

	/* A regular file is read from memory as from a stream: the same
	 * first problem of an empty one. */
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(movingai_load_map(path, &g, &err), MOVINGAI_EFORMAT);
	assert_int_equal(err.line, 1);
	assert_string_equal(err.message, "empty file: expected 'type octile'");
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("type octile\nheight 1\nwidth 2\nmap\n.@\n", f);
	fclose(f);
	assert_int_equal(movingai_load_map(path, &g, &err), MOVINGAI_OK);
	assert_int_equal(g.width, 2);
	grid_fini(&g);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
}

/* --- scenarios ---------------------------------------------------------- */

static void test_movingai_scen_ok(void **state)
{
	/* bg512 style (version 1.0, spaces), CRLF, a blank line, a tab
	 * row and a final row with no newline. */
	static const char text[] =
	        "version 1.0\r\n"
	        "61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n"
	        "\r\n"
	        "0\tmaps/dao/den312d.map\t65\t81\t1\t2\t3\t4\t1.41421356\n"
	        "2 maps/dao/den312d.map 65 81 0 0 64 80 1e1";
	struct movingai_error err;
	struct movingai_scen sc;
	const struct movingai_problem *p;

	assert_int_equal(scen_from(text, sizeof(text) - 1, &sc, &err),
	                 MOVINGAI_OK);
	assert_int_equal(sc.count, 3);
	assert_int_equal(sc.map_count, 2);
	assert_string_equal(sc.maps[0], "maps/bgmaps/AR0011SR.map");
	assert_string_equal(movingai_basename(sc.maps[1]), "den312d.map");

	p = &sc.problems[0];
	assert_int_equal(p->bucket, 61);
	assert_int_equal(p->map, 0);
	assert_int_equal(p->map_width, 512);
	assert_int_equal(p->map_height, 512);
	assert_int_equal(p->start_x, 210);
	assert_int_equal(p->start_y, 395);
	assert_int_equal(p->goal_x, 87);
	assert_int_equal(p->goal_y, 201);
	assert_true(fabs(p->optimal - 244.95) < 1e-12);
	assert_int_equal(p->line, 2);

	p = &sc.problems[1];
	assert_int_equal(p->map, 1);
	assert_int_equal(p->line, 4);
	assert_true(fabs(p->optimal - 1.41421356) < 1e-12);
	p = &sc.problems[2];
	assert_int_equal(p->goal_x, 64);
	assert_int_equal(p->goal_y, 80);
	assert_true(fabs(p->optimal - 10.0) < 1e-12);
	movingai_scen_free(&sc);
	movingai_scen_free(&sc); /* idempotent */

	/* A version line and nothing else is an empty problem set. */
	assert_int_equal(scen_from("version 1\n", 10, &sc, &err), MOVINGAI_OK);
	assert_int_equal(sc.count, 0);
	movingai_scen_free(&sc);
}

static void test_movingai_scen_bad(void **state)
{
	scen_rejects("", 0, 1, 1);
	SCEN_REJECTS("\n", 1, 1);
	SCEN_REJECTS("version 2\n", 1, 9);
	SCEN_REJECTS("version\n", 1, 8);
	SCEN_REJECTS("0 a.map 65 81 1 2 3 4 1.0\n", 1, 1);
	/* Eight fields: reported just past the end of the line. */
	SCEN_REJECTS("version 1\n0\ta.map\t65\t81\t1\t2\t3\t4\n", 2, 22);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 1.0 9\n", 2, 27);
	SCEN_REJECTS("version 1\n0 a.map 65 81 x 2 3 4 1.0\n", 2, 15);
	SCEN_REJECTS("version 1\n0 a.map 65 81 65 2 3 4 1.0\n", 2, 15);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 -4 1.0\n", 2, 21);
	SCEN_REJECTS("version 1\n0 a.map 65 0 1 2 3 4 1.0\n", 2, 12);
	SCEN_REJECTS("version 1\n0 a.map 9999 81 1 2 3 4 1.0\n", 2, 9);
	SCEN_REJECTS("version 1\n-1 a.map 65 81 1 2 3 4 1.0\n", 2, 1);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 1.2.3\n", 2, 23);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 -1\n", 2, 23);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 1e999\n", 2, 23);
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 nan\n", 2, 23);
	/* An error on a later row still frees the rows before it. */
	SCEN_REJECTS("version 1\n0 a.map 65 81 1 2 3 4 1\n0 a.map 65 81\n", 3,
	             14);
}

/* The numbers are num's, strict: digits only.  A sign was once taken
 * ("+3", "-0"); a minus before digits still reads as a number out of
 * range, as it always did, and every message stays what it was. */
static void test_movingai_numbers_strict(void **state)
{
	static const struct {
		const char *text;
		int scen;
		int line, col;
		const char *message;
	} cases[] = {
	        {"type octile\nheight +3\nwidth 3\nmap\n", 0, 2, 8,
	         "expected a number after 'height', found '+3'"},
	        {"type octile\nheight -3\nwidth 3\nmap\n", 0, 2, 8,
	         "height -3 is out of range 1..4096"},
	        {"type octile\nheight 3\nwidth 0x3\nmap\n", 0, 3, 7,
	         "expected a number after 'width', found '0x3'"},
	        {"type octile\nheight 99999999999999999999999\n", 0, 2, 8,
	         "height 99999999999999999999999 is out of range 1..4096"},
	        {"version 1\n0 a.map 65 81 -0 2 3 4 1.0\n", 1, 2, 15,
	         "start x -0 is out of range 0..64"},
	        {"version 1\n+0 a.map 65 81 1 2 3 4 1.0\n", 1, 2, 1,
	         "bucket: expected a whole number, found '+0'"},
	        {"version 1\n0 a.map 65 81 1 2 3 4 +1.5\n", 1, 2, 23,
	         "optimal length: expected a non-negative number, found "
	         "'+1.5'"},
	        {"version 1\n0 a.map 65 81 1 2 3 4 1e999\n", 1, 2, 23,
	         "optimal length: expected a non-negative number, found "
	         "'1e999'"},
	        {"version 1\n0 a.map 65 81 1 2 3 -4 1.0\n", 1, 2, 21,
	         "goal y -4 is out of range 0..80"},
	};
	struct movingai_error err;
	struct movingai_scen sc;
	struct grid g;
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = strlen(cases[i].text);

		if (cases[i].scen) {
			rc = scen_from(cases[i].text, n, &sc, &err);
			movingai_scen_free(&sc);
		} else {
			rc = map_from(cases[i].text, n, 1, &g, &err);
			grid_fini(&g);
		}
		assert_int_equal(rc, MOVINGAI_EFORMAT);
		assert_int_equal(err.line, cases[i].line);
		assert_int_equal(err.col, cases[i].col);
		assert_string_equal(err.message, cases[i].message);
	}
}

static void test_movingai_scen_long_line(void **state)
{
	size_t n = MOVINGAI_SCEN_LINE_MAX + 100;
	char *big = malloc(n + 16);

	assert_non_null(big);
	memcpy(big, "version 1\n", 10);
	memset(big + 10, '7', n);
	big[10 + n] = '\n';
	scen_rejects(big, n + 11, 2, MOVINGAI_SCEN_LINE_MAX + 1);
	free(big);
}

static void test_movingai_problem_fits(void **state)
{
	static const char text[] = "type octile\nheight 2\nwidth 3\nmap\n"
	                           ".@.\n...\n";
	struct movingai_problem p = {
	        .map_width = 3,
	        .map_height = 2,
	        .goal_x = 2,
	        .goal_y = 1,
	};
	struct movingai_error err;
	struct grid g;

	assert_int_equal(map_from(text, sizeof(text) - 1, 1, &g, &err),
	                 MOVINGAI_OK);
	assert_true(movingai_problem_fits(&p, &g));
	p.start_x = 1; /* a wall */
	assert_false(movingai_problem_fits(&p, &g));
	p.start_x = 0;
	p.map_width = 4;
	assert_false(movingai_problem_fits(&p, &g));
	grid_fini(&g);
	assert_string_equal(movingai_basename("a/b/c.map"), "c.map");
	assert_string_equal(movingai_basename("c.map"), "c.map");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_movingai_den312d_every_problem),
	        cmocka_unit_test(test_movingai_map_every_char),
	        cmocka_unit_test(test_movingai_map_crlf_and_order),
	        cmocka_unit_test(test_movingai_map_empty),
	        cmocka_unit_test(test_movingai_map_bad_header),
	        cmocka_unit_test(test_movingai_map_bad_dims),
	        cmocka_unit_test(test_movingai_map_bad_rows),
	        cmocka_unit_test(test_movingai_map_binary_and_long_lines),
	        cmocka_unit_test(test_movingai_map_missing_file),
	        cmocka_unit_test(test_movingai_files_of_every_kind),
	        cmocka_unit_test(test_movingai_scen_ok),
	        cmocka_unit_test(test_movingai_scen_bad),
	        cmocka_unit_test(test_movingai_numbers_strict),
	        cmocka_unit_test(test_movingai_scen_long_line),
	        cmocka_unit_test(test_movingai_problem_fits),
	};

	return tap_run(tests, NULL, NULL);
}
