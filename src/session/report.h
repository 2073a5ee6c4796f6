/* SPDX-License-Identifier: MIT */
/* report.h - printing a list of problems found in data files, the way a
 * compiler prints them, for --check and before the game starts. */
#ifndef HUNTED_REPORT_H
#define HUNTED_REPORT_H

#include <stdio.h>

#include "core/base/diag.h"

/* FILE:LINE:COL: SEVERITY: MESSAGE; HINT, then the source line and a
 * caret under the column, for every problem of l; FILE:LINE: and the line
 * for a problem of a whole line, FILE: alone for one of the whole file. */
void report_diags(FILE *f, const struct diag_list *l);

/* The same text as report_diags, as one malloc'd string (NULL when out
 * of memory), with the name of a file inside dir (when dir is not NULL)
 * shown relative to it, as --check run in dir would name it: what the
 * reload panel shows. */
char *report_text(const struct diag_list *l, const char *dir);

#endif
