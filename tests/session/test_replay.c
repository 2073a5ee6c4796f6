/* SPDX-License-Identifier: MIT */
/* test_replay.c - the reader of recordings: a whole recording reads as
 * what it says, and every way one can be cut short, out of order or
 * malformed is refused at its line, with what is wrong, before anything
 * is played. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/world/cmd.h"
#include "lib/tap.h"
#include "session/replay.h"
#include "session/setup.h"

static char path[PATH_MAX];

/* The header of a good recording, and its turns. */
#define HEADER                                                                 \
	"# hunted recording: hunted --headless --replay FILE\n"                \
	"hunted-recording 2\n"                                                 \
	"map doors\n"                                                          \
	"seed 4\n"                                                             \
	"monsters 12\n"
#define TURN1 "turn 1 l 5e893ed4bb150a0e\n"
#define TURN2 "turn 2 ok a79c086aa944639a\n"
#define END2  "end 2 a79c086aa944639a\n"

static void write_text(const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Expects text (len bytes; NULL: the file as it is) to be refused with
 * one problem at line (0: the whole file) whose message starts with
 * want. */
static void refused_n(const char *text, size_t len, int line, const char *want)
{
	struct diag_list dl;
	struct replay r;
	struct setup s;

	if (text)
		write_text(text, len);
	setup_init(&s);
	diag_list_init(&dl, 0);
	assert_int_equal(replay_load(&r, path, &s, &dl), -1);
	assert_int_equal(dl.len, 1);
	if (strncmp(dl.items[0].message, want, strlen(want)) ||
	    dl.items[0].line != line)
		fail_msg("line %d: %s\nwanted line %d: %s", dl.items[0].line,
		         dl.items[0].message, line, want);
	assert_string_equal(dl.items[0].file, path);
	assert_int_equal(dl.items[0].col, 0);
	/* Nothing is left to play. */
	assert_null(r.path);
	assert_null(r.turns);
	assert_int_equal(replay_left(&r), 0);
	diag_list_fini(&dl);
	replay_fini(&r);
}

static void refused(const char *text, int line, const char *want)
{
	refused_n(text, strlen(text), line, want);
}

static void test_replay_reads_a_whole_recording(void **state)
{
	struct diag_list dl;
	struct world_cmd cmd;
	struct replay r;
	struct setup s;

	(void)state;
	write_text(HEADER TURN1 TURN2 END2, strlen(HEADER TURN1 TURN2 END2));
	setup_init(&s);
	diag_list_init(&dl, 0);
	assert_int_equal(replay_load(&r, path, &s, &dl), 0);
	assert_int_equal(dl.len, 0);
	assert_string_equal(s.map, "doors");
	assert_int_equal(s.seed, 4);
	assert_int_equal(s.monsters, 12);
	assert_int_equal(replay_left(&r), 2);
	assert_int_equal(replay_next(&r, &cmd), 1);
	assert_int_equal(cmd.kind, WCMD_MOVE);
	assert_int_equal(r.line, 6);
	assert_true(r.want == 0x5e893ed4bb150a0eull);
	assert_int_equal(replay_next(&r, &cmd), 1);
	assert_int_equal(cmd.kind, WCMD_OPEN);
	assert_int_equal(r.line, 7);
	assert_int_equal(replay_next(&r, &cmd), 0);
	assert_int_equal(r.end_line, 8);
	assert_true(r.end_sum == 0xa79c086aa944639aull);
	diag_list_fini(&dl);
	replay_fini(&r);
}

static void test_replay_reads_a_game_of_no_turns(void **state)
{
	struct diag_list dl;
	struct replay r;
	struct setup s;

	(void)state;
	write_text(HEADER "end 0 3b62ead15b949b8c\n",
	           strlen(HEADER "end 0 3b62ead15b949b8c\n"));
	setup_init(&s);
	diag_list_init(&dl, 0);
	assert_int_equal(replay_load(&r, path, &s, &dl), 0);
	assert_int_equal(replay_left(&r), 0);
	assert_true(r.end_sum == 0x3b62ead15b949b8cull);
	diag_list_fini(&dl);
	replay_fini(&r);
}

/* The version of hunted a save names: kept with its line; absent from a
 * recording, "" and 0; once only, one short word. */
static void test_replay_reads_the_version(void **state)
{
	static const char saved[] = "hunted-recording 2\n"
	                            "version 0.1.0\n"
	                            "map doors\n"
	                            "seed 4\n"
	                            "end 0 3b62ead15b949b8c\n";
	struct diag_list dl;
	struct replay r;
	struct setup s;

	(void)state;
	write_text(saved, strlen(saved));
	setup_init(&s);
	diag_list_init(&dl, 0);
	assert_int_equal(replay_load(&r, path, &s, &dl), 0);
	assert_string_equal(r.version, "0.1.0");
	assert_int_equal(r.version_line, 2);
	replay_fini(&r);
	write_text(HEADER "end 0 3b62ead15b949b8c\n",
	           strlen(HEADER "end 0 3b62ead15b949b8c\n"));
	assert_int_equal(replay_load(&r, path, &s, &dl), 0);
	assert_string_equal(r.version, "");
	assert_int_equal(r.version_line, 0);
	replay_fini(&r);
	diag_list_fini(&dl);
	refused(HEADER "version 1\nversion 2\nend 0 3b62ead15b949b8c\n", 7,
	        "'version' given twice");
	refused(HEADER "version 1 2\nend 0 3b62ead15b949b8c\n", 6,
	        "version '1 2' is not one word");
}

static void test_replay_refuses_a_recording_cut_short(void **state)
{
	(void)state;
	refused(HEADER, 5,
	        "the recording is cut short after turn 0: it has no end line");
	refused(HEADER TURN1 TURN2, 7,
	        "the recording is cut short after turn 2: it has no end line");
	/* Cut in the middle of a line. */
	refused(HEADER TURN1 "turn 2 ok a79c", 7,
	        "the last line has no end of line: the file is cut short");
	refused(HEADER TURN1 TURN2 "end 2 a79c086aa944639a", 8,
	        "the last line has no end of line");
	refused("", 0, "empty file: not a hunted recording");
	refused("# only a comment\n", 0,
	        "not a hunted recording: no 'hunted-recording 2' line");
}

static void test_replay_refuses_turns_out_of_order(void **state)
{
	(void)state;
	refused(HEADER "turn 2 l 5e893ed4bb150a0e\n" END2, 6,
	        "turn 2 where turn 1 was expected");
	refused(HEADER TURN1 "turn 1 l 5e893ed4bb150a0e\n" END2, 7,
	        "turn 1 where turn 2 was expected");
	refused(HEADER TURN1 "turn 3 l 5e893ed4bb150a0e\n" END2, 7,
	        "turn 3 where turn 2 was expected");
	refused(HEADER "turn 4294967295 l 5e893ed4bb150a0e\n" END2, 6,
	        "turn 4294967295 where turn 1 was expected");
	refused(HEADER "turn 4294967296 l 5e893ed4bb150a0e\n" END2, 6,
	        "turn number '4294967296' is not a number from 1 to");
	refused(HEADER "turn -1 l 5e893ed4bb150a0e\n" END2, 6,
	        "turn number '-1' is not a number");
	refused(HEADER "turn +1 l 5e893ed4bb150a0e\n" END2, 6,
	        "turn number '+1' is not a number");
}

static void test_replay_refuses_malformed_turns(void **state)
{
	(void)state;
	refused(HEADER "turn 1 z 5e893ed4bb150a0e\n" END2, 6,
	        "unknown command 'z'");
	refused(HEADER "turn 1 lk 5e893ed4bb150a0e\n" END2, 6,
	        "unknown command 'lk'");
	refused(HEADER "turn 1 l 5e893ed4bb150a0\n" END2, 6,
	        "checksum '5e893ed4bb150a0' is not 16 hexadecimal digits");
	refused(HEADER "turn 1 l 5e893ed4bb150a0g\n" END2, 6,
	        "checksum '5e893ed4bb150a0g' is not 16");
	refused(HEADER "turn 1 l  5e893ed4bb150a0e\n" END2, 6,
	        "expected 'turn N CMD CHECKSUM'");
	refused(HEADER "turn 1 l 5e893ed4bb150a0e x\n" END2, 6,
	        "expected 'turn N CMD CHECKSUM'");
	refused(HEADER "turn 1 l 5e893ed4bb150a0e \n" END2, 6,
	        "expected 'turn N CMD CHECKSUM'");
	refused(HEADER TURN1 "tunr 2 ok a79c086aa944639a\n" END2, 7,
	        "expected 'turn N CMD CHECKSUM' or 'end TURNS CHECKSUM', got "
	        "'tunr 2 ok a79c086aa944639a'");
	refused(HEADER TURN1 "# a note\n" TURN2 END2, 7,
	        "a comment after the header");
	refused(HEADER TURN1 "\n" TURN2 END2, 7, "empty line");
}

static void test_replay_refuses_a_wrong_end(void **state)
{
	(void)state;
	refused(HEADER TURN1 TURN2 "end 3 a79c086aa944639a\n", 8,
	        "the end line counts 3 turns, the recording has 2");
	refused(HEADER TURN1 TURN2 "end 2 a79c086aa944639b\n", 8,
	        "the end line's checksum is not the one turn 2 left");
	refused(HEADER TURN1 TURN2 "end 2\n", 8,
	        "expected 'end TURNS CHECKSUM'");
	refused(HEADER TURN1 TURN2 END2 END2, 9, "text after the end line");
	refused(HEADER TURN1 TURN2 END2 TURN1, 9, "text after the end line");
}

static void test_replay_refuses_a_bad_header(void **state)
{
	(void)state;
	refused("hunted-recording 1\nmap doors\nturn 1 l 5e893ed4bb150a0e\n", 1,
	        "this recording is in format 1; this hunted reads format 2 "
	        "only");
	refused("hunted-recording 3\n", 1,
	        "this recording is in format 3; this hunted reads format 2");
	refused("hunted-recording two\n", 1, "unknown recording format 'two'");
	refused("map doors\nhunted-recording 2\n", 1,
	        "not a hunted recording: it must start with 'hunted-recording "
	        "2'");
	refused(HEADER "colour red\n" END2, 6,
	        "unknown key 'colour' in the header");
	refused(HEADER "Seed 4\n" END2, 6, "unknown key 'Seed' in the header");
	refused(HEADER "seed 5\n" END2, 6, "'seed' given twice");
	refused(HEADER "hunted-recording 2\n" END2, 6,
	        "'hunted-recording' given twice");
	refused(HEADER "generate 40x20\n" END2, 6,
	        "'map' and 'generate' cannot both be given");
	refused(HEADER "seed\n" END2, 6, "expected 'NAME VALUE'");
	refused(HEADER "turn-budget -4\n" END2, 6, "invalid turn budget '-4'");
	refused(HEADER "hunt 2\n" END2, 6, "expected hunt 0 or 1, got '2'");
}

static void test_replay_refuses_bad_bytes(void **state)
{
	static const char nul[] = HEADER "seed\0 4\n" END2;
	char *long_line;
	size_t n;

	(void)state;
	refused_n(nul, sizeof(nul) - 1, 6, "NUL byte in the line");
	refused(HEADER "seed 4\r\n" END2, 6, "control character 0x0d");
	refused(HEADER "seed \xc3\xa9\n" END2, 6, "byte 0xc3 is not ASCII");
	/* Nor in a turn: only a map's name may be UTF-8. */
	refused(HEADER TURN1 "turn 2 \xff a79c086aa944639a\n" END2, 7,
	        "byte 0xff is not ASCII");
	n = strlen(HEADER) + REPLAY_LINE_MAX + 2;
	long_line = malloc(n + 1);
	assert_non_null(long_line);
	memcpy(long_line, HEADER, strlen(HEADER));
	memset(long_line + strlen(HEADER), 'x', REPLAY_LINE_MAX + 1);
	long_line[n - 1] = '\n';
	long_line[n] = '\0';
	refused(long_line, 6, "line longer than");
	free(long_line);
}

static void test_replay_takes_a_utf8_map_name(void **state)
{
	static const char text[] = "hunted-recording 2\n"
	                           "map caf\xc3\xa9 map.txt\n"
	                           "end 0 0000000000000000\n";
	struct diag_list dl;
	struct replay r;
	struct setup s;

	(void)state;
	write_text(text, sizeof(text) - 1);
	setup_init(&s);
	diag_list_init(&dl, 0);
	assert_int_equal(replay_load(&r, path, &s, &dl), 0);
	assert_string_equal(s.map, "caf\xc3\xa9 map.txt");
	diag_list_fini(&dl);
	replay_fini(&r);
}

static void test_replay_refuses_what_is_no_file(void **state)
{
	(void)state;
	/* Through the opener: a whole-file problem, at once. */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(60); /* only an opener that waits on the FIFO comes near it */
	refused_n(NULL, 0, 0, "cannot read");
	alarm(0);
}

static int make_path(void **state)
{
	const char *t = getenv("TMPDIR");
	int fd;

	(void)state;
	snprintf(path, sizeof(path), "%s/test_replay.XXXXXX",
	         t && *t ? t : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int remove_path(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_replay_reads_a_whole_recording),
	        cmocka_unit_test(test_replay_reads_a_game_of_no_turns),
	        cmocka_unit_test(test_replay_reads_the_version),
	        cmocka_unit_test(test_replay_refuses_a_recording_cut_short),
	        cmocka_unit_test(test_replay_refuses_turns_out_of_order),
	        cmocka_unit_test(test_replay_refuses_malformed_turns),
	        cmocka_unit_test(test_replay_refuses_a_wrong_end),
	        cmocka_unit_test(test_replay_refuses_a_bad_header),
	        cmocka_unit_test(test_replay_refuses_bad_bytes),
	        cmocka_unit_test(test_replay_takes_a_utf8_map_name),
	        cmocka_unit_test(test_replay_refuses_what_is_no_file),
	};

	return tap_run(tests, make_path, remove_path);
}
