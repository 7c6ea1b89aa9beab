#ifndef SPENDLY_CEDITLINE_H
#define SPENDLY_CEDITLINE_H
/*
 * A small, non-variadic face of libedit for Swift, which cannot call the variadic el_set.
 * One sp_editor is one line editor on stdin/stdout with its own history.
 */
#include <stddef.h>

typedef struct sp_editor sp_editor;

/* What a completion asks the editor to do: delete `erase` characters before the cursor,
 * then insert `insert` (malloc'd, freed by the editor, may be NULL); redraw the whole
 * line when `redisplay` is set (after the callback printed a list of matches). */
typedef struct {
  int erase;
  char *insert;
  int redisplay;
} sp_completion;

/* Called on Tab with the text before the cursor. */
typedef sp_completion (*sp_complete_fn)(void *context, const char *before_cursor);

/* Opens an editor (emacs keys, UTF-8 via the current locale, ^C bound as an editor key). */
sp_editor *sp_editor_open(const char *program);
void sp_editor_close(sp_editor *editor);

void sp_editor_set_prompt(sp_editor *editor, const char *prompt);
void sp_editor_set_completer(sp_editor *editor, sp_complete_fn function, void *context);

/* When on, ^D ends the input even after text was typed (a dialogue's "^D abandons"). */
void sp_editor_end_with_text(sp_editor *editor, int on);

/* Queues text as if typed, so the next line starts pre-filled and editable: Enter keeps it,
 * a printable key typed first replaces it (as over selected text), and Backspace, the
 * arrows, ^A or ^E first edit it as shown. Empty text: the next line starts empty. */
void sp_editor_prefill(sp_editor *editor, const char *text);

/* Reads a line. Returns 1 for a line (in *line, valid until the next call; no newline),
 * 0 at end of input (^D on an empty line), -1 when ^C abandoned the line. */
int sp_editor_read(sp_editor *editor, const char **line);

/* History: in memory, loaded from and saved to a file. Slot 0 is the main prompt's; slots
 * 1 to SP_HISTORY_SLOTS - 1 are kept apart (one per field), so Up recalls only their lines. */
#define SP_HISTORY_SLOTS 16
void sp_editor_use_history(sp_editor *editor, int slot);
void sp_editor_history_add(sp_editor *editor, const char *line);
/* Load and save act on slot 0. */
int sp_editor_history_load(sp_editor *editor, const char *path);
int sp_editor_history_save(sp_editor *editor, const char *path);

#endif
