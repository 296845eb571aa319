/* Wire layer of the shoe link protocol v2: see shoe_wire.h. */
#include "shoe_wire.h"

/* §4.1 CRC-32C, bitwise (no table: 0 bytes of RAM, ~40 bytes of flash). */
uint32_t wire_crc32c(const uint8_t *p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  while (n--) {
    int k;
    crc ^= *p++;
    for (k = 0; k < 8; k++) crc = (crc & 1u) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
  }
  return crc ^ 0xFFFFFFFFu;
}

/* §3.2 COBS encoder: frames are ≤ 64 bytes, so no 0xFF code byte ever appears. */
size_t wire_cobs_encode(const uint8_t *in, size_t n, uint8_t *out) {
  size_t code_at = 0, o = 1, i;
  uint8_t code = 1;
  for (i = 0; i < n; i++) {
    if (in[i] == 0) {
      out[code_at] = code;
      code_at = o++;
      code = 1;
    } else {
      out[o++] = in[i];
      if (++code == 0xFF) { out[code_at] = code; code_at = o++; code = 1; }
    }
  }
  out[code_at] = code;
  return o;
}

/* §3.2 COBS decoder, the reference algorithm printed there. */
int wire_cobs_decode(const uint8_t *enc, size_t len, uint8_t *out) {
  size_t i = 0, o = 0;
  while (i < len) {
    uint8_t c = enc[i];
    size_t k;
    if (c == 0 || i + c > len) return -1;
    for (k = 1; k < c; k++) out[o++] = enc[i + k];
    i += c;
    if (c != 0xFF && i < len) out[o++] = 0;
  }
  return (int)o;
}

size_t wire_build_body(uint8_t id, uint16_t seq, const uint8_t *payload, size_t plen, uint8_t *body) {
  size_t i;
  if (plen + SHOE_MIN_FRAME > SHOE_MAX_FRAME) return 0;
  body[0] = id;
  wire_put16(body + 1, seq);
  for (i = 0; i < plen; i++) body[3 + i] = payload[i];
  wire_put32(body + 3 + plen, wire_crc32c(body, 3 + plen));
  return plen + SHOE_MIN_FRAME;
}

size_t wire_encode(uint8_t id, uint16_t seq, const uint8_t *payload, size_t plen, uint8_t *out) {
  uint8_t body[SHOE_MAX_FRAME];
  size_t n = wire_build_body(id, seq, payload, plen, body), e;
  if (n == 0) return 0;
  out[0] = 0;
  e = wire_cobs_encode(body, n, out + 1);
  out[1 + e] = 0;
  return e + 2;
}

/* §7 catalogue: payload length, sender (1 shoe, 2 controller, 3 both), sequenced. */
typedef struct { uint8_t id, plen, from, seqd; } spec_t;
static const spec_t SPECS[] = {
  {MSG_HELLO, 28, 3, 0}, {MSG_ACK, 2, 3, 0}, {MSG_NAK, 3, 3, 0}, {MSG_HEARTBEAT, 6, 1, 0},
  {MSG_CARD_DRAWN, 6, 1, 1}, {MSG_CARD_UNREADABLE, 2, 1, 1}, {MSG_CUT_CARD_SEEN, 2, 1, 1},
  {MSG_SHOE_LOADED, 3, 1, 1}, {MSG_SHOE_REMOVED, 2, 1, 1}, {MSG_DEALER_BUTTON, 2, 1, 1},
  {MSG_FAULT, 4, 1, 1}, {MSG_STATUS, 9, 1, 1}, {MSG_GATE_LOCK, 0, 2, 1}, {MSG_GATE_UNLOCK, 3, 2, 1},
  {MSG_INDICATOR, 3, 2, 1}, {MSG_STATUS_REQUEST, 0, 2, 1}, {MSG_TIME_SYNC, 8, 2, 1}
};

static const spec_t *spec_of(uint8_t id) {
  size_t i;
  for (i = 0; i < sizeof SPECS / sizeof SPECS[0]; i++)
    if (SPECS[i].id == id) return &SPECS[i];
  return 0;
}

int wire_is_sequenced(uint8_t id) {
  const spec_t *s = spec_of(id);
  return s ? s->seqd : -1;
}

static int in_range(unsigned v, unsigned lo, unsigned hi) { return v >= lo && v <= hi; }

/* §5.3 ascii[n]: printable, NUL-padded, nothing printable after the first NUL. */
static int ascii_ok(const uint8_t *p, size_t n) {
  size_t i;
  int ended = 0;
  for (i = 0; i < n; i++) {
    if (p[i] == 0) ended = 1;
    else if (ended || p[i] < 0x20 || p[i] > 0x7E) return 0;
  }
  return 1;
}

/* §5.3 and §7: field values; p points at the payload. Returns 1 when every field is valid. */
static int fields_ok(uint8_t id, const uint8_t *p, size_t plen) {
  switch (id) {
  case MSG_HELLO:
    if (p[0] < 1 || p[1] < 1 || !in_range(p[2], 1, 2) || (p[3] >> 2) || !ascii_ok(p + 7, 16) || p[23] > 8) return 0;
    if (wire_u16(p + 24) < 1) return 0;
    if (plen >= 36 && wire_u32(p + 28) == 0) return 0; /* §8.6 bootNonce 1..2^32-1 */
    if (p[1] > p[0]) return 0;
    if ((p[3] & 2) && wire_u16(p + 24) != 1) return 0; /* §8.2 cold start announces 1 */
    return 1;
  case MSG_ACK: return wire_u16(p) >= 1;
  case MSG_NAK: return in_range(p[2], 1, 7) && (p[2] == NAK_CRC_ERROR || wire_u16(p) != 0);
  case MSG_HEARTBEAT: return in_range(p[4], 1, 2);
  case MSG_CARD_DRAWN:
    return wire_u16(p) >= 1 && in_range(p[2], 1, 13) && in_range(p[3], 1, 4) && p[4] <= 100 && (p[5] >> 1) == 0;
  case MSG_CARD_UNREADABLE: return wire_u16(p) >= 1;
  case MSG_SHOE_LOADED: return in_range(p[0], 1, 8);
  case MSG_DEALER_BUTTON: return in_range(p[0], 1, 2) && in_range(p[1], 1, 2);
  case MSG_FAULT: return in_range(p[0], 1, 3) && in_range(p[1], 1, 2);
  case MSG_STATUS:
    return in_range(p[2], 1, 2) && p[3] <= 1 && p[4] <= 8 && p[7] <= 1 && (p[8] >> 3) == 0;
  case MSG_INDICATOR:
    if (p[0] > 3 || p[1] > 15 || p[2] > 8) return 0;
    return p[0] == 2 ? (p[1] >= 1 && p[2] >= 1) : (p[1] == 0 && p[2] == 0);
  case MSG_TIME_SYNC: return p[7] == 0 && p[6] <= 0x1F; /* ≤ 2^53-1, the controller codec's limit (§7.5.6) */
  default: return 1;
  }
}

wire_reason_t wire_check_body(const uint8_t *body, size_t len, wire_from_t from, uint8_t *id, uint16_t *seq) {
  const spec_t *s;
  size_t plen;
  if (len < SHOE_MIN_FRAME) return WIRE_TOO_SHORT;
  if (len > SHOE_MAX_FRAME) return WIRE_BAD_LENGTH;
  if (wire_crc32c(body, len - 4) != wire_u32(body + len - 4)) return WIRE_BAD_CRC;
  *id = body[0];
  *seq = wire_u16(body + 1);
  s = spec_of(*id);
  if (!s) return WIRE_UNKNOWN_ID;
  if (from != WIRE_FROM_ANY && !(s->from & (uint8_t)from)) return WIRE_WRONG_DIRECTION;
  plen = len - SHOE_MIN_FRAME;
  if (s->id == MSG_HELLO ? plen < s->plen : plen != s->plen) return WIRE_BAD_LENGTH;
  if (s->seqd ? *seq == 0 : *seq != 0) return WIRE_BAD_SEQ;
  return fields_ok(*id, body + 3, plen) ? WIRE_OK : WIRE_BAD_FIELD;
}

void wire_rx_init(wire_rx_t *rx, wire_from_t from) {
  rx->len = 0;
  rx->skipping = 0;
  rx->run = 0;
  rx->from = (uint8_t)from;
}

int wire_rx_push(wire_rx_t *rx, uint8_t b, wire_result_t *out) {
  int n;
  out->id = 0;
  out->seq = 0;
  out->body = 0;
  out->body_len = 0;
  if (rx->skipping) { /* §3.3 step 1: skip to the next delimiter */
    rx->run++;
    if (b != 0) return 0;
    rx->skipping = 0;
    out->reason = WIRE_OVERSIZE;
    out->length = rx->run;
    rx->run = 0;
    return 1;
  }
  if (b != 0) {
    if (rx->len == SHOE_MAX_ENCODED) {
      out->reason = WIRE_OVERSIZE;
      out->length = rx->len;
      rx->len = 0;
      rx->skipping = 1;
      rx->run = 1;
      return 1;
    }
    rx->buf[rx->len++] = b;
    return 0;
  }
  if (rx->len == 0) return 0; /* §3.1 idle */
  out->length = (uint32_t)rx->len + 1u;
  n = wire_cobs_decode(rx->buf, rx->len, rx->body);
  rx->len = 0;
  if (n < 0) { out->reason = WIRE_GARBAGE; return 1; }
  out->reason = wire_check_body(rx->body, (size_t)n, (wire_from_t)rx->from, &out->id, &out->seq);
  if (out->reason == WIRE_OK) { out->body = rx->body; out->body_len = (uint8_t)n; }
  return 1;
}

uint16_t wire_rx_reset(wire_rx_t *rx) {
  uint16_t n = rx->skipping ? 0 : rx->len;
  rx->len = 0;
  rx->skipping = 0;
  rx->run = 0;
  return n;
}
