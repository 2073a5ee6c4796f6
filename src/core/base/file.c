/* SPDX-License-Identifier: MIT */
/* file.c - opening and reading the files a user names, whatever they turn
 * out to be (see file.h). */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *file_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return NULL;
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO (a named pipe)";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "a special file";
}

/* A size for a message: in the largest unit it is a whole number of,
 * else in bytes ("64 MiB", "100 GiB", "67108865 bytes"). */
static void file_size_text(int64_t n, char *buf, size_t size)
{
	static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
	int u = -1;

	while (u < 3 && n >= 1024 && n % 1024 == 0) {
		n /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%" PRId64 " byte%s", n, n == 1 ? "" : "s");
	else
		snprintf(buf, size, "%" PRId64 " %s", n, units[u]);
}

/* The refusal of a file that is not a regular one, to read or write
 * (verb). */
static int file_not_regular(const char *verb, const char *path, mode_t mode,
                            char *msg, size_t size)
{
	snprintf(msg, size, "cannot %s '%s': it is %s, not a regular file",
	         verb, path, file_kind(mode));
	return FILE_EKIND;
}

int file_open(const char *path, int64_t max, struct stat *st, char *msg,
              size_t size)
{
	/* O_NONBLOCK: a FIFO opens at once instead of waiting for a
	 * writer; O_NOCTTY: a terminal device never becomes ours. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	char limit[32], actual[32];

	if (fd < 0) {
		int e = errno;

		/* A socket refuses to open at all: say what it is rather
		 * than "No such device or address". */
		if (stat(path, st) == 0 && !S_ISREG(st->st_mode))
			return file_not_regular("read", path, st->st_mode, msg,
			                        size);
		snprintf(msg, size, "cannot open '%s': %s", path, strerror(e));
		return FILE_EOPEN;
	}
	if (fstat(fd, st) != 0) {
		snprintf(msg, size, "cannot read '%s': %s", path,
		         strerror(errno));
		close(fd);
		return FILE_EOPEN;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return file_not_regular("read", path, st->st_mode, msg, size);
	}
	if ((int64_t)st->st_size > max) {
		file_size_text(max, limit, sizeof(limit));
		file_size_text((int64_t)st->st_size, actual, sizeof(actual));
		snprintf(msg, size, "'%s' is larger than %s (it is %s)", path,
		         limit, actual);
		close(fd);
		return FILE_ETOOBIG;
	}
	return fd;
}

int file_read(const char *path, int64_t max, char **buf, size_t *len,
              struct stat *st, char *msg, size_t size)
{
	struct stat own;
	size_t n = 0, want;
	char *b;
	int fd;

	if (!st)
		st = &own;
	*buf = NULL;
	*len = 0;
	fd = file_open(path, max, st, msg, size);
	if (fd < 0)
		return fd;
	want = (size_t)st->st_size;
	b = malloc(want + 1);
	if (!b) {
		snprintf(msg, size, "out of memory reading '%s'", path);
		close(fd);
		return FILE_ENOMEM;
	}
	/* The size fstat gave is all that is read: a file that grows
	 * meanwhile (a log being written) cannot make this run on. */
	while (n < want) {
		ssize_t r = read(fd, b + n, want - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(msg, size, "cannot read '%s': %s", path,
			         strerror(errno));
			free(b);
			close(fd);
			return FILE_EREAD;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return FILE_OK;
}

int file_create(const char *path, char *msg, size_t size)
{
	/* O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of
	 * waiting for a reader.  O_TRUNC empties only a regular file. */
	int fd = open(path,
	              O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY |
	                      O_CLOEXEC,
	              0666);
	struct stat st;

	if (fd < 0) {
		int e = errno;

		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
			return file_not_regular("write", path, st.st_mode, msg,
			                        size);
		snprintf(msg, size, "cannot write '%s': %s", path, strerror(e));
		return FILE_EOPEN;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(msg, size, "cannot write '%s': %s", path,
		         strerror(errno));
		close(fd);
		return FILE_EOPEN;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return file_not_regular("write", path, st.st_mode, msg, size);
	}
	/* Writes to a regular file never block: the flag can stay. */
	return fd;
}

int file_close_written(FILE *f, int err, const char *path, char *msg,
                       size_t size)
{
	int bad = err != 0 || ferror(f);

	/* A write that failed long ago left no reason behind: the file is
	 * to be removed anyway, so one byte more asks the system again. */
	if (bad && !err && write(fileno(f), "", 1) < 0)
		err = errno;
	if (fflush(f) != 0) {
		if (!err)
			err = errno;
		bad = 1;
	}
	if (fclose(f) != 0) {
		if (!err)
			err = errno;
		bad = 1;
	}
	if (!bad)
		return 0;
	snprintf(msg, size, "write error: %s%s%s; %s", path, err ? ": " : "",
	         err ? strerror(err) : "",
	         unlink(path) == 0 ? "the part written is removed"
	                           : "the file is not whole");
	return -1;
}
