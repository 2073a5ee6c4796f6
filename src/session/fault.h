/* SPDX-License-Identifier: MIT */
/* fault.h - a test-only hook that makes hunted fail at a chosen moment,
 * as SQLite's fault injection fails its Nth write: the crash tests set
 *
 *   HUNTED_FAULT=ACTION:POINT:N      e.g. KILL:turn:37, ENOSPC:write:2
 *
 * With a signal's name as ACTION (KILL, HUP, TERM, INT, SEGV, QUIT), the
 * Nth time the process passes POINT it sends itself that signal.  The
 * points: turn (a turn played), save-begin (a save's temporary file
 * opened), save-mid (its contents written, not yet renamed), renamed
 * (a file renamed into place, its folder not yet synced), resume (a save
 * read, not yet played) and reload (the data files reloaded, changed or
 * not).
 *
 * ENOSPC:write:N fails the Nth file hunted writes in the player's folder
 * (a save, the high scores, a morgue file) and every one after it with
 * "No space left on device", as a full file system does: the cases of a
 * full disk run without mounting one.
 *
 * FAIL:lock:N fails the Nth lock of the high scores and every one after
 * it, as both locks (the folder, and the lock file beside the list)
 * failing would.
 *
 * HUNTED_FAULT_GATE=POINT:FIFO makes the process wait at POINT until
 * FIFO is opened for writing: many games released at the same moment.
 * Each says it is there with an empty file FIFO.here-PID.
 * The point: records (a game's end about to go into the high scores).
 *
 * CAP:turns:N lowers the longest game a recording or a save holds from
 * REPLAY_TURNS_MAX to N turns, so that the cap is tested without playing
 * millions of turns.
 *
 * Without the variable the hook does nothing. */
#ifndef HUNTED_FAULT_H
#define HUNTED_FAULT_H

/* Counts one passage of point, and sends the signal when it is due. */
void fault_point(const char *point);

/* Counts one file written: ENOSPC when that write is to fail, else 0. */
int fault_write(void);

/* Counts one passage of point: 1 when it is to fail, else 0. */
int fault_fails(const char *point);

/* Waits at point for the gate (HUNTED_FAULT_GATE) to open. */
void fault_gate(const char *point);

/* The turn cap: dflt, or CAP:turns:N's N when it is lower. */
unsigned long fault_turns_max(unsigned long dflt);

#endif
