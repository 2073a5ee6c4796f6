/* SPDX-License-Identifier: MIT */
/* tap.h - how every test program reports: TAP, the Test Anything
 * Protocol, one result per case, which automake's tap-driver.sh turns
 * into one PASS or FAIL line per case in `make check`.
 *
 * tap_run() runs cmocka groups in a child process and prints their
 * results as one TAP stream: one plan for the whole program (cmocka
 * prints one per group, numbered from 1 each time), every result
 * numbered in order and named after its test function, a skipped test
 * as "ok ... # SKIP" (cmocka 1.1.5 writes "not ok ... # SKIP", which
 * tap-driver counts as a failure), and everything else the tests print,
 * stdout and stderr, as "# " diagnostics, so that no stray line can pass
 * for a result.  A case that kills its process (a crash, a sanitizer's
 * report) is reported "not ok" under its own name, and the cases after it
 * run in a fresh process.  A program whose cases all passed but which
 * then exits badly (a leak found at exit) ends with "Bail out!".
 *
 * The exit status is 0 when every case passed, 1 otherwise, so a program
 * run by hand or from a script still says whether it passed; the harness
 * ignores it (tap-driver --ignore-exit) because the TAP already says it.
 *
 * Environment:
 *   TEST_FILTER=PATTERN  only the cases whose name matches (fnmatch: *, ?)
 *   TEST_SKIP="P1 P2..." the cases whose name matches any of these
 *                        patterns are reported skipped, not run (a second
 *                        run of the suite leaves its soaks out so)
 *   TEST_NOFORK=1        run the groups in this process with cmocka's own
 *                        output (CMOCKA_MESSAGE_OUTPUT), for a debugger */
#ifndef HUNTED_TESTS_TAP_H
#define HUNTED_TESTS_TAP_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <cmocka.h>

struct tap_group {
	const char *name;
	const struct CMUnitTest *tests;
	size_t count;
	CMFixtureFunction setup;
	CMFixtureFunction teardown;
};

#define TAP_GROUP(tests_, setup_, teardown_)                                   \
	{                                                                      \
#tests_, tests_, sizeof(tests_) / sizeof((tests_)[0]), setup_, \
		        teardown_                                              \
	}

/* Runs the groups in order, as described above; returns the exit status
 * for main. */
int tap_run_groups(const struct tap_group *groups, size_t ngroups);

/* One group: the usual case. */
#define tap_run(tests_, setup_, teardown_)                                     \
	tap_run_groups((const struct tap_group[]){TAP_GROUP(tests_, setup_,    \
	                                                    teardown_)},       \
	               1)

/* --- the pieces, for runners of other kinds (the fuzz corpus replays) --- */

/* Runs fn(arg) in a child process whose stdout and stderr, line
 * buffered, come back through *out; the child exits 0 when fn returns.
 * Returns the child's pid, or -1 (with a "Bail out!" printed). */
pid_t tap_spawn(void (*fn)(void *), void *arg, FILE **out);

/* Closes out and waits for the child.  Returns 0 when it exited with
 * status 0; otherwise 1, with how it ended in why ("killed by signal 6
 * (Aborted)", "exit status 23"). */
int tap_reap(pid_t pid, FILE *out, char *why, size_t cap);

/* One result line: "ok N - NAME" or "not ok N - NAME", and the
 * diagnostics (may be NULL) on "# " lines after it. */
void tap_result(int ok, size_t number, const char *name, const char *diag);

/* A line of the tests' own output, as a TAP diagnostic. */
void tap_diag(const char *line);

#endif
