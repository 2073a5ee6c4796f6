/* SPDX-License-Identifier: MIT */
/* options.c - the player's options file: hunted's data syntax, one
 * option a line ("seed 42", "ai-view yes", "data-dir \"/my/data\""),
 * read with the data files' lexer (core/data/conf.c) and checked against
 * the one table of options (setup.c), each mistake at FILE:LINE:COL. */
#include "config.h"

#include "options.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/data/conf.h"

int options_path(const char *name, char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;

	/* The XDG rule: a relative $XDG_CONFIG_HOME is ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/hunted/%s", xdg, name);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.config/hunted/%s", home, name);
	else
		return -1;
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static char *options_keep(struct options *o, const char *s)
{
	char **g = realloc(o->strings, (o->nstrings + 1) * sizeof(*g));
	char *copy;

	if (!g)
		return NULL;
	o->strings = g;
	copy = strdup(s);
	if (copy)
		o->strings[o->nstrings++] = copy;
	return copy;
}

/* One line: NAME VALUE. */
static void options_line(void *user, const struct conf_line *l,
                         struct diag_list *diags)
{
	struct options *o = user;
	const char *names[64], *name = l->words[0].s;
	char err[256], hint[96];
	struct setup_default *g;
	int at_value;
	size_t i;

	if (l->words[0].kind != CONF_WORD) {
		conf_error(diags, l, 0, NULL, "expected an option's name");
		return;
	}
	if (l->nwords < 2) {
		conf_error(diags, l, 1, NULL, "expected a value after '%s'",
		           name);
		return;
	}
	if (l->nwords > 2) {
		conf_error(diags, l, 2, NULL,
		           "one value an option: unexpected '%s'",
		           l->words[2].s);
		return;
	}
	if (setup_check_default(name, l->words[1].s, err, sizeof(err),
	                        &at_value) != 0) {
		conf_error(diags, l, (size_t)at_value,
		           at_value ? NULL
		                    : conf_hint(name, names,
		                                setup_option_names(names, 64),
		                                hint, sizeof(hint)),
		           "%s", err);
		return;
	}
	for (i = 0; i < o->n; i++)
		if (!strcmp(o->d[i].name, name)) {
			conf_error(diags, l, 0, NULL, "'%s' is given twice",
			           name);
			return;
		}
	g = realloc(o->d, (o->n + 1) * sizeof(*g));
	if (!g) {
		conf_error(diags, l, 0, NULL, "out of memory");
		return;
	}
	o->d = g;
	g[o->n].name = options_keep(o, name);
	g[o->n].value = options_keep(o, l->words[1].s);
	if (!g[o->n].name || !g[o->n].value) {
		conf_error(diags, l, 0, NULL, "out of memory");
		return;
	}
	o->n++;
}

int options_read(struct options *o, const char *path, struct diag_list *diags)
{
	memset(o, 0, sizeof(*o));
	if (access(path, F_OK) != 0)
		return 0;
	if (conf_read(path, options_line, o, diags) == 0)
		return 0;
	options_fini(o);
	return -1;
}

int options_read_buffer(struct options *o, const char *name, const char *buf,
                        size_t len, struct diag_list *diags)
{
	memset(o, 0, sizeof(*o));
	if (conf_read_buffer(name, buf, len, options_line, o, diags) == 0)
		return 0;
	options_fini(o);
	return -1;
}

void options_fini(struct options *o)
{
	size_t i;

	if (!o)
		return;
	for (i = 0; i < o->nstrings; i++)
		free(o->strings[i]);
	free(o->strings);
	free(o->d);
	memset(o, 0, sizeof(*o));
}
