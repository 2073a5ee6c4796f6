/* SPDX-License-Identifier: MIT */
/* export.c - E in the AI view: the search it shows written to the
 * current directory as a JSON trace and as an asciicast of its steps
 * drawn as the screen draws them. */
#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "cast.h"
#include "core/base/file.h"
#include "screen_impl.h"

#define EXPORT_FRAMES 2000 /* steps drawn into an exported search's cast */

/* E: the search the AI view shows, written to the current directory as
 * a JSON trace (every push and expansion in order, g, h, f, parents, the
 * path) and as an asciicast of every step as the screen shows it; a
 * search of more than EXPORT_FRAMES steps is cast at evenly spaced
 * steps, its last included. */
void export_search(struct view *v)
{
	char base[128], json[160], cast[160], err[512];
	struct canvas c = {0};
	struct cast k;
	FILE *out;
	size_t steps, i, n;
	int was_on, fd, rc;
	size_t was_k;

	if (aiview_export_name(v->ai, base, sizeof(base)) != 0) {
		screen_log(v, "No search to export.");
		return;
	}
	snprintf(json, sizeof(json), "%s.json", base);
	snprintf(cast, sizeof(cast), "%s.cast", base);
	fd = file_create(json, err, sizeof(err));
	out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		if (fd >= 0)
			close(fd);
		screen_log(v, "Export failed: %s",
		           fd >= 0 ? "out of memory" : err);
		return;
	}
	/* A file not wholly written is removed, as a cast is. */
	rc = aiview_export_json(v->ai, out);
	if (file_close_written(out, 0, json, err, sizeof(err)) != 0) {
		screen_log(v, "Export failed: %s", err);
		return;
	}
	if (rc != 0) {
		unlink(json);
		screen_log(v, "Export failed: cannot write '%s'", json);
		return;
	}
	if (canvas_resize(&c, v->last_w ? v->last_w : VIEW_MIN_W,
	                  v->last_h ? v->last_h : VIEW_MIN_H) != 0) {
		screen_log(v, "Export failed: out of memory");
		return;
	}
	if (cast_open(&k, cast, c.width, c.height, base, err, sizeof(err)) !=
	    0) {
		canvas_fini(&c);
		screen_log(v, "Export failed: %s", err);
		return;
	}
	aiview_step_state(v->ai, &was_on, &was_k);
	steps = aiview_steps(v->ai);
	n = steps + 1 > EXPORT_FRAMES ? EXPORT_FRAMES : steps + 1;
	for (i = 0; i < n; i++) {
		/* Step 0 to the last, evenly spaced when there are more. */
		size_t step = n > 1 ? i * steps / (n - 1) : 0;

		aiview_step_to(v->ai, 1, step);
		v->draw(v, &c);
		cast_frame(&k, (double)i * 0.5, &c);
	}
	aiview_step_to(v->ai, was_on, was_k);
	canvas_fini(&c);
	if (cast_close(&k, err, sizeof(err)) != 0) {
		screen_log(v, "Export failed: %s", err);
		return;
	}
	screen_log(v, "Exported the search: %s (trace), %s (%zu steps).", json,
	           cast, steps);
}
