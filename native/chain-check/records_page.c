/*
 * The rows the round machine's re-run reads (src/adapters/store/sqlite-log-reader.ts, records), a page at
 * a time as one text, so a page crosses into JavaScript as one string instead of an array per row
 * (docs/adr/0012-the-re-run-reads-a-page-as-one-text.md):
 *
 *   records_page(seq, tail, data)   -- rows in seq order
 *
 * returns '<first seq>\n' then, per row, '<type>\x1f<data>\x1e', where <type> is the envelope's type as
 * the tail holds it: the text between the tail's last `,"type":"` and its last `,"wallTime":`, as
 * typeOfTail (src/adapters/store/sqlite-log-rows.ts) reads it, '' when the tail has no such pair. It
 * returns NULL — read this page row by row — when a row is not what that simple text can carry exactly:
 * seqs not consecutive, a value not text or not UTF-8, a separator byte in the type or the data, a type
 * with an escape in it. The reader then reads the page as before, so every page reads the same either way.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3
#include <string.h>

#include "verify_functions.h"

typedef struct {
  int started;
  int refused;
  sqlite3_int64 next_seq;
  sqlite3_str *out;
} Page;

/* The last place `needle` occurs in `hay`, or NULL. */
static const unsigned char *find_last(const unsigned char *hay, int hay_len, const char *needle, int needle_len) {
  for (int i = hay_len - needle_len; i >= 0; i -= 1) {
    if (hay[i] == (unsigned char)needle[0] && memcmp(hay + i, needle, (size_t)needle_len) == 0) return hay + i;
  }
  return NULL;
}

/* Whether `s` holds neither separator. */
static int no_separator(const unsigned char *s, int n) {
  return memchr(s, 0x1e, (size_t)n) == NULL && memchr(s, 0x1f, (size_t)n) == NULL;
}

/* One row onto the page: 1, or 0 when the page must be read row by row. */
static int add_row(Page *page, sqlite3_value **argv) {
  sqlite3_value *seq = argv[0], *tail = argv[1], *data = argv[2];
  if (sqlite3_value_type(seq) != SQLITE_INTEGER || sqlite3_value_type(tail) != SQLITE_TEXT || sqlite3_value_type(data) != SQLITE_TEXT) return 0;
  sqlite3_int64 at = sqlite3_value_int64(seq);
  if (!page->started) {
    page->started = 1;
    page->out = sqlite3_str_new(NULL);
    sqlite3_str_appendf(page->out, "%lld\n", (long long)at);
  } else if (at != page->next_seq) {
    return 0;
  }
  page->next_seq = at + 1;
  const unsigned char *tail_text = sqlite3_value_text(tail), *data_text = sqlite3_value_text(data);
  int tail_len = sqlite3_value_bytes(tail), data_len = sqlite3_value_bytes(data);
  if (!tail_text || !data_text) return 0;
  if (!valid_utf8(data_text, data_len) || !valid_utf8(tail_text, tail_len) || !no_separator(data_text, data_len)) return 0;
  /* typeOfTail: between the last ',"type":' and the last ',"wallTime":', a quoted string without escapes. */
  const unsigned char *from = find_last(tail_text, tail_len, ",\"type\":", 8);
  const unsigned char *to = find_last(tail_text, tail_len, ",\"wallTime\":", 12);
  const unsigned char *type = (const unsigned char *)"";
  int type_len = 0;
  if (from && to && to > from + 8) {
    const unsigned char *quoted = from + 8;
    int quoted_len = (int)(to - quoted);
    if (memchr(quoted, '\\', (size_t)quoted_len)) return 0; /* JSON.parse decides: row by row */
    if (quoted_len >= 2 && quoted[0] == '"' && quoted[quoted_len - 1] == '"') {
      type = quoted + 1;
      type_len = quoted_len - 2;
    }
    if (!no_separator(type, type_len)) return 0;
  }
  sqlite3_str_append(page->out, (const char *)type, type_len);
  sqlite3_str_appendchar(page->out, 1, 0x1f);
  sqlite3_str_append(page->out, (const char *)data_text, data_len);
  sqlite3_str_appendchar(page->out, 1, 0x1e);
  return sqlite3_str_errcode(page->out) == SQLITE_OK;
}

static void step(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  Page *page = sqlite3_aggregate_context(context, sizeof(Page));
  if (!page) {
    sqlite3_result_error_nomem(context);
    return;
  }
  if (!page->refused && !add_row(page, argv)) page->refused = 1;
}

static void finish(sqlite3_context *context) {
  Page *page = sqlite3_aggregate_context(context, 0);
  if (!page || !page->out) {
    sqlite3_result_null(context);
    return;
  }
  int length = sqlite3_str_length(page->out);
  char *text = sqlite3_str_finish(page->out);
  if (page->refused || !text) {
    sqlite3_free(text);
    sqlite3_result_null(context);
    return;
  }
  sqlite3_result_text(context, text, length, sqlite3_free);
}

int records_page_register(sqlite3 *db) {
  return sqlite3_create_function_v2(db, "records_page", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, NULL, step, finish, NULL);
}
