/* SPDX-License-Identifier: MIT */
/* file.h - the one way hunted opens a file a user named: data files and
 * their includes, Moving AI maps and problem sets, recordings, and the
 * source lines the diagnostics quote.
 *
 * A name can be anything: a directory, a FIFO nobody writes to, a device
 * that never ends, a sparse file of 100 GB.  So the opener never blocks
 * in open (O_NONBLOCK: a FIFO opens at once), takes regular files only,
 * checks the size fstat gives against the caller's limit before reading a
 * byte, and reads no more than that size, so a file that grows meanwhile
 * cannot make a reader run on.  Each caller states its limit as a named
 * constant (DATA_FILE_MAX, MOVINGAI_FILE_MAX, REPLAY_FILE_MAX).  Every
 * refusal is one line of text naming the file; nothing is printed. */
#ifndef HUNTED_FILE_H
#define HUNTED_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

enum file_status {
	FILE_OK = 0,
	FILE_EOPEN = -1,   /* no such file, no permission...: errno's text */
	FILE_EKIND = -2,   /* a directory, a FIFO, a device, a socket */
	FILE_ETOOBIG = -3, /* more bytes than the caller's limit */
	FILE_EREAD = -4,   /* a read failed */
	FILE_ENOMEM = -5,  /* no memory for the contents */
};

/* Opens path for reading when it is a regular file of at most max bytes.
 * Returns the descriptor (close-on-exec) with *st filled in, or a
 * negative enum file_status with the problem in msg (size bytes). */
int file_open(const char *path, int64_t max, struct stat *st, char *msg,
              size_t size);

/* Reads the whole of path, a regular file of at most max bytes, into a
 * new buffer *buf (the caller frees it) of *len bytes, followed by a NUL
 * that *len does not count.  *st (st may be NULL) tells the file apart
 * from others by its device and inode.  Returns FILE_OK, or a negative
 * enum file_status with the problem in msg and nothing to free. */
int file_read(const char *path, int64_t max, char **buf, size_t *len,
              struct stat *st, char *msg, size_t size);

/* Creates path, or empties it, for writing (a recording): a regular file
 * only, so that writing never waits on a FIFO nobody reads.  Returns the
 * descriptor (close-on-exec), or a negative enum file_status with the
 * problem in msg. */
int file_create(const char *path, char *msg, size_t size);

/* Closes f, the file path that file_create made, checking that all of it
 * was written: a write that failed before (err: its errno, 0 when none
 * failed or its reason is not known), the last flush, the close.  A file
 * not wholly written is removed, so that no half-written file passes for
 * a whole one.  Returns 0, or -1 with "write error: PATH: REASON" and
 * what became of the file in msg. */
int file_close_written(FILE *f, int err, const char *path, char *msg,
                       size_t size);

/* What a file of mode st_mode is when it is not a regular file, for a
 * message ("a directory", "a FIFO"...), or NULL for a regular file. */
const char *file_kind(mode_t mode);

#endif
