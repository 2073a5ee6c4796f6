/* SPDX-License-Identifier: MIT */
/* test_scores.c - the high-score list: it reads back what it writes,
 * best first; a game takes its place below the games of its score; only
 * the best SCORES_KEEP stay; a damaged list is refused at its line, and
 * recording a game over one moves it aside (never deleting it) and
 * begins a new list. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/tap.h"
#include "session/scores.h"

static char dir[PATH_MAX], path[PATH_MAX + 32];

static void write_text(const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
	assert_int_equal(fclose(f), 0);
}

static struct score_entry entry(long score, const char *text)
{
	struct score_entry e;

	memset(&e, 0, sizeof(e));
	e.score = score;
	snprintf(e.date, sizeof(e.date), "2026-11-25");
	e.seed = 42;
	e.level = 1;
	e.turns = 98;
	e.kills = 2;
	snprintf(e.dungeon, sizeof(e.dungeon), "default");
	snprintf(e.text, sizeof(e.text), "%s", text);
	return e;
}

/* Expects the file as it is to be refused at line (0: the whole file)
 * with a message containing want. */
static void refused(int line, const char *want)
{
	static struct scores l;
	char err[PATH_MAX + 400], where[PATH_MAX + 64];

	assert_int_equal(scores_read(&l, path, err, sizeof(err)), -1);
	assert_int_equal(l.n, 0);
	if (line)
		snprintf(where, sizeof(where), "%s:%d: ", path, line);
	else
		snprintf(where, sizeof(where), "%s: ", path);
	if (strncmp(err, where, strlen(where)) || !strstr(err, want))
		fail_msg("got '%s', wanted '%s%s...'", err, where, want);
}

static void test_scores_read_back_what_they_write(void **state)
{
	static struct scores l, back;
	struct score_entry e = entry(1963, "Escaped from level 1 on turn 98.");
	char err[PATH_MAX + 400], line[PATH_MAX + 64];
	size_t i;

	(void)state;
	/* No file yet: an empty list. */
	assert_int_equal(scores_read(&l, path, err, sizeof(err)), 0);
	assert_int_equal(l.n, 0);
	assert_int_equal(scores_add(&l, &e), 0);
	e = entry(104, "Killed by a rat on level 1, turn 41.");
	e.seed = UINT64_MAX;
	assert_int_equal(scores_add(&l, &e), 1);
	e = entry(5000, "Killed by an iron golem on level 3, turn 900.");
	assert_int_equal(scores_add(&l, &e), 0);
	assert_int_equal(scores_write(&l, path, err, sizeof(err)), 0);
	assert_int_equal(scores_read(&back, path, err, sizeof(err)), 0);
	assert_int_equal(back.n, 3);
	for (i = 0; i < 3; i++)
		assert_memory_equal(&back.items[i], &l.items[i],
		                    sizeof(l.items[i]));
	assert_int_equal(back.items[0].score, 5000);
	assert_int_equal(back.items[2].score, 104);
	scores_format(&back.items[2], line, sizeof(line));
	assert_string_equal(line, "104 2026-11-25 18446744073709551615 1 98 2 "
	                          "default Killed by a rat on level 1, turn "
	                          "41.");
	/* The temporary file is gone. */
	snprintf(line, sizeof(line), "%s.tmp-%ld", path, (long)getpid());
	assert_int_not_equal(access(line, F_OK), 0);
}

/* A hand-edited list out of order reads best first; comments anywhere. */
static void test_scores_read_a_list_out_of_order(void **state)
{
	static struct scores l;
	char err[PATH_MAX + 400];

	(void)state;
	write_text("# mine\n"
	           "hunted-scores 1\n"
	           "100 2026-01-01 1 1 5 0 pit Quit on level 1, turn 5.\n"
	           "# a comment\n"
	           "300 2026-01-02 2 1 9 0 a_b Killed by a rat on level 1, "
	           "turn 9.\n"
	           "200 2026-01-03 3 1 9 0 c Quit on level 1, turn 9.\n");
	assert_int_equal(scores_read(&l, path, err, sizeof(err)), 0);
	assert_int_equal(l.n, 3);
	assert_int_equal(l.items[0].score, 300);
	assert_string_equal(l.items[0].dungeon, "a_b");
	assert_string_equal(l.items[0].text,
	                    "Killed by a rat on level 1, turn 9.");
	assert_int_equal(l.items[1].score, 200);
	assert_int_equal(l.items[2].score, 100);
}

/* Ties go below the games already there; only the best SCORES_KEEP
 * stay, and a game below them all is not taken. */
static void test_scores_keep_the_best(void **state)
{
	static struct scores l;
	struct score_entry e;
	int i;

	(void)state;
	l.n = 0;
	for (i = 0; i < SCORES_KEEP; i++) {
		e = entry(1000 + i, "Quit on level 1, turn 1.");
		assert_int_equal(scores_add(&l, &e), 0);
	}
	assert_int_equal(l.n, SCORES_KEEP);
	e = entry(1000, "the lowest again");
	assert_int_equal(scores_add(&l, &e), -1);
	assert_int_equal(l.n, SCORES_KEEP);
	assert_string_equal(l.items[SCORES_KEEP - 1].text,
	                    "Quit on level 1, turn 1.");
	e = entry(1050, "a tie");
	assert_int_equal(scores_add(&l, &e), SCORES_KEEP - 50);
	assert_string_equal(l.items[SCORES_KEEP - 51].text,
	                    "Quit on level 1, turn 1.");
	assert_int_equal(l.items[SCORES_KEEP - 51].score, 1050);
	assert_int_equal(l.items[SCORES_KEEP - 1].score, 1001);
	e = entry(99999, "the best");
	assert_int_equal(scores_add(&l, &e), 0);
	assert_int_equal(l.n, SCORES_KEEP);
	assert_int_equal(l.items[SCORES_KEEP - 1].score, 1002);
}

static void test_scores_refuse_a_damaged_list(void **state)
{
	(void)state;
	write_text("hunted-scores 1\n100 2026-01-01 1 1 5 0 pit Quit.");
	refused(2, "cut short");
	write_text("hunted-scores 2\n");
	refused(1, "not a hunted high-score list");
	write_text("# only a comment\n");
	refused(0, "no 'hunted-scores 1' line");
	write_text("hunted-scores 1\nlots 2026-01-01 1 1 5 0 pit Quit.\n");
	refused(2, "the score is not a number");
	write_text("hunted-scores 1\n-5 2026-01-01 1 1 5 0 pit Quit.\n");
	refused(2, "the score is not a number");
	write_text("hunted-scores 1\n5 26-1-1 1 1 5 0 pit Quit.\n");
	refused(2, "the date is not YYYY-MM-DD");
	write_text("hunted-scores 1\n5 2026-01-01 1 0 5 0 pit Quit.\n");
	refused(2, "the level");
	write_text("hunted-scores 1\n\n");
	refused(2, "expected 'SCORE DATE");
	write_text("hunted-scores 1\n5 2026-01-01 1 1 5 0 pit\n");
	refused(2, "expected 'SCORE DATE");
	write_text("hunted-scores 1\n5  2026-01-01 1 1 5 0 pit Quit.\n");
	refused(2, "expected 'SCORE DATE");
	write_text("hunted-scores 1\n5 2026-01-01 1 1 5 0 pit Qu\x1bit.\n");
	refused(2, "byte 0x1b is not printable ASCII");
	write_text("hunted-scores 1\n5 2026-01-01 1 1 5 0 pit Qu\xc3\xa9.\n");
	refused(2, "byte 0xc3 is not printable ASCII");
}

/* Recording a game over a damaged list moves the list aside and begins
 * a new one with the game; the damaged one is kept as it was. */
static void test_scores_record_over_a_damaged_list(void **state)
{
	static struct scores l;
	struct score_entry e = entry(777, "Quit on level 1, turn 3.");
	char note[PATH_MAX + 400], err[PATH_MAX + 400], cmd[3 * PATH_MAX];
	int rank;

	(void)state;
	write_text("hunted-scores 1\nnot a game\n");
	assert_int_equal(scores_record(path, &e, &l, &rank, note, sizeof(note),
	                               err, sizeof(err)),
	                 0);
	assert_int_equal(rank, 0);
	assert_int_equal(l.n, 1);
	assert_non_null(strstr(note, ":2: "));
	assert_non_null(strstr(note, "moved aside to "));
	assert_int_equal(scores_read(&l, path, err, sizeof(err)), 0);
	assert_int_equal(l.n, 1);
	assert_int_equal(l.items[0].score, 777);
	/* The damaged list, as it was, beside it. */
	snprintf(cmd, sizeof(cmd), "grep -qx 'not a game' '%s'.bad-*", path);
	assert_int_equal(system(cmd), 0);
	/* And a second game joins the new list. */
	e = entry(778, "Quit on level 1, turn 4.");
	assert_int_equal(scores_record(path, &e, &l, &rank, note, sizeof(note),
	                               err, sizeof(err)),
	                 0);
	assert_string_equal(note, "");
	assert_int_equal(rank, 0);
	assert_int_equal(l.n, 2);
}

static void test_scores_name_a_dungeon_in_one_word(void **state)
{
	char w[16];

	(void)state;
	scores_word("generated 80x24", w, sizeof(w));
	assert_string_equal(w, "generated_80x24");
	scores_word("caf\xc3\xa9\t", w, sizeof(w));
	assert_string_equal(w, "caf???");
	scores_word("", w, sizeof(w));
	assert_string_equal(w, "?");
}

static int make_dir(void **state)
{
	const char *t = getenv("TMPDIR");

	(void)state;
	snprintf(dir, sizeof(dir), "%s/test_scores.XXXXXX",
	         t && *t ? t : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/scores.txt", dir);
	return 0;
}

static int remove_dir(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

#define RACERS 50

/* RACERS games end at the same moment: each process waits on a pipe
 * that is closed once all are started, then records its game.  None may
 * be lost, whatever is in the way of a lock. */
static void race(const char *lock_kind)
{
	static struct scores l;
	char lock[PATH_MAX + 64], err[PATH_MAX + 400], cmd[3 * PATH_MAX];
	pid_t pids[RACERS];
	int go[2], i, status, seen[RACERS] = {0};

	snprintf(lock, sizeof(lock), "%s.lock", path);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' '%s'", path, lock);
	assert_int_equal(system(cmd), 0);
	if (!strcmp(lock_kind, "folder"))
		assert_int_equal(mkdir(lock, 0700), 0);
	else if (!strcmp(lock_kind, "dangling link"))
		assert_int_equal(symlink("/nonexistent/hunted.lock", lock), 0);
	else if (!strcmp(lock_kind, "read-only file")) {
		FILE *f = fopen(lock, "w");

		assert_non_null(f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(chmod(lock, 0400), 0);
	}
	assert_int_equal(pipe(go), 0);
	for (i = 0; i < RACERS; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (pids[i] == 0) {
			static struct scores mine;
			struct score_entry e = entry(1000 + i, "Escaped.");
			char note[PATH_MAX + 400], why[PATH_MAX + 400], c;
			int rank;

			close(go[1]);
			(void)!read(go[0], &c, 1);
			_exit(scores_record(path, &e, &mine, &rank, note,
			                    sizeof(note), why, sizeof(why)) == 0
			              ? 0
			              : 1);
		}
	}
	close(go[0]);
	close(go[1]);
	for (i = 0; i < RACERS; i++) {
		assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			fail_msg("with the lock a %s: game %d not recorded",
			         lock_kind, i);
	}
	assert_int_equal(scores_read(&l, path, err, sizeof(err)), 0);
	if (l.n != RACERS)
		fail_msg("with the lock a %s: %zu of %d games in the list",
		         lock_kind, l.n, RACERS);
	for (i = 0; i < RACERS; i++)
		seen[l.items[i].score - 1000]++;
	for (i = 0; i < RACERS; i++)
		assert_int_equal(seen[i], 1);
}

static void test_scores_lose_no_game_ending_at_once(void **state)
{
	(void)state;
	race("free path");
	race("folder");
	race("dangling link");
	race("read-only file");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_scores_read_back_what_they_write),
	        cmocka_unit_test(test_scores_read_a_list_out_of_order),
	        cmocka_unit_test(test_scores_keep_the_best),
	        cmocka_unit_test(test_scores_refuse_a_damaged_list),
	        cmocka_unit_test(test_scores_record_over_a_damaged_list),
	        cmocka_unit_test(test_scores_name_a_dungeon_in_one_word),
	        cmocka_unit_test(test_scores_lose_no_game_ending_at_once),
	};

	return tap_run(tests, make_dir, remove_dir);
}
