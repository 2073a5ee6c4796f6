/* SPDX-License-Identifier: MIT */
/* fixture.h - the files the tests read: the source tree (found through
 * the top_srcdir variable the harness exports, so VPATH and distcheck
 * builds work; "." when run by hand from the top), and the Moving AI map
 * and problem set in tests/fixtures. */
#ifndef HUNTED_TESTS_FIXTURE_H
#define HUNTED_TESTS_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "core/data/movingai.h"
#include "core/path/grid.h"

/* $top_srcdir, or "." when it is unset or empty. */
const char *fixture_srcdir(void);

/* $top_srcdir/tests/fixtures/NAME into buf. */
void fixture_path(char *buf, size_t cap, const char *name);

/* Loads tests/fixtures/den312d.map into g and its 320 problems into sc;
 * a failure prints the reader's error and fails the test. */
void fixture_load_den312d(struct grid *g, struct movingai_scen *sc);

/* Whether a search's answer to problem q matches the optimal length the
 * problem set gives: status PATH_FOUND and cost / straight within half a
 * unit in the 6th printed digit, plus the step costs' approximation of
 * sqrt(2).  A mismatch is printed. */
int fixture_matches_optimal(const struct movingai_problem *q, int status,
                            uint64_t cost, uint32_t straight);

#endif
