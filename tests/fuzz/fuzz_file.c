/* SPDX-License-Identifier: MIT */
/* fuzz_file.c - the fuzz targets' temporary files. */
#include "fuzz_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int fuzz_tmp_write(char *path, size_t size, const char *prefix, const void *buf,
                   size_t len)
{
	const char *dir = getenv("TMPDIR");
	FILE *f;
	int fd;

	snprintf(path, size, "%s/%s-XXXXXX", dir && *dir ? dir : "/tmp",
	         prefix);
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	f = fdopen(fd, "wb");
	if (!f) {
		close(fd);
		unlink(path);
		return -1;
	}
	if (len && fwrite(buf, 1, len, f) != len) {
		fclose(f);
		unlink(path);
		return -1;
	}
	if (fclose(f) != 0) {
		unlink(path);
		return -1;
	}
	return 0;
}
