/* SPDX-License-Identifier: MIT */
/* watch.c - noticing that a data file changed: each file's modification
 * time and size, taken when it was loaded and compared later. */
#include "watch.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Modification time in nanoseconds and size, -1 when unreadable. */
static void watch_stamp(const char *path, int64_t *mtime, int64_t *size)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		*mtime = *size = -1;
		return;
	}
	*mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 +
	         (int64_t)st.st_mtim.tv_nsec;
	*size = (int64_t)st.st_size;
}

int watch_snapshot(const struct data *d, struct watch *f)
{
	size_t i, n = data_file_count(d);

	memset(f, 0, sizeof(*f));
	f->paths = calloc(n ? n : 1, sizeof(*f->paths));
	f->mtimes = calloc(n ? n : 1, sizeof(*f->mtimes));
	f->sizes = calloc(n ? n : 1, sizeof(*f->sizes));
	if (!f->paths || !f->mtimes || !f->sizes) {
		watch_fini(f);
		return -1;
	}
	for (i = 0; i < n; i++) {
		f->paths[i] = strdup(data_file_path(d, i));
		if (!f->paths[i]) {
			f->n = i;
			watch_fini(f);
			return -1;
		}
		watch_stamp(f->paths[i], &f->mtimes[i], &f->sizes[i]);
	}
	f->n = n;
	return 0;
}

int watch_changed(const struct watch *f)
{
	size_t i;

	int64_t t, n;

	for (i = 0; i < f->n; i++) {
		watch_stamp(f->paths[i], &t, &n);
		if (t != f->mtimes[i] || n != f->sizes[i])
			return 1;
	}
	return 0;
}

void watch_fini(struct watch *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->paths[i]);
	free(f->paths);
	free(f->mtimes);
	free(f->sizes);
	memset(f, 0, sizeof(*f));
}
