/* SPDX-License-Identifier: MIT */
/* test_ending.c - how a game ended, as a player reads it: the words for
 * each end, the killer named with its article, the player's kills and
 * the last messages noted turn by turn, and the score by its documented
 * rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dungeon.h"
#include "lib/tap.h"
#include "session/ending.h"

static const char kinds[] =
        "include \"../terrain.txt\"\n"
        "monster iron_golem\n"
        "\tglyph 'G' color white speed 100 hp 50 attack 10 sight 30\n"
        "\topens_doors no drift 0 budget 0\n"
        "monster rat\n"
        "\tglyph 'r' color red speed 100 hp 3 attack 1 sight 30\n"
        "\topens_doors no drift 0 budget 0\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'G' floor monster iron_golem\n"
                             "legend 'r' floor monster rat\n";

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static void text_of(const struct ending *e, const char *want)
{
	char buf[256];

	ending_text(e, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

static void test_ending_says_each_end(void **state)
{
	struct ending e;

	(void)state;
	memset(&e, 0, sizeof(e));
	e.level = 1;
	e.turns = 412;
	e.how = ENDING_KILLED;
	snprintf(e.killer, sizeof(e.killer), "a goblin");
	text_of(&e, "Killed by a goblin on level 1, turn 412.");
	e.how = ENDING_ESCAPED;
	e.turns = 98;
	text_of(&e, "Escaped from level 1 on turn 98.");
	e.how = ENDING_QUIT;
	e.level = 3;
	e.turns = 37;
	text_of(&e, "Quit on level 3, turn 37.");
	e.how = ENDING_SAVED;
	text_of(&e, "Saved on level 3, turn 37.");
	e.how = ENDING_PLAYING;
	e.turns = 1000;
	text_of(&e, "Still alive on level 3, turn 1000.");
}

static long score_of(enum ending_how how, unsigned level, unsigned kills,
                     uint32_t turns)
{
	struct ending e;

	memset(&e, 0, sizeof(e));
	e.how = how;
	e.level = level;
	e.kills = kills;
	e.turns = turns;
	return ending_score(&e);
}

/* 100 a level, 50 a kill, 1 per 10 turns, 1000 for escaping and 2 for
 * each turn under 500 it took. */
static void test_ending_scores_by_its_rules(void **state)
{
	struct ending e;
	char buf[256];

	(void)state;
	assert_int_equal(score_of(ENDING_KILLED, 1, 0, 9), 100);
	assert_int_equal(score_of(ENDING_KILLED, 1, 0, 10), 101);
	assert_int_equal(score_of(ENDING_KILLED, 1, 3, 412), 100 + 150 + 41);
	assert_int_equal(score_of(ENDING_QUIT, 2, 1, 0), 250);
	/* Escaping: quick is worth more, and never less than 1000. */
	assert_int_equal(score_of(ENDING_ESCAPED, 1, 0, 3), 100 + 1000 + 994);
	assert_int_equal(score_of(ENDING_ESCAPED, 1, 0, 499),
	                 100 + 49 + 1000 + 2);
	assert_int_equal(score_of(ENDING_ESCAPED, 1, 0, 500), 100 + 50 + 1000);
	assert_int_equal(score_of(ENDING_ESCAPED, 1, 0, 2000),
	                 100 + 200 + 1000);
	/* Only escaping earns the escape's points. */
	assert_int_equal(score_of(ENDING_SAVED, 1, 0, 3), 100);
	/* The parts add up, and are said. */
	memset(&e, 0, sizeof(e));
	e.how = ENDING_ESCAPED;
	e.level = 1;
	e.kills = 1;
	e.turns = 98;
	ending_score(&e);
	assert_int_equal(e.points_level + e.points_kills + e.points_turns +
	                         e.points_escape,
	                 e.score);
	ending_score_text(&e, buf, sizeof(buf));
	assert_string_equal(buf, "1963 (level 1: 100, 1 kill: 50, 98 turns: "
	                         "9, escape: 1804)");
}

/* The killer is the kind that struck the last blow, named as players
 * say it ("iron_golem" is "an iron golem"), on the turn the status line
 * and the summary count. */
static void test_ending_names_the_killer(void **state)
{
	struct game *g = dungeon_game(kinds, legend,
	                              "#######\n"
	                              "#r@G.>#\n"
	                              "#######\n",
	                              1, NULL);
	struct ending_notes n;
	struct ending e;
	char buf[256];
	uint32_t turn;
	int i;

	(void)state;
	ending_notes_init(&n);
	for (i = 0; i < 100 && g->world->state == WORLD_PLAYING; i++) {
		assert_int_equal(game_step(g, wait_cmd) != 0, 1);
		ending_note_turn(&n, g->world);
	}
	assert_int_equal(g->world->state, WORLD_LOST);
	ending_make(&e, g->world, &n, 1, ENDING_PLAYING);
	assert_int_equal(e.how, ENDING_KILLED);
	assert_int_equal(e.turns, g->world->turn);
	snprintf(buf, sizeof(buf),
	         "Killed by an iron golem on level 1, turn %u.",
	         g->world->turn);
	text_of(&e, buf);
	assert_int_equal(e.kills, 0);
	/* The last message is the death, on the last turn. */
	assert_true(n.nmsgs > 0);
	assert_string_equal(ending_message(&n, n.nmsgs - 1, &turn),
	                    "You die... The iron golem got you.");
	assert_int_equal(turn + 1, g->world->turn);
	assert_null(ending_message(&n, n.nmsgs, NULL));
	game_free(g);
}

/* The player's kills count; an escape is an escape whatever the
 * caller says. */
static void test_ending_counts_the_players_kills(void **state)
{
	struct game *g = dungeon_game(kinds, legend,
	                              "######\n"
	                              "#r@.>#\n"
	                              "######\n",
	                              1, NULL);
	const struct world_cmd west = {WCMD_MOVE, -1, 0};
	const struct world_cmd east = {WCMD_MOVE, 1, 0};
	struct ending_notes n;
	struct ending e;
	int i;

	(void)state;
	ending_notes_init(&n);
	for (i = 0; i < 10 && g->world->monsters[0].alive; i++) {
		game_step(g, west);
		ending_note_turn(&n, g->world);
	}
	assert_false(g->world->monsters[0].alive);
	assert_int_equal(n.kills, 1);
	while (g->world->state == WORLD_PLAYING) {
		game_step(g, east);
		ending_note_turn(&n, g->world);
	}
	ending_make(&e, g->world, &n, 1, ENDING_QUIT);
	assert_int_equal(e.how, ENDING_ESCAPED);
	assert_int_equal(e.kills, 1);
	assert_int_equal(e.score, 100 + 50 + 1000 + 2 * (500 - e.turns));
	game_free(g);
}

/* Only the last ENDING_MESSAGES messages are kept, oldest first; the
 * walking and the planners' chatter are not messages. */
static void test_ending_keeps_the_last_messages(void **state)
{
	struct game *g = dungeon_game(kinds, legend,
	                              "######\n"
	                              "#@...#\n"
	                              "#...>#\n"
	                              "######\n",
	                              1, NULL);
	const struct world_cmd west = {WCMD_MOVE, -1, 0};
	struct ending_notes n;
	uint32_t turn;
	size_t i;

	(void)state;
	ending_notes_init(&n);
	/* Walking into the wall: a message each time, no time taken, so
	 * noted by hand as the session notes a turn. */
	for (i = 0; i < ENDING_MESSAGES + 5; i++) {
		game_player_act(g, west);
		ending_note_turn(&n, g->world);
	}
	assert_int_equal(n.nmsgs, ENDING_MESSAGES);
	for (i = 0; i < n.nmsgs; i++)
		assert_string_equal(ending_message(&n, i, &turn),
		                    "Something solid is in the way.");
	game_player_act(g, (struct world_cmd){WCMD_MOVE, 1, 0});
	ending_note_turn(&n, g->world);
	assert_int_equal(n.nmsgs, ENDING_MESSAGES);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_ending_says_each_end),
	        cmocka_unit_test(test_ending_scores_by_its_rules),
	        cmocka_unit_test(test_ending_names_the_killer),
	        cmocka_unit_test(test_ending_counts_the_players_kills),
	        cmocka_unit_test(test_ending_keeps_the_last_messages),
	};

	return tap_run(tests, NULL, NULL);
}
