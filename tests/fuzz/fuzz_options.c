/* SPDX-License-Identifier: MIT */
/* fuzz_options.c - libFuzzer target for the player's options file
 * ($XDG_CONFIG_HOME/hunted/options.txt): any bytes must read without a
 * crash, a leak or undefined behaviour; a file with a mistake must say
 * where (a line of the input) and give no defaults at all; and the
 * defaults of a file read whole must each be an option of the table,
 * given once, that the command line then takes without a usage error. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/options.h"
#include "session/setup.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

/* Lines in the input, a last one without '\n' included. */
static int count_lines(const uint8_t *buf, size_t len)
{
	size_t i;
	int n = 0;

	for (i = 0; i < len; i++)
		n += buf[i] == '\n';
	return n + (len && buf[len - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	static char prog[] = "hunted", headless[] = "--headless";
	char *argv[] = {prog, headless, NULL};
	struct diag_list diags;
	struct options o;
	struct setup s;
	size_t i, j;
	int rc, lines = count_lines(buf, len);

	diag_list_init(&diags, 0);
	rc = options_read_buffer(&o, "options.txt", (const char *)buf, len,
	                         &diags);
	if ((rc == 0) != (diags.errors == 0))
		abort();
	for (i = 0; i < diags.len; i++)
		if (diags.items[i].line < 1 || diags.items[i].line > lines)
			abort();
	if (rc != 0 && (o.n || o.d))
		abort();
	for (i = 0; i < o.n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(o.d[i].name, o.d[j].name))
				abort();
	if (rc == 0 && setup_parse_defaults(&s, o.d, o.n, 2, argv) != 0)
		abort();
	options_fini(&o);
	diag_list_fini(&diags);
	return 0;
}
