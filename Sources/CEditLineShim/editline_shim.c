#include "gridedit_editline.h"

#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

struct gridedit_line {
    EditLine *editline;
    History *history;
    FILE *out;
    int fd;
    char *prompt;
    gridedit_complete_fn complete;
    void *context;
    int abandoned;
    char *text;
    /* Notes posted from another thread (gridedit_line_post), shown above the line being edited:
     * the pipe wakes the reader, which prints them and redraws the prompt and the line. */
    int wake[2];
    pthread_mutex_t lock;
    char *pending;
};

/* The key the reader returns when notes are waiting (Ctrl-]); bound to show_notes. */
#define NOTE_KEY ((wchar_t)0x1d)

static volatile sig_atomic_t interrupt_flag = 0;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupt_flag = 1;
}

/* Installs a flag-setting handler; no SA_RESTART, so a blocking read returns and the flag is seen. */
static void install_handler(int signal_number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(signal_number, &action, NULL);
}

void gridedit_interrupt_install(void) { install_handler(SIGINT, on_interrupt); }

/* SIGTERM or SIGHUP: the session is asked to end (a supervisor, a closed terminal). The handler
 * only sets a flag and wakes the reader through its pipe (write(2) is async-signal-safe), so the
 * line editor returns normally, puts the terminal back, and the session ends in its own time. */
static volatile sig_atomic_t terminate_flag = 0;
static volatile int terminate_wake = -1;

static void on_terminate(int signal_number) {
    terminate_flag = signal_number;
    int fd = terminate_wake;
    if (fd >= 0) {
        ssize_t ignored = write(fd, "", 1);
        (void)ignored;
    }
}

void gridedit_terminate_install(gridedit_line *line) {
    if (line != NULL) terminate_wake = line->wake[1];
    install_handler(SIGTERM, on_terminate);
    install_handler(SIGHUP, on_terminate);
}

int gridedit_terminate_requested(void) { return terminate_flag; }

int gridedit_interrupt_take(void) {
    int was = interrupt_flag;
    interrupt_flag = 0;
    return was;
}

int gridedit_line_setlocale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL || strcmp(codeset, "UTF-8") != 0) {
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "en_US.UTF-8");
    }
    setlocale(LC_NUMERIC, "C");
    codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

static gridedit_line *line_of(EditLine *editline) {
    gridedit_line *line = NULL;
    el_get(editline, EL_CLIENTDATA, &line);
    return line;
}

static char *prompt_of(EditLine *editline) {
    gridedit_line *line = line_of(editline);
    return line != NULL && line->prompt != NULL ? line->prompt : "> ";
}

/* Reads one character, decoding UTF-8 (or the locale's multibyte set). Signals that interrupt
 * the read are retried: line editing turns ISIG off, so none is meant for the editor. */
static int read_character(EditLine *editline, wchar_t *character) {
    gridedit_line *line = line_of(editline);
    char bytes[MB_LEN_MAX];
    size_t used = 0;
    for (;;) {
        if (terminate_flag) return -1;
        if (line->wake[0] >= 0) {
            struct pollfd fds[2] = {{line->fd, POLLIN, 0}, {line->wake[0], POLLIN, 0}};
            if (poll(fds, 2, -1) < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
            if (terminate_flag) return -1;
            if (fds[1].revents & POLLIN) {
                char drain[64];
                while (read(line->wake[0], drain, sizeof drain) > 0) {}
                if (used == 0) {
                    *character = NOTE_KEY;
                    return 1;
                }
            }
            if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        }
        char byte;
        ssize_t n = read(line->fd, &byte, 1);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (n == 0) return 0;
        bytes[used++] = byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t result = mbrtowc(character, bytes, used, &state);
        if (result == (size_t)-2) {
            if (used < sizeof bytes) continue;
            used = 0;  /* too long: drop it */
            continue;
        }
        if (result == (size_t)-1) {
            used = 0;  /* not a character: drop it */
            continue;
        }
        if (result == 0) *character = L'\0';
        return 1;
    }
}

/* Ctrl-C: abandon the line, like a shell. */
static unsigned char abandon_line(EditLine *editline, int key) {
    (void)key;
    gridedit_line *line = line_of(editline);
    line->abandoned = 1;
    fputs("^C", line->out);
    fflush(line->out);
    return CC_NEWLINE;
}

/* Notes from another thread: clear the line being edited, print them, redraw the line. */
static unsigned char show_notes(EditLine *editline, int key) {
    (void)key;
    gridedit_line *line = line_of(editline);
    pthread_mutex_lock(&line->lock);
    char *pending = line->pending;
    line->pending = NULL;
    pthread_mutex_unlock(&line->lock);
    if (pending == NULL) return CC_NORM;
    fputs("\r\033[K", line->out);
    fputs(pending, line->out);
    fflush(line->out);
    free(pending);
    return CC_REDISPLAY;
}

void gridedit_line_post(gridedit_line *line, const char *text) {
    if (line == NULL || text == NULL || line->wake[1] < 0) return;
    pthread_mutex_lock(&line->lock);
    size_t old = line->pending != NULL ? strlen(line->pending) : 0;
    size_t add = strlen(text);
    char *joined = realloc(line->pending, old + add + 1);
    if (joined != NULL) {
        memcpy(joined + old, text, add + 1);
        line->pending = joined;
    }
    pthread_mutex_unlock(&line->lock);
    ssize_t ignored = write(line->wake[1], "", 1);
    (void)ignored;
}

/* Ctrl-Z: give the terminal back, stop, and take it again when continued. */
static unsigned char suspend(EditLine *editline, int key) {
    (void)key;
    el_set(editline, EL_PREP_TERM, 0);
    kill(getpid(), SIGTSTP);
    el_set(editline, EL_PREP_TERM, 1);
    return CC_REDISPLAY;
}

static unsigned char complete(EditLine *editline, int key) {
    (void)key;
    gridedit_line *line = line_of(editline);
    if (line->complete == NULL) return CC_ERROR;
    const LineInfo *info = el_line(editline);
    size_t length = (size_t)(info->cursor - info->buffer);
    char *before = malloc(length + 1);
    if (before == NULL) return CC_ERROR;
    memcpy(before, info->buffer, length);
    before[length] = '\0';
    char *insert = NULL;
    char *list = NULL;
    line->complete(line->context, before, &insert, &list);
    free(before);
    unsigned char result = CC_REFRESH;
    int listed = list != NULL && list[0] != '\0';
    if (listed) {
        fprintf(line->out, "\n%s", list);
        fflush(line->out);
        result = CC_REDISPLAY;
    }
    if (insert != NULL && insert[0] != '\0') {
        if (el_insertstr(editline, insert) == -1) result = CC_ERROR;
    } else if (!listed) {
        result = CC_REFRESH_BEEP;  /* nothing to complete */
    }
    free(insert);
    free(list);
    return result;
}

gridedit_line *gridedit_line_open(const char *program, int history_size) {
    FILE *in = stdin, *out = stdout, *err = stderr;
    gridedit_line *line = calloc(1, sizeof *line);
    if (line == NULL) return NULL;
    line->wake[0] = line->wake[1] = -1;
    pthread_mutex_init(&line->lock, NULL);
    line->editline = el_init(program, in, out, err);
    line->history = history_init();
    if (line->editline == NULL || line->history == NULL) {
        gridedit_line_close(line);
        return NULL;
    }
    line->out = out;
    line->fd = fileno(in);
    if (pipe(line->wake) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(line->wake[i], F_SETFL, fcntl(line->wake[i], F_GETFL) | O_NONBLOCK);
            fcntl(line->wake[i], F_SETFD, FD_CLOEXEC);
        }
    } else {
        line->wake[0] = line->wake[1] = -1;
    }
    HistEvent event;
    history(line->history, &event, H_SETSIZE, history_size);
    history(line->history, &event, H_SETUNIQUE, 1);

    EditLine *e = line->editline;
    el_set(e, EL_CLIENTDATA, line);
    el_set(e, EL_EDITOR, "emacs");
    el_set(e, EL_SIGNAL, 0);
    el_set(e, EL_HIST, history, line->history);
    el_set(e, EL_PROMPT_ESC, prompt_of, '\1');
    el_set(e, EL_GETCFN, read_character);
    el_source(e, NULL);  /* the user's ~/.editrc, if any */

    /* Ctrl-C and Ctrl-Z reach the editor as keys while a line is edited. */
    const char *no_signals[] = {"setty", "-d", "-isig", NULL};
    el_parse(e, 3, no_signals);
    el_set(e, EL_ADDFN, "gridedit-complete", "Complete the word at the cursor", complete);
    el_set(e, EL_ADDFN, "gridedit-abandon", "Abandon the line", abandon_line);
    el_set(e, EL_ADDFN, "gridedit-suspend", "Suspend gridedit", suspend);
    el_set(e, EL_ADDFN, "gridedit-notes", "Show notes from the browser editor", show_notes);
    el_set(e, EL_BIND, "^]", "gridedit-notes", NULL);
    el_set(e, EL_BIND, "^I", "gridedit-complete", NULL);
    el_set(e, EL_BIND, "^C", "gridedit-abandon", NULL);
    el_set(e, EL_BIND, "^Z", "gridedit-suspend", NULL);
    el_set(e, EL_BIND, "^R", "em-inc-search-prev", NULL);
    return line;
}

void gridedit_line_close(gridedit_line *line) {
    if (line == NULL) return;
    if (line->editline != NULL) el_end(line->editline);
    if (line->history != NULL) history_end(line->history);
    if (line->wake[0] >= 0) close(line->wake[0]);
    if (line->wake[1] >= 0) close(line->wake[1]);
    free(line->pending);
    free(line->prompt);
    free(line->text);
    free(line);
}

void gridedit_line_set_prompt(gridedit_line *line, const char *prompt) {
    free(line->prompt);
    line->prompt = strdup(prompt != NULL ? prompt : "> ");
}

void gridedit_line_set_completer(gridedit_line *line, gridedit_complete_fn fn, void *context) {
    line->complete = fn;
    line->context = context;
}

const char *gridedit_line_read(gridedit_line *line, int *status) {
    line->abandoned = 0;
    int count = 0;
    const char *text = el_gets(line->editline, &count);
    if (terminate_flag) {
        *status = -2;
        return NULL;
    }
    if (line->abandoned) {
        *status = -1;
        return NULL;
    }
    if (text == NULL || count <= 0) {
        *status = 0;
        return NULL;
    }
    free(line->text);
    line->text = strdup(text);
    if (line->text == NULL) {
        *status = 0;
        return NULL;
    }
    size_t length = strlen(line->text);
    while (length > 0 && (line->text[length - 1] == '\n' || line->text[length - 1] == '\r')) line->text[--length] = '\0';
    *status = 1;
    return line->text;
}

void gridedit_line_history_add(gridedit_line *line, const char *entry) {
    HistEvent event;
    history(line->history, &event, H_ENTER, entry);
}
