/* Shoe link protocol v2 — wire layer: CRC-32C (PROTOCOL.md §4), COBS (§3.2), frame layout (§5),
 * the message catalogue's lengths and field rules (§7) and the receiver of §3.3 with the checks of
 * §11. Portable C99: no heap, no OS, no globals; every buffer is sized by the constants below. */
#ifndef SHOE_WIRE_H
#define SHOE_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define SHOE_MAX_FRAME 64   /* §3.2 MAX_FRAME_BYTES */
#define SHOE_MAX_ENCODED 65 /* §3.2 MAX_ENCODED_BYTES */
#define SHOE_MIN_FRAME 7    /* §5.2 */
#define SHOE_MAX_WIRE (SHOE_MAX_ENCODED + 2) /* §3.1: with both delimiters */

/* §7 message ids */
enum {
  MSG_HELLO = 0x01, MSG_ACK = 0x02, MSG_NAK = 0x03, MSG_HEARTBEAT = 0x04,
  MSG_CARD_DRAWN = 0x10, MSG_CARD_UNREADABLE = 0x11, MSG_CUT_CARD_SEEN = 0x12, MSG_SHOE_LOADED = 0x13,
  MSG_SHOE_REMOVED = 0x14, MSG_DEALER_BUTTON = 0x15, MSG_FAULT = 0x16, MSG_STATUS = 0x17,
  MSG_GATE_LOCK = 0x20, MSG_GATE_UNLOCK = 0x21, MSG_INDICATOR = 0x22, MSG_STATUS_REQUEST = 0x23,
  MSG_TIME_SYNC = 0x24
};

/* §7.2.3 NAK reasons */
enum { NAK_CRC_ERROR = 1, NAK_UNKNOWN_MESSAGE, NAK_BAD_LENGTH, NAK_BAD_FIELD, NAK_UNEXPECTED_SEQ, NAK_NO_SESSION, NAK_VERSION_MISMATCH };

/* §11 discard reasons, in the order of the checks */
typedef enum {
  WIRE_OK = 0, WIRE_OVERSIZE, WIRE_GARBAGE, WIRE_TOO_SHORT, WIRE_BAD_LENGTH, WIRE_BAD_CRC,
  WIRE_UNKNOWN_ID, WIRE_WRONG_DIRECTION, WIRE_BAD_SEQ, WIRE_BAD_FIELD
} wire_reason_t;

/* Which side's frames a receiver hears (§11 check 7). */
typedef enum { WIRE_FROM_ANY = 0, WIRE_FROM_SHOE = 1, WIRE_FROM_CONTROLLER = 2 } wire_from_t;

uint32_t wire_crc32c(const uint8_t *p, size_t n);
/* COBS-encodes n ≤ SHOE_MAX_FRAME bytes into out (n + 1 bytes); returns the encoded length. */
size_t wire_cobs_encode(const uint8_t *in, size_t n, uint8_t *out);
/* §3.2 decoder; returns the decoded length or -1 when malformed. out holds at least len bytes. */
int wire_cobs_decode(const uint8_t *enc, size_t len, uint8_t *out);

/* Builds the frame id|seq|payload|crc into body, returns its length (0 if the payload is too long). */
size_t wire_build_body(uint8_t id, uint16_t seq, const uint8_t *payload, size_t plen, uint8_t *body);
/* Wire bytes (00 + COBS(body) + 00) of a frame into out (≥ SHOE_MAX_WIRE bytes); returns length. */
size_t wire_encode(uint8_t id, uint16_t seq, const uint8_t *payload, size_t plen, uint8_t *out);

/* §11 checks 3..10 on a decoded body. On a verdict after the CRC, *id and *seq are set. */
wire_reason_t wire_check_body(const uint8_t *body, size_t len, wire_from_t from, uint8_t *id, uint16_t *seq);
/* 1 when the message id is sequenced (§6), 0 when link-control, -1 when not in the catalogue. */
int wire_is_sequenced(uint8_t id);

static inline uint16_t wire_u16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t wire_u32(const uint8_t *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline void wire_put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline void wire_put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* §3.3 receiver. Feed it bytes one at a time; it reports at most one result per byte. */
typedef struct {
  uint8_t buf[SHOE_MAX_ENCODED];
  uint8_t body[SHOE_MAX_ENCODED];
  uint8_t len;
  uint8_t skipping; /* discarding an oversize run up to the next delimiter */
  uint8_t from;     /* wire_from_t */
  uint32_t run;     /* bytes skipped in an oversize run (for reports) */
} wire_rx_t;

typedef struct {
  wire_reason_t reason; /* WIRE_OK: a frame was delivered */
  uint32_t length;      /* bytes of the candidate (frame or discarded run) */
  uint8_t id;           /* when known (after the CRC check) */
  uint16_t seq;
  const uint8_t *body;  /* WIRE_OK: the decoded frame, valid until the next push */
  uint8_t body_len;
} wire_result_t;

void wire_rx_init(wire_rx_t *rx, wire_from_t from);
/* Returns 1 when *out holds a result (a frame or a discarded run), else 0. */
int wire_rx_push(wire_rx_t *rx, uint8_t byte, wire_result_t *out);
/* The link closed: a partial candidate is dropped (§11 truncated); returns its length. */
uint16_t wire_rx_reset(wire_rx_t *rx);

#endif
