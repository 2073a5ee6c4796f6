/* SPDX-License-Identifier: MIT */
/* userdir.c - the player's folder under $XDG_DATA_HOME, files written
 * whole, and files moved aside. */
#include "userdir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fault.h"

/* Makes dir and the folders above it that are missing. */
static int userdir_mkdirs(char *dir, char *err, size_t err_size)
{
	struct stat st;
	char *p;

	for (p = dir + 1;; p++) {
		char c = *p;

		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			snprintf(err, err_size,
			         "cannot make the folder '%s': %s", dir,
			         strerror(errno));
			*p = c;
			return -1;
		}
		*p = c;
		if (!c)
			break;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "'%s' is not a folder", dir);
		return -1;
	}
	return 0;
}

int userdir_get(int make, char *buf, size_t size, char *err, size_t err_size)
{
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	/* The XDG rule: a relative $XDG_DATA_HOME is ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/hunted", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.local/share/hunted", home);
	else {
		snprintf(err, err_size,
		         "neither $XDG_DATA_HOME nor $HOME is an absolute "
		         "path: no folder for hunted's files");
		return -1;
	}
	if (n < 0 || (size_t)n >= size) {
		snprintf(err, err_size,
		         "the folder for hunted's files has "
		         "too long a name");
		return -1;
	}
	return make ? userdir_mkdirs(buf, err, err_size) : 0;
}

int userdir_file(const char *name, char *buf, size_t size, char *err,
                 size_t err_size)
{
	char dir[PATH_MAX];
	int n;

	if (userdir_get(1, dir, sizeof(dir), err, err_size) != 0)
		return -1;
	n = snprintf(buf, size, "%s/%s", dir, name);
	if (n < 0 || (size_t)n >= size) {
		snprintf(err, err_size, "'%s/%s' is too long a name", dir,
		         name);
		return -1;
	}
	return 0;
}

int userdir_begin(struct userdir_tmp *t, const char *path, char *err,
                  size_t err_size)
{
	int fd, n;

	t->f = NULL;
	t->path = path;
	n = snprintf(t->tmp, sizeof(t->tmp), "%s.tmp-%ld", path,
	             (long)getpid());
	if (n < 0 || (size_t)n >= sizeof(t->tmp)) {
		snprintf(err, err_size, "'%s' is too long a name", path);
		return -1;
	}
	fd = open(t->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
	          0600);
	if (fd < 0) {
		snprintf(err, err_size, "cannot write '%s': %s", t->tmp,
		         strerror(errno));
		return -1;
	}
	t->f = fdopen(fd, "w");
	if (!t->f) {
		snprintf(err, err_size, "cannot write '%s': %s", t->tmp,
		         strerror(errno));
		close(fd);
		unlink(t->tmp);
		return -1;
	}
	return 0;
}

void userdir_abandon(struct userdir_tmp *t)
{
	if (!t->f)
		return;
	fclose(t->f);
	t->f = NULL;
	unlink(t->tmp);
}

/* The rename is durable only once the folder holding it is on disk. */
static void userdir_sync_folder(const char *path)
{
	char dir[4200];
	const char *slash = strrchr(path, '/');
	int fd;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	fsync(fd);
	close(fd);
}

int userdir_commit(struct userdir_tmp *t, char *err, size_t err_size)
{
	int bad = ferror(t->f) || fflush(t->f) != 0 || fsync(fileno(t->f)) != 0;
	int e = errno;

	if (!bad && (e = fault_write()) != 0)
		bad = 1;

	if (fclose(t->f) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	t->f = NULL;
	if (!bad && rename(t->tmp, t->path) != 0) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		snprintf(err, err_size, "cannot write '%s': %s", t->path,
		         strerror(e));
		unlink(t->tmp);
		return -1;
	}
	fault_point("renamed");
	userdir_sync_folder(t->path);
	return 0;
}

int userdir_move_aside(const char *path, const char *why, char *moved,
                       size_t moved_size, char *err, size_t err_size)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	int k, n;

	if (!localtime_r(&now, &tm) ||
	    !strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof(stamp), "%ld", (long)now);
	for (k = 1; k < 100; k++) {
		if (k == 1)
			n = snprintf(moved, moved_size, "%s.%s-%s", path, why,
			             stamp);
		else
			n = snprintf(moved, moved_size, "%s.%s-%s-%d", path,
			             why, stamp, k);
		if (n < 0 || (size_t)n >= moved_size) {
			snprintf(err, err_size, "'%s' is too long a name",
			         path);
			return -1;
		}
		/* link then unlink: never over a file already there. */
		if (link(path, moved) == 0) {
			if (unlink(path) != 0) {
				snprintf(err, err_size,
				         "cannot move '%s' aside: %s", path,
				         strerror(errno));
				unlink(moved);
				return -1;
			}
			return 0;
		}
		if (errno == EEXIST || access(moved, F_OK) == 0)
			continue;
		/* A file system without hard links: rename, having looked. */
		if (rename(path, moved) == 0)
			return 0;
		snprintf(err, err_size, "cannot move '%s' aside: %s", path,
		         strerror(errno));
		return -1;
	}
	snprintf(err, err_size,
	         "cannot move '%s' aside: too many files "
	         "named like it",
	         path);
	return -1;
}

size_t userdir_siblings(const char *path, const char *tag, glob_t *g)
{
	char pattern[PATH_MAX + 32];

	if (snprintf(pattern, sizeof(pattern), "%s.%s-*", path, tag) >=
	            (int)sizeof(pattern) ||
	    glob(pattern, 0, NULL, g) != 0)
		return 0;
	return g->gl_pathc;
}

int userdir_sibling_live(const char *name)
{
	const char *dash = strrchr(name, '-');
	long p = dash ? atol(dash + 1) : 0;

	return p > 0 && p != (long)getpid() && kill((pid_t)p, 0) == 0;
}
