/* SPDX-License-Identifier: MIT */
/* data-strings.c - the shipped data files' words for the translators,
 * written by po/data-strings.sh: never compiled, only read by xgettext.
 * Do not edit: run po/data-strings.sh again. */
static const char *const data_strings[] = {
        /* TRANSLATORS: from data/terrain.txt */
        N_("Bare stone floor."),
        N_("Solid rock."),
        N_("Stairs down: the way out."),
        N_("Short grass."),
        N_("A tree trunk."),
        N_("Sticky mud."),
        N_("Knee-deep water."),
        N_("Deep water: only swimmers enter it."),
        N_("Molten rock."),
        N_("Swamp, as Moving AI maps mark it with 'S'."),
        N_("An open wooden door."),
        N_("A closed wooden door."),
        N_("An open iron gate."),
        N_("A locked iron gate; you can see through the bars."),
        N_("A clear spring. Drink (step or wait on it) to heal 15; then it runs dry."),
        N_("A door wedged shut: it opens for nobody; a brute may break it."),
        N_("Caltrops."),
        N_("Thick smoke: nobody sees through it."),
        N_("A heavy iron key.  It opens the iron gates."),
        N_("A bag of caltrops. Thrown, it makes the ground round where it lands dear to cross."),
        N_("A rattle. Thrown, it makes a noise where it lands: monsters within 12 cells go to look."),
        N_("A wooden wedge. Shuts the door next to you and wedges it: it opens for nobody, but a brute may break it."),
        N_("A smoke bomb. Hides you in a cloud: monsters lose sight of you."),
        /* TRANSLATORS: from data/monsters.txt */
        N_("You: a thief with a knife, after the stairs."),
        N_("Quick and stupid; a closed door stops it. Hurt, it runs."),
        N_("Opens doors, but has no keys."),
        N_("Bashes through locked doors; does not mind mud."),
        N_("Carries every key in the dungeon."),
        N_("Fast in water and cannot leave it."),
        N_("At home in lava; never touches water."),
        N_("Hunts in packs: every wolf walks one shared map of the ways to you. Fast on open ground, hates mud, never enters lava."),
        N_("Greedy best-first: always shambles toward whatever looks closest to you. Put a wall between you, open on its far side, and it presses against the wall."),
        N_("Breadth-first: counts steps, never their cost, so it wades straight through the mud and water that others walk round."),
        N_("Impatient: weighted A* (w = 3) makes up its mind fast and often takes the longer way. Flees at half its HP."),
        N_("Flies over water, mud and lava alike and squeezes past corners; jump point search plans its flight. A shut door stops it."),
        N_("Stone legs: it moves and strikes only north, east, south and west (4-way A*, Manhattan h). One diagonal step puts you out of its reach."),
        /* TRANSLATORS: from data/maps/ambush.txt */
        N_("The wall in the middle, with company"),
        N_("A goblin, an orc, a wolf, a wall, and you.  Reach the stairs in a far corner."),
        /* TRANSLATORS: from data/maps/cave.txt */
        N_("The great cave"),
        N_("A cave too big to see at once.  The stairs are at the far end."),
        /* TRANSLATORS: from data/maps/crowd.txt */
        N_("Rush hour"),
        N_("Twenty hunters in the streets. The ring round them is longer."),
        /* TRANSLATORS: from data/maps/default.txt */
        N_("The first descent"),
        N_("Find the iron key, open the gate and take the stairs down before they catch you."),
        /* TRANSLATORS: from data/maps/doors.txt */
        N_("Doors and keys"),
        N_("Find the iron key, open the gate, and mind who follows."),
        /* TRANSLATORS: from data/maps/elements.txt */
        N_("Mud, water and fire"),
        N_("Four kinds of ground, four hunters who see them differently."),
        /* TRANSLATORS: from data/maps/kennels.txt */
        N_("The kennels"),
        N_("Every hunter here searches its own way. Look at one (x) to see how."),
        /* TRANSLATORS: from data/maps/maze.txt */
        N_("The maze"),
        N_("Corridors one cell wide.  The stairs are in the far corner."),
        /* TRANSLATORS: from data/maps/tutorial.txt */
        N_("The wall in the middle"),
        N_("A goblin, a wall, and you.  Reach the stairs in the corner."),
};
