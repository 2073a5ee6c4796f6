/* SPDX-License-Identifier: MIT */
/* fuzz_data.c - libFuzzer target for the data-file loader: any bytes must
 * load without a crash, a leak or undefined behaviour, and every problem
 * must come back as a diagnostic with a sane location. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/data/data.h"
#include "core/base/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct diag_list diags;
	struct data *d = data_new();
	size_t i;

	if (!d)
		return 0;
	diag_list_init(&diags, 50);
	/* Relative includes resolve under a directory that does not exist,
	 * so the input cannot reach the shipped files. */
	if (data_load_buffer(d, "fuzz-no-such-dir/input.txt", (const char *)buf,
	                     len, &diags) == 0) {
		data_check_reachable(d, &diags);
		/* A map that varies: another seed's variant too. */
		data_vary(d, 7, &diags);
	}
	for (i = 0; i < diags.len; i++) {
		const struct diag *x = &diags.items[i];

		if (x->line < 1 || x->col < 1 || !x->message || !x->file)
			abort();
	}
	if (d->map && d->map->cells) {
		struct grid g;

		if (data_map_grid(d, NULL, 1, &g) == GRID_OK)
			grid_fini(&g);
	}
	diag_list_fini(&diags);
	data_free(d);
	return 0;
}
