/* SPDX-License-Identifier: MIT */
/* fuzz_file.h - the fuzz targets' temporary files, for the readers that
 * take a path rather than bytes in memory. */
#ifndef HUNTED_FUZZ_FILE_H
#define HUNTED_FUZZ_FILE_H

#include <stddef.h>

/* Writes len bytes to a new temporary file named from prefix (in $TMPDIR,
 * else /tmp), its name into path (of size bytes).  Returns 0, or -1 with
 * nothing left behind.  The caller removes the file. */
int fuzz_tmp_write(char *path, size_t size, const char *prefix, const void *buf,
                   size_t len);

#endif
