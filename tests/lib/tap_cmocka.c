/* SPDX-License-Identifier: MIT */
/* tap_cmocka.c - cmocka groups run in a child process and reported as one
 * TAP stream (see tap.h). */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

/* What a case TEST_SKIP names runs instead: it says it was skipped. */
static void skipped_case(void **state)
{
	(void)state;
	skip();
}

/* Whether NAME matches one of the patterns of LIST, apart by blanks. */
static int listed(const char *list, const char *name)
{
	char pattern[256];
	size_t n;

	while (list && *list) {
		list += strspn(list, " \t\n");
		n = strcspn(list, " \t\n");
		if (n > 0 && n < sizeof(pattern)) {
			memcpy(pattern, list, n);
			pattern[n] = '\0';
			if (!fnmatch(pattern, name, 0))
				return 1;
		}
		list += n;
	}
	return 0;
}

/* The cases this run selects (TEST_FILTER), group by group; those
 * TEST_SKIP names are kept, to be reported skipped. */
struct selection {
	const struct tap_group *groups;
	size_t ngroups;
	struct CMUnitTest **tests; /* per group, the selected cases */
	size_t *count;             /* per group */
	const char **names;        /* every selected case, in order */
	size_t total;
	size_t start; /* the child runs the cases from this one on */
};

static int select_cases(struct selection *s, const struct tap_group *groups,
                        size_t ngroups)
{
	const char *filter = getenv("TEST_FILTER");
	const char *skipped = getenv("TEST_SKIP");
	size_t g, i, all = 0;

	memset(s, 0, sizeof(*s));
	s->groups = groups;
	s->ngroups = ngroups;
	for (g = 0; g < ngroups; g++)
		all += groups[g].count;
	s->tests = calloc(ngroups, sizeof(*s->tests));
	s->count = calloc(ngroups, sizeof(*s->count));
	s->names = calloc(all + 1, sizeof(*s->names));
	if (!s->tests || !s->count || !s->names)
		return -1;
	for (g = 0; g < ngroups; g++) {
		s->tests[g] = calloc(groups[g].count + 1, sizeof(**s->tests));
		if (!s->tests[g])
			return -1;
		for (i = 0; i < groups[g].count; i++) {
			const struct CMUnitTest *t = &groups[g].tests[i];

			if (filter && *filter && fnmatch(filter, t->name, 0))
				continue;
			s->tests[g][s->count[g]] = *t;
			if (listed(skipped, t->name)) {
				s->tests[g][s->count[g]].test_func =
				        skipped_case;
				s->tests[g][s->count[g]].setup_func = NULL;
				s->tests[g][s->count[g]].teardown_func = NULL;
			}
			s->count[g]++;
			s->names[s->total++] = t->name;
		}
	}
	return 0;
}

static void selection_fini(struct selection *s)
{
	size_t g;

	for (g = 0; s->tests && g < s->ngroups; g++)
		free(s->tests[g]);
	free(s->tests);
	free(s->count);
	free(s->names);
}

/* In the child: every selected case from s->start on, in cmocka's TAP. */
static void run_child(void *arg)
{
	const struct selection *s = arg;
	size_t g, first = 0;

	/* The variable would win over the call and change the format. */
	unsetenv("CMOCKA_MESSAGE_OUTPUT");
	cmocka_set_message_output(CM_OUTPUT_TAP);
	for (g = 0; g < s->ngroups; first += s->count[g], g++) {
		size_t skip = s->start > first ? s->start - first : 0;

		if (skip >= s->count[g])
			continue;
		_cmocka_run_group_tests(s->groups[g].name, s->tests[g] + skip,
		                        s->count[g] - skip, s->groups[g].setup,
		                        s->groups[g].teardown);
	}
}

/* What a line of cmocka's TAP says: a plan, a result, or neither. */
enum line_kind { LINE_OTHER, LINE_PLAN, LINE_RESULT };

struct parsed {
	int ok, skip;
	const char *text; /* the name and whatever follows it */
};

static enum line_kind parse_line(const char *line, struct parsed *r)
{
	const char *p = line;

	if (!strncmp(p, "1..", 3) && p[3] >= '0' && p[3] <= '9')
		return LINE_PLAN;
	r->ok = 1;
	if (!strncmp(p, "not ", 4)) {
		r->ok = 0;
		p += 4;
	}
	if (strncmp(p, "ok ", 3))
		return LINE_OTHER;
	p += 3;
	p += strspn(p, "0123456789");
	r->skip = 0;
	if (!strncmp(p, " - ", 3)) {
		p += 3;
	} else if (!strncmp(p, " # SKIP ", 8)) {
		r->skip = 1;
		p += 8;
	} else {
		return LINE_OTHER;
	}
	r->text = p;
	return LINE_RESULT;
}

/* The state of the stream while a child runs. */
struct report {
	const struct selection *s;
	size_t next;   /* the next case to report */
	size_t failed; /* cases reported not ok */
	char why_not_run[256];
};

static void report(struct report *rp, int ok, const char *diag)
{
	tap_result(ok, rp->next + 1, rp->s->names[rp->next], diag);
	rp->failed += !ok;
	rp->next++;
}

/* Reports the cases before the one a result names as not run (cmocka
 * skipped them: a group setup failed), then the result itself.  A result
 * naming no case still to come is only a diagnostic. */
static void report_result(struct report *rp, const struct parsed *r,
                          const char *line)
{
	size_t j, n = 0;

	/* cmocka may write more after the name ("Could not run test"). */
	for (j = rp->next; j < rp->s->total; j++) {
		n = strlen(rp->s->names[j]);
		if (!strncmp(r->text, rp->s->names[j], n) &&
		    (r->text[n] == '\0' || r->text[n] == ' '))
			break;
	}
	if (j == rp->s->total) {
		tap_diag(line);
		if (!r->ok)
			snprintf(rp->why_not_run, sizeof(rp->why_not_run), "%s",
			         line);
		return;
	}
	while (rp->next < j)
		report(rp, 0, rp->why_not_run[0] ? rp->why_not_run : "not run");
	if (r->skip) {
		printf("ok %zu - %s # SKIP\n", rp->next + 1, rp->s->names[j]);
		rp->next++;
		return;
	}
	report(rp, r->ok, r->text[n] ? r->text + n + 1 : NULL);
}

static int run_forked(struct selection *s)
{
	struct report rp = {s, 0, 0, ""};
	char *line = NULL, why[128];
	size_t cap = 0;
	int bail = 0;

	printf("1..%zu\n", s->total);
	while (rp.next < s->total) {
		FILE *out;
		pid_t pid;
		ssize_t len;

		s->start = rp.next;
		pid = tap_spawn(run_child, s, &out);
		if (pid < 0)
			return 1;
		while ((len = getline(&line, &cap, out)) >= 0) {
			struct parsed r;

			if (len > 0 && line[len - 1] == '\n')
				line[len - 1] = '\0';
			switch (parse_line(line, &r)) {
			case LINE_PLAN:
				break;
			case LINE_RESULT:
				report_result(&rp, &r, line);
				break;
			default:
				tap_diag(line);
				break;
			}
		}
		if (tap_reap(pid, out, why, sizeof(why)) == 0) {
			/* A normal end with cases left: cmocka did not run
			 * them. */
			while (rp.next < s->total)
				report(&rp, 0,
				       rp.why_not_run[0] ? rp.why_not_run
				                         : "not run");
		} else if (rp.next < s->total) {
			char diag[256];

			snprintf(
			        diag, sizeof(diag),
			        "the test process ended in this case (%s); the "
			        "cases after it run in a new process",
			        why);
			report(&rp, 0, diag);
		} else {
			printf("Bail out! every case has run, then the test "
			       "process ended (%s): a leak found at exit?\n",
			       why);
			bail = 1;
		}
	}
	if (s->total == 0)
		printf("# no case matches TEST_FILTER\n");
	free(line);
	fflush(stdout);
	return rp.failed || bail ? 1 : 0;
}

int tap_run_groups(const struct tap_group *groups, size_t ngroups)
{
	struct selection s;
	int rc;

	if (select_cases(&s, groups, ngroups) != 0) {
		printf("Bail out! out of memory\n");
		selection_fini(&s);
		return 1;
	}
	if (getenv("TEST_NOFORK") && *getenv("TEST_NOFORK") == '1') {
		size_t g;

		for (g = 0, rc = 0; g < ngroups; g++)
			if (s.count[g])
				rc |= _cmocka_run_group_tests(
				        groups[g].name, s.tests[g], s.count[g],
				        groups[g].setup, groups[g].teardown);
		rc = rc ? 1 : 0;
	} else {
		rc = run_forked(&s);
	}
	selection_fini(&s);
	return rc;
}
