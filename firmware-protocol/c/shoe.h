/* The shoe side of the shoe link protocol v2 (PROTOCOL.md), portable C99: no heap, no OS, no
 * globals. The caller owns a shoe_t (static storage), supplies four hooks and calls:
 *   shoe_rx()      with every byte received from the line,
 *   shoe_poll()    often (every few ms) to run the timers of §9.2, §10.1 and §8.1,
 *   shoe_*()       event functions when the hardware sees a card, a button press, a fault...
 * and drives its gate from shoe_gate() (§7.5.1). */
#ifndef SHOE_H
#define SHOE_H

#include "shoe_wire.h"

#ifndef SHOE_QUEUE_LEN
#define SHOE_QUEUE_LEN 16 /* §9.5: at least 16 */
#endif
#define SHOE_EVENT_MAX 9  /* largest shoe event payload (STATUS, §7.4.8) */

#define SHOE_ACK_TIMEOUT_MS 250u     /* §9.2 */
#define SHOE_MAX_RETRANSMIT 5u       /* §9.2 */
#define SHOE_HEARTBEAT_MS 1000u      /* §10.1 */
#define SHOE_HELLO_MS 1000u          /* §8.1 */
#define SHOE_HELLO_MISMATCH_MS 5000u /* §8.3 */
#define SHOE_NAK_CRC_MIN_MS 50u      /* §9.4 */

/* §8.2: what the shoe keeps in non-volatile storage. valid = 0: no sequence state (cold start). */
typedef struct {
  uint8_t valid;
  uint16_t next_tx, last_rx;
  uint32_t boot_nonce, peer_nonce;
  uint32_t nonce_counter; /* advanced at every cold power-up: §8.6 a new nonce each time */
} shoe_nv_t;

/* The four hooks. ctx is passed back unchanged. */
typedef struct {
  void (*write)(void *ctx, const uint8_t *bytes, size_t n); /* byte I/O: put bytes on the line */
  uint32_t (*now_ms)(void *ctx);                             /* millisecond tick, wraps freely */
  int (*nv_load)(void *ctx, shoe_nv_t *out);                 /* returns 0 when nothing stored */
  void (*nv_store)(void *ctx, const shoe_nv_t *nv);
} shoe_hooks_t;

typedef struct {
  char serial[17];          /* §7.2.1 serialNumber, printable ASCII */
  uint8_t fw[3];            /* firmware version major, minor, patch */
  uint8_t decks;            /* 1..8 */
  uint32_t nonce_salt;      /* per-device constant mixed into the nonce (e.g. a unique id) */
  uint32_t violate;         /* SHOE_VIOLATE_* bits: test builds only (SHOE_TEST_VIOLATIONS) */
} shoe_config_t;

/* Deliberate rule breaks for the conformance suite's own tests. */
#define SHOE_VIOLATE_SKIP_SEQ 1u           /* §6.1: the second event skips a sequence number */
#define SHOE_VIOLATE_REUSE_NONCE 2u        /* §8.6: a cold power-up reuses the previous nonce */
#define SHOE_VIOLATE_IGNORE_GATE 4u        /* §7.5.1: shoe_can_draw() ignores the gate */
#define SHOE_VIOLATE_ACK_OUT_OF_ORDER 8u   /* §6.3: an out-of-order command is ACKed and executed */
#define SHOE_VIOLATE_BAD_CRC_RETX 16u      /* §9.2: retransmissions carry a damaged CRC */

typedef enum { SHOE_OFFLINE = 0, SHOE_HANDSHAKING, SHOE_UP, SHOE_INCOMPATIBLE } shoe_session_t;
enum { SHOE_GATE_LOCKED = 1, SHOE_GATE_UNLOCKED = 2 };

typedef struct {
  uint8_t id, len;
  uint8_t payload[SHOE_EVENT_MAX];
} shoe_event_t;

typedef struct {
  uint32_t frames_rx, discarded_bytes, naks_sent, retransmissions, handshakes;
} shoe_stats_t;

typedef struct {
  const shoe_hooks_t *hooks;
  void *ctx;
  const shoe_config_t *cfg;
  wire_rx_t rx;
  shoe_nv_t nv;         /* next_tx, last_rx, nonces: written through on change */
  uint8_t session, awaiting_reply, cold_start, plugged;
  /* transmit side (§9) */
  shoe_event_t queue[SHOE_QUEUE_LEN];
  uint8_t q_head, q_count;
  shoe_event_t out_event;       /* the unacknowledged frame */
  uint8_t out_wire[SHOE_MAX_WIRE];
  uint8_t out_len, out_retx, has_out;
  uint16_t out_seq;
  uint32_t out_at, hello_at, heartbeat_at, crc_nak_at, powered_at;
  uint8_t crc_nak_armed;
  /* the shoe itself (§7.4, §7.5) */
  uint8_t commanded_gate, allowance, jam, reversed, dirty, rescan;
  uint8_t shoe_present, deck_count, cut_seen;
  uint16_t draw_index;
  uint8_t indicator[3];
  uint8_t skipped; /* SHOE_VIOLATE_SKIP_SEQ done */
  uint16_t events_sent;
  shoe_stats_t stats;
} shoe_t;

/* Power-up: loads the sequence state (§8.2), draws the nonce (§8.6), locks the gate and, if the
 * line is connected, starts the handshake (§8.1). */
void shoe_init(shoe_t *s, const shoe_config_t *cfg, const shoe_hooks_t *hooks, void *ctx);
/* USB connection came (1) or went (0): §2.3, §10.3. State and queue are kept. */
void shoe_set_connected(shoe_t *s, int connected);
void shoe_rx(shoe_t *s, const uint8_t *bytes, size_t n);
void shoe_poll(shoe_t *s);

/* §7.5.1: the gate the hardware must apply now. */
int shoe_gate(const shoe_t *s);
/* 1 when the dealer may pull a card now (the gate is open). */
int shoe_can_draw(const shoe_t *s);

/* Events. Each returns 0, or -1 when refused (queue full: the gate was locked, §9.5). */
int shoe_card_drawn(shoe_t *s, uint8_t rank, uint8_t suit, uint8_t confidence);
int shoe_card_unreadable(shoe_t *s);           /* §7.4.2: starts the rescan (gate held locked) */
int shoe_card_rescanned(shoe_t *s, uint8_t rank, uint8_t suit, uint8_t confidence);
int shoe_cut_card(shoe_t *s);
int shoe_loaded(shoe_t *s, uint8_t decks, uint16_t card_count);
int shoe_removed(shoe_t *s);
int shoe_button(shoe_t *s, uint8_t button, uint8_t press);
int shoe_fault(shoe_t *s, uint8_t code, int raised);
int shoe_status(shoe_t *s, uint16_t in_reply_to);
/* Transmit queue length, the unacknowledged frame included (HEARTBEAT queued, §7.2.4). */
unsigned shoe_queued(const shoe_t *s);

#endif
