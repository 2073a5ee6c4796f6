/* SPDX-License-Identifier: MIT */
/* i18n.h - the words a player reads, in the player's language: _("...")
 * translates where the text is written, N_("...") marks one kept in a
 * table and translated with _() where it is shown, and P_(one, many, n)
 * gives the form for a count n (the language's plural rule picks it).
 * The catalog is hunted's own domain (dgettext), so the core's text
 * builders translate with a pure lookup: no printing, no state of
 * hunted's.  Built without NLS, all give the English as it is.
 * config.h (ENABLE_NLS, PACKAGE) must come first. */
#ifndef HUNTED_I18N_H
#define HUNTED_I18N_H

#include <stddef.h>

#if ENABLE_NLS
#include <libintl.h>
#define _(s)        dgettext(PACKAGE, s)
#define P_(s, p, n) dngettext(PACKAGE, s, p, n)
#else
#define _(s)        (s)
#define P_(s, p, n) ((n) == 1 ? (s) : (p))
#endif
#define N_(s) s

/* The language of the catalog in use ("zh_CN"), into buf, as its header
 * says; "" when the text is the English of the sources. */
void i18n_language(char *buf, size_t size);

#endif
