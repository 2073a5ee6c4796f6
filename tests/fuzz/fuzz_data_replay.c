/* fuzz_data_replay.c - runs every file of the saved fuzz corpus through
 * the loader's fuzz target, so `make check` (and its sanitizer build)
 * replays what the fuzzer found without needing clang's fuzzer runtime.
 * Arguments are corpus directories or files; with none it reads
 * $top_srcdir/FUZZ_CORPUS (tests/fuzz/corpus unless the build says
 * otherwise: the other targets' replays share this driver).  Fails when it
 * finds nothing to run. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef FUZZ_CORPUS
#define FUZZ_CORPUS "tests/fuzz/corpus"
#endif

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

static int run_path(const char *path, size_t *count)
{
	struct stat st;
	struct dirent *e;
	DIR *dir;
	int rc = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return run_file(path);
	}
	dir = opendir(path);
	if (!dir) {
		perror(path);
		return -1;
	}
	while ((e = readdir(dir)) != NULL) {
		char full[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		if (run_path(full, count) != 0)
			rc = -1;
	}
	closedir(dir);
	return rc;
}

int main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	char def[4096];
	size_t count = 0;
	int i, rc = 0;

	if (argc < 2) {
		snprintf(def, sizeof(def), "%s/" FUZZ_CORPUS, top ? top : ".");
		rc = run_path(def, &count);
	}
	for (i = 1; i < argc; i++)
		if (run_path(argv[i], &count) != 0)
			rc = -1;
	printf("replayed %zu inputs\n", count);
	if (count == 0) {
		fprintf(stderr, "%s: no inputs found\n", argv[0]);
		return 1;
	}
	return rc ? 1 : 0;
}
