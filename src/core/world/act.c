/* SPDX-License-Identifier: MIT */
/* act.c - the rules: what the player's commands and the monsters'
 * actions do to the world (moving, doors and keys, fights, the time and
 * harm a step onto dear ground costs), energy and speed, and the end of
 * a turn. */
#include "act.h"

#include <stdlib.h>

#include "fov.h"

#define WORLD_BASH_PERCENT 35 /* chance a bash breaks a locked door */

static int act_stays(const struct world *w, int x, int y, int t);

/* ---- doors ------------------------------------------------------------- */

/* Changes the terrain at (x, y) and, when it changed within sight, what
 * the player sees (fov.h). */
static void act_terrain(struct world *w, int x, int y, int t)
{
	const uint32_t serial = w->change_serial;

	world_set_terrain(w, x, y, t);
	if (w->change_serial != serial)
		fov_changed(w, x, y);
}

/* Opens (or unlocks) the door at (x, y) for actor (-1: the player).
 * Returns 1 when it took the turn. */
static int open_door(struct world *w, int actor, int x, int y)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);

	if (t->door == DATA_DOOR_CLOSED && t->opens_to >= 0) {
		act_terrain(w, x, y, t->opens_to);
		world_emit(w, WEV_DOOR_OPENED, actor, -2, x, y, 0);
		return 1;
	}
	if (t->door == DATA_DOOR_LOCKED && t->opens_to >= 0) {
		int key = t->unlocked_by;
		/* A door no key opens (a wedged one) opens for nobody. */
		int may =
		        key >= 0 &&
		        (actor >= 0 ? w->data->monsters[w->monsters[actor].kind]
		                              .unlocks_doors
		                    : (int)(w->keys >> key & 1));

		if (!may) {
			world_emit(w, WEV_DOOR_LOCKED, actor, -2, x, y, key);
			return 0;
		}
		act_terrain(w, x, y, t->opens_to);
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
	act_terrain(w, x, y, t->closes_to);
	world_emit(w, WEV_DOOR_CLOSED, actor, -2, x, y, 0);
	return 1;
}

/* ---- fights ------------------------------------------------------------ */

/* One blow: hits accuracy times in 100, for attack / 2 rounded up to
 * attack * 3 / 2 rounded down.  Returns the damage, 0 for a miss. */
static int act_blow(struct world *w, int accuracy, int attack)
{
	int lo = (attack + 1) / 2, hi = attack + attack / 2;

	if (attack <= 0 || !rng_percent(&w->rng, accuracy))
		return 0;
	return rng_range(&w->rng, lo, hi);
}

/* ---- the player -------------------------------------------------------- */

/* A spring where the player stands: drunk from once, it heals and runs
 * dry. */
static void drink(struct world *w)
{
	const struct data_terrain *t = world_terrain_at(w, w->px, w->py);
	int before = w->php;

	if (!t->heals || w->php >= w->php_max)
		return;
	w->php += t->heals;
	if (w->php > w->php_max)
		w->php = w->php_max;
	if (t->dries_to >= 0)
		act_terrain(w, w->px, w->py, t->dries_to);
	world_emit(w, WEV_HEALED, -1, -2, w->px, w->py, w->php - before);
}

static void take_items(struct world *w)
{
	int it;

	while ((it = world_item_at(w, w->px, w->py)) >= 0) {
		const int k = w->items[it].key;

		w->items[it].taken = 1;
		/* A tool goes into the pack, a key onto the key ring. */
		if (k < DATA_KEY_MAX && w->data->keys[k].use != DATA_USE_NONE) {
			if (w->pack[k] < UINT8_MAX)
				w->pack[k]++;
		} else if (k < 64) {
			w->keys |= 1ull << k;
		}
		world_emit(w, WEV_KEY_TAKEN, -1, -2, w->px, w->py,
		           w->items[it].key);
	}
}

/* Monster i dies, killed by actor (-1: the player, -2: the ground it
 * stands on). */
static void kill_monster(struct world *w, int i, int actor)
{
	struct world_monster *m = &w->monsters[i];

	m->alive = 0;
	w->occ[world_idx(w, m->x, m->y)] = 0;
	world_emit(w, WEV_KILLED, actor, i, m->x, m->y, 0);
}

/* ---- dear ground ------------------------------------------------------- */

/* What stepping onto (x, y) costs actor (-1: the player) in time, beyond
 * the turn's energy the action itself spends: a cell of cost c takes c
 * turns' energy, as the searches weigh it. */
static void act_pay(struct world *w, int actor, int x, int y)
{
	const int kind = actor < 0 ? -1 : w->monsters[actor].kind;
	const int c = world_cost(w, kind, x, y);
	const int extra = (c > 1 ? c - 1 : 0) * WORLD_TURN_ENERGY;

	if (actor < 0)
		w->penergy -= extra;
	else
		w->monsters[actor].energy -= extra;
}

/* The harm of the ground actor just stepped onto (x, y): lava burns
 * whoever is not at home in it.  Returns 1 when it killed. */
static int act_harm(struct world *w, int actor, int x, int y)
{
	const int kind = actor < 0 ? -1 : w->monsters[actor].kind;
	const int dmg = world_harm(w, kind, x, y);

	if (dmg <= 0)
		return 0;
	world_emit(w, WEV_HARMED, -2, actor, x, y, dmg);
	if (actor >= 0) {
		w->monsters[actor].hp -= dmg;
		if (w->monsters[actor].hp > 0)
			return 0;
		kill_monster(w, actor, -2);
		return 1;
	}
	w->php -= dmg;
	if (w->php > 0)
		return 0;
	w->php = 0;
	w->state = WORLD_LOST;
	world_emit(w, WEV_PLAYER_DIED, -2, -1, x, y, 0);
	return 1;
}

/* ---- tools ------------------------------------------------------------- */

/* Whether a tool may lay its terrain on (x, y): plain ground, no door,
 * no spring, no item, no stairs, nothing laid there already. */
static int act_bare(const struct world *w, int x, int y)
{
	const struct data_terrain *t;
	size_t f;

	if (!world_in(w, x, y) || (x == w->exit_x && y == w->exit_y) ||
	    world_item_at(w, x, y) >= 0)
		return 0;
	t = world_terrain_at(w, x, y);
	if (!t->walk || t->door != DATA_DOOR_NONE || t->heals || t->harm ||
	    t->opaque)
		return 0;
	for (f = 0; f < w->nfades; f++)
		if (w->fades[f].x == x && w->fades[f].y == y)
			return 0;
	return 1;
}

/* Lays terrain t on (x, y) for turns turns (0: for good). */
static void act_lay(struct world *w, int x, int y, int t, int turns)
{
	const uint8_t back = w->terrain[world_idx(w, x, y)];

	if (turns > 0) {
		struct world_fade *f;

		if (w->nfades == WORLD_FADES_MAX)
			return; /* the ground holds no more */
		f = &w->fades[w->nfades++];
		f->x = x;
		f->y = y;
		f->back = back;
		f->laid = (uint8_t)t;
		f->until = w->turn + (uint32_t)turns;
	}
	act_terrain(w, x, y, t);
}

/* Where a thing thrown from the player towards dx, dy lands: range cells
 * on, or short of the first cell it cannot fly into (a wall, a shut
 * door, a monster). */
static void act_throw(const struct world *w, int dx, int dy, int range, int *x,
                      int *y)
{
	int k;

	*x = w->px;
	*y = w->py;
	for (k = 0; k < range; k++) {
		const int nx = *x + dx, ny = *y + dy;

		if (!world_in(w, nx, ny) ||
		    !world_terrain_at(w, nx, ny)->walk ||
		    world_terrain_at(w, nx, ny)->opaque ||
		    world_monster_at(w, nx, ny) >= 0 ||
		    !world_corner_ok(w, -1, *x, *y, dx, dy))
			break;
		*x = nx;
		*y = ny;
	}
}

/* Lays the tool's terrain on the bare cells within its radius of
 * (cx, cy), the player's own cell too.  Returns the cells laid. */
static int act_spread(struct world *w, const struct data_key *k, int cx, int cy)
{
	int x, y, n = 0;

	if (k->makes < 0)
		return 0;
	for (y = cy - k->radius; y <= cy + k->radius; y++)
		for (x = cx - k->radius; x <= cx + k->radius; x++)
			if (act_bare(w, x, y) &&
			    (x - cx) * (x - cx) + (y - cy) * (y - cy) <=
			            k->radius * k->radius + k->radius) {
				act_lay(w, x, y, k->makes, k->turns);
				n++;
			}
	return n;
}

/* Wedges the door at (x, y): an open one is shut first. */
static int act_wedge(struct world *w, const struct data_key *k, int x, int y)
{
	const struct data_terrain *t;

	if (!world_in(w, x, y) || k->makes < 0)
		return 0;
	t = world_terrain_at(w, x, y);
	if (t->door == DATA_DOOR_OPEN) {
		if (!close_door(w, -1, x, y))
			return 0;
		t = world_terrain_at(w, x, y);
	}
	if (t->door != DATA_DOOR_CLOSED) {
		world_emit(w, WEV_NOTHING_THERE, -1, -2, x, y, 0);
		return 0;
	}
	act_lay(w, x, y, k->makes, k->turns);
	return 1;
}

/* Uses a tool of item kind `item` from the pack towards dx, dy.  Returns
 * 1 when it was used (and the turn taken). */
static int act_use(struct world *w, int item, int dx, int dy)
{
	const struct data_key *k;
	int x, y, done = 0;

	if (item < 0 || (size_t)item >= w->data->nkeys || !w->pack[item] ||
	    dx < -1 || dx > 1 || dy < -1 || dy > 1) {
		world_emit(w, WEV_NOTHING_THERE, -1, -2, w->px, w->py, 0);
		return 0;
	}
	k = &w->data->keys[item];
	switch (k->use) {
	case DATA_USE_CALTROPS:
		act_throw(w, dx, dy, k->range, &x, &y);
		done = act_spread(w, k, x, y) > 0;
		break;
	case DATA_USE_NOISE:
		act_throw(w, dx, dy, k->range, &x, &y);
		world_emit(w, WEV_NOISE, -1, item, x, y, k->radius);
		done = 1;
		break;
	case DATA_USE_WEDGE:
		x = w->px + dx;
		y = w->py + dy;
		done = (dx || dy) && act_wedge(w, k, x, y);
		break;
	case DATA_USE_SMOKE:
		x = w->px;
		y = w->py;
		done = act_spread(w, k, x, y) > 0;
		break;
	default:
		break;
	}
	if (!done) {
		world_emit(w, WEV_NOTHING_THERE, -1, -2, w->px + dx, w->py + dy,
		           0);
		return 0;
	}
	w->pack[item]--;
	world_emit(w, WEV_USED, -1, -2, x, y, item);
	return 1;
}

/* Takes back what tools laid whose time is up, when the cell still holds
 * it (no door opened or spring drunk there since). */
static void act_fade(struct world *w)
{
	size_t f = 0;

	while (f < w->nfades) {
		const struct world_fade fd = w->fades[f];

		if (w->turn < fd.until) {
			f++;
			continue;
		}
		w->fades[f] = w->fades[--w->nfades];
		if (w->terrain[world_idx(w, fd.x, fd.y)] == fd.laid &&
		    act_stays(w, fd.x, fd.y, fd.back))
			act_terrain(w, fd.x, fd.y, fd.back);
	}
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
	if (!world_corner_ok(w, -1, w->px, w->py, dx, dy)) {
		/* value 1: the way on is open but the diagonal would cut a
		 * corner, which no one may (the monsters' rule) */
		world_emit(w, WEV_BUMP, -1, -2, nx, ny,
		           mi >= 0 || world_enterable(w, -1, nx, ny));
		return 0;
	}
	if (mi >= 0) {
		struct world_monster *m = &w->monsters[mi];
		const struct data_monster *pl = data_player(w->data);
		int dmg = act_blow(w, pl->accuracy, pl->attack);

		if (!dmg) {
			world_emit(w, WEV_MISSED, -1, mi, nx, ny, 0);
			return 1;
		}
		m->hp -= dmg;
		world_emit(w, WEV_ATTACK, -1, mi, nx, ny, dmg);
		if (m->hp <= 0)
			kill_monster(w, mi, -1);
		return 1;
	}
	t = world_terrain_at(w, nx, ny);
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
	act_pay(w, -1, nx, ny);
	if (act_harm(w, -1, nx, ny))
		return 1;
	take_items(w);
	drink(w);
	if (nx == w->exit_x && ny == w->exit_y) {
		w->state = WORLD_WON;
		world_emit(w, WEV_WON, -1, -2, nx, ny, 0);
	}
	return 1;
}

/* The command itself, without its time. */
static int act_command(struct world *w, struct world_cmd cmd)
{
	int nx = w->px + cmd.dx, ny = w->py + cmd.dy;

	if (world_cmd_item(cmd) >= 0)
		return act_use(w, world_cmd_item(cmd), cmd.dx, cmd.dy);
	switch (cmd.kind) {
	case WCMD_WAIT:
		drink(w); /* waiting at a spring drinks, once hurt */
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

int act_player(struct world *w, struct world_cmd cmd)
{
	int r;

	event_log_clear(&w->events);
	if (w->state != WORLD_PLAYING)
		return -1;
	r = act_command(w, cmd);
	/* Every action takes a turn's energy; a step onto dear ground has
	 * already paid the rest. */
	if (r == 1)
		w->penergy -= WORLD_TURN_ENERGY;
	return r;
}

/* ---- the monsters ------------------------------------------------------ */

static void monster_move(struct world *w, int i, int x, int y)
{
	struct world_monster *m = &w->monsters[i];

	w->occ[world_idx(w, m->x, m->y)] = 0;
	m->prev_x = m->x;
	m->prev_y = m->y;
	m->prev_turn = w->turn;
	m->x = x;
	m->y = y;
	w->occ[world_idx(w, x, y)] = i + 1;
	world_emit(w, WEV_MOVED, i, -2, x, y, 0);
	act_pay(w, i, x, y);
	act_harm(w, i, x, y);
}

/* Monster i trades places with monster j, standing at (x, y). */
static void act_swap(struct world *w, int i, int j, int x, int y)
{
	struct world_monster *m = &w->monsters[i], *o;
	int ox = m->x, oy = m->y;

	if (j < 0 || (size_t)j >= w->nmonsters || !w->monsters[j].alive ||
	    w->monsters[j].x != x || w->monsters[j].y != y ||
	    abs(x - m->x) > 1 || abs(y - m->y) > 1 ||
	    !world_enterable(w, w->monsters[j].kind, m->x, m->y) ||
	    !world_enterable(w, m->kind, x, y))
		return;
	o = &w->monsters[j];
	o->prev_x = o->x;
	o->prev_y = o->y;
	m->prev_x = m->x;
	m->prev_y = m->y;
	o->prev_turn = m->prev_turn = w->turn;
	m->x = o->x;
	m->y = o->y;
	o->x = ox;
	o->y = oy;
	w->occ[world_idx(w, m->x, m->y)] = i + 1;
	w->occ[world_idx(w, o->x, o->y)] = j + 1;
	w->swaps++;
	world_emit(w, WEV_SWAPPED, i, j, m->x, m->y, 0);
	/* The one who asked pays for the ground it steps onto; both feel
	 * the ground they are put on. */
	act_pay(w, i, m->x, m->y);
	act_harm(w, i, m->x, m->y);
	act_harm(w, j, o->x, o->y);
}

void act_monster(struct world *w, size_t mi, const struct world_action *act)
{
	const int i = (int)mi;
	const struct world_action a = *act;
	struct world_monster *m = &w->monsters[i];
	const struct data_monster *dm = &w->data->monsters[m->kind];

	switch (a.kind) {
	case WACT_WAIT:
		break;
	case WACT_MOVE:
		/* The planner only proposes legal steps; checked again so a
		 * bug there can never put two actors in one cell. */
		if (abs(a.x - m->x) > 1 || abs(a.y - m->y) > 1 ||
		    !world_in(w, a.x, a.y) || w->occ[world_idx(w, a.x, a.y)] ||
		    (a.x == w->px && a.y == w->py) ||
		    !world_enterable(w, m->kind, a.x, a.y) ||
		    world_terrain_at(w, a.x, a.y)->door == DATA_DOOR_CLOSED ||
		    world_terrain_at(w, a.x, a.y)->door == DATA_DOOR_LOCKED ||
		    !world_corner_ok(w, m->kind, m->x, m->y, a.x - m->x,
		                     a.y - m->y))
			break;
		monster_move(w, i, a.x, a.y);
		break;
	case WACT_ATTACK: {
		int dmg;

		if (abs(w->px - m->x) > 1 || abs(w->py - m->y) > 1 ||
		    !world_corner_ok(w, m->kind, m->x, m->y, w->px - m->x,
		                     w->py - m->y))
			break;
		dmg = act_blow(w, dm->accuracy, dm->attack);
		if (!dmg) {
			world_emit(w, WEV_MISSED, i, -1, w->px, w->py, 0);
			break;
		}
		w->php -= dmg;
		world_emit(w, WEV_ATTACK, i, -1, w->px, w->py, dmg);
		if (w->php <= 0) {
			w->php = 0;
			w->state = WORLD_LOST;
			world_emit(w, WEV_PLAYER_DIED, i, -1, w->px, w->py, 0);
		}
		break;
	}
	case WACT_OPEN:
		if (dm->opens_doors || dm->unlocks_doors || dm->bashes_doors)
			open_door(w, i, a.x, a.y);
		break;
	case WACT_BASH: {
		const struct data_terrain *t = world_terrain_at(w, a.x, a.y);

		if (!dm->bashes_doors || t->opens_to < 0 ||
		    (t->door != DATA_DOOR_LOCKED &&
		     t->door != DATA_DOOR_CLOSED))
			break;
		if (rng_percent(&w->rng, WORLD_BASH_PERCENT)) {
			act_terrain(w, a.x, a.y, t->opens_to);
			world_emit(w, WEV_DOOR_BASHED, i, -2, a.x, a.y, 0);
		} else {
			world_emit(w, WEV_DOOR_HOLDS, i, -2, a.x, a.y, 0);
		}
		break;
	}
	case WACT_SWAP:
		act_swap(w, i, a.other, a.x, a.y);
		break;
	}
}

void act_end_turn(struct world *w)
{
	w->turn++;
	act_fade(w);
	/* Wounds close slowly, while the game goes on. */
	if (w->state == WORLD_PLAYING && w->php < w->php_max &&
	    w->turn % WORLD_REGEN_TURNS == 0)
		w->php++;
}

/* ---- edits ------------------------------------------------------------- */

/* Whether the mover standing on (x, y), if any, may stay there on
 * terrain t. */
static int act_stays(const struct world *w, int x, int y, int t)
{
	const int m = world_monster_at(w, x, y);
	const size_t nt = w->data->nterrain;

	if (x == w->px && y == w->py)
		return w->cost[(size_t)t];
	if (m >= 0)
		return w->cost[(size_t)(w->monsters[m].kind + 1) * nt +
		               (size_t)t];
	return 1;
}

int act_edit(struct world *w, struct cmd_edit e)
{
	switch (e.kind) {
	case CMD_EDIT_PAINT:
		if (!world_in(w, e.x, e.y) || e.terrain < 0 ||
		    (size_t)e.terrain >= w->data->nterrain ||
		    !act_stays(w, e.x, e.y, e.terrain))
			return -1;
		act_terrain(w, e.x, e.y, e.terrain);
		return 0;
	case CMD_EDIT_PUT:
		if (e.actor < -1 ||
		    (e.actor >= 0 && (size_t)e.actor >= w->nmonsters))
			return -1;
		if (world_put(w, e.actor, e.x, e.y) != 0)
			return -1;
		/* The player's sight goes where the player was put. */
		if (e.actor == -1)
			fov_update(w);
		return 0;
	default:
		return -1;
	}
}
