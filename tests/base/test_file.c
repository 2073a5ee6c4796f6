/* SPDX-License-Identifier: MIT */
/* test_file.c - the one opener of the files users name, on every kind of
 * file a name can turn out to be: each is read or refused at once, with
 * one line saying which, and nothing past the caller's limit is read.  A
 * case that would hang fails by its alarm instead. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/base/file.h"
#include "lib/tap.h"

/* Seconds before an opening is taken to hang: each answers at once, so
 * only one that waits (on a FIFO, a device) comes near it, however busy
 * the machine. */
#define TEST_FILE_ALARM 60
/* The data files' limit, as the tests of a sparse file use it. */
#define TEST_FILE_MAX (64L << 20)

static char tmpdir[PATH_MAX];

static const char *in_tmp(const char *name)
{
	static char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return path;
}

static void write_file(const char *name, const char *text, size_t len)
{
	FILE *f = fopen(in_tmp(name), "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Reads name with file_read and the limit max: the status, and the
 * message into msg. */
static int read_one(const char *name, int64_t max, char *msg, size_t size)
{
	char *buf = (char *)"untouched";
	size_t len = 12345;
	int rc;

	msg[0] = '\0';
	alarm(TEST_FILE_ALARM);
	rc = file_read(name[0] == '/' ? name : in_tmp(name), max, &buf, &len,
	               NULL, msg, size);
	alarm(0);
	if (rc != FILE_OK) {
		/* A refusal leaves nothing to free and says why. */
		assert_null(buf);
		assert_int_equal(len, 0);
		assert_true(msg[0] != '\0');
		assert_null(strchr(msg, '\n'));
	} else {
		free(buf);
	}
	return rc;
}

static void test_file_reads_a_regular_file(void **state)
{
	struct stat st;
	char msg[256], *buf;
	size_t len;

	(void)state;
	write_file("plain.txt", "terrain a\nx", 11);
	assert_int_equal(file_read(in_tmp("plain.txt"), TEST_FILE_MAX, &buf,
	                           &len, &st, msg, sizeof(msg)),
	                 FILE_OK);
	assert_int_equal(len, 11);
	assert_memory_equal(buf, "terrain a\nx", 12); /* and its NUL */
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_size, 11);
	free(buf);
}

static void test_file_reads_an_empty_file(void **state)
{
	char msg[256], *buf;
	size_t len = 99;

	(void)state;
	write_file("empty.txt", "", 0);
	assert_int_equal(file_read(in_tmp("empty.txt"), TEST_FILE_MAX, &buf,
	                           &len, NULL, msg, sizeof(msg)),
	                 FILE_OK);
	assert_int_equal(len, 0);
	assert_non_null(buf);
	assert_string_equal(buf, "");
	free(buf);
}

static void test_file_takes_exactly_its_limit(void **state)
{
	char msg[256], want[PATH_MAX + 128];

	(void)state;
	write_file("ten.txt", "0123456789", 10);
	assert_int_equal(read_one("ten.txt", 10, msg, sizeof(msg)), FILE_OK);
	assert_int_equal(read_one("ten.txt", 9, msg, sizeof(msg)),
	                 FILE_ETOOBIG);
	snprintf(want, sizeof(want),
	         "'%s' is larger than 9 bytes (it is 10 bytes)",
	         in_tmp("ten.txt"));
	assert_string_equal(msg, want);
}

static void test_file_refuses_a_directory(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];

	(void)state;
	assert_int_equal(read_one(tmpdir, TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a directory, not a regular file",
	         tmpdir);
	assert_string_equal(msg, want);
}

static void test_file_refuses_a_fifo_at_once(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];

	(void)state;
	assert_int_equal(mkfifo(in_tmp("pipe"), 0600), 0);
	/* Nobody writes to it: a blocking open would wait forever. */
	assert_int_equal(read_one("pipe", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a FIFO (a named pipe), not a "
	         "regular file",
	         in_tmp("pipe"));
	assert_string_equal(msg, want);
}

static void test_file_refuses_devices(void **state)
{
	char msg[256];

	(void)state;
	/* /dev/zero never ends; /dev/null ends at once but is no file. */
	assert_int_equal(read_one("/dev/zero", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	assert_string_equal(msg, "cannot read '/dev/zero': it is a character "
	                         "device, not a regular file");
	assert_int_equal(read_one("/dev/null", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	assert_string_equal(msg, "cannot read '/dev/null': it is a character "
	                         "device, not a regular file");
}

static void test_file_refuses_a_symlink_to_a_device(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];

	(void)state;
	assert_int_equal(symlink("/dev/zero", in_tmp("zero.map")), 0);
	assert_int_equal(read_one("zero.map", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	/* Named as the user named it. */
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a character device, not a regular "
	         "file",
	         in_tmp("zero.map"));
	assert_string_equal(msg, want);
}

static void test_file_refuses_a_socket(void **state)
{
	struct sockaddr_un addr;
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];
	int fd;

	(void)state;
	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	if (strlen(in_tmp("sock")) >= sizeof(addr.sun_path))
		skip();
	strcpy(addr.sun_path, in_tmp("sock"));
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(read_one("sock", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_EKIND);
	snprintf(want, sizeof(want),
	         "cannot read '%s': it is a socket, not a regular file",
	         in_tmp("sock"));
	assert_string_equal(msg, want);
	close(fd);
}

static void test_file_refuses_a_sparse_file_over_the_limit(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];
	int fd;

	(void)state;
	fd = open(in_tmp("huge.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	/* 100 GiB of nothing: a file system without sparse files (or with
	 * a smaller largest file) cannot hold it. */
	if (ftruncate(fd, (off_t)100 << 30) != 0) {
		close(fd);
		skip();
	}
	close(fd);
	assert_int_equal(read_one("huge.txt", TEST_FILE_MAX, msg, sizeof(msg)),
	                 FILE_ETOOBIG);
	snprintf(want, sizeof(want),
	         "'%s' is larger than 64 MiB (it is 100 GiB)",
	         in_tmp("huge.txt"));
	assert_string_equal(msg, want);
}

static void test_file_refuses_an_unreadable_file(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];

	(void)state;
	/* root reads everything. */
	if (geteuid() == 0)
		skip();
	write_file("secret.txt", "x\n", 2);
	assert_int_equal(chmod(in_tmp("secret.txt"), 0), 0);
	assert_int_equal(
	        read_one("secret.txt", TEST_FILE_MAX, msg, sizeof(msg)),
	        FILE_EOPEN);
	snprintf(want, sizeof(want), "cannot open '%s': %s",
	         in_tmp("secret.txt"), strerror(EACCES));
	assert_string_equal(msg, want);
}

static void test_file_refuses_a_missing_file(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128];

	(void)state;
	assert_int_equal(
	        read_one("absent.txt", TEST_FILE_MAX, msg, sizeof(msg)),
	        FILE_EOPEN);
	snprintf(want, sizeof(want), "cannot open '%s': %s",
	         in_tmp("absent.txt"), strerror(ENOENT));
	assert_string_equal(msg, want);
}

static void test_file_open_gives_a_descriptor(void **state)
{
	struct stat st;
	char msg[256], got[8];
	int fd;

	(void)state;
	write_file("fd.txt", "abc", 3);
	fd = file_open(in_tmp("fd.txt"), 3, &st, msg, sizeof(msg));
	assert_true(fd >= 0);
	assert_int_equal(st.st_size, 3);
	/* Close-on-exec: a program the game starts never inherits it. */
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	assert_int_equal(read(fd, got, sizeof(got)), 3);
	close(fd);
	assert_int_equal(file_open("/dev/zero", 3, &st, msg, sizeof(msg)),
	                 FILE_EKIND);
}

static void test_file_create_writes_regular_files_only(void **state)
{
	char msg[PATH_MAX + 128], want[PATH_MAX + 128], *buf;
	size_t len;
	int fd;

	(void)state;
	/* A new file, then the same emptied. */
	fd = file_create(in_tmp("new.rec"), msg, sizeof(msg));
	assert_true(fd >= 0);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	assert_int_equal(write(fd, "abc", 3), 3);
	close(fd);
	fd = file_create(in_tmp("new.rec"), msg, sizeof(msg));
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(file_read(in_tmp("new.rec"), 10, &buf, &len, NULL, msg,
	                           sizeof(msg)),
	                 FILE_OK);
	assert_int_equal(len, 0);
	free(buf);
	/* A FIFO nobody reads: refused at once, not waited on. */
	assert_int_equal(mkfifo(in_tmp("wpipe"), 0600), 0);
	alarm(TEST_FILE_ALARM);
	assert_int_equal(file_create(in_tmp("wpipe"), msg, sizeof(msg)),
	                 FILE_EKIND);
	alarm(0);
	snprintf(want, sizeof(want),
	         "cannot write '%s': it is a FIFO (a named pipe), not a "
	         "regular file",
	         in_tmp("wpipe"));
	assert_string_equal(msg, want);
	assert_int_equal(file_create("/dev/null", msg, sizeof(msg)),
	                 FILE_EKIND);
	assert_string_equal(msg, "cannot write '/dev/null': it is a character "
	                         "device, not a regular file");
	assert_int_equal(file_create(tmpdir, msg, sizeof(msg)), FILE_EKIND);
	assert_int_equal(file_create(in_tmp("no/such/dir"), msg, sizeof(msg)),
	                 FILE_EOPEN);
	snprintf(want, sizeof(want), "cannot write '%s': %s",
	         in_tmp("no/such/dir"), strerror(ENOENT));
	assert_string_equal(msg, want);
}

static void test_file_kind_names_every_kind(void **state)
{
	(void)state;
	assert_null(file_kind(S_IFREG));
	assert_string_equal(file_kind(S_IFDIR), "a directory");
	assert_string_equal(file_kind(S_IFIFO), "a FIFO (a named pipe)");
	assert_string_equal(file_kind(S_IFCHR), "a character device");
	assert_string_equal(file_kind(S_IFBLK), "a block device");
	assert_string_equal(file_kind(S_IFSOCK), "a socket");
}

static int make_tmpdir(void **state)
{
	const char *t = getenv("TMPDIR");

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "%s/test_file.XXXXXX",
	         t && *t ? t : "/tmp");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
	static const char *const names[] = {
	        "plain.txt", "empty.txt", "ten.txt",    "pipe",   "zero.map",
	        "sock",      "huge.txt",  "secret.txt", "fd.txt",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		unlink(in_tmp(names[i]));
	return rmdir(tmpdir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_file_reads_a_regular_file),
	        cmocka_unit_test(test_file_reads_an_empty_file),
	        cmocka_unit_test(test_file_takes_exactly_its_limit),
	        cmocka_unit_test(test_file_refuses_a_directory),
	        cmocka_unit_test(test_file_refuses_a_fifo_at_once),
	        cmocka_unit_test(test_file_refuses_devices),
	        cmocka_unit_test(test_file_refuses_a_symlink_to_a_device),
	        cmocka_unit_test(test_file_refuses_a_socket),
	        cmocka_unit_test(
	                test_file_refuses_a_sparse_file_over_the_limit),
	        cmocka_unit_test(test_file_refuses_an_unreadable_file),
	        cmocka_unit_test(test_file_refuses_a_missing_file),
	        cmocka_unit_test(test_file_open_gives_a_descriptor),
	        cmocka_unit_test(test_file_create_writes_regular_files_only),
	        cmocka_unit_test(test_file_kind_names_every_kind),
	};

	return tap_run(tests, make_tmpdir, remove_tmpdir);
}
