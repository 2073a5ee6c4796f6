/* SPDX-License-Identifier: MIT */
/* data.h - hunted's data files: terrain kinds, key kinds, monster kinds and
 * hand-made dungeons, loaded from the line-oriented text format that
 * data/README documents.
 *
 * Loading never stops at the first problem and never prints: every problem
 * goes into a caller-owned struct diag_list with its file, line and column.
 * A struct data that had errors is still safe to inspect and free, but
 * only an error-free one should be played. */
#ifndef HUNTED_DATA_H
#define HUNTED_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/diag.h"
#include "core/path/grid.h"

/* Limits, all checked while loading (see data/README). */
#define DATA_NAME_MAX      32   /* bytes in a name */
#define DATA_TEXT_MAX      1024 /* bytes in a quoted string */
#define DATA_LINE_MAX      8192 /* bytes in a line, end of line excluded */
#define DATA_FILE_MAX      (64L << 20) /* bytes in one file */
#define DATA_INCLUDE_DEPTH 8           /* nested includes below the top file */
#define DATA_TERRAIN_MAX   250         /* terrain kinds */
#define DATA_KEY_MAX       64          /* key kinds */
#define DATA_MONSTER_MAX   250         /* monster kinds */
#define DATA_OVERRIDE_MAX  32          /* cost overrides per monster */
#define DATA_LEVEL_MAX     64          /* levels of a campaign */
#define DATA_LEVEL_KINDS   16          /* monster kinds a level names */
#define DATA_MAP_MAX_DIM   GRID_MAX_DIM
#define DATA_PLACE_MAX     65536 /* things placed on one map */
/* Most monsters --monsters may ask for and a generated dungeon may have:
 * with the player, the exit and the key of a generated dungeon they fit in
 * DATA_PLACE_MAX, so any dungeon can be written as a map file.  Written as
 * a number so that --help can print it. */
#define DATA_MONSTERS_MAX 65533

/* A terrain multiplier is 1..DATA_COST_MAX (the path engine's range). */
#define DATA_COST_MAX GRID_COST_MAX

enum data_color {
	DATA_COLOR_BLACK = 0,
	DATA_COLOR_RED,
	DATA_COLOR_GREEN,
	DATA_COLOR_YELLOW,
	DATA_COLOR_BLUE,
	DATA_COLOR_MAGENTA,
	DATA_COLOR_CYAN,
	DATA_COLOR_WHITE,
	DATA_COLOR_COUNT
};

enum data_door {
	DATA_DOOR_NONE = 0,
	DATA_DOOR_CLOSED,
	DATA_DOOR_OPEN,
	DATA_DOOR_LOCKED,
};

enum data_place_kind {
	DATA_PLACE_NONE = 0,
	DATA_PLACE_PLAYER,
	DATA_PLACE_MONSTER,
	DATA_PLACE_KEY,
	DATA_PLACE_EXIT,
};

/* Where a record was defined; file points into struct data's file list. */
struct data_src {
	const char *file;
	int line;
	int col;
	int changed; /* a player's file changed a shipped record here */
};

struct data_terrain {
	char name[DATA_NAME_MAX + 1];
	char glyph;
	uint8_t color; /* enum data_color */
	uint8_t bright;
	uint8_t walk;   /* the player and monsters may enter it */
	uint8_t opaque; /* blocks sight */
	uint8_t cost;   /* multiplier of the step cost of entering */
	uint8_t door;   /* enum data_door */
	uint8_t bump_opens;
	int opens_to;    /* terrain index, or -1 */
	int closes_to;   /* terrain index, or -1 */
	int unlocked_by; /* key index, or -1 */
	int heals;       /* hit points the player drinks here, 0: none */
	int harm;        /* hit points lost on entering it, 0: none */
	int dries_to;    /* what it becomes once drunk from, or -1 */
	char *description;
	struct data_src src;
};

/* What using an item does: a key is not used (it opens its doors); a
 * tool goes into the player's pack and is used up by its use. */
enum data_use {
	DATA_USE_NONE = 0, /* a key */
	DATA_USE_CALTROPS, /* thrown: ground round where it lands grows dear */
	DATA_USE_NOISE,    /* thrown: a noise where it lands */
	DATA_USE_WEDGE,    /* shuts the door next to you and wedges it */
	DATA_USE_SMOKE,    /* a cloud round you that hides you */
	DATA_USE_COUNT
};

struct data_key {
	char name[DATA_NAME_MAX + 1];
	char glyph;
	uint8_t color;
	uint8_t bright;
	uint8_t use; /* enum data_use */
	int makes;   /* terrain index its use lays, or -1 */
	int range;   /* cells it flies */
	int radius;  /* cells round where it lands it reaches */
	int turns;   /* how long what it made lasts, 0: for good */
	char *description;
	struct data_src src;
};

/* A monster's own multiplier for one terrain: 0 never enters it. */
struct data_override {
	int terrain; /* index, or -1 for "*" (every terrain not listed) */
	uint8_t cost;
};

struct data_monster {
	char name[DATA_NAME_MAX + 1];
	char glyph;
	uint8_t color;
	uint8_t bright;
	int speed; /* 100 is the player's speed */
	int hp;
	int attack;   /* damage per hit, on average */
	int accuracy; /* hits in 100 blows */
	int sight;    /* radius in cells */
	uint8_t opens_doors;
	uint8_t unlocks_doors;
	uint8_t bashes_doors;
	int drift;       /* cells the target may move before a re-plan */
	uint32_t budget; /* node budget per search, 0 = unlimited */
	/* Its search: enum path_algo or PATH_ALGO_COUNT for jump point
	 * search, enum path_heuristic, enum path_diagonal, A*'s weight in
	 * tenths; pack: its hunters share one distance map. */
	uint8_t algorithm;
	uint8_t heuristic;
	uint8_t diagonal;
	uint8_t weight;
	uint8_t pack;
	/* Flees when hurt to this percent of its hit points or below (0:
	 * never flees). */
	int flee;
	struct data_override overrides[DATA_OVERRIDE_MAX];
	size_t noverrides;
	char *description;
	struct data_src src;
};

struct data_place {
	uint8_t kind; /* enum data_place_kind */
	int what;     /* monster or key index, -1 otherwise */
	int x;
	int y;
};

/* A rule of a map's variation (see data/README, "Levels that vary"):
 * how the glyphs as written are rewritten, from the level's seed, before
 * the legend reads them. */
enum data_rule_kind {
	DATA_RULE_VARY = 1, /* each marked cell on its own, by weight */
	DATA_RULE_DEAL,     /* the marked cells dealt counts of glyphs */
	DATA_RULE_SHUFFLE,  /* the glyphs of a group trade places */
};
#define DATA_RULE_MAX    64 /* rules in one map */
#define DATA_CHOICE_MAX  32 /* glyphs in one rule */
#define DATA_WEIGHT_MAX  1000
#define DATA_CHECK_SEEDS 100  /* the seeds --check draws a varied map for */
#define DATA_CHOICE_REST (-1) /* deal: the cells left over */

struct data_choice {
	char glyph;
	int n;   /* vary: weight; deal: count or DATA_CHOICE_REST */
	int col; /* where it is written on the rule's line */
};

struct data_rule {
	uint8_t kind; /* enum data_rule_kind */
	char glyph;   /* the marked cells' glyph (not for shuffle) */
	struct data_choice choices[DATA_CHOICE_MAX];
	size_t nchoices;
	char *line; /* the rule's line as written, for the caret */
	struct data_src src;
};

/* The legend as the map's variants read it. */
struct data_legend {
	uint8_t defined;
	uint8_t place; /* enum data_place_kind */
	int terrain;
	int what;
};

struct data_map {
	char name[DATA_NAME_MAX + 1];
	char *title;
	char *description;
	int width;
	int height;
	uint8_t *cells;     /* width * height terrain indices, row major */
	char *glyphs;       /* width * height glyphs as written in the file */
	int first_row_line; /* line of row 0 in src.file */
	struct data_place *places;
	size_t nplaces;
	int player_x; /* -1 when the map has no player start */
	int player_y;
	struct data_src src;
	/* Variation: the glyphs as written, the rules, and the rule that
	 * last wrote each cell of the variant drawn (0: none); varied says
	 * a variant was drawn, from seed variant. */
	char *source;
	struct data_rule *rules;
	size_t nrules;
	uint16_t *rule_of;
	struct data_legend legend[128];
	int varied;
	uint64_t variant;
};

/* One page of a lesson: its text and the AI view it shows (see
 * data/README, "Lessons"). */
enum data_page_layer {
	DATA_LAYER_NONE = 0,
	DATA_LAYER_G,
	DATA_LAYER_H,
	DATA_LAYER_F,
	DATA_LAYER_ARROWS,
	DATA_LAYER_COST,
	DATA_LAYER_COUNT
};
#define DATA_PAGE_MAX 64 /* pages in one lesson */

struct data_page {
	char name[DATA_NAME_MAX + 1];
	char *text;
	uint8_t algorithm;  /* enum path_algo, or PATH_ALGO_COUNT for JPS */
	uint8_t heuristic;  /* enum path_heuristic */
	uint8_t diagonal;   /* enum path_diagonal */
	uint8_t weight;     /* tenths: 10 is w = 1 */
	uint8_t layer;      /* enum data_page_layer */
	uint8_t boxes;      /* cell boxes */
	uint8_t open;       /* the open and closed sets */
	uint8_t heuristics; /* the table of heuristics, not of algorithms */
	uint8_t ties;       /* enum path_ties */
	int step;           /* step mode at this step, -1 the whole search */
	struct data_src src;
};

/* A level of a campaign (campaign.txt): a map by name, or a generated
 * dungeon of a size with a number of monsters. */
struct data_level {
	char name[DATA_NAME_MAX + 1];
	char map[DATA_NAME_MAX + 1]; /* maps/MAP.txt; "" when generated */
	int width, height;           /* a generated one's size */
	int monsters;                /* ...and monsters */
	uint8_t cave;                /* ...grown as a cave */
	/* ...with monsters of these kinds only (none named: any kind) */
	char kinds[DATA_LEVEL_KINDS][DATA_NAME_MAX + 1];
	int nkinds;
	struct data_src src;
};

struct data_file;
struct data_pending;

struct data {
	struct data_terrain *terrain;
	size_t nterrain;
	struct data_key *keys;
	size_t nkeys;
	struct data_monster *monsters;
	size_t nmonsters;
	struct data_map *map; /* NULL when no file defined a dungeon */
	/* The player's own entry ("player NAME" in monsters.txt): speed,
	 * hit points, blows, sight and cost overrides; NULL when no file
	 * gave one, and then the player is as data_player_default says. */
	struct data_monster *player;
	struct data_page *pages; /* a lesson's, in the order given */
	size_t npages;
	struct data_level *levels; /* a campaign's, in the order given */
	size_t nlevels;
	/* The player's own data folder and the shipped data directory
	 * (data_set_folders), or NULL: where an include is looked for. */
	char *folders[2];
	/* Loader state: every file read (include once), and what still
	 * needs resolving. */
	struct data_file *files;
	struct data_pending *pending;
};

struct data *data_new(void);
void data_free(struct data *d);

/* The player's data folder (user) and the shipped data directory, either
 * NULL.  An include that names a file of the data directory (a map's
 * "../monsters.txt") then reads it even from a file of the player's
 * folder, and reads the player's file of the same name right after it:
 * there a record named like one already read changes that one (the
 * attributes it gives) instead of being a duplicate.  Returns 0, or -1
 * when out of memory. */
int data_set_folders(struct data *d, const char *user, const char *shipped);

/* Keeps only the monster kinds named (n of them, in d's order), so that
 * a dungeon generated from d has no other.  Returns 0, or -1 with d as it
 * was when a name is no kind of d's (its index in *bad). */
int data_keep_monsters(struct data *d, const char (*names)[DATA_NAME_MAX + 1],
                       size_t n, size_t *bad);

/* Loads path (and the files it includes) into d and resolves names.  A
 * file already loaded into d is skipped, so several files may include the
 * same terrain.txt.  Returns 0 when no error was found, -1 otherwise; the
 * problems are in diags. */
int data_load(struct data *d, const char *path, struct diag_list *diags);

/* The same for text in memory; name is used in diagnostics and as the base
 * for relative includes. */
int data_load_buffer(struct data *d, const char *name, const char *buf,
                     size_t len, struct diag_list *diags);

/* Loads a Moving AI `.map` as d's dungeon.  d must already hold the
 * terrain kinds named floor, wall, swamp and stairs (terrain.txt), and the
 * monster kinds to place; the player, the exit and the monsters are placed
 * from seed.  Returns 0, or -1 with the problems in diags. */
int data_load_movingai(struct data *d, const char *path, uint64_t seed,
                       struct diag_list *diags);

/* d's own copy of a file name, valid as long as d (NULL when out of
 * memory): what struct data_src.file points to. */
const char *data_file_name(struct data *d, const char *path);

/* The files d was loaded from (includes and the .map of a Moving AI map
 * too), for noticing when one changes: i from 0 to data_file_count - 1,
 * in no particular order. */
size_t data_file_count(const struct data *d);
const char *data_file_path(const struct data *d, size_t i);

/* Adds warnings for a dungeon that loads but cannot be won or lost: an exit
 * the player cannot reach, a monster that can never reach the player.
 * Uses the path engine with the game's default rules.  A map with
 * variation rules is checked as each of seeds 1..DATA_CHECK_SEEDS draws
 * it, a broken variant reported with its seed at the rule that broke it
 * (d's map is left as it was).  Returns the number of warnings added,
 * or -1 when out of memory. */
int data_check_reachable(const struct data *d, struct diag_list *diags);

/* Adds warnings for kinds that load but do not do what they seem to: a
 * glyph another terrain, key or monster has already, a pack whose own
 * search does not find the cheapest way (the pack hunts by one shared
 * distance map instead), a monster that may enter no terrain.  Returns
 * the number of warnings added. */
int data_check_kinds(const struct data *d, struct diag_list *diags);

/* Draws the variant of d's map that seed gives (data/README, "Levels
 * that vary"): its cells, glyphs, places and player start, from the
 * glyphs as written and the rules.  A map with no rules is left as it
 * is.  The same seed always gives the same variant.  Returns 0, or -1
 * with the problems of that variant (no player start, a thing on a cell
 * it cannot stand on) in diags, each at the rule that made it. */
int data_vary(struct data *d, uint64_t seed, struct diag_list *diags);

/* Builds in g (which the caller then owns and passes to grid_fini) the
 * multipliers the path engine should see for monster kind m, or for the
 * player when m is NULL, on the map as loaded: terrain costs, the
 * monster's overrides, and doors as it can pass them.  has_keys says the
 * player carries every key (locked doors then open for it).  Returns
 * GRID_OK, GRID_EINVAL when d has no map, or GRID_ENOMEM. */
int data_map_grid(const struct data *d, const struct data_monster *m,
                  int has_keys, struct grid *g);

/* The multiplier monster m (NULL: the player, with d->player's overrides)
 * pays to enter terrain t: 0 when it cannot.  It is what the mover's
 * searches plan with and the time it pays: a step onto a cell of cost c
 * takes c turns' energy. */
uint8_t data_terrain_cost(const struct data *d, const struct data_monster *m,
                          int has_keys, int t);

/* The hit points monster m (NULL: the player) loses entering terrain t:
 * its harm, unless the mover gives t a cost of its own ("cost lava 1"),
 * which makes it at home there. */
int data_terrain_harm(const struct data *d, const struct data_monster *m,
                      int t);

/* What terrain t does to the player who steps onto it, in the words the
 * game shows (look, help) and the docs repeat: "moving onto it takes 3
 * turns", "moving onto it takes 5 turns; 6 damage on entering", "6
 * damage on entering"; "" when it costs one turn and does no harm, or
 * the player never enters it.  Returns what snprintf returns. */
int data_terrain_effect(const struct data *d, int t, char *buf, size_t size);

/* The player as d says: d->player, or the defaults (speed 100, 30 hit
 * points, attack 4, accuracy 80, sight 8) when no file gave one. */
const struct data_monster *data_player(const struct data *d);

/* Index by name, or -1. */
int data_terrain_find(const struct data *d, const char *name);
int data_key_find(const struct data *d, const char *name);
int data_monster_find(const struct data *d, const char *name);

const char *data_color_name(enum data_color c);

#endif
