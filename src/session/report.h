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

#endif
