/* SPDX-License-Identifier: MIT */
/* game.c - a game: the world, its minds, and the order of a turn. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/world/act.h"
#include "core/world/fov.h"

static struct game *game_nomem(struct game *g, struct diag_list *diags)
{
	diag_add(diags, DIAG_ERROR, "?", 1, 1, NULL, 0, NULL, "out of memory");
	game_free(g);
	return NULL;
}

struct game *game_new(struct data *d, uint64_t seed, int monsters,
                      const struct mind_options *o, struct diag_list *diags)
{
	struct game *g = calloc(1, sizeof(*g));

	if (!g) {
		data_free(d);
		return game_nomem(NULL, diags);
	}
	g->world = world_new(d, seed, monsters, diags);
	if (!g->world) {
		free(g);
		return NULL;
	}
	fov_update(g->world);
	g->minds = minds_new(g->world, o);
	if (!g->minds)
		return game_nomem(g, diags);
	minds_prepare(g->minds, g->world);
	g->depth = 1;
	g->seed = seed;
	return g;
}

void game_campaign(struct game *g, int levels, game_level_fn fn, void *ctx)
{
	g->levels = levels;
	g->next_level = fn;
	g->level_ctx = ctx;
}

uint64_t game_level_seed(uint64_t seed, int depth)
{
	return depth <= 1 ? seed
	                  : seed ^ (uint64_t)depth * 0x9e3779b97f4a7c15ull;
}

/* Down the stairs to the next level of the campaign: a new world and new
 * minds, the player's wounds and the turn count carried.  When the level
 * cannot be made the game stays won, and level_error says why. */
static void game_descend(struct game *g)
{
	struct diag_list dl;
	const int depth = g->depth + 1;
	const uint64_t seed = game_level_seed(g->seed, depth);
	struct data *d;
	struct world *w = NULL;
	struct minds *m = NULL;
	size_t k;

	diag_list_init(&dl, 0);
	d = g->next_level(g->level_ctx, depth, seed, &dl);
	if (d)
		w = world_new(d, seed, g->world->monsters_asked, &dl);
	if (w) {
		fov_update(w);
		m = minds_new(w, &g->minds->opt);
	}
	if (!m) {
		const char *why = "out of memory";

		for (k = dl.len; k-- > 0;)
			if (dl.items[k].severity == DIAG_ERROR)
				why = dl.items[k].message;
		world_free(w);
		snprintf(g->level_error, sizeof(g->level_error),
		         "level %d could not be made: %s", depth, why);
		diag_list_fini(&dl);
		return;
	}
	diag_list_fini(&dl);
	/* The player grows with every level it reaches, and comes down
	 * the stairs healed. */
	w->php_max = g->world->php_max + WORLD_GROWTH_HP;
	w->php = w->php_max;
	w->turn = g->world->turn;
	/* The pack comes down the stairs too (keys open one level's
	 * doors: they stay behind). */
	for (k = 0; k < g->world->data->nkeys && k < DATA_KEY_MAX; k++) {
		const int nk =
		        data_key_find(w->data, g->world->data->keys[k].name);

		if (nk >= 0 && nk < DATA_KEY_MAX)
			w->pack[nk] = g->world->pack[k];
	}
	minds_prepare(m, w);
	/* The planners' work counts for the whole run. */
	m->stats = g->minds->stats;
	minds_free(g->minds);
	world_free(g->world);
	g->world = w;
	g->minds = m;
	g->depth = depth;
	world_emit(w, WEV_DESCENDED, -1, -2, w->px, w->py, depth);
}

void game_free(struct game *g)
{
	if (!g)
		return;
	minds_free(g->minds);
	world_free(g->world);
	free(g);
}

int game_player_act(struct game *g, struct world_cmd cmd)
{
	int r = act_player(g->world, cmd);

	/* The player may have moved: what it sees is worked out before the
	 * monsters act (doors they open or shut within sight update it as
	 * they do). */
	if (r == 1)
		fov_update(g->world);
	return r;
}

/* One tick: each monster decides and acts as its energy allows, then the
 * turn ends and the player's speed pays back some of its debt. */
static void game_tick(struct game *g)
{
	struct world *w = g->world;
	struct world_action a;
	size_t i;

	if (w->state == WORLD_PLAYING) {
		minds_tick(g->minds, w);
		for (i = 0; i < w->nmonsters && w->state == WORLD_PLAYING;
		     i++) {
			if (!act_charge(w, i))
				continue;
			/* The minds draw on the game's RNG and report into
			 * the turn's events: the world lends both. */
			while (act_ready(w, i)) {
				minds_decide(g->minds, w, &w->rng, &w->events,
				             i, &a);
				act_monster(w, i, &a);
			}
		}
	}
	/* A turn that ended the game (the player reached the exit) is a
	 * turn too. */
	act_end_turn(w);
	w->penergy += data_player(w->data)->speed;
}

void game_monsters_act(struct game *g)
{
	struct world *w = g->world;

	/* The monsters tick until the player may act again: once after a
	 * step onto ground of cost 1, three times after one into mud of
	 * cost 3; a player fast enough to have energy left acts again at
	 * once. */
	while (w->penergy < 0) {
		game_tick(g);
		if (w->state != WORLD_PLAYING)
			break;
	}
	/* The stairs of a level before a campaign's last lead down. */
	if (w->state == WORLD_WON && g->next_level && g->depth < g->levels)
		game_descend(g);
}

int game_step(struct game *g, struct world_cmd cmd)
{
	int r = game_player_act(g, cmd);

	if (r != 1)
		return r;
	game_monsters_act(g);
	return g->world->state == WORLD_PLAYING ? 1 : -1;
}

int game_edit(struct game *g, struct cmd_edit e)
{
	return act_edit(g->world, e);
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--) {
		h ^= *b++;
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t game_checksum(const struct game *g)
{
	const struct world *w = g->world;
	uint64_t h = 0xcbf29ce484222325ull;
	int32_t v[8];
	size_t i;

	v[0] = (int32_t)w->turn;
	v[1] = (int32_t)w->state;
	v[2] = w->px;
	v[3] = w->py;
	v[4] = w->php;
	v[5] = (int32_t)w->change_serial;
	v[6] = (int32_t)w->keys;
	v[7] = (int32_t)w->nmonsters;
	h = fnv(h, v, sizeof(v));
	h = fnv(h, w->rng.s, sizeof(w->rng.s));
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		v[0] = m->x;
		v[1] = m->y;
		v[2] = m->hp;
		v[3] = m->energy;
		v[4] = m->alive;
		v[5] = g->minds->mind[i].mode;
		h = fnv(h, v, 6 * sizeof(v[0]));
	}
	if (w->change_serial) {
		const struct world_change *c =
		        world_change(w, w->change_serial);

		v[0] = c->x;
		v[1] = c->y;
		v[2] = c->to;
		h = fnv(h, v, 3 * sizeof(v[0]));
	}
	return h;
}

struct game *game_reload(const struct game *old, struct data *d,
                         struct diag_list *diags, struct reload_report *rep)
{
	const size_t n = old->world->nmonsters;
	struct game *g = calloc(1, sizeof(*g));
	size_t *from = malloc((n ? n : 1) * sizeof(*from));

	if (!g || !from) {
		free(from);
		data_free(d);
		return game_nomem(g, diags);
	}
	g->world = reload_world(old->world, d, diags, rep, from);
	if (!g->world) {
		free(from);
		free(g);
		return NULL;
	}
	g->minds = minds_new(g->world, &old->minds->opt);
	if (!g->minds) {
		free(from);
		return game_nomem(g, diags);
	}
	if (!rep->restarted)
		minds_carry(g->minds, old->minds, from);
	minds_prepare(g->minds, g->world);
	free(from);
	/* The same campaign, at the same level. */
	g->depth = old->depth;
	g->levels = old->levels;
	g->next_level = old->next_level;
	g->level_ctx = old->level_ctx;
	g->seed = old->seed;
	return g;
}
