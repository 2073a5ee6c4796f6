/* SPDX-License-Identifier: MIT */
/* save.c - writing and reading saved games (the format is in save.h). */
#include "config.h"

#include "save.h"

#include <inttypes.h>
#include <string.h>

#include "record.h"
#include "userdir.h"

int save_write(const struct setup *setup, const struct save_turn *turns,
               size_t n, uint64_t sum, const char *path, char *err,
               size_t err_size)
{
	struct userdir_tmp t;
	size_t i;

	if (userdir_begin(&t, path, err, err_size) != 0)
		return -1;
	fprintf(t.f, "# hunted save: the next start of hunted resumes it "
	             "(doc/formats.md)\n");
	/* The recording's own header, its comment line left out. */
	fprintf(t.f, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
	fprintf(t.f, "version %s\n", PACKAGE_VERSION);
	setup_write_game(t.f, setup);
	for (i = 0; i < n; i++)
		record_write_line(t.f, (uint32_t)(i + 1), turns[i].cmd,
		                  turns[i].sum);
	fprintf(t.f, "end %zu %016" PRIx64 "\n", n, sum);
	return userdir_commit(&t, err, err_size);
}

int save_load(struct replay *r, const char *path, struct setup *setup,
              struct diag_list *diags)
{
	if (replay_load(r, path, setup, diags) != 0)
		return -1;
	if (!r->version_line) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL,
		         "the save has no 'version' line: it was not written "
		         "by this hunted (%s)",
		         PACKAGE_VERSION);
		replay_fini(r);
		return -1;
	}
	if (strcmp(r->version, PACKAGE_VERSION)) {
		diag_add(diags, DIAG_ERROR, path, r->version_line, 0, NULL, 0,
		         NULL,
		         "the save is of hunted %s, not of this hunted %s: "
		         "it cannot be resumed (another version's rules may "
		         "differ)",
		         r->version, PACKAGE_VERSION);
		replay_fini(r);
		return -1;
	}
	return 0;
}
