/* SPDX-License-Identifier: MIT */
/* fault.h - a test-only hook that kills hunted at a chosen moment, as
 * SQLite's fault injection fails its Nth write: the crash tests set
 *
 *   HUNTED_FAULT=SIGNAL:POINT:N      e.g. KILL:turn:37, HUP:save-mid:2
 *
 * and the Nth time the process passes POINT, it sends itself SIGNAL.
 * The points: turn (a turn played), save-begin (a save's temporary file
 * opened), save-mid (its contents written, not yet renamed),
 * save-renamed (renamed, its folder not yet synced), resume (a save read,
 * not yet played) and reload (the data files reloaded).  Without the
 * variable the hook does nothing. */
#ifndef HUNTED_FAULT_H
#define HUNTED_FAULT_H

/* Counts one passage of point, and sends the signal when it is due. */
void fault_point(const char *point);

#endif
