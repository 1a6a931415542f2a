#ifndef GRIDEDIT_EDITLINE_H
#define GRIDEDIT_EDITLINE_H

/*
 * A small, plain-C face of libedit for the gridedit REPL. libedit's own API is variadic
 * (el_set, history), which Swift cannot call; these functions have fixed arguments and hide
 * EditLine and History behind one opaque handle.
 */

#include <stdio.h>

typedef struct gridedit_line gridedit_line;

/* Called on Tab with the text before the cursor. Set *insert to text to insert at the cursor and
 * *list to text to print above the prompt (the candidates), each malloc'ed (freed by the shim),
 * or leave them NULL. */
typedef void (*gridedit_complete_fn)(void *context, const char *before_cursor, char **insert, char **list);

/* setlocale(LC_ALL, "") so that libedit reads and writes UTF-8; if the environment's character
 * set is not UTF-8, LC_CTYPE falls back to C.UTF-8. LC_NUMERIC stays "C". Call it before
 * gridedit_line_open. Returns 1 when the character set is UTF-8. */
int gridedit_line_setlocale(void);

/* An emacs-style line editor on standard input and output, with history (deduplicated,
 * `history_size` entries) and ~/.editrc applied. Ctrl-C abandons the line, Ctrl-Z suspends,
 * Tab calls the completer, Ctrl-R searches history. NULL on failure. */
gridedit_line *gridedit_line_open(const char *program, int history_size);
void gridedit_line_close(gridedit_line *line);

/* The prompt; colour escapes must be wrapped in \1 … \1 so they take no width. Copied. */
void gridedit_line_set_prompt(gridedit_line *line, const char *prompt);
void gridedit_line_set_completer(gridedit_line *line, gridedit_complete_fn fn, void *context);

/* Reads one line, without its newline. Returns NULL at the end of input (*status = 0); returns
 * NULL with *status = -1 when Ctrl-C abandoned the line, -2 when SIGTERM or SIGHUP came. The text stays valid until the next
 * call. */
const char *gridedit_line_read(gridedit_line *line, int *status);

void gridedit_line_history_add(gridedit_line *line, const char *entry);

/* Shows text (complete lines) above the line being edited, from any thread: the reader clears
 * the line, prints the text and redraws the prompt with what was typed so far. Used when an
 * edit arrives from the browser editor (gridedit serve) while a line is being typed. */
void gridedit_line_post(gridedit_line *line, const char *text);

/* SIGINT outside line editing (while a command runs) sets a flag instead of ending the program;
 * long commands poll it. */
void gridedit_interrupt_install(void);
/* 1 if Ctrl-C was pressed since the last call (and clears it). */
int gridedit_interrupt_take(void);

/* SIGTERM and SIGHUP end the session cleanly: a line being read returns with status -2 (the
 * terminal put back), and gridedit_terminate_requested says which signal came (0: none). */
void gridedit_terminate_install(gridedit_line *line);
int gridedit_terminate_requested(void);

#endif
