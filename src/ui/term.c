/* SPDX-License-Identifier: MIT */
/* term.c - the terminal front end, the only code that uses curses: keys
 * in, the view's canvas out, signals and the terminal's state, and the
 * session played in it.
 *
 * SIGTERM, SIGHUP and SIGINT only set a flag; the loop notices it within
 * a tick, saves the game (as S does: the terminal went away, or the
 * system is going down, and the game is not lost; one that cannot be
 * saved is ended and recorded), restores the terminal and returns 128 +
 * the signal.  Ctrl-Z (a key in raw mode) gives the terminal back and
 * stops the process; it is drawn again when it continues.  Every
 * other signal whose default action ends the process (a crash such as
 * SIGSEGV, or SIGQUIT, SIGUSR1, SIGALRM, a real-time signal...) restores
 * the saved terminal modes with async-signal-safe calls only (tcsetattr,
 * write), then takes that default action.  Signals the process was
 * started ignoring stay ignored. */
#include "config.h"

#include "term.h"

/* The wide-character calls of ncursesw (add_wch, setcchar). */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "core/base/i18n.h"
#include "view.h"

#define ESC_DELAY_MS 25
#define TICK_MS      100 /* longest wait for a key: signals are noticed */
#define CTRL_Z       0x1a
/* The highest signal number handled: the real-time ones included. */
#if defined(NSIG)
#define SIGNAL_LAST (NSIG - 1)
#else
#define SIGNAL_LAST 64
#endif

static volatile sig_atomic_t got_signal;
static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes;

/* Keys from terminals and tmux that curses does not know by itself: the
 * keypad in application mode sends ESC O followed by a letter. */
enum {
	KEY_APP_BASE = KEY_MAX + 1,
};

static const struct {
	const char *seq;
	int key;
} app_keys[] = {
        {"\033Oq", VK_DOWN_LEFT},  {"\033Or", VK_DOWN},
        {"\033Os", VK_DOWN_RIGHT}, {"\033Ot", VK_LEFT},
        {"\033Ou", VK_CENTER},     {"\033Ov", VK_RIGHT},
        {"\033Ow", VK_UP_LEFT},    {"\033Ox", VK_UP},
        {"\033Oy", VK_UP_RIGHT},   {"\033OE", VK_CENTER},
        {"\033[E", VK_CENTER},     {"\033[G", VK_CENTER},
        {"\033[1~", VK_UP_LEFT},   {"\033[4~", VK_DOWN_LEFT},
};

static void on_stop_signal(int sig)
{
	got_signal = sig;
}

/* Async-signal-safe: put the terminal back as it was, leave the
 * alternate screen, show the cursor, then die as the signal says. */
static void on_crash(int sig)
{
	static const char reset[] = "\033[0m\033[?1049l\033[?25h\r\n";
	ssize_t r;

	if (have_saved_modes)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
	r = write(STDOUT_FILENO, reset, sizeof(reset) - 1);
	(void)r;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Whether the default action of sig leaves the process running (it is
 * ignored, stops or continues it) or cannot be caught. */
static int signal_is_harmless(int sig)
{
	static const int keep[] = {SIGCHLD, SIGCONT, SIGSTOP, SIGKILL, SIGTSTP,
	                           SIGTTIN, SIGTTOU, SIGURG,  SIGWINCH};
	size_t i;

	for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
		if (sig == keep[i])
			return 1;
	return 0;
}

static int signal_is_stop(int sig)
{
	return sig == SIGTERM || sig == SIGHUP || sig == SIGINT;
}

/* Every signal that ends the process gets a handler, unless it was
 * ignored when the game started; the dispositions found are kept in
 * saved_actions for restore_signals. */
static struct sigaction saved_actions[SIGNAL_LAST + 1];
static unsigned char have_saved_action[SIGNAL_LAST + 1];

static void install_signals(void)
{
	struct sigaction sa;
	int sig;

	for (sig = 1; sig <= SIGNAL_LAST; sig++) {
		have_saved_action[sig] = 0;
		if (signal_is_harmless(sig) ||
		    sigaction(sig, NULL, &saved_actions[sig]) != 0 ||
		    saved_actions[sig].sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sigemptyset(&sa.sa_mask);
		if (signal_is_stop(sig)) {
			sa.sa_handler = on_stop_signal;
		} else {
			sa.sa_handler = on_crash;
			sa.sa_flags = SA_RESETHAND;
		}
		if (sigaction(sig, &sa, NULL) == 0)
			have_saved_action[sig] = 1;
	}
}

static void restore_signals(void)
{
	int sig;

	for (sig = 1; sig <= SIGNAL_LAST; sig++)
		if (have_saved_action[sig]) {
			sigaction(sig, &saved_actions[sig], NULL);
			have_saved_action[sig] = 0;
		}
}

int term_available(void)
{
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

static int term_usable(void)
{
	if (!term_available()) {
		fprintf(stderr, "hunted: standard input and output must be a "
		                "terminal; to play without one use --headless "
		                "(see hunted --help)\n");
		return 0;
	}
	return 1;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static int use_color;

static void setup_colors(void)
{
	const char *no = getenv("NO_COLOR");
	short i;

	use_color = has_colors() && !(no && *no);
	if (!use_color)
		return;
	start_color();
	use_default_colors();
	for (i = 0; i < 8; i++)
		init_pair((short)(i + 1), i, -1);
}

/* curses' key codes to the view's. */
static int translate(int ch)
{
	switch (ch) {
	case KEY_UP:
		return VK_UP;
	case KEY_DOWN:
		return VK_DOWN;
	case KEY_LEFT:
		return VK_LEFT;
	case KEY_RIGHT:
		return VK_RIGHT;
	case KEY_HOME:
	case KEY_A1:
		return VK_UP_LEFT;
	case KEY_PPAGE:
	case KEY_A3:
		return VK_UP_RIGHT;
	case KEY_END:
	case KEY_C1:
		return VK_DOWN_LEFT;
	case KEY_NPAGE:
	case KEY_C3:
		return VK_DOWN_RIGHT;
	case KEY_B2:
		return VK_CENTER;
	case KEY_F(2):
		return VK_F2;
	case KEY_F(5):
		return VK_F5;
	case KEY_RESIZE:
		return VK_RESIZE;
	case KEY_ENTER:
	case '\r':
		return VK_ENTER;
	case KEY_BTAB:
		return VK_TAB;
	default:
		if (ch >= KEY_APP_BASE)
			return ch - KEY_APP_BASE;
		return ch >= 0 && ch < 0x100 ? ch : -1;
	}
}

static void blit(const struct canvas *c)
{
	int x, y;

	for (y = 0; y < c->height; y++) {
		move(y, 0);
		for (x = 0; x < c->width; x++) {
			const struct canvas_cell *cell =
			        &c->cells[(size_t)y * (size_t)c->width +
			                  (size_t)x];
			chtype a = 0;

			if (use_color && cell->fg < 8)
				a |= COLOR_PAIR(cell->fg + 1);
			if (cell->attr & CANVAS_BOLD)
				a |= A_BOLD;
			if (cell->attr & CANVAS_REVERSE)
				a |= A_REVERSE;
			if (cell->attr & CANVAS_UNDERLINE)
				a |= A_UNDERLINE;
			if (cell->attr & CANVAS_DIM)
				a |= A_DIM;
			if (cell->ch == CANVAS_WIDE_TAIL)
				continue;
			if (cell->ch < 0x80) {
				addch((chtype)cell->ch | a);
			} else {
				/* Past ASCII curses wants the wide call; it
				 * moves on by the character's width. */
				wchar_t wc[2] = {(wchar_t)cell->ch, 0};
				cchar_t cc;

				setcchar(&cc, wc, a & A_ATTRIBUTES, PAIR_NUMBER(a),
				         NULL);
				add_wch(&cc);
			}
		}
	}
	if (c->cursor_x >= 0 && c->cursor_y >= 0) {
		curs_set(1);
		move(c->cursor_y, c->cursor_x);
	} else {
		curs_set(0);
	}
}

/* The terminal as the session's source of commands: keys become
 * commands through the view; meanwhile the screen is drawn, data files
 * are watched and a replay's turns come when they are due. */
struct term {
	struct view *view;
	struct session_source *src;
	struct canvas canvas;
	int redraw_all;
	char save_err[PATH_MAX + 400]; /* why a signal could not save */
};

/* A signal asked the game to stop: saved as S saves, when the game can
 * be; one that cannot be saved is ended and recorded (said why), so it
 * is never lost without a word.  A game of fewer than two turns has
 * nothing to keep. */
static void term_stopped(struct session *s, struct term *t)
{
	s->status = 128 + got_signal;
	/* A watched game is not kept: nothing to save or say. */
	if (view_watching(t->view))
		return;
	if (s->game->world->state != WORLD_PLAYING ||
	    s->leave != SESSION_LEAVE_NONE || s->game->world->turn < 2)
		return;
	if (s->save_path[0] &&
	    session_save(s, t->save_err, sizeof(t->save_err)) == 0)
		return;
	if (!t->save_err[0])
		snprintf(t->save_err, sizeof(t->save_err),
		         "the game was not saved");
	snprintf(t->save_err + strlen(t->save_err),
	         sizeof(t->save_err) - strlen(t->save_err),
	         "; it ends here and is recorded");
	s->leave = SESSION_LEAVE_QUIT;
}

/* Ctrl-Z: the terminal given back to the shell while the game is
 * stopped, and the screen drawn again when it goes on. */
static void term_suspend(struct term *t)
{
	struct sigaction dfl, old;

	endwin();
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &old);
	kill(getpid(), SIGTSTP);
	sigaction(SIGTSTP, &old, NULL);
	reset_prog_mode();
	t->redraw_all = 1;
	refresh();
}

static enum source_result term_next(void *self, struct session *s,
                                    struct world_cmd *cmd)
{
	struct term *t = self;

	for (;;) {
		int wait, ch, key;
		enum view_result r;

		if (got_signal) {
			term_stopped(s, t);
			return SOURCE_STOP;
		}
		t->src->no_stall = view_watching(t->view);
		if (view_idle(t->view, now_ms(), cmd, &wait) == VIEW_CMD)
			return SOURCE_CMD;
		if (t->canvas.width != COLS || t->canvas.height != LINES) {
			if (canvas_resize(&t->canvas, COLS, LINES) != 0) {
				s->status = 1;
				return SOURCE_STOP;
			}
			t->redraw_all = 1;
		}
		view_draw(t->view, &t->canvas);
		if (t->redraw_all) {
			clearok(curscr, TRUE);
			t->redraw_all = 0;
		}
		erase();
		blit(&t->canvas);
		refresh();
		timeout(wait < TICK_MS ? wait : TICK_MS);
		ch = getch();
		if (ch == ERR)
			continue;
		if (ch == KEY_MOUSE) {
			MEVENT ev;

			/* Clicks go to the view (the sandbox paints with
			 * them); the terminal reports them only if it can. */
			if (getmouse(&ev) == OK)
				view_click(t->view, ev.x, ev.y,
				           ev.bstate & (BUTTON1_CLICKED |
				                        BUTTON1_PRESSED)
				                   ? 1
				                   : 3);
			continue;
		}
		if (ch == CTRL_Z) {
			term_suspend(t);
			continue;
		}
		key = translate(ch);
		if (key < 0)
			continue;
		if (key == VK_RESIZE) {
			t->redraw_all = 1;
			continue;
		}
		r = view_key(t->view, key, cmd);
		t->src->no_stall = view_watching(t->view);
		if (r == VIEW_QUIT) {
			/* Leaving mid-game without saving is quitting it. */
			if (s->leave == SESSION_LEAVE_NONE)
				s->leave = SESSION_LEAVE_QUIT;
			return SOURCE_END;
		}
		if (r == VIEW_CMD)
			return SOURCE_CMD;
		if (r == VIEW_REDRAW)
			t->redraw_all = 1;
	}
}

static SCREEN *screen;

/* Opens the terminal with newterm, which returns where initscr would
 * exit: no TERM, a TERM this system has no description of, or a
 * terminal that cannot move its cursor (such as dumb) is said and
 * refused before anything of the game is touched. */
static int term_open(void)
{
	const char *name = getenv("TERM");
	char *cup;
	size_t i;

	if (!name || !*name) {
		fprintf(stderr,
		        "hunted: TERM is not set, so the terminal "
		        "cannot be drawn on; set it (such as "
		        "TERM=xterm-256color) or play with --headless\n");
		return -1;
	}
	if (tcgetattr(STDIN_FILENO, &saved_modes) == 0)
		have_saved_modes = 1;
	screen = newterm(NULL, stdout, stdin);
	if (!screen) {
		fprintf(stderr,
		        "hunted: this system does not know the terminal "
		        "'%s' (no terminfo entry); set TERM to one it knows, "
		        "such as xterm-256color, or play with --headless\n",
		        name);
		return -1;
	}
	set_term(screen);
	cup = tigetstr("cup");
	if (!cup || cup == (char *)-1) {
		endwin();
		delscreen(screen);
		screen = NULL;
		fprintf(stderr,
		        "hunted: the terminal '%s' cannot move its cursor, so "
		        "the game cannot be drawn on it; play with "
		        "--headless\n",
		        name);
		return -1;
	}
	install_signals();
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON3_CLICKED |
	                  BUTTON3_PRESSED,
	          NULL);
	set_escdelay(ESC_DELAY_MS);
	setup_colors();
	for (i = 0; i < sizeof(app_keys) / sizeof(app_keys[0]); i++)
		define_key(app_keys[i].seq, KEY_APP_BASE + app_keys[i].key);
	return 0;
}

static void term_close(void)
{
	endwin();
	if (screen)
		delscreen(screen);
	screen = NULL;
	restore_signals();
}

/* The last word, on the restored terminal: how the game ended and its
 * score, where its morgue file and high score went (or why they could
 * not), or where it was saved. */
static void term_said(const struct session *s, const char *save_err)
{
	const struct session_records *r = &s->records;
	char text[256];
	size_t i;

	if (save_err[0])
		fprintf(stderr, "hunted: %s\n", save_err);
	if (s->setup.replay || s->setup.lesson)
		return;
	if (s->leave == SESSION_LEAVE_SAVE) {
		if (s->save_note[0])
			printf("%s\n", s->save_note);
		printf("Saved on level %u, turn %u, in %s: start hunted again "
		       "to resume it.\n",
		       s->end.level, s->end.turns, s->save_path);
		return;
	}
	if (s->end.how == ENDING_PLAYING)
		return;
	ending_text(&s->end, text, sizeof(text));
	printf(_("%s Score %ld.\n"), text, s->end.score);
	if (r->rank >= 0 && r->scores[0])
		printf(_("High scores: #%d of %zu in %s\n"), r->rank + 1,
		       r->list.n, r->scores);
	if (r->morgue[0])
		printf(_("Morgue: %s\n"), r->morgue);
	for (i = 0; i < r->nproblems; i++)
		fprintf(stderr, "hunted: %s\n", r->problems[i]);
}

int term_play(struct session *s, char *lesson, size_t size)
{
	struct term t = {0};
	struct session_source src = {term_next, &t, 0, 1};
	struct session_sink sink;
	char err[256];
	int rc;

	if (!term_usable())
		return 1;
	/* The terminal first: a save waiting is looked at only once the
	 * game has a screen to be played on. */
	if (term_open() != 0)
		return 1;
	session_resume(s);
	t.view = view_new(s, err, sizeof(err));
	if (!t.view) {
		term_close();
		fprintf(stderr, "hunted: %s\n", err);
		return 1;
	}
	t.redraw_all = 1;
	t.src = &src;
	sink = view_sink(t.view);
	rc = session_run(s, &src, &sink, 1);
	snprintf(lesson, size, "%s", lesson_picked(t.view));
	term_close();
	canvas_fini(&t.canvas);
	view_free(t.view);
	/* Said once the terminal is back as it was. */
	term_said(s, t.save_err);
	if (rc == EXIT_DIVERGED) {
		char why[PATH_MAX + 160];

		session_divergence(s, why, sizeof(why));
		fprintf(stderr, "hunted: %s\n", why);
	}
	return rc;
}
