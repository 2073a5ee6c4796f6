/* SPDX-License-Identifier: MIT */
/* tap.c - the child processes and the TAP lines every runner shares (see
 * tap.h).  No cmocka here: the fuzz corpus replays link this alone. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

pid_t tap_spawn(void (*fn)(void *), void *arg, FILE **out)
{
	int fd[2];
	pid_t pid;

	/* Whatever is buffered would otherwise be printed twice. */
	fflush(stdout);
	fflush(stderr);
	if (pipe(fd) != 0) {
		printf("Bail out! pipe: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		printf("Bail out! fork: %s\n", strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		if (dup2(fd[1], STDOUT_FILENO) < 0 ||
		    dup2(fd[1], STDERR_FILENO) < 0)
			_exit(125);
		close(fd[1]);
		/* Line by line, so that the tests' messages on stderr stay
		 * next to the results they explain. */
		setvbuf(stdout, NULL, _IOLBF, 0);
		fn(arg);
		fflush(stdout);
		/* exit, not _exit: a leak checker runs at exit. */
		exit(0);
	}
	close(fd[1]);
	*out = fdopen(fd[0], "r");
	if (!*out) {
		printf("Bail out! fdopen: %s\n", strerror(errno));
		close(fd[0]);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

int tap_reap(pid_t pid, FILE *out, char *why, size_t cap)
{
	int status;

	fclose(out);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, cap, "waitpid: %s", strerror(errno));
			return 1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status))
		snprintf(why, cap, "killed by signal %d (%s)", WTERMSIG(status),
		         strsignal(WTERMSIG(status)));
	else
		snprintf(why, cap, "exit status %d", WEXITSTATUS(status));
	return 1;
}

void tap_diag(const char *line)
{
	if (line[0] == '#')
		printf("%s\n", line);
	else
		printf("# %s\n", line);
}

void tap_result(int ok, size_t number, const char *name, const char *diag)
{
	printf("%sok %zu - %s\n", ok ? "" : "not ", number, name);
	while (diag && *diag) {
		size_t n = strcspn(diag, "\n");

		printf("# %.*s\n", (int)n, diag);
		diag += n + (diag[n] == '\n');
	}
	fflush(stdout);
}
