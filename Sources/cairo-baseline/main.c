// cairo-baseline: the C side of `gridedit-bench render`.
//
// It replays drawing traces that gridedit writes in "replay" detail (docs/internals.md,
// "Drawing traces"): the very same cairo calls, with the same fonts loaded the same way
// (FreeType + cairo-ft, unhinted metrics and outlines, grey antialiasing), into the same
// in-memory PNG or PDF streams. Only the drawing is done here: no puzzle files, no layout, no
// text shaping. Timing gridedit's full render against this replay gives the cost of gridedit's
// own layer as a ratio; comparing the output files proves the two drew the same thing.
//
// usage: cairo-baseline [--repeat N] [--rounds R] [--out DIR] TRACE...
// prints: files F pages P best-seconds S (CPU seconds of the drawing thread, best round)
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum op_kind {
    OP_SAVE, OP_RESTORE, OP_RGBA, OP_WIDTH, OP_JOIN, OP_CAP, OP_NEWPATH, OP_SUBPATH, OP_MOVE, OP_LINE,
    OP_CURVE, OP_ARC, OP_RECT, OP_CLOSE, OP_FILL, OP_STROKE, OP_CLIP, OP_TEXT, OP_PAGE
};

typedef struct {
    enum op_kind kind;
    double v[6];
    int flag;               // fill rule, preserve, join, cap, font index
    int preserve;
    char *utf8;             // text
    cairo_glyph_t *glyphs;
    int glyph_count;
    cairo_text_cluster_t *clusters;
    int cluster_count;
    int backward;
} op_t;

typedef struct {
    char *name;
    int is_pdf;
    double width, height;
    char *meta_title, *meta_author, *meta_subject, *meta_creator, *meta_date;
    op_t *ops;
    int op_count, op_capacity;
    int pages;
} trace_t;

typedef struct { unsigned char *data; size_t length, capacity; } buffer_t;

static cairo_font_face_t *faces[2];
static char *font_paths[2];

typedef struct { int font; double size; cairo_scaled_font_t *scaled; } scaled_entry_t;
static scaled_entry_t *scaled_cache;
static int scaled_count, scaled_capacity;

static void fail(const char *message, const char *detail) {
    fprintf(stderr, "cairo-baseline: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static cairo_status_t buffer_write(void *closure, const unsigned char *data, unsigned int length) {
    buffer_t *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (!grown) return CAIRO_STATUS_NO_MEMORY;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

static void release_library(void *library) { FT_Done_FreeType((FT_Library)library); }

static cairo_font_face_t *load_face(const char *path) {
    static cairo_user_data_key_t key;
    FT_Library library;
    FT_Face face;
    if (FT_Init_FreeType(&library)) fail("FreeType could not start", NULL);
    if (FT_New_Face(library, path, 0, &face)) fail("cannot load the font", path);
    cairo_font_face_t *cairo_face = cairo_ft_font_face_create_for_ft_face(face, 0);
    cairo_font_face_set_user_data(cairo_face, &key, library, release_library);
    return cairo_face;
}

// The same options as gridedit's Font.options.
static cairo_scaled_font_t *scaled_font(int font, double size) {
    for (int i = 0; i < scaled_count; i++)
        if (scaled_cache[i].font == font && scaled_cache[i].size == size) return scaled_cache[i].scaled;
    cairo_matrix_t matrix, identity;
    cairo_matrix_init_scale(&matrix, size, size);
    cairo_matrix_init_identity(&identity);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_scaled_font_t *scaled = cairo_scaled_font_create(faces[font], &matrix, &identity, options);
    cairo_font_options_destroy(options);
    if (scaled_count == scaled_capacity) {
        scaled_capacity = scaled_capacity ? 2 * scaled_capacity : 64;
        scaled_cache = realloc(scaled_cache, scaled_capacity * sizeof *scaled_cache);
    }
    scaled_cache[scaled_count++] = (scaled_entry_t){font, size, scaled};
    return scaled;
}

// MARK: Parsing

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) fail("cannot read the trace", path);
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(length + 1);
    if (fread(text, 1, length, file) != (size_t)length) fail("cannot read the trace", path);
    text[length] = 0;
    fclose(file);
    return text;
}

// A quoted string with \" \\ \n escapes; advances *cursor past it.
static char *quoted(char **cursor) {
    char *p = *cursor;
    while (*p == ' ') p++;
    if (*p != '"') fail("expected a quoted string", p);
    p++;
    char *out = malloc(strlen(p) + 1), *o = out;
    while (*p && *p != '"') {
        if (*p == '\\' && p[1]) { p++; *o++ = *p == 'n' ? '\n' : *p; p++; }
        else *o++ = *p++;
    }
    *o = 0;
    *cursor = *p ? p + 1 : p;
    return out;
}

static double number(char **cursor) {
    char *end;
    double value = strtod(*cursor, &end);
    if (end == *cursor) fail("expected a number", *cursor);
    *cursor = end;
    return value;
}

static char *word(char **cursor) {
    char *p = *cursor;
    while (*p == ' ') p++;
    char *start = p;
    while (*p && *p != ' ') p++;
    size_t length = p - start;
    char *out = malloc(length + 1);
    memcpy(out, start, length);
    out[length] = 0;
    *cursor = p;
    return out;
}

static op_t *add(trace_t *trace, enum op_kind kind) {
    if (trace->op_count == trace->op_capacity) {
        trace->op_capacity = trace->op_capacity ? 2 * trace->op_capacity : 256;
        trace->ops = realloc(trace->ops, trace->op_capacity * sizeof(op_t));
    }
    op_t *op = &trace->ops[trace->op_count++];
    memset(op, 0, sizeof *op);
    op->kind = kind;
    return op;
}

static void parse(trace_t *trace, char *text) {
    trace->pages = 1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *rest = line;
        char *name = word(&rest);
        int count = 0;
        static const struct { const char *name; enum op_kind kind; int numbers; } simple[] = {
            {"save", OP_SAVE, 0}, {"restore", OP_RESTORE, 0}, {"rgba", OP_RGBA, 4}, {"width", OP_WIDTH, 1},
            {"newpath", OP_NEWPATH, 0}, {"subpath", OP_SUBPATH, 0}, {"move", OP_MOVE, 2}, {"line", OP_LINE, 2},
            {"curve", OP_CURVE, 6}, {"arc", OP_ARC, 5}, {"rect", OP_RECT, 4}, {"close", OP_CLOSE, 0},
            {"clip", OP_CLIP, 0}, {"page", OP_PAGE, 0},
        };
        int handled = 0;
        for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
            if (strcmp(name, simple[i].name)) continue;
            op_t *op = add(trace, simple[i].kind);
            for (int k = 0; k < simple[i].numbers; k++) op->v[k] = number(&rest);
            if (op->kind == OP_PAGE) trace->pages++;
            handled = 1;
        }
        if (handled) { free(name); continue; }
        if (!strcmp(name, "gridedit-trace")) {
        } else if (!strcmp(name, "font")) {
            char *weight = word(&rest);
            char *path = quoted(&rest);
            int index = strcmp(weight, "bold") == 0;
            if (!font_paths[index]) { font_paths[index] = path; faces[index] = load_face(path); }
            else if (strcmp(font_paths[index], path)) fail("traces name different fonts", path);
            free(weight);
        } else if (!strcmp(name, "surface")) {
            char *type = word(&rest);
            trace->is_pdf = !strcmp(type, "pdf");
            trace->width = number(&rest);
            trace->height = number(&rest);
            free(type);
        } else if (!strcmp(name, "meta")) {
            char *key = word(&rest);
            char *value = quoted(&rest);
            if (!strcmp(key, "title")) trace->meta_title = value;
            else if (!strcmp(key, "author")) trace->meta_author = value;
            else if (!strcmp(key, "subject")) trace->meta_subject = value;
            else if (!strcmp(key, "creator")) trace->meta_creator = value;
            else if (!strcmp(key, "date")) trace->meta_date = value;
            free(key);
        } else if (!strcmp(name, "join") || !strcmp(name, "cap")) {
            char *value = word(&rest);
            op_t *op = add(trace, name[0] == 'j' ? OP_JOIN : OP_CAP);
            if (op->kind == OP_JOIN)
                op->flag = !strcmp(value, "round") ? CAIRO_LINE_JOIN_ROUND : !strcmp(value, "bevel") ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER;
            else
                op->flag = !strcmp(value, "round") ? CAIRO_LINE_CAP_ROUND : !strcmp(value, "square") ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT;
            free(value);
        } else if (!strcmp(name, "fill")) {
            char *rule = word(&rest);
            char *preserve = word(&rest);
            op_t *op = add(trace, OP_FILL);
            op->flag = !strcmp(rule, "evenodd") ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING;
            op->preserve = !strcmp(preserve, "preserve");
            free(rule); free(preserve);
        } else if (!strcmp(name, "stroke")) {
            char *preserve = word(&rest);
            add(trace, OP_STROKE)->preserve = !strcmp(preserve, "preserve");
            free(preserve);
        } else if (!strcmp(name, "text")) {
            char *weight = word(&rest);
            op_t *op = add(trace, OP_TEXT);
            op->flag = !strcmp(weight, "bold");
            op->v[0] = number(&rest);
            op->utf8 = quoted(&rest);
            op->glyph_count = (int)number(&rest);
            op->glyphs = malloc(op->glyph_count * sizeof(cairo_glyph_t));
            for (int g = 0; g < op->glyph_count; g++) {
                op->glyphs[g].index = (unsigned long)number(&rest);
                op->glyphs[g].x = number(&rest);
                op->glyphs[g].y = number(&rest);
            }
            op->cluster_count = (int)number(&rest);
            op->clusters = malloc((op->cluster_count + 1) * sizeof(cairo_text_cluster_t));
            for (int c = 0; c < op->cluster_count; c++) {
                op->clusters[c].num_bytes = (int)number(&rest);
                op->clusters[c].num_glyphs = (int)number(&rest);
            }
            char *direction = word(&rest);
            op->backward = !strcmp(direction, "backward");
            free(direction); free(weight);
        } else {
            fail("unknown trace line", line);
        }
        (void)count;
        free(name);
    }
    if (trace->width <= 0) fail("the trace has no surface line", trace->name);
}

// MARK: Replay

static buffer_t replay(const trace_t *trace) {
    buffer_t buffer = {0};
    cairo_surface_t *surface;
    if (trace->is_pdf) {
        surface = cairo_pdf_surface_create_for_stream(buffer_write, &buffer, trace->width, trace->height);
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, trace->meta_title ? trace->meta_title : "");
        if (trace->meta_author) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, trace->meta_author);
        if (trace->meta_subject) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, trace->meta_subject);
        if (trace->meta_creator) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, trace->meta_creator);
        if (trace->meta_date) {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, trace->meta_date);
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, trace->meta_date);
        }
    } else {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)trace->width, (int)trace->height);
    }
    cairo_t *cr = cairo_create(surface);
    for (int i = 0; i < trace->op_count; i++) {
        const op_t *op = &trace->ops[i];
        const double *v = op->v;
        switch (op->kind) {
        case OP_SAVE: cairo_save(cr); break;
        case OP_RESTORE: cairo_restore(cr); break;
        case OP_RGBA: cairo_set_source_rgba(cr, v[0], v[1], v[2], v[3]); break;
        case OP_WIDTH: cairo_set_line_width(cr, v[0]); break;
        case OP_JOIN: cairo_set_line_join(cr, op->flag); break;
        case OP_CAP: cairo_set_line_cap(cr, op->flag); break;
        case OP_NEWPATH: cairo_new_path(cr); break;
        case OP_SUBPATH: cairo_new_sub_path(cr); break;
        case OP_MOVE: cairo_move_to(cr, v[0], v[1]); break;
        case OP_LINE: cairo_line_to(cr, v[0], v[1]); break;
        case OP_CURVE: cairo_curve_to(cr, v[0], v[1], v[2], v[3], v[4], v[5]); break;
        case OP_ARC: cairo_arc(cr, v[0], v[1], v[2], v[3], v[4]); break;
        case OP_RECT: cairo_rectangle(cr, v[0], v[1], v[2], v[3]); break;
        case OP_CLOSE: cairo_close_path(cr); break;
        case OP_FILL:
            cairo_set_fill_rule(cr, op->flag);
            if (op->preserve) cairo_fill_preserve(cr); else cairo_fill(cr);
            break;
        case OP_STROKE: if (op->preserve) cairo_stroke_preserve(cr); else cairo_stroke(cr); break;
        case OP_CLIP: cairo_clip(cr); break;
        case OP_PAGE: cairo_show_page(cr); break;
        case OP_TEXT:
            cairo_set_scaled_font(cr, scaled_font(op->flag, v[0]));
            cairo_show_text_glyphs(cr, op->utf8, (int)strlen(op->utf8), op->glyphs, op->glyph_count, op->clusters,
                                   op->cluster_count, op->backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : 0);
            break;
        }
    }
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) fail("drawing failed", cairo_status_to_string(cairo_status(cr)));
    cairo_destroy(cr);
    if (trace->is_pdf) cairo_surface_finish(surface);
    else cairo_surface_write_to_png_stream(surface, buffer_write, &buffer);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) fail("output failed", cairo_status_to_string(cairo_surface_status(surface)));
    cairo_surface_destroy(surface);
    return buffer;
}

// CPU time of this thread: on a busy machine, time spent waiting for a core does not count.
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int repeat = 1, rounds = 1;
    const char *out = NULL;
    int first = 1;
    while (first < argc && !strncmp(argv[first], "--", 2)) {
        if (!strcmp(argv[first], "--repeat") && first + 1 < argc) repeat = atoi(argv[++first]);
        else if (!strcmp(argv[first], "--rounds") && first + 1 < argc) rounds = atoi(argv[++first]);
        else if (!strcmp(argv[first], "--out") && first + 1 < argc) out = argv[++first];
        else fail("usage: cairo-baseline [--repeat N] [--rounds R] [--out DIR] TRACE...", NULL);
        first++;
    }
    int count = argc - first;
    if (count <= 0 || repeat < 1 || rounds < 1) fail("usage: cairo-baseline [--repeat N] [--rounds R] [--out DIR] TRACE...", NULL);
    trace_t *traces = calloc(count, sizeof *traces);
    int pages = 0;
    for (int i = 0; i < count; i++) {
        traces[i].name = argv[first + i];
        parse(&traces[i], read_file(traces[i].name));
        pages += traces[i].pages;
    }

    double best = 1e300;
    for (int round = 0; round < rounds; round++) {
        double start = now();
        for (int r = 0; r < repeat; r++) {
            for (int i = 0; i < count; i++) {
                buffer_t buffer = replay(&traces[i]);
                free(buffer.data);
            }
        }
        double elapsed = now() - start;
        if (elapsed < best) best = elapsed;
    }

    if (out) {
        for (int i = 0; i < count; i++) {
            buffer_t buffer = replay(&traces[i]);
            const char *base = strrchr(traces[i].name, '/');
            base = base ? base + 1 : traces[i].name;
            char path[4096];
            snprintf(path, sizeof path, "%s/%.*s.%s", out, (int)(strlen(base) - (strstr(base, ".trace") ? 6 : 0)), base,
                     traces[i].is_pdf ? "pdf" : "png");
            FILE *file = fopen(path, "wb");
            if (!file || fwrite(buffer.data, 1, buffer.length, file) != buffer.length) fail("cannot write", path);
            fclose(file);
            free(buffer.data);
        }
    }
    printf("files %d pages %d best-seconds %.6f\n", count * repeat, pages * repeat, best);
    return 0;
}
