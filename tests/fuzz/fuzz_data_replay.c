/* SPDX-License-Identifier: MIT */
/* fuzz_data_replay.c - runs every file of a saved fuzz corpus through a
 * fuzz target, so `make check` (and its sanitizer build) replays what the
 * fuzzer found without needing clang's fuzzer runtime.  Arguments are
 * corpus directories or files; with none it reads
 * $top_srcdir/FUZZ_CORPUS (tests/fuzz/corpus unless the build says
 * otherwise: the other targets' replays share this driver).
 *
 * Prints TAP, one result per corpus: each corpus is replayed in a child
 * process (tests/lib/tap.h), so an input that crashes the target, or a
 * leak found at exit, fails that corpus, named with the input it died
 * on.  A corpus with no input fails too. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/tap.h"

#ifndef FUZZ_CORPUS
#define FUZZ_CORPUS "tests/fuzz/corpus"
#endif

/* The line the child prints before each input, which the parent keeps
 * to itself. */
#define REPLAYING "#replaying "

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			unsigned char *nb;

			cap = cap ? cap * 2 : 4096;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

struct corpus {
	char **files;
	size_t len, cap;
	int error;
};

static void corpus_add(struct corpus *c, const char *path)
{
	if (c->len == c->cap) {
		char **nf;

		c->cap = c->cap ? 2 * c->cap : 64;
		nf = realloc(c->files, c->cap * sizeof(*nf));
		if (!nf) {
			c->error = 1;
			return;
		}
		c->files = nf;
	}
	c->files[c->len] = strdup(path);
	if (!c->files[c->len])
		c->error = 1;
	else
		c->len++;
}

/* Every file under path, directories walked. */
static void corpus_collect(struct corpus *c, const char *path)
{
	struct stat st;
	struct dirent *e;
	DIR *dir;

	if (stat(path, &st) != 0) {
		perror(path);
		c->error = 1;
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		corpus_add(c, path);
		return;
	}
	dir = opendir(path);
	if (!dir) {
		perror(path);
		c->error = 1;
		return;
	}
	while ((e = readdir(dir)) != NULL) {
		char full[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		corpus_collect(c, full);
	}
	closedir(dir);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* In the child: every input, in name order, each announced first. */
static void replay(void *arg)
{
	const struct corpus *c = arg;
	size_t i;

	for (i = 0; i < c->len; i++) {
		printf(REPLAYING "%s\n", c->files[i]);
		fflush(stdout);
		if (run_file(c->files[i]) != 0)
			exit(1);
	}
}

/* One corpus, one TAP result; returns 1 when it failed. */
static int replay_corpus(size_t number, const char *name, const char *path)
{
	struct corpus c = {NULL, 0, 0, 0};
	char *line = NULL, *last = NULL, why[128], diag[4200];
	size_t cap = 0, i;
	ssize_t len;
	FILE *out;
	pid_t pid;
	int failed = 1;

	corpus_collect(&c, path);
	if (c.error || c.len == 0) {
		tap_result(0, number, name,
		           c.error ? "cannot read the corpus"
		                   : "no inputs found");
		goto done;
	}
	qsort(c.files, c.len, sizeof(*c.files), by_name);
	pid = tap_spawn(replay, &c, &out);
	if (pid < 0)
		goto done;
	while ((len = getline(&line, &cap, out)) >= 0) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (!strncmp(line, REPLAYING, strlen(REPLAYING))) {
			free(last);
			last = strdup(line + strlen(REPLAYING));
			continue;
		}
		tap_diag(line);
	}
	if (tap_reap(pid, out, why, sizeof(why)) != 0) {
		snprintf(diag, sizeof(diag), "died on %s: %s",
		         last ? last : "(before the first input)", why);
		tap_result(0, number, name, diag);
		goto done;
	}
	snprintf(diag, sizeof(diag), "%s: %zu inputs", name, c.len);
	tap_result(1, number, diag, NULL);
	failed = 0;
done:
	for (i = 0; i < c.len; i++)
		free(c.files[i]);
	free(c.files);
	free(line);
	free(last);
	return failed;
}

int main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	char def[4096];
	int i, failed = 0;

	if (argc < 2) {
		snprintf(def, sizeof(def), "%s/" FUZZ_CORPUS,
		         top && *top ? top : ".");
		printf("1..1\n");
		return replay_corpus(1, FUZZ_CORPUS, def);
	}
	printf("1..%d\n", argc - 1);
	for (i = 1; i < argc; i++)
		failed |= replay_corpus((size_t)i, argv[i], argv[i]);
	return failed;
}
