/*
 * The chain check of a format-3 table log (docs/event-log.md, "Log formats") as a SQLite aggregate, so
 * `shoe verify` hashes the stored bytes where SQLite holds them: no row becomes a JavaScript object
 * (docs/adr/0011-chain-check-inside-sqlite.md). Loaded into the verifier's own connections by
 * src/adapters/store/sqlite-native-chain.ts; the JavaScript check (src/log/stored-chain.ts) stays the
 * reference. This aggregate only answers "every event of the span is right": at the first event it cannot
 * vouch for it stops, and the caller checks the span again in JavaScript, which names the problem. It is
 * therefore stricter than the reference, never looser.
 *
 *   chain_check(anchor_seq, anchor_hash, table, quoted_table, key,   -- the same for every row
 *               mac_from, last_seq,
 *               seq, data, tail, hash)                               -- the event, rows in seq order
 *
 * returns 'checked macFrom status first last backSeq before at times unsure': the events vouched for, the
 * first keyed event ('-' when none so far), and 'ok', or 'stop' when it stopped before the last row; then
 * the wall times of the events vouched for (docs/audit.md, "Wall times that go back"): the first and the
 * last ('-': none), the first event whose wall time is earlier than the one before it (0 - -: none) and how
 * many are, and 1 when a pair could not be compared as text (not ISO UTC of equal length: the caller then
 * reads the wall times itself) (sqlite-native-chain.ts reads it). Per event, as src/log/stored-chain.ts and src/log/chain-mac.ts define it:
 *   - seq is the one after the last;
 *   - the 64 characters after the tail's first `,"prevHash":"` are the hash before it;
 *   - the tail holds `,"seq":<seq>,"tableId":<quoted table>,"type":`;
 *   - hash = lowercase hex SHA-256('{"data":' || data || tail);
 *   - with a key: mac = lowercase hex HMAC-SHA256(key, ASCII(hash)); a missing MAC only before the first one.
 * With a key the aggregate reads the span's MACs itself, in seq order beside the events (a merge: a join
 * would look each MAC up in the index, measured ~15 % of the check's time).
 * SHA-256 is OpenSSL's: the host process's (Node's own), so no second copy of the library is loaded.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1
/* SHA-256's own functions (deprecated in OpenSSL 3 for new code, still exported by every Node): a context
 * is a plain struct, so the key's pads are hashed once and copied per event with no allocation, and no
 * event pays for looking the algorithm up, as EVP_DigestInit_ex does in OpenSSL 3 (measured: the chain
 * alone 1.15 -> 0.8 s on 1,000,002 events). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "verify_functions.h"

/* The longest wall time kept (ISO 8601 with nine decimals and a zone offset is 35 characters). */
#define WALL_MAX 40

typedef struct {
  int started;
  int stopped;
  int keyed;
  int has_mac_from;
  sqlite3_int64 next_seq;
  sqlite3_int64 checked;
  sqlite3_int64 mac_from;
  char prev[64];
  char *quoted_table;
  int quoted_table_len;
  SHA256_CTX inner_pad; /* SHA-256 after the key's ipad block */
  SHA256_CTX outer_pad; /* SHA-256 after the key's opad block */
  sqlite3_stmt *macs;   /* the span's MACs in seq order (keyed only) */
  int mac_row;          /* 1: `macs` stands on a row, whose seq is mac_seq */
  sqlite3_int64 mac_seq;
  /* The wall times of the events vouched for: one text comparison per event. */
  int walls_unsure;
  int first_wall_len, last_wall_len, back_before_len, back_at_len;
  char first_wall[WALL_MAX], last_wall[WALL_MAX], back_before[WALL_MAX], back_at[WALL_MAX];
  sqlite3_int64 back_seq, back_times;
} Check;

static const char PREV_HASH[] = ",\"prevHash\":\"";
static const char WALL_TIME[] = ",\"wallTime\":\"";

/* Each byte's two hex digits: a digest is written two characters at a time. */
static const char HEX_PAIRS[] =
  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
  "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
  "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
  "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
  "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
  "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
  "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static void to_hex(const unsigned char *digest, char *out) {
  for (int i = 0; i < 32; i += 1) memcpy(out + 2 * i, HEX_PAIRS + 2 * digest[i], 2);
}

/* Whether two 64-byte texts are equal, in a time that does not depend on where they differ (as CRYPTO_memcmp,
 * eight bytes at a time): a MAC is compared so. */
static int equal_64(const void *a, const void *b) {
  uint64_t diff = 0;
  for (int i = 0; i < 64; i += 8) {
    uint64_t x, y;
    memcpy(&x, (const unsigned char *)a + i, 8);
    memcpy(&y, (const unsigned char *)b + i, 8);
    diff |= x ^ y;
  }
  return diff == 0;
}

/* `,"seq":<seq>,"tableId":` written into out (48 bytes or more), as snprintf would: its length. */
static int seq_fields(sqlite3_int64 seq, char *out) {
  static const char HEAD[] = ",\"seq\":", TAIL[] = ",\"tableId\":";
  char digits[24];
  int n = 0, len = (int)sizeof HEAD - 1;
  unsigned long long v = seq < 0 ? 0ULL - (unsigned long long)seq : (unsigned long long)seq;
  do {
    digits[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v > 0);
  memcpy(out, HEAD, sizeof HEAD - 1);
  if (seq < 0) out[len++] = '-';
  while (n > 0) out[len++] = digits[--n];
  memcpy(out + len, TAIL, sizeof TAIL - 1);
  return len + (int)sizeof TAIL - 1;
}

int valid_utf8(const unsigned char *s, int n) {
  int i = 0;
  while (i < n) {
    /* Eight ASCII bytes at a time (a log's text is almost all ASCII). */
    while (i + 8 <= n) {
      uint64_t eight;
      memcpy(&eight, s + i, 8);
      if (eight & UINT64_C(0x8080808080808080)) break;
      i += 8;
    }
    if (i >= n) break;
    unsigned char c = s[i];
    if (c < 0x80) { i += 1; continue; }
    int len;
    unsigned int cp;
    if (c >= 0xc2 && c <= 0xdf) { len = 2; cp = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { len = 3; cp = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { len = 4; cp = c & 0x07; }
    else return 0;
    if (i + len > n) return 0;
    for (int k = 1; k < len; k += 1) {
      if ((s[i + k] & 0xc0) != 0x80) return 0;
      cp = (cp << 6) | (s[i + k] & 0x3f);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff))) return 0;
    i += len;
  }
  return 1;
}

/* The first place `needle` occurs in `hay` (memmem is not standard C). */
static const unsigned char *find(const unsigned char *hay, int hay_len, const char *needle, int needle_len) {
  const unsigned char *end = hay + hay_len - needle_len;
  for (const unsigned char *at = hay; at <= end; at += 1) {
    at = memchr(at, needle[0], (size_t)(end - at) + 1);
    if (!at) return NULL;
    if (memcmp(at, needle, (size_t)needle_len) == 0) return at;
  }
  return NULL;
}

/* SHA-256 of a, b and c one after the other, continuing `from` (a key's pad) or from the start. */
static int digest(const SHA256_CTX *from, const void *a, size_t a_len, const void *b, size_t b_len, const void *c, size_t c_len, unsigned char *out) {
  SHA256_CTX work;
  if (from) work = *from;
  else if (!SHA256_Init(&work)) return 0;
  if (a_len && !SHA256_Update(&work, a, a_len)) return 0;
  if (b_len && !SHA256_Update(&work, b, b_len)) return 0;
  if (c_len && !SHA256_Update(&work, c, c_len)) return 0;
  return SHA256_Final(out, &work);
}

/* The next MAC row, or none (0: the MACs cannot be read as the check needs them). */
static int next_mac(Check *check) {
  int rc = sqlite3_step(check->macs);
  if (rc == SQLITE_DONE) {
    check->mac_row = 0;
    return 1;
  }
  if (rc != SQLITE_ROW || sqlite3_column_type(check->macs, 0) != SQLITE_INTEGER) return 0;
  check->mac_row = 1;
  check->mac_seq = sqlite3_column_int64(check->macs, 0);
  return 1;
}

/* The MACs of events anchor_seq + 1 .. last_seq of the table, in seq order. */
static int open_macs(Check *check, sqlite3_context *context, sqlite3_value *table, sqlite3_int64 last_seq) {
  static const char SQL[] = "SELECT seq, mac FROM event_macs WHERE stream = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq";
  if (sqlite3_prepare_v2(sqlite3_context_db_handle(context), SQL, -1, &check->macs, NULL) != SQLITE_OK) return 0;
  if (sqlite3_bind_value(check->macs, 1, table) != SQLITE_OK || sqlite3_bind_int64(check->macs, 2, check->next_seq) != SQLITE_OK || sqlite3_bind_int64(check->macs, 3, last_seq) != SQLITE_OK) return 0;
  return next_mac(check);
}

/* The first row: the anchor, the table, the key's pads. 0 when the arguments are not what the caller passes. */
static int start(Check *check, sqlite3_context *context, sqlite3_value **argv) {
  check->started = 1;
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER || sqlite3_value_type(argv[1]) != SQLITE_TEXT || sqlite3_value_bytes(argv[1]) != 64) return 0;
  if (sqlite3_value_type(argv[2]) != SQLITE_TEXT || sqlite3_value_type(argv[3]) != SQLITE_TEXT || sqlite3_value_type(argv[6]) != SQLITE_INTEGER) return 0;
  check->next_seq = sqlite3_value_int64(argv[0]) + 1;
  memcpy(check->prev, sqlite3_value_text(argv[1]), 64);
  check->quoted_table_len = sqlite3_value_bytes(argv[3]);
  check->quoted_table = sqlite3_malloc(check->quoted_table_len + 1);
  if (!check->quoted_table) return 0;
  memcpy(check->quoted_table, sqlite3_value_text(argv[3]), (size_t)check->quoted_table_len);
  if (sqlite3_value_type(argv[5]) == SQLITE_INTEGER) {
    check->has_mac_from = 1;
    check->mac_from = sqlite3_value_int64(argv[5]);
  }
  if (sqlite3_value_type(argv[4]) == SQLITE_NULL) return 1;
  if (!open_macs(check, context, argv[2], sqlite3_value_int64(argv[6]))) return 0;
  /* HMAC (RFC 2104): a key longer than the block is hashed first; the pads are hashed once per query. */
  unsigned char block[64] = {0}, ipad[64], opad[64];
  int key_len = sqlite3_value_bytes(argv[4]);
  const unsigned char *key = sqlite3_value_blob(argv[4]);
  if (key_len > 64) {
    if (!digest(NULL, key, (size_t)key_len, NULL, 0, NULL, 0, block)) return 0;
  } else if (key_len > 0) {
    memcpy(block, key, (size_t)key_len);
  }
  for (int i = 0; i < 64; i += 1) {
    ipad[i] = block[i] ^ 0x36;
    opad[i] = block[i] ^ 0x5c;
  }
  if (!SHA256_Init(&check->inner_pad) || !SHA256_Update(&check->inner_pad, ipad, 64)) return 0;
  if (!SHA256_Init(&check->outer_pad) || !SHA256_Update(&check->outer_pad, opad, 64)) return 0;
  check->keyed = 1;
  return 1;
}

/* Whether the bytes may stand in the answer as a wall time: ISO 8601 characters only (no space). */
static int wall_chars(const unsigned char *wall, int len) {
  for (int i = 0; i < len; i += 1) {
    unsigned char c = wall[i];
    if (!((c >= '0' && c <= '9') || c == '-' || c == ':' || c == '.' || c == '+' || c == 'T' || c == 'Z')) return 0;
  }
  return 1;
}

/* The event's wall time, the tail's last member `,"wallTime":"…"}`, against the one before it. */
static void note_wall(Check *check, const unsigned char *tail, int tail_len) {
  if (check->walls_unsure) return;
  int end = tail_len - 2, start = end;
  if (end < 1 || tail[end] != '"' || tail[end + 1] != '}') { check->walls_unsure = 1; return; }
  while (start > 0 && tail[start - 1] != '"') start -= 1;
  int len = end - start, head = (int)sizeof WALL_TIME - 1;
  const unsigned char *wall = tail + start;
  if (len < 1 || len >= WALL_MAX || start < head || memcmp(wall - head, WALL_TIME, (size_t)head) != 0 || !wall_chars(wall, len)) { check->walls_unsure = 1; return; }
  if (check->last_wall_len == 0) {
    memcpy(check->first_wall, wall, (size_t)len);
    check->first_wall_len = len;
  } else {
    /* ISO UTC of equal length orders as text; any other pair is left to the caller. */
    if (len != check->last_wall_len || wall[len - 1] != 'Z' || check->last_wall[len - 1] != 'Z') { check->walls_unsure = 1; return; }
    if (memcmp(wall, check->last_wall, (size_t)len) < 0) {
      check->back_times += 1;
      if (check->back_seq == 0) {
        check->back_seq = check->next_seq;
        memcpy(check->back_before, check->last_wall, (size_t)len);
        check->back_before_len = len;
        memcpy(check->back_at, wall, (size_t)len);
        check->back_at_len = len;
      }
    }
  }
  memcpy(check->last_wall, wall, (size_t)len);
  check->last_wall_len = len;
}

/* One event: 1 when it is right, 0 when the check stops here. */
static int check_event(Check *check, sqlite3_value **argv) {
  sqlite3_value *seq = argv[7], *data = argv[8], *tail = argv[9], *hash = argv[10];
  if (sqlite3_value_type(seq) != SQLITE_INTEGER || sqlite3_value_int64(seq) != check->next_seq) return 0;
  if (sqlite3_value_type(data) != SQLITE_TEXT || sqlite3_value_type(tail) != SQLITE_TEXT || sqlite3_value_type(hash) != SQLITE_TEXT) return 0;
  const unsigned char *data_text = sqlite3_value_text(data), *tail_text = sqlite3_value_text(tail), *hash_text = sqlite3_value_text(hash);
  int data_len = sqlite3_value_bytes(data), tail_len = sqlite3_value_bytes(tail);
  if (!data_text || !tail_text || !hash_text || sqlite3_value_bytes(hash) != 64) return 0;
  if (!valid_utf8(data_text, data_len) || !valid_utf8(tail_text, tail_len)) return 0;

  const unsigned char *prev = find(tail_text, tail_len, PREV_HASH, (int)sizeof PREV_HASH - 1);
  if (!prev || (prev - tail_text) + (int)sizeof PREV_HASH - 1 + 64 > tail_len || memcmp(prev + sizeof PREV_HASH - 1, check->prev, 64) != 0) return 0;

  /* The envelope's members in their order: seq and tableId come after prevHash, and are looked for there only
   * (a tail with them before it is not vouched for: the reference decides). */
  char fields[64];
  int fields_len = seq_fields(check->next_seq, fields);
  const unsigned char *after_prev = prev + sizeof PREV_HASH - 1 + 64;
  const unsigned char *at = find(after_prev, tail_len - (int)(after_prev - tail_text), fields, fields_len);
  if (!at) return 0;
  int rest = tail_len - (int)(at - tail_text) - fields_len;
  if (rest < check->quoted_table_len + 8 || memcmp(at + fields_len, check->quoted_table, (size_t)check->quoted_table_len) != 0 || memcmp(at + fields_len + check->quoted_table_len, ",\"type\":", 8) != 0) return 0;

  unsigned char sha[32];
  char hex[64];
  if (!digest(NULL, "{\"data\":", 8, data_text, (size_t)data_len, tail_text, (size_t)tail_len, sha)) return 0;
  to_hex(sha, hex);
  if (memcmp(hex, hash_text, 64) != 0) return 0;

  if (check->keyed) {
    while (check->mac_row && check->mac_seq < check->next_seq) {
      if (!next_mac(check)) return 0;
    }
    if (!check->mac_row || check->mac_seq != check->next_seq) {
      if (check->has_mac_from) return 0;
    } else {
      if (sqlite3_column_type(check->macs, 1) != SQLITE_TEXT || sqlite3_column_bytes(check->macs, 1) != 64) return 0;
      unsigned char inner[32], outer[32];
      char mac_hex[64];
      if (!digest(&check->inner_pad, hex, 64, NULL, 0, NULL, 0, inner)) return 0;
      if (!digest(&check->outer_pad, inner, 32, NULL, 0, NULL, 0, outer)) return 0;
      to_hex(outer, mac_hex);
      if (!equal_64(mac_hex, sqlite3_column_text(check->macs, 1))) return 0;
      if (!check->has_mac_from) {
        check->has_mac_from = 1;
        check->mac_from = check->next_seq;
      }
    }
  }
  note_wall(check, tail_text, tail_len);
  memcpy(check->prev, hex, 64);
  check->next_seq += 1;
  check->checked += 1;
  return 1;
}

static void step(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  Check *check = sqlite3_aggregate_context(context, sizeof(Check));
  if (!check) {
    sqlite3_result_error_nomem(context);
    return;
  }
  if (check->stopped) return;
  if (!check->started && !start(check, context, argv)) {
    check->stopped = 1;
    return;
  }
  if (!check_event(check, argv)) check->stopped = 1;
}

static void finish(sqlite3_context *context) {
  Check *check = sqlite3_aggregate_context(context, 0);
  char out[80 + 4 * WALL_MAX];
  if (!check) {
    sqlite3_result_text(context, "0 - ok - - 0 - - 0 0", -1, SQLITE_TRANSIENT);
    return;
  }
  char mac_from[24] = "-";
  if (check->has_mac_from) snprintf(mac_from, sizeof mac_from, "%lld", (long long)check->mac_from);
  const char *none = "-";
  snprintf(out, sizeof out, "%lld %s %s %.*s %.*s %lld %.*s %.*s %lld %d", (long long)check->checked, mac_from, check->stopped ? "stop" : "ok",
    check->first_wall_len ? check->first_wall_len : 1, check->first_wall_len ? check->first_wall : none,
    check->last_wall_len ? check->last_wall_len : 1, check->last_wall_len ? check->last_wall : none,
    (long long)check->back_seq,
    check->back_seq ? check->back_before_len : 1, check->back_seq ? check->back_before : none,
    check->back_seq ? check->back_at_len : 1, check->back_seq ? check->back_at : none,
    (long long)check->back_times, check->walls_unsure);
  sqlite3_result_text(context, out, -1, SQLITE_TRANSIENT);
  sqlite3_free(check->quoted_table);
  sqlite3_finalize(check->macs);
  OPENSSL_cleanse(&check->inner_pad, sizeof check->inner_pad);
  OPENSSL_cleanse(&check->outer_pad, sizeof check->outer_pad);
}

/* Which shape of these functions the library has: src/adapters/store/sqlite-native-chain.ts loads a
 * library only if it answers the number that code expects, so one built from older sources (a checkout
 * updated without `npm run build:native`) is left unused instead of failing verify. Raise it with any
 * change to a function's arguments or answer. */
#ifndef VERIFY_FUNCTIONS_VERSION
#define VERIFY_FUNCTIONS_VERSION 4
#endif

static void functions_version(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_int(context, VERIFY_FUNCTIONS_VERSION);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_chaincheck_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  int rc = sqlite3_create_function_v2(db, "verify_functions_version", 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, functions_version, NULL, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function_v2(db, "chain_check", 11, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, NULL, step, finish, NULL);
  return rc == SQLITE_OK ? records_page_register(db) : rc;
}
