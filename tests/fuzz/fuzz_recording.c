/* fuzz_recording.c - libFuzzer target for the reader of recordings
 * (hunted --replay FILE): any bytes must read without a crash, a leak or
 * undefined behaviour.  The input is read the way a replay reads it: the
 * setup from the header by path, then the commands one by one from the
 * open file until the end or the first malformed line. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"
#include "core/world/cmd.h"
#include "core/world/gen.h"
#include "session/replay.h"
#include "session/setup.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

/* Lines in the input, a last one without '\n' included. */
static int count_lines(const uint8_t *buf, size_t len)
{
	size_t i;
	int n = 0;

	for (i = 0; i < len; i++)
		if (buf[i] == '\n')
			n++;
	return n + (len && buf[len - 1] != '\n');
}

static void check_text(const char *s, size_t cap)
{
	if (!memchr(s, '\0', cap))
		abort();
}

/* Reads the recording at path (whose bytes are buf) as a replay does. */
static void read_recording(const char *path, const uint8_t *buf, size_t len)
{
	struct setup setup;
	struct replay rp;
	struct world_cmd cmd;
	char err[512];
	int lines = count_lines(buf, len), last = 0, r;

	memset(err, 0, sizeof(err));
	setup_init(&setup);
	if (replay_read_setup(path, &setup, err, sizeof(err)) != 0) {
		check_text(err, sizeof(err));
		if (!err[0])
			abort();
		return;
	}
	if (setup.map && (setup.map != setup.map_buf ||
	                  !memchr(setup.map_buf, '\0', sizeof(setup.map_buf))))
		abort();
	/* Only a setup the command line could have given. */
	if ((unsigned)setup.mind.strategy >= MIND_STRATEGY_COUNT ||
	    setup.monsters < -1 || setup.monsters > DATA_MONSTERS_MAX ||
	    (setup.mind.hunt != 0 && setup.mind.hunt != 1) ||
	    (setup.gen_w &&
	     (setup.gen_w < GEN_MIN_W || setup.gen_h < GEN_MIN_H ||
	      setup.gen_w > GEN_MAX_DIM || setup.gen_h > GEN_MAX_DIM)) ||
	    (setup.gen_w == 0) != (setup.gen_h == 0))
		abort();

	if (replay_open(&rp, path, err, sizeof(err)) != 0)
		return;
	while ((r = replay_next(&rp, &cmd)) == 1) {
		char letters[3];

		/* Every command read is one the game can write back, and
		 * comes from a line of its own. */
		if (rp.line <= last || rp.line > lines ||
		    cmd_format(cmd, letters) == 0)
			abort();
		last = rp.line;
	}
	if (r != 0 && r != -1)
		abort();
	if (rp.line < last || rp.line > lines)
		abort();
	replay_close(&rp);
}

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	char path[4096];

	if (fuzz_tmp_write(path, sizeof(path), "fuzz-recording", buf, len) != 0)
		return 0;
	read_recording(path, buf, len);
	unlink(path);
	return 0;
}
