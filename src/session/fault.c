/* SPDX-License-Identifier: MIT */
/* fault.c - the test-only fault hook (fault.h). */
#include "fault.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fault_signal(const char *name, size_t len)
{
	static const struct {
		const char *name;
		int sig;
	} names[] = {{"KILL", SIGKILL}, {"HUP", SIGHUP},   {"TERM", SIGTERM},
	             {"INT", SIGINT},   {"SEGV", SIGSEGV}, {"QUIT", SIGQUIT}};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].name) == len &&
		    !strncmp(names[i].name, name, len))
			return names[i].sig;
	return 0;
}

/* Whether HUNTED_FAULT names point: its action (and the action's
 * length) and its N.  */
static int fault_find(const char *point, const char **action, size_t *alen,
                      long *n)
{
	const char *v = getenv("HUNTED_FAULT"), *p, *q;
	size_t len = strlen(point);

	if (!v || !(p = strchr(v, ':')) || !(q = strchr(p + 1, ':')))
		return 0;
	if ((size_t)(q - p - 1) != len || strncmp(p + 1, point, len))
		return 0;
	*action = v;
	*alen = (size_t)(p - v);
	*n = atol(q + 1);
	return 1;
}

void fault_point(const char *point)
{
	static long passed;
	const char *action;
	size_t alen;
	long n;
	int sig;

	if (!fault_find(point, &action, &alen, &n))
		return;
	sig = fault_signal(action, alen);
	if (sig && ++passed == n)
		kill(getpid(), sig);
}

int fault_write(void)
{
	static long written;
	const char *action;
	size_t alen;
	long n;

	if (!fault_find("write", &action, &alen, &n) || alen != 6 ||
	    strncmp(action, "ENOSPC", 6))
		return 0;
	/* A full disk stays full. */
	return ++written >= n ? ENOSPC : 0;
}

unsigned long fault_turns_max(unsigned long dflt)
{
	const char *action;
	size_t alen;
	long n;

	/* Asked once a turn: the environment is read once. */
	static long cap = -1;

	if (cap < 0)
		cap = fault_find("turns", &action, &alen, &n) && alen == 3 &&
		                      !strncmp(action, "CAP", 3) && n > 0
		              ? n
		              : 0;
	return cap && (unsigned long)cap < dflt ? (unsigned long)cap : dflt;
}

int fault_fails(const char *point)
{
	static long passed;
	const char *action;
	size_t alen;
	long n;

	if (!fault_find(point, &action, &alen, &n) || alen != 4 ||
	    strncmp(action, "FAIL", 4))
		return 0;
	return ++passed >= n;
}

void fault_gate(const char *point)
{
	const char *v = getenv("HUNTED_FAULT_GATE"), *colon;
	size_t len = strlen(point);
	char here[4200];
	int fd;

	if (!v || !(colon = strchr(v, ':')) || (size_t)(colon - v) != len ||
	    strncmp(v, point, len))
		return;
	/* Here: FIFO.here-PID, for the test to count who waits. */
	snprintf(here, sizeof(here), "%s.here-%ld", colon + 1, (long)getpid());
	fd = open(here, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
	/* A FIFO's reader waits for its writer: every game waiting here
	 * goes on at the moment the test opens it. */
	while ((fd = open(colon + 1, O_RDONLY | O_CLOEXEC)) < 0 &&
	       errno == EINTR)
		;
	if (fd >= 0)
		close(fd);
}
