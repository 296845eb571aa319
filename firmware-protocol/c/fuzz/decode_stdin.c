/* Line-oriented front end to the C wire layer, for the vector tests and the C-vs-TS differential
 * (firmware-protocol/test/c-shoe-wire.test.ts). One command per input line, one answer line:
 *   rx <any|shoe|controller> <hex>   → the receiver's results over the stream, space-separated:
 *                                      F:<offset>:<length>:<body hex>  or  D:<reason>:<offset>:<length>:<seq|->
 *   crc <hex>                        → CRC-32C (§4.1) as 8 hex digits, most significant first
 *   cobs <hex>                       → COBS encoding (§3.2) in hex
 *   enc <body hex>                   → wire bytes of the frame whose id, seq and payload are in body
 *                                      (its last 4 bytes, the CRC, are recomputed) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shoe_wire.h"

#define LINE_MAX_BYTES (1u << 20)

static const char *REASONS[] = {"ok", "oversize", "garbage-before-delimiter", "too-short", "bad-length", "bad-crc",
                                "unknown-message-id", "wrong-direction", "bad-seq", "bad-field"};

static char line[2 * LINE_MAX_BYTES + 64];
static uint8_t bytes[LINE_MAX_BYTES];

static size_t unhex(const char *h, uint8_t *out, size_t cap) {
  size_t n = 0;
  while (h[0] && h[1] && n < cap) {
    unsigned v;
    if (sscanf(h, "%2x", &v) != 1) break;
    out[n++] = (uint8_t)v;
    h += 2;
  }
  return n;
}

static void hex(const uint8_t *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) printf("%02x", b[i]);
}

static void rx(wire_from_t from, const uint8_t *b, size_t n) {
  wire_rx_t r;
  wire_result_t res;
  size_t i;
  int first = 1;
  wire_rx_init(&r, from);
  for (i = 0; i < n; i++) {
    long off;
    if (!wire_rx_push(&r, b[i], &res)) continue;
    off = (res.reason == WIRE_OVERSIZE && b[i] != 0) ? (long)i - res.length : (long)i + 1 - res.length;
    printf(first ? "" : " ");
    first = 0;
    if (res.reason == WIRE_OK) {
      printf("F:%ld:%lu:", off, (unsigned long)res.length);
      hex(res.body, res.body_len);
    } else if (res.reason > WIRE_BAD_CRC || (res.reason == WIRE_BAD_LENGTH && res.id != 0)) {
      printf("D:%s:%ld:%lu:%u", REASONS[res.reason], off, (unsigned long)res.length, res.seq);
    } else {
      printf("D:%s:%ld:%lu:-", REASONS[res.reason], off, (unsigned long)res.length);
    }
  }
  if (r.skipping && r.run > 0) printf("%sD:oversize:%ld:%lu:-", first ? "" : " ", (long)n - (long)r.run, (unsigned long)r.run);
  printf("\n");
}

int main(void) {
  while (fgets(line, sizeof line, stdin)) {
    char cmd[8] = "", arg[16] = "";
    char *sp = strchr(line, ' ');
    size_t n;
    line[strcspn(line, "\r\n")] = 0;
    sscanf(line, "%7s", cmd);
    if (!strcmp(cmd, "rx")) {
      char *h;
      sscanf(line + 3, "%15s", arg);
      h = strchr(line + 3, ' ');
      n = h ? unhex(h + 1, bytes, sizeof bytes) : 0;
      rx(!strcmp(arg, "shoe") ? WIRE_FROM_SHOE : !strcmp(arg, "controller") ? WIRE_FROM_CONTROLLER : WIRE_FROM_ANY, bytes, n);
    } else if (!strcmp(cmd, "crc")) {
      n = sp ? unhex(sp + 1, bytes, sizeof bytes) : 0;
      printf("%08lx\n", (unsigned long)wire_crc32c(bytes, n));
    } else if (!strcmp(cmd, "cobs")) {
      static uint8_t out[SHOE_MAX_ENCODED + 1];
      n = sp ? unhex(sp + 1, bytes, SHOE_MAX_FRAME) : 0;
      hex(out, wire_cobs_encode(bytes, n, out));
      printf("\n");
    } else if (!strcmp(cmd, "enc")) {
      uint8_t out[SHOE_MAX_WIRE];
      n = sp ? unhex(sp + 1, bytes, SHOE_MAX_FRAME) : 0;
      if (n < SHOE_MIN_FRAME) printf("error\n");
      else {
        hex(out, wire_encode(bytes[0], wire_u16(bytes + 1), bytes + 3, n - SHOE_MIN_FRAME, out));
        printf("\n");
      }
    } else {
      printf("error\n");
    }
    fflush(stdout);
  }
  return 0;
}
