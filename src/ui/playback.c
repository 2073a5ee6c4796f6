/* SPDX-License-Identifier: MIT */
/* playback.c - a recording watched in the terminal: its turns at their
 * pace (space pauses, . steps, + and - change the speed), and its end or
 * the turn where the game stopped matching it said in the log. */
#include "config.h"

#include "screen_impl.h"

enum view_result playback_step(struct view *v, struct world_cmd *cmd)
{
	struct session *s = v->s;

	if (!v->replaying || v->rep_done != REPLAY_ON)
		return VIEW_OK;
	if (s->game->world->state == WORLD_PLAYING &&
	    session_replay_next(s, cmd))
		return VIEW_CMD;
	/* The recording was checked whole before it started: this is its
	 * end. */
	if (s->diverged) {
		v->rep_done = REPLAY_DIVERGED;
		screen_log(
		        v,
		        _("The replay diverged at its end, turn %u (line %d)."),
		        s->div_turn, s->div_line);
		return VIEW_OK;
	}
	v->rep_done = REPLAY_ENDED;
	screen_log(v, _("End of the recording (line %d)."), s->rep.end_line);
	return VIEW_OK;
}

enum view_result playback_key(struct view *v, int key, struct world_cmd *cmd)
{
	switch (key) {
	case ' ':
		v->rep_paused = !v->rep_paused;
		screen_log(v, v->rep_paused ? "Paused." : "Playing.");
		break;
	case '.':
	case '>':
		v->rep_paused = 1;
		if (playback_step(v, cmd) == VIEW_CMD) {
			msglog_mark_seen(&v->log);
			return VIEW_CMD;
		}
		break;
	case '+':
		if (v->rep_delay_ms > 16)
			v->rep_delay_ms /= 2;
		break;
	case '-':
		if (v->rep_delay_ms < 4000)
			v->rep_delay_ms *= 2;
		break;
	default:
		break;
	}
	return VIEW_OK;
}

enum view_result playback_idle(struct view *v, uint64_t now_ms,
                               struct world_cmd *cmd, int *wait_ms)
{
	if (v->replaying && v->rep_done == REPLAY_ON && !v->rep_paused) {
		if (v->rep_delay_ms < *wait_ms)
			*wait_ms = v->rep_delay_ms;
		if (now_ms >= v->rep_next_ms) {
			v->rep_next_ms = now_ms + (uint64_t)v->rep_delay_ms;
			return playback_step(v, cmd);
		}
	}
	return VIEW_OK;
}
