/* world.c - the rules: turns and energy, moving, doors, keys, fighting,
 * sight, and the log of changes the monsters' path cache reads. */
#include "world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORLD_BASH_PERCENT 35 /* chance a bash breaks a locked door */
#define WORLD_SPAWN_GAP    5  /* random monsters start this far away */
#define WORLD_SPAWN_TRIES  2000

void world_options_default(struct world_options *o)
{
	memset(o, 0, sizeof(*o));
	o->monsters = -1;
	o->turn_budget = WORLD_TURN_BUDGET;
	o->strategy = AI_STRATEGY_AUTO;
}

/* ---- events ------------------------------------------------------------ */

void world_emit(struct world *w, enum world_event_kind kind, int actor,
                int other, int x, int y, int value)
{
	struct world_event *e;

	if (w->nevents == w->events_cap) {
		size_t cap = w->events_cap ? w->events_cap * 2 : 64;
		struct world_event *ev = realloc(w->events, cap * sizeof(*ev));

		/* Out of memory loses the message, never the game. */
		if (!ev)
			return;
		w->events = ev;
		w->events_cap = cap;
	}
	e = &w->events[w->nevents++];
	e->kind = (uint16_t)kind;
	e->actor = actor;
	e->other = other;
	e->x = x;
	e->y = y;
	e->value = value;
	e->turn = w->turn;
}

/* ---- cells ------------------------------------------------------------- */

int world_monster_at(const struct world *w, int x, int y)
{
	if (!world_in(w, x, y))
		return -1;
	return (int)w->occ[world_idx(w, x, y)] - 1;
}

int world_item_at(const struct world *w, int x, int y)
{
	size_t i;

	for (i = 0; i < w->nitems; i++)
		if (!w->items[i].taken && w->items[i].x == x &&
		    w->items[i].y == y)
			return (int)i;
	return -1;
}

int world_set_terrain(struct world *w, int x, int y, int t)
{
	struct world_change *c;
	size_t idx;
	int from;

	if (!world_in(w, x, y) || t < 0 || (size_t)t >= w->data->nterrain)
		return -1;
	idx = world_idx(w, x, y);
	from = w->terrain[idx];
	if (from == t)
		return 0;
	w->terrain[idx] = (uint8_t)t;
	w->change_serial++;
	c = &w->changes[w->change_serial % WORLD_CHANGES_KEPT];
	c->serial = w->change_serial;
	c->x = x;
	c->y = y;
	c->from = (uint8_t)from;
	c->to = (uint8_t)t;
	ai_on_change(w, x, y, from, t);
	return 0;
}

/* The cost the mover pays to enter terrain t: kind -1 is the player, who
 * may open every door (locked ones need the key, but bumping one is how
 * the player learns that). */
static int passable_for(const struct world *w, int kind, int x, int y)
{
	if (!world_in(w, x, y))
		return 0;
	if (kind < 0)
		return data_terrain_cost(w->data, NULL, 1,
		                         w->terrain[world_idx(w, x, y)]) != 0;
	return grid_cost(ai_kind_grid((struct world *)w, kind), x, y) != 0;
}

int world_corner_ok(const struct world *w, int kind, int x, int y, int dx,
                    int dy)
{
	if (dx == 0 || dy == 0)
		return 1;
	return passable_for(w, kind, x + dx, y) &&
	       passable_for(w, kind, x, y + dy);
}

int world_sees(const struct world *w, int x, int y, int tx, int ty, int r)
{
	int dx = abs(tx - x), dy = abs(ty - y);
	int sx = x < tx ? 1 : -1, sy = y < ty ? 1 : -1;
	int err = dx - dy;

	if ((long)dx * dx + (long)dy * dy > (long)r * r)
		return 0;
	/* Bresenham from the viewer; the end cells themselves never block. */
	for (;;) {
		int e2;

		if (x == tx && y == ty)
			return 1;
		e2 = 2 * err;
		if (e2 > -dy) {
			err -= dy;
			x += sx;
		}
		if (e2 < dx) {
			err += dx;
			y += sy;
		}
		if ((x != tx || y != ty) && world_terrain_at(w, x, y)->opaque)
			return 0;
	}
}

/* ---- creation ---------------------------------------------------------- */

static int place_ok(const struct world *w, int kind, int x, int y)
{
	size_t idx = world_idx(w, x, y);

	if (w->occ[idx] || (x == w->px && y == w->py))
		return 0;
	if (!data_terrain_cost(w->data, &w->data->monsters[kind], 0,
	                       w->terrain[idx]))
		return 0;
	return w->data->terrain[w->terrain[idx]].door != DATA_DOOR_CLOSED &&
	       w->data->terrain[w->terrain[idx]].door != DATA_DOOR_LOCKED;
}

static int add_monster(struct world *w, int kind, int x, int y, int guard)
{
	struct world_monster *m = &w->monsters[w->nmonsters];
	const struct data_monster *dm = &w->data->monsters[kind];

	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->x = m->home_x = x;
	m->y = m->home_y = y;
	m->hp = dm->hp;
	m->alive = 1;
	m->guard = guard;
	m->mind.mode = guard ? AI_GUARD : AI_WANDER;
	m->mind.prev_x = m->mind.prev_y = -1;
	m->mind.goal_x = x;
	m->mind.goal_y = y;
	w->occ[world_idx(w, x, y)] = (int32_t)(w->nmonsters + 1);
	w->nmonsters++;
	return 0;
}

/* Fills the world up to want monsters, kinds and places from the RNG: a
 * random cell the kind can stand on, away from the player. */
static int spawn_random(struct world *w, size_t want, struct diag_list *diags)
{
	const size_t nk = w->data->nmonsters;

	while (w->nmonsters < want) {
		int kind = (int)rng_below(&w->rng, (uint32_t)nk), tries;
		size_t k;

		for (k = 0; k < nk; k++) {
			int kk = (int)(((size_t)kind + k) % nk);

			for (tries = 0; tries < WORLD_SPAWN_TRIES; tries++) {
				int x = (int)rng_below(&w->rng,
				                       (uint32_t)w->width);
				int y = (int)rng_below(&w->rng,
				                       (uint32_t)w->height);

				if (abs(x - w->px) < WORLD_SPAWN_GAP &&
				    abs(y - w->py) < WORLD_SPAWN_GAP)
					continue;
				if (!place_ok(w, kk, x, y))
					continue;
				add_monster(w, kk, x, y, 0);
				break;
			}
			if (tries < WORLD_SPAWN_TRIES)
				break;
		}
		if (k == nk) {
			diag_add(diags, DIAG_ERROR, w->data->map->src.file, 1,
			         1, NULL, 0, NULL,
			         "no room for %zu monsters: placed %zu", want,
			         w->nmonsters);
			return -1;
		}
	}
	return 0;
}

struct world *world_new(struct data *d, uint64_t seed,
                        const struct world_options *o, struct diag_list *diags)
{
	struct world *w;
	const struct data_map *map;
	size_t i, ncells, nmon = 0, nkeys = 0;

	if (!d || !d->map || !d->map->cells || d->nmonsters == 0) {
		diag_add(diags, DIAG_ERROR,
		         d && d->map ? d->map->src.file : "?", 1, 1, NULL, 0,
		         NULL, "no dungeon or no monster kinds to play");
		data_free(d);
		return NULL;
	}
	map = d->map;
	w = calloc(1, sizeof(*w));
	if (!w)
		goto nomem;
	w->data = d;
	d = NULL;
	if (o)
		w->opt = *o;
	else
		world_options_default(&w->opt);
	w->width = map->width;
	w->height = map->height;
	ncells = (size_t)w->width * (size_t)w->height;
	w->terrain = malloc(ncells);
	w->occ = calloc(ncells, sizeof(*w->occ));
	if (!w->terrain || !w->occ)
		goto nomem;
	memcpy(w->terrain, map->cells, ncells);
	w->seed = seed;
	rng_seed(&w->rng, seed);
	w->px = map->player_x;
	w->py = map->player_y;
	w->php = w->php_max = WORLD_PLAYER_HP;
	w->exit_x = w->exit_y = -1;
	for (i = 0; i < map->nplaces; i++) {
		if (map->places[i].kind == DATA_PLACE_MONSTER)
			nmon++;
		else if (map->places[i].kind == DATA_PLACE_KEY)
			nkeys++;
	}
	if (w->opt.monsters >= 0) {
		if ((size_t)w->opt.monsters > WORLD_MONSTERS_MAX) {
			diag_add(diags, DIAG_ERROR, map->src.file, 1, 1, NULL,
			         0, NULL, "at most %d monsters",
			         WORLD_MONSTERS_MAX);
			world_free(w);
			return NULL;
		}
		nmon = (size_t)w->opt.monsters;
	}
	w->monsters = calloc(nmon ? nmon : 1, sizeof(*w->monsters));
	w->items = calloc(nkeys ? nkeys : 1, sizeof(*w->items));
	if (!w->monsters || !w->items)
		goto nomem;
	for (i = 0; i < map->nplaces; i++) {
		const struct data_place *pl = &map->places[i];

		switch (pl->kind) {
		case DATA_PLACE_MONSTER:
			if (w->nmonsters < nmon &&
			    !w->occ[world_idx(w, pl->x, pl->y)])
				add_monster(w, pl->what, pl->x, pl->y, 1);
			break;
		case DATA_PLACE_KEY:
			w->items[w->nitems].key = pl->what;
			w->items[w->nitems].x = pl->x;
			w->items[w->nitems].y = pl->y;
			w->nitems++;
			break;
		case DATA_PLACE_EXIT:
			if (w->exit_x < 0) {
				w->exit_x = pl->x;
				w->exit_y = pl->y;
			}
			break;
		default:
			break;
		}
	}
	w->ai = ai_new(w);
	if (!w->ai)
		goto nomem;
	if (spawn_random(w, nmon, diags) != 0) {
		world_free(w);
		return NULL;
	}
	ai_prepare(w);
	return w;
nomem:
	diag_add(diags, DIAG_ERROR, map ? map->src.file : "?", 1, 1, NULL, 0,
	         NULL, "out of memory");
	data_free(d);
	world_free(w);
	return NULL;
}

void world_free(struct world *w)
{
	size_t i;

	if (!w)
		return;
	for (i = 0; i < w->nmonsters; i++)
		ai_mind_fini(&w->monsters[i].mind);
	ai_free(w->ai);
	free(w->monsters);
	free(w->items);
	free(w->events);
	free(w->terrain);
	free(w->occ);
	data_free(w->data);
	free(w);
}

/* ---- doors ------------------------------------------------------------- */

/* Opens (or unlocks) the door at (x, y) for actor (-1: the player).
 * Returns 1 when it took the turn. */
static int open_door(struct world *w, int actor, int x, int y)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);

	if (t->door == DATA_DOOR_CLOSED && t->opens_to >= 0) {
		world_set_terrain(w, x, y, t->opens_to);
		world_emit(w, WEV_DOOR_OPENED, actor, -2, x, y, 0);
		return 1;
	}
	if (t->door == DATA_DOOR_LOCKED && t->opens_to >= 0) {
		int key = t->unlocked_by;
		int may = actor >= 0
		                  ? w->data->monsters[w->monsters[actor].kind]
		                            .unlocks_doors
		                  : key >= 0 && (w->keys >> key & 1);

		if (!may) {
			world_emit(w, WEV_DOOR_LOCKED, actor, -2, x, y, key);
			return 0;
		}
		world_set_terrain(w, x, y, t->opens_to);
		world_emit(w, WEV_DOOR_UNLOCKED, actor, -2, x, y, key);
		return 1;
	}
	return 0;
}

static int close_door(struct world *w, int actor, int x, int y)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);

	if (t->door != DATA_DOOR_OPEN || t->closes_to < 0) {
		world_emit(w, WEV_NOTHING_THERE, actor, -2, x, y, 0);
		return 0;
	}
	if (w->occ[world_idx(w, x, y)] || (x == w->px && y == w->py) ||
	    world_item_at(w, x, y) >= 0) {
		world_emit(w, WEV_DOOR_STUCK, actor, -2, x, y, 0);
		return 0;
	}
	world_set_terrain(w, x, y, t->closes_to);
	world_emit(w, WEV_DOOR_CLOSED, actor, -2, x, y, 0);
	return 1;
}

/* ---- the player -------------------------------------------------------- */

static void take_items(struct world *w)
{
	int it;

	while ((it = world_item_at(w, w->px, w->py)) >= 0) {
		w->items[it].taken = 1;
		if (w->items[it].key < 64)
			w->keys |= 1ull << w->items[it].key;
		world_emit(w, WEV_KEY_TAKEN, -1, -2, w->px, w->py,
		           w->items[it].key);
	}
}

static void kill_monster(struct world *w, int i)
{
	struct world_monster *m = &w->monsters[i];

	m->alive = 0;
	w->occ[world_idx(w, m->x, m->y)] = 0;
	world_emit(w, WEV_KILLED, -1, i, m->x, m->y, 0);
}

static int player_move(struct world *w, int dx, int dy)
{
	int nx = w->px + dx, ny = w->py + dy, mi;
	const struct data_terrain *t;

	if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return 0;
	if (!world_in(w, nx, ny)) {
		world_emit(w, WEV_BUMP, -1, -2, nx, ny, 0);
		return 0;
	}
	mi = world_monster_at(w, nx, ny);
	if (mi >= 0 && world_corner_ok(w, -1, w->px, w->py, dx, dy)) {
		struct world_monster *m = &w->monsters[mi];

		m->hp -= WORLD_PLAYER_ATTACK;
		world_emit(w, WEV_ATTACK, -1, mi, nx, ny, WORLD_PLAYER_ATTACK);
		if (m->hp <= 0)
			kill_monster(w, mi);
		return 1;
	}
	t = world_terrain_at(w, nx, ny);
	if (mi >= 0 || !world_corner_ok(w, -1, w->px, w->py, dx, dy)) {
		world_emit(w, WEV_BUMP, -1, -2, nx, ny, 0);
		return 0;
	}
	if (t->door == DATA_DOOR_CLOSED || t->door == DATA_DOOR_LOCKED) {
		if (t->bump_opens || t->door == DATA_DOOR_LOCKED)
			return open_door(w, -1, nx, ny);
		world_emit(w, WEV_BUMP, -1, -2, nx, ny, 0);
		return 0;
	}
	if (!t->walk) {
		world_emit(w, WEV_BUMP, -1, -2, nx, ny, 0);
		return 0;
	}
	w->px = nx;
	w->py = ny;
	world_emit(w, WEV_MOVED, -1, -2, nx, ny, 0);
	take_items(w);
	if (nx == w->exit_x && ny == w->exit_y) {
		w->state = WORLD_WON;
		world_emit(w, WEV_WON, -1, -2, nx, ny, 0);
	}
	return 1;
}

int world_player_act(struct world *w, struct world_cmd cmd)
{
	int nx = w->px + cmd.dx, ny = w->py + cmd.dy;

	w->nevents = 0;
	if (w->state != WORLD_PLAYING)
		return -1;
	switch (cmd.kind) {
	case WCMD_WAIT:
		return 1;
	case WCMD_MOVE:
		return player_move(w, cmd.dx, cmd.dy);
	case WCMD_OPEN:
		if (world_in(w, nx, ny) && (cmd.dx || cmd.dy) &&
		    world_terrain_at(w, nx, ny)->door != DATA_DOOR_NONE &&
		    world_terrain_at(w, nx, ny)->door != DATA_DOOR_OPEN)
			return open_door(w, -1, nx, ny);
		world_emit(w, WEV_NOTHING_THERE, -1, -2, nx, ny, 0);
		return 0;
	case WCMD_CLOSE:
		if (!world_in(w, nx, ny) || (!cmd.dx && !cmd.dy)) {
			world_emit(w, WEV_NOTHING_THERE, -1, -2, nx, ny, 0);
			return 0;
		}
		return close_door(w, -1, nx, ny);
	case WCMD_PICKUP:
		if (world_item_at(w, w->px, w->py) < 0) {
			world_emit(w, WEV_NOTHING_THERE, -1, -2, w->px, w->py,
			           0);
			return 0;
		}
		take_items(w);
		return 1;
	}
	return 0;
}

/* ---- the monsters ------------------------------------------------------ */

static void monster_move(struct world *w, int i, int x, int y)
{
	struct world_monster *m = &w->monsters[i];

	w->occ[world_idx(w, m->x, m->y)] = 0;
	m->mind.prev_x = m->x;
	m->mind.prev_y = m->y;
	m->mind.prev_turn = w->turn;
	m->x = x;
	m->y = y;
	w->occ[world_idx(w, x, y)] = i + 1;
	world_emit(w, WEV_MOVED, i, -2, x, y, 0);
}

static void monster_act(struct world *w, int i)
{
	struct world_monster *m = &w->monsters[i];
	const struct data_monster *dm = &w->data->monsters[m->kind];
	struct ai_action a;
	int j;

	ai_decide(w, (size_t)i, &a);
	switch (a.kind) {
	case AI_ACT_WAIT:
		break;
	case AI_ACT_MOVE:
		/* The planner only proposes legal steps; checked again so a
		 * bug there can never put two actors in one cell. */
		if (abs(a.x - m->x) > 1 || abs(a.y - m->y) > 1 ||
		    !world_in(w, a.x, a.y) || w->occ[world_idx(w, a.x, a.y)] ||
		    (a.x == w->px && a.y == w->py) ||
		    !passable_for(w, m->kind, a.x, a.y) ||
		    world_terrain_at(w, a.x, a.y)->door == DATA_DOOR_CLOSED ||
		    world_terrain_at(w, a.x, a.y)->door == DATA_DOOR_LOCKED ||
		    !world_corner_ok(w, m->kind, m->x, m->y, a.x - m->x,
		                     a.y - m->y))
			break;
		monster_move(w, i, a.x, a.y);
		break;
	case AI_ACT_ATTACK:
		if (abs(w->px - m->x) > 1 || abs(w->py - m->y) > 1 ||
		    !world_corner_ok(w, m->kind, m->x, m->y, w->px - m->x,
		                     w->py - m->y))
			break;
		w->php -= dm->attack;
		world_emit(w, WEV_ATTACK, i, -1, w->px, w->py, dm->attack);
		if (w->php <= 0) {
			w->php = 0;
			w->state = WORLD_LOST;
			world_emit(w, WEV_PLAYER_DIED, i, -1, w->px, w->py, 0);
		}
		break;
	case AI_ACT_OPEN:
		if (dm->opens_doors || dm->unlocks_doors || dm->bashes_doors)
			open_door(w, i, a.x, a.y);
		break;
	case AI_ACT_BASH: {
		const struct data_terrain *t = world_terrain_at(w, a.x, a.y);

		if (!dm->bashes_doors || t->opens_to < 0 ||
		    (t->door != DATA_DOOR_LOCKED &&
		     t->door != DATA_DOOR_CLOSED))
			break;
		if (rng_percent(&w->rng, WORLD_BASH_PERCENT)) {
			world_set_terrain(w, a.x, a.y, t->opens_to);
			world_emit(w, WEV_DOOR_BASHED, i, -2, a.x, a.y, 0);
		} else {
			world_emit(w, WEV_DOOR_HOLDS, i, -2, a.x, a.y, 0);
		}
		break;
	}
	case AI_ACT_SWAP:
		j = a.other;
		if (j < 0 || (size_t)j >= w->nmonsters ||
		    !w->monsters[j].alive || w->monsters[j].x != a.x ||
		    w->monsters[j].y != a.y || abs(a.x - m->x) > 1 ||
		    abs(a.y - m->y) > 1 ||
		    !passable_for(w, w->monsters[j].kind, m->x, m->y) ||
		    !passable_for(w, m->kind, a.x, a.y)) {
			break;
		} else {
			struct world_monster *o = &w->monsters[j];
			int ox = m->x, oy = m->y;

			o->mind.prev_x = o->x;
			o->mind.prev_y = o->y;
			m->mind.prev_x = m->x;
			m->mind.prev_y = m->y;
			o->mind.prev_turn = m->mind.prev_turn = w->turn;
			m->x = o->x;
			m->y = o->y;
			o->x = ox;
			o->y = oy;
			w->occ[world_idx(w, m->x, m->y)] = i + 1;
			w->occ[world_idx(w, o->x, o->y)] = j + 1;
			w->stats.swaps++;
			world_emit(w, WEV_SWAPPED, i, j, m->x, m->y, 0);
		}
		break;
	}
}

void world_monsters_act(struct world *w)
{
	size_t i;

	if (w->state != WORLD_PLAYING)
		return;
	ai_tick(w);
	for (i = 0; i < w->nmonsters && w->state == WORLD_PLAYING; i++) {
		struct world_monster *m = &w->monsters[i];

		if (!m->alive)
			continue;
		m->energy += w->data->monsters[m->kind].speed;
		while (m->energy >= WORLD_TURN_ENERGY && m->alive &&
		       w->state == WORLD_PLAYING) {
			m->energy -= WORLD_TURN_ENERGY;
			monster_act(w, (int)i);
		}
	}
	w->turn++;
}

int world_step(struct world *w, struct world_cmd cmd)
{
	int r = world_player_act(w, cmd);

	if (r != 1)
		return r;
	world_monsters_act(w);
	return w->state == WORLD_PLAYING ? 1 : -1;
}

/* ---- words ------------------------------------------------------------- */

/* A name as players read it: "iron_key" is "iron key". */
static const char *spoken(const char *name, char *buf, size_t size)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		buf[i] = name[i] == '_' ? ' ' : name[i];
	buf[i] = '\0';
	return buf;
}

static const char *who(const struct world *w, int actor, char *buf, size_t size,
                       int capital)
{
	if (actor == -1)
		return capital ? "You" : "you";
	if (actor < 0 || (size_t)actor >= w->nmonsters)
		return capital ? "Something" : "something";
	{
		char nb[DATA_NAME_MAX + 1];

		snprintf(buf, size, "%s %s", capital ? "The" : "the",
		         spoken(w->data->monsters[w->monsters[actor].kind].name,
		                nb, sizeof(nb)));
	}
	return buf;
}

void world_event_text(const struct world *w, const struct world_event *e,
                      char *buf, size_t size)
{
	char a[64], b[64];
	const char *A = who(w, e->actor, a, sizeof(a), 1);
	const char *B = who(w, e->other, b, sizeof(b), 0);
	int you = e->actor == -1;
	char kb[DATA_NAME_MAX + 1];
	const char *key =
	        e->value >= 0 && (size_t)e->value < w->data->nkeys
	                ? spoken(w->data->keys[e->value].name, kb, sizeof(kb))
	                : "key";

	switch ((enum world_event_kind)e->kind) {
	case WEV_MOVED:
		snprintf(buf, size, "%s move%s to %d,%d.", A, you ? "" : "s",
		         e->x, e->y);
		break;
	case WEV_BUMP:
		snprintf(buf, size, "Something solid is in the way.");
		break;
	case WEV_DOOR_OPENED:
		snprintf(buf, size, "%s open%s the door.", A, you ? "" : "s");
		break;
	case WEV_DOOR_CLOSED:
		snprintf(buf, size, "%s close%s the door.", A, you ? "" : "s");
		break;
	case WEV_DOOR_UNLOCKED:
		snprintf(buf, size, "%s unlock%s the door%s%s.", A,
		         you ? "" : "s", you ? " with the " : "",
		         you ? key : "");
		break;
	case WEV_DOOR_BASHED:
		snprintf(buf, size, "%s smashes the door open!", A);
		break;
	case WEV_DOOR_HOLDS:
		snprintf(buf, size, "%s throws itself at the door; it holds.",
		         A);
		break;
	case WEV_DOOR_LOCKED:
		snprintf(buf, size, "It is locked. You need the %s.", key);
		break;
	case WEV_DOOR_STUCK:
		snprintf(buf, size, "Something is in the doorway.");
		break;
	case WEV_NOTHING_THERE:
		snprintf(buf, size, "There is nothing there.");
		break;
	case WEV_KEY_TAKEN:
		snprintf(buf, size, "You pick up the %s.", key);
		break;
	case WEV_ATTACK:
		snprintf(buf, size, "%s hit%s %s for %d.", A, you ? "" : "s", B,
		         e->value);
		break;
	case WEV_KILLED:
		snprintf(buf, size, "%s kill%s %s!", A, you ? "" : "s", B);
		break;
	case WEV_PLAYER_DIED:
		snprintf(buf, size, "You die... %s got you.", a);
		break;
	case WEV_WON:
		snprintf(buf, size, "You escape down the stairs!");
		break;
	case WEV_SPOTTED:
		snprintf(buf, size, "%s spots you!", A);
		break;
	case WEV_LOST_SIGHT:
		snprintf(buf, size, "%s lost sight of you; it heads for %d,%d.",
		         A, e->x, e->y);
		break;
	case WEV_REPLANNED:
		snprintf(buf, size, "%s re-plans (%s).", A,
		         ai_reason_name((enum ai_reason)e->value));
		break;
	case WEV_UNREACHABLE:
		snprintf(buf, size, "%s cannot reach %d,%d; it waits nearby.",
		         A, e->x, e->y);
		break;
	case WEV_WAITING:
		snprintf(buf, size, "%s waits for %s to move.", A, B);
		break;
	case WEV_SWAPPED:
		snprintf(buf, size, "%s swaps places with %s.", A, B);
		break;
	default:
		snprintf(buf, size, "?");
		break;
	}
}

const char *ai_reason_name(enum ai_reason r)
{
	static const char *const names[] = {
	        "new goal",     "target moved", "path changed", "blocked",
	        "partial path", "map changed",  "cache off",
	};

	return (unsigned)r < AI_REASON_COUNT ? names[r] : "?";
}

/* ---- checksum ---------------------------------------------------------- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--) {
		h ^= *b++;
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t world_checksum(const struct world *w)
{
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
		v[5] = m->mind.mode;
		h = fnv(h, v, 6 * sizeof(v[0]));
	}
	if (w->change_serial) {
		const struct world_change *c =
		        &w->changes[w->change_serial % WORLD_CHANGES_KEPT];

		v[0] = c->x;
		v[1] = c->y;
		v[2] = c->to;
		h = fnv(h, v, 3 * sizeof(v[0]));
	}
	return h;
}
