#!/bin/bash
# SPDX-License-Identifier: MIT
# test_e2e_lessons.sh - the lesson menu in the real game: tmux runs
# hunted in a detached session, M opens the list of lessons, a letter
# starts one (the game saved first), and the lesson's first page shows.
# Every check polls for the text it expects.  Skipped (exit 77) only when
# tmux is not installed.  One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup e2e-lessons
export HUNTED_DATA=$data
# Saves go to $XDG_DATA_HOME/hunted: here, never in the real home.
export XDG_DATA_HOME=$tmp/xdg

start_game 80 24 --map tutorial --seed 3
wait_for "Press \\? for help" || bad "the game did not start"
$T send-keys -t g M
wait_for "^Lessons: a letter starts one" || bad "M does not open the lessons"
wait_for "^  a  wall +1\. The wall in the middle" ||
	bad "the menu does not list lesson 1 under a"
wait_for "^  p  errata +16\. Errata" ||
	bad "the menu does not list the errata lesson under p"
tap_check "M lists the lessons, a letter each"

$T send-keys -t g Escape
wait_for "Turn 0" || bad "Esc does not go back to the game"
tap_check "Esc goes back to the game"

$T send-keys -t g M
wait_for "^Lessons: a letter starts one" || bad "M does not open the lessons again"
$T send-keys -t g n
wait_for "^14\. The classic F/G/H figure - page 1/3" ||
	bad "n does not start lesson 14"
wait_for "E 3,3 new: g 10 h 30 f 40" || bad "the lesson's first step is not shown"
[ -s "$XDG_DATA_HOME/hunted/save" ] || ls -R "$XDG_DATA_HOME" | grep -q save ||
	bad "the game was not saved before the lesson"
tap_check "a letter saves the game and starts its lesson"

tap_done
