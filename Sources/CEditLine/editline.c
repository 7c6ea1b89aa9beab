#include "CEditLine.h"

#include <errno.h>
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

/* The key read_key hands libedit for a printable key that replaces a pre-filled value (^^,
   bound to replace_function); typed by a person it does nothing. */
#define SP_REPLACE_KEY 0x1E

struct sp_editor {
  EditLine *el;
  History *history;              /* the one in use */
  History *slots[SP_HISTORY_SLOTS];
  HistEvent event;
  char *prompt;
  sp_complete_fn complete;
  void *complete_context;
  int interrupted;
  int ended;           /* ^D ended the line */
  int end_with_text;   /* ^D ends the line even when text was typed */
  int fresh;           /* the line holds only its pre-filled value, no key read yet */
  wchar_t replacing;   /* the printable key that replaces that value */
  char *line;
};

static char *prompt_function(EditLine *el) {
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  return editor && editor->prompt ? editor->prompt : "";
}

/* ^C: mark the line abandoned and end it. */
static unsigned char interrupt_function(EditLine *el, int ch) {
  (void)ch;
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  if (editor) editor->interrupted = 1;
  return CC_NEWLINE;
}

/* ^D: the end of input on an empty line (or always, when asked); else it deletes the next
   character, as emacs mode does. */
static unsigned char end_function(EditLine *el, int ch) {
  (void)ch;
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  const LineInfo *info = el_line(el);
  if (!editor || info->lastchar == info->buffer || editor->end_with_text) {
    if (editor) editor->ended = 1;
    return CC_NEWLINE;
  }
  if (info->cursor >= info->lastchar) return CC_REFRESH_BEEP;
  el_cursor(el, 1);
  el_deletestr(el, 1);
  return CC_REFRESH;
}

/* The first key of a pre-filled line (the value itself comes from el_push, which libedit
   reads before any key). A printable key replaces the whole value, as typing over selected
   text does: it is kept and SP_REPLACE_KEY returned, which replace_function handles. Any
   other key (Enter, Backspace, the arrows, ^A, ^E, ^U, Tab) edits the value as shown. Only
   this one key is read here; libedit reads the rest itself. */
static int read_key(EditLine *el, wchar_t *key) {
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  el_set(el, EL_GETCFN, EL_BUILTIN_GETCFN);
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (;;) {
    char byte;
    ssize_t got = read(fileno(stdin), &byte, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      *key = L'\0';
      return got == 0 ? 0 : -1;
    }
    wchar_t wide;
    size_t used = mbrtowc(&wide, &byte, 1, &state);
    if (used == (size_t)-2) continue; /* more bytes of one character */
    if (used == (size_t)-1) wide = (wchar_t)(unsigned char)byte;
    int replaces = editor && editor->fresh && iswprint((wint_t)wide);
    if (editor) editor->fresh = 0;
    if (replaces) {
      editor->replacing = wide;
      *key = SP_REPLACE_KEY;
    } else {
      *key = wide;
    }
    return 1;
  }
}

/* The pre-filled value gives way to the key typed over it. */
static unsigned char replace_function(EditLine *el, int ch) {
  (void)ch;
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  if (!editor || !editor->replacing) return CC_NORM;
  wchar_t typed[2] = {editor->replacing, L'\0'};
  editor->replacing = 0;
  const LineInfoW *info = el_wline(el);
  el_cursor(el, (int)(info->lastchar - info->cursor));
  info = el_wline(el);
  el_deletestr(el, (int)(info->cursor - info->buffer));
  el_winsertstr(el, typed);
  return CC_REFRESH;
}

static unsigned char complete_function(EditLine *el, int ch) {
  (void)ch;
  sp_editor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  if (!editor || !editor->complete) return CC_REFRESH_BEEP;
  const LineInfo *info = el_line(el);
  size_t length = (size_t)(info->cursor - info->buffer);
  char *before = malloc(length + 1);
  if (!before) return CC_ERROR;
  memcpy(before, info->buffer, length);
  before[length] = '\0';
  sp_completion result = editor->complete(editor->complete_context, before);
  free(before);
  if (result.erase > 0) el_deletestr(el, result.erase);
  if (result.insert) {
    el_insertstr(el, result.insert);
    free(result.insert);
  }
  if (result.redisplay) return CC_REDISPLAY;
  return (result.erase > 0 || result.insert) ? CC_REFRESH : CC_REFRESH_BEEP;
}

sp_editor *sp_editor_open(const char *program) {
  sp_editor *editor = calloc(1, sizeof *editor);
  if (!editor) return NULL;
  editor->el = el_init(program, stdin, stdout, stderr);
  if (!editor->el) {
    free(editor);
    return NULL;
  }
  editor->history = history_init();
  if (!editor->history) {
    el_end(editor->el);
    free(editor);
    return NULL;
  }
  history(editor->history, &editor->event, H_SETSIZE, 1000);
  history(editor->history, &editor->event, H_SETUNIQUE, 1);
  editor->slots[0] = editor->history;
  el_set(editor->el, EL_CLIENTDATA, editor);
  el_set(editor->el, EL_EDITOR, "emacs");
  el_set(editor->el, EL_PROMPT, prompt_function);
  el_set(editor->el, EL_HIST, history, editor->history);
  /* Keep ^C as a key while editing (no SIGINT), so no keystroke is lost to a signal. */
  el_set(editor->el, EL_SETTY, "-d", "-isig", NULL);
  el_set(editor->el, EL_ADDFN, "sp-interrupt", "abandon the line", interrupt_function);
  el_set(editor->el, EL_BIND, "^C", "sp-interrupt", NULL);
  el_set(editor->el, EL_ADDFN, "sp-complete", "complete the word", complete_function);
  el_set(editor->el, EL_BIND, "^I", "sp-complete", NULL);
  el_set(editor->el, EL_ADDFN, "sp-end", "end the input", end_function);
  el_set(editor->el, EL_BIND, "^D", "sp-end", NULL);
  el_set(editor->el, EL_ADDFN, "sp-replace", "replace the pre-filled value", replace_function);
  el_set(editor->el, EL_BIND, "^^", "sp-replace", NULL);
  return editor;
}

void sp_editor_close(sp_editor *editor) {
  if (!editor) return;
  el_end(editor->el);
  for (int i = 0; i < SP_HISTORY_SLOTS; i++) {
    if (editor->slots[i]) history_end(editor->slots[i]);
  }
  free(editor->prompt);
  free(editor->line);
  free(editor);
}

void sp_editor_set_prompt(sp_editor *editor, const char *prompt) {
  free(editor->prompt);
  editor->prompt = strdup(prompt ? prompt : "");
}

void sp_editor_set_completer(sp_editor *editor, sp_complete_fn function, void *context) {
  editor->complete = function;
  editor->complete_context = context;
}

void sp_editor_end_with_text(sp_editor *editor, int on) { editor->end_with_text = on; }

void sp_editor_prefill(sp_editor *editor, const char *text) {
  editor->fresh = text && *text;
  editor->replacing = 0;
  if (editor->fresh) el_push(editor->el, text);
  /* The first key typed is read by read_key, which may replace the value. */
  el_set(editor->el, EL_GETCFN, editor->fresh ? read_key : EL_BUILTIN_GETCFN);
}

int sp_editor_read(sp_editor *editor, const char **line) {
  int count = 0;
  editor->interrupted = 0;
  editor->ended = 0;
  const char *text = el_gets(editor->el, &count);
  if (editor->interrupted) {
    *line = NULL;
    return -1;
  }
  if (editor->ended) {
    *line = NULL;
    return 0;
  }
  if (!text || count <= 0) {
    *line = NULL;
    return 0;
  }
  free(editor->line);
  editor->line = strdup(text);
  size_t length = strlen(editor->line);
  while (length > 0 && (editor->line[length - 1] == '\n' || editor->line[length - 1] == '\r')) {
    editor->line[--length] = '\0';
  }
  *line = editor->line;
  return 1;
}

void sp_editor_use_history(sp_editor *editor, int slot) {
  if (slot < 0 || slot >= SP_HISTORY_SLOTS) slot = 0;
  if (!editor->slots[slot]) {
    History *made = history_init();
    if (!made) return; /* keep the current one */
    history(made, &editor->event, H_SETSIZE, 200);
    history(made, &editor->event, H_SETUNIQUE, 1);
    editor->slots[slot] = made;
  }
  editor->history = editor->slots[slot];
  el_set(editor->el, EL_HIST, history, editor->history);
}

void sp_editor_history_add(sp_editor *editor, const char *line) {
  if (line && *line) history(editor->history, &editor->event, H_ENTER, line);
}

int sp_editor_history_load(sp_editor *editor, const char *path) {
  return history(editor->slots[0], &editor->event, H_LOAD, path) >= 0 ? 0 : -1;
}

int sp_editor_history_save(sp_editor *editor, const char *path) {
  return history(editor->slots[0], &editor->event, H_SAVE, path) >= 0 ? 0 : -1;
}
