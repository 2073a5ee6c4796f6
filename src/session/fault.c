/* SPDX-License-Identifier: MIT */
/* fault.c - the test-only kill hook (fault.h). */
#include "fault.h"

#include <signal.h>
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

void fault_point(const char *point)
{
	static long passed;
	const char *v = getenv("HUNTED_FAULT"), *p, *q;
	size_t len = strlen(point);
	int sig;

	if (!v || !(p = strchr(v, ':')) || !(q = strchr(p + 1, ':')))
		return;
	if ((size_t)(q - p - 1) != len || strncmp(p + 1, point, len))
		return;
	sig = fault_signal(v, (size_t)(p - v));
	if (sig && ++passed == atol(q + 1))
		kill(getpid(), sig);
}
