/* The shoe side of the shoe link protocol v2: see shoe.h. Clause numbers are PROTOCOL.md's. */
#include "shoe_internal.h"

#ifdef SHOE_TEST_VIOLATIONS
#define VIOLATES(s, bit) (((s)->cfg->violate & (bit)) != 0)
#else
#define VIOLATES(s, bit) 0
#endif

/* §6.1 sequence arithmetic */
static uint16_t next_seq(uint16_t x) { return (uint16_t)(x == 0xFFFFu || x == 0 ? 1u : x + 1u); }
static uint16_t prev_seq(uint16_t x) { return (uint16_t)(x <= 1 ? 0xFFFFu : x - 1u); }
static int seq_behind(uint16_t a, uint16_t b) { /* a precedes b by 1..32767 steps */
  uint32_t d;
  if (a == 0 || b == 0) return 0;
  d = ((uint32_t)b - a + 0xFFFFu) % 0xFFFFu;
  return d > 0 && d < 32768u;
}

static uint32_t now(shoe_t *s) { return s->hooks->now_ms(s->ctx); }
static int elapsed(shoe_t *s, uint32_t since, uint32_t ms) { return (uint32_t)(now(s) - since) >= ms; }
static void save(shoe_t *s) { s->hooks->nv_store(s->ctx, &s->nv); }

static void send(shoe_t *s, uint8_t id, const uint8_t *payload, size_t plen) {
  uint8_t wire[SHOE_MAX_WIRE];
  size_t n;
  if (!s->plugged) return;
  n = wire_encode(id, 0, payload, plen, wire);
  s->hooks->write(s->ctx, wire, n);
}

static void send_ack(shoe_t *s, uint16_t seq) {
  uint8_t p[2];
  wire_put16(p, seq);
  send(s, MSG_ACK, p, 2);
}

static void send_nak(shoe_t *s, uint16_t seq, uint8_t reason) {
  uint8_t p[3];
  wire_put16(p, seq);
  p[2] = reason;
  s->stats.naks_sent++;
  send(s, MSG_NAK, p, 3);
}

/* §7.2.1 HELLO, version 2 layout; this shoe speaks 2..2 (§15.3). */
static void send_hello(shoe_t *s, int reply) {
  uint8_t p[36];
  size_t i;
  p[0] = 2;
  p[1] = 2;
  p[2] = 1; /* role shoe */
  p[3] = (uint8_t)((reply ? 1 : 0) | (s->cold_start ? 2 : 0));
  p[4] = s->cfg->fw[0]; p[5] = s->cfg->fw[1]; p[6] = s->cfg->fw[2];
  for (i = 0; i < 16; i++) p[7 + i] = 0;
  for (i = 0; i < 16 && s->cfg->serial[i]; i++) p[7 + i] = (uint8_t)s->cfg->serial[i];
  p[23] = s->cfg->decks;
  wire_put16(p + 24, s->has_out ? s->out_seq : s->nv.next_tx);
  wire_put16(p + 26, s->nv.last_rx);
  wire_put32(p + 28, s->nv.boot_nonce);
  wire_put32(p + 32, s->nv.peer_nonce);
  send(s, MSG_HELLO, p, sizeof p);
}

static int queue_full(const shoe_t *s) { return s->q_count + 3 > SHOE_QUEUE_LEN; } /* room for one pull */

int shoe_gate(const shoe_t *s) {
  if (s->session != SHOE_UP || s->jam || s->reversed || s->rescan || queue_full(s)) return SHOE_GATE_LOCKED;
  return s->commanded_gate;
}

int shoe_can_draw(const shoe_t *s) {
  if (VIOLATES(s, SHOE_VIOLATE_IGNORE_GATE)) return s->session == SHOE_UP && !queue_full(s);
  return shoe_gate(s) == SHOE_GATE_UNLOCKED;
}

unsigned shoe_queued(const shoe_t *s) { return (unsigned)s->q_count + (s->has_out ? 1u : 0u); }

/* §9.2: (re)transmit the unacknowledged frame, identical, and restart its timer. */
static void transmit_out(shoe_t *s) {
  if (!s->plugged) return;
  if (VIOLATES(s, SHOE_VIOLATE_BAD_CRC_RETX) && s->out_retx > 0) {
    uint8_t bad[SHOE_MAX_WIRE];
    size_t i;
    for (i = 0; i < s->out_len; i++) bad[i] = s->out_wire[i];
    i = (size_t)s->out_len - 2; /* last CRC byte (COBS-encoded) */
    bad[i] = (uint8_t)(bad[i] == 0x80 ? 0x81 : bad[i] ^ 0x80);
    s->hooks->write(s->ctx, bad, s->out_len);
  } else {
    s->hooks->write(s->ctx, s->out_wire, s->out_len);
  }
  s->out_at = now(s);
}

/* §9.1 stop-and-wait: send the next queued event when nothing is unacknowledged. */
static void pump(shoe_t *s) {
  shoe_event_t *e;
  uint16_t seq;
  size_t i;
  if (s->has_out || s->session != SHOE_UP || !s->plugged || s->q_count == 0) return;
  e = &s->queue[s->q_head];
  s->out_event = *e;
  s->q_head = (uint8_t)((s->q_head + 1) % SHOE_QUEUE_LEN);
  s->q_count--;
  seq = s->nv.next_tx;
  if (VIOLATES(s, SHOE_VIOLATE_SKIP_SEQ) && s->events_sent == 1 && !s->skipped) {
    seq = next_seq(seq);
    s->skipped = 1;
  }
  s->nv.next_tx = next_seq(seq);
  save(s);
  s->out_seq = seq;
  s->out_retx = 0;
  s->has_out = 1;
  s->events_sent++;
  {
    uint8_t p[SHOE_EVENT_MAX];
    for (i = 0; i < s->out_event.len; i++) p[i] = s->out_event.payload[i];
    s->out_len = 0;
    /* Sequenced frames carry their seq: built here rather than by send(). */
    {
      uint8_t body[SHOE_MAX_FRAME];
      size_t n = wire_build_body(s->out_event.id, seq, p, s->out_event.len, body);
      s->out_wire[0] = 0;
      n = wire_cobs_encode(body, n, s->out_wire + 1);
      s->out_wire[n + 1] = 0;
      s->out_len = (uint8_t)(n + 2);
    }
  }
  transmit_out(s);
}

static void acknowledged(shoe_t *s) {
  s->has_out = 0;
  pump(s);
}

int shoe_enqueue_(shoe_t *s, uint8_t id, const uint8_t *payload, uint8_t len) {
  shoe_event_t *e;
  uint8_t i;
  if (s->q_count >= SHOE_QUEUE_LEN) return -1; /* §9.5: never reached while the gate works */
  e = &s->queue[(s->q_head + s->q_count) % SHOE_QUEUE_LEN];
  e->id = id;
  e->len = len;
  for (i = 0; i < len; i++) e->payload[i] = payload[i];
  s->q_count++;
  pump(s);
  return 0;
}

/* §9.2, §10.3: lock the gate, stop heartbeats, keep the queue and the unacknowledged frame. */
static void lose_session(shoe_t *s) {
  s->commanded_gate = SHOE_GATE_LOCKED;
  s->allowance = 0;
  if (s->session == SHOE_UP) s->session = SHOE_HANDSHAKING;
}

static void send_hello_request(shoe_t *s) {
  s->awaiting_reply = 1;
  send_hello(s, 0);
  s->hello_at = now(s);
}

static void start_handshake(shoe_t *s) {
  if (!s->plugged) return;
  lose_session(s);
  if (s->session != SHOE_INCOMPATIBLE) s->session = SHOE_HANDSHAKING;
  send_hello_request(s);
}

static uint32_t mix32(uint32_t x) { /* a 32-bit finaliser (MurmurHash3 fmix32) */
  x ^= x >> 16; x *= 0x85EBCA6Bu; x ^= x >> 13; x *= 0xC2B2AE35u; x ^= x >> 16;
  return x;
}

void shoe_init(shoe_t *s, const shoe_config_t *cfg, const shoe_hooks_t *hooks, void *ctx) {
  uint8_t *raw = (uint8_t *)s;
  size_t i;
  for (i = 0; i < sizeof *s; i++) raw[i] = 0;
  s->cfg = cfg;
  s->hooks = hooks;
  s->ctx = ctx;
  wire_rx_init(&s->rx, WIRE_FROM_CONTROLLER);
  if (!hooks->nv_load(ctx, &s->nv)) s->nv.valid = 0;
  if (s->nv.valid) {
    s->cold_start = 0; /* §8.2: the sequence state survived */
  } else {
    uint32_t old = s->nv.boot_nonce;
    s->cold_start = 1;
    s->nv.next_tx = 1;
    s->nv.last_rx = 0;
    s->nv.peer_nonce = 0;
    s->nv.nonce_counter++;
    /* §8.6: a new nonce at every power-up that loses the sequence state. */
    s->nv.boot_nonce = mix32(s->nv.nonce_counter ^ mix32(cfg->nonce_salt));
    if (s->nv.boot_nonce == 0) s->nv.boot_nonce = 1;
    if (VIOLATES(s, SHOE_VIOLATE_REUSE_NONCE) && old != 0) s->nv.boot_nonce = old;
    save(s);
  }
  s->commanded_gate = SHOE_GATE_LOCKED; /* §7.5.1: locked at power-up */
  s->powered_at = now(s);
  s->session = SHOE_OFFLINE;
  s->plugged = 1;
  start_handshake(s);
}

void shoe_set_connected(shoe_t *s, int connected) {
  if (!connected) {
    lose_session(s);
    s->session = SHOE_OFFLINE;
    s->plugged = 0;
    wire_rx_reset(&s->rx);
    return;
  }
  if (s->plugged) return;
  s->plugged = 1;
  s->session = SHOE_OFFLINE;
  start_handshake(s);
}

/* §8.3, §8.4, §8.6: an acceptable controller HELLO. */
static void on_hello(shoe_t *s, const uint8_t *p, size_t plen) {
  int reply = p[3] & 1, cold = (p[3] & 2) != 0, echoes, delivered;
  uint16_t n = wire_u16(p + 24), peer_last = wire_u16(p + 26), last = s->nv.last_rx;
  uint8_t v = p[0] < 2 ? p[0] : 2;
  if (p[2] != 2) return; /* §8.1: our own HELLO echoed back */
  if (v < 2 || v < p[1]) { /* §8.3: no common version */
    lose_session(s);
    s->session = SHOE_INCOMPATIBLE;
    if (!reply) send_hello(s, 1);
    s->hello_at = now(s);
    return;
  }
  if (reply && !(s->awaiting_reply && s->session != SHOE_UP)) return; /* §8.1: late reply */
  if (!reply && s->session == SHOE_UP) lose_session(s);
  echoes = plen < 36 || wire_u32(p + 32) == s->nv.boot_nonce;
  delivered = s->has_out && peer_last == s->out_seq && echoes; /* §8.4 c */
  if (cold) last = 0; /* §8.4 a */
  else if (n == next_seq(last) || (last != 0 && n == last)) { /* §8.4 b: continuous */
  } else if (s->cold_start) last = prev_seq(n);              /* no history: adopt */
  else if (seq_behind(n, last)) { /* rollback: keep last_rx */
  } else last = prev_seq(n);                                 /* gap: adopt */
  s->nv.last_rx = last;
  if (plen >= 36) s->nv.peer_nonce = wire_u32(p + 28);
  if (!reply) send_hello(s, 1);
  s->awaiting_reply = 0;
  s->cold_start = 0; /* §8.2: warm from the moment a session is up */
  s->nv.valid = 1;
  save(s);
  s->commanded_gate = SHOE_GATE_LOCKED; /* §7.5.1: a new session starts locked */
  s->allowance = 0;
  s->session = SHOE_UP;
  s->stats.handshakes++;
  s->heartbeat_at = now(s) - SHOE_HEARTBEAT_MS; /* first HEARTBEAT at once (§8.5) */
  if (s->has_out) {
    if (delivered) acknowledged(s);
    else { s->out_retx = 0; transmit_out(s); }
  } else pump(s);
}

static void on_nak(shoe_t *s, uint16_t seq, uint8_t reason) {
  switch (reason) {
  case NAK_CRC_ERROR:
    if (s->has_out && s->session == SHOE_UP) { s->out_retx++; s->stats.retransmissions++; transmit_out(s); }
    return;
  case NAK_UNKNOWN_MESSAGE: case NAK_BAD_LENGTH: case NAK_BAD_FIELD:
    if (s->has_out && s->out_seq == seq) acknowledged(s); /* §9.4: consumed; drop it */
    return;
  case NAK_UNEXPECTED_SEQ: case NAK_NO_SESSION:
    if (s->has_out && s->out_seq == seq) start_handshake(s); /* §7.2.3 */
    return;
  default: /* VERSION_MISMATCH */
    lose_session(s);
    s->session = SHOE_INCOMPATIBLE;
    return;
  }
}

/* §7.5.3: cards released in frames numbered after seen (queued or unacknowledged). */
static unsigned released_after(const shoe_t *s, uint16_t seen) {
  unsigned n = 0, i;
  if (seen == 0) return 0;
  for (i = 0; i < s->q_count; i++) {
    const shoe_event_t *e = &s->queue[(s->q_head + i) % SHOE_QUEUE_LEN];
    if ((e->id == MSG_CARD_DRAWN && !(e->payload[5] & 1)) || e->id == MSG_CARD_UNREADABLE) n++;
  }
  if (s->has_out && seq_behind(seen, s->out_seq) &&
      ((s->out_event.id == MSG_CARD_DRAWN && !(s->out_event.payload[5] & 1)) || s->out_event.id == MSG_CARD_UNREADABLE))
    n++;
  return n;
}

/* §6.3 and §7.5: a controller command. */
static void on_command(shoe_t *s, uint8_t id, uint16_t seq, const uint8_t *p) {
  if (s->session != SHOE_UP) {
    send_nak(s, seq, s->session == SHOE_INCOMPATIBLE ? NAK_VERSION_MISMATCH : NAK_NO_SESSION);
    return;
  }
  if (seq != next_seq(s->nv.last_rx)) {
    if (s->nv.last_rx != 0 && seq == s->nv.last_rx) { send_ack(s, seq); return; } /* duplicate */
    if (!VIOLATES(s, SHOE_VIOLATE_ACK_OUT_OF_ORDER)) { send_nak(s, seq, NAK_UNEXPECTED_SEQ); return; }
  }
  s->nv.last_rx = seq;
  save(s);
  send_ack(s, seq);
  switch (id) {
  case MSG_GATE_LOCK:
    s->commanded_gate = SHOE_GATE_LOCKED;
    s->allowance = 0;
    break;
  case MSG_GATE_UNLOCK: {
    unsigned used = p[0] == 0 ? 0 : released_after(s, wire_u16(p + 1));
    if (p[0] != 0 && used >= p[0]) { s->commanded_gate = SHOE_GATE_LOCKED; s->allowance = 0; }
    else { s->commanded_gate = SHOE_GATE_UNLOCKED; s->allowance = (uint8_t)(p[0] - used); }
    break;
  }
  case MSG_INDICATOR:
    s->indicator[0] = p[0]; s->indicator[1] = p[1]; s->indicator[2] = p[2];
    break;
  case MSG_STATUS_REQUEST:
    shoe_status(s, seq);
    break;
  default: /* TIME_SYNC: the shoe's own fault log only (§7.5.6) */
    break;
  }
}

static void on_result(shoe_t *s, const wire_result_t *r) {
  if (r->reason != WIRE_OK) {
    s->stats.discarded_bytes += r->length;
    if (s->session != SHOE_UP) return;
    if (r->reason == WIRE_BAD_CRC) { /* §9.4, rate-limited */
      if (!s->crc_nak_armed || elapsed(s, s->crc_nak_at, SHOE_NAK_CRC_MIN_MS)) {
        s->crc_nak_at = now(s);
        s->crc_nak_armed = 1;
        send_nak(s, 0, NAK_CRC_ERROR);
      }
    } else if (r->seq != 0 && (r->reason == WIRE_UNKNOWN_ID || r->reason == WIRE_BAD_LENGTH || r->reason == WIRE_BAD_FIELD)) {
      if (r->seq == next_seq(s->nv.last_rx)) { s->nv.last_rx = r->seq; save(s); } /* §9.4: consumed */
      send_nak(s, r->seq, r->reason == WIRE_UNKNOWN_ID ? NAK_UNKNOWN_MESSAGE : r->reason == WIRE_BAD_LENGTH ? NAK_BAD_LENGTH : NAK_BAD_FIELD);
    }
    return;
  }
  s->stats.frames_rx++;
  switch (r->id) {
  case MSG_HELLO: on_hello(s, r->body + 3, (size_t)r->body_len - SHOE_MIN_FRAME); return;
  case MSG_ACK: if (s->has_out && wire_u16(r->body + 3) == s->out_seq) acknowledged(s); return;
  case MSG_NAK: on_nak(s, wire_u16(r->body + 3), r->body[5]); return;
  default: on_command(s, r->id, r->seq, r->body + 3); return;
  }
}

void shoe_rx(shoe_t *s, const uint8_t *bytes, size_t n) {
  wire_result_t r;
  size_t i;
  if (!s->plugged) return;
  for (i = 0; i < n; i++)
    if (wire_rx_push(&s->rx, bytes[i], &r)) on_result(s, &r);
}

void shoe_poll(shoe_t *s) {
  if (!s->plugged) return;
  if (s->session == SHOE_UP) {
    if (s->has_out && elapsed(s, s->out_at, SHOE_ACK_TIMEOUT_MS)) {
      if (s->out_retx >= SHOE_MAX_RETRANSMIT) start_handshake(s); /* §9.2: session lost, frame kept */
      else { s->out_retx++; s->stats.retransmissions++; transmit_out(s); }
    }
    if (s->session == SHOE_UP && elapsed(s, s->heartbeat_at, SHOE_HEARTBEAT_MS)) { /* §10.1 */
      uint8_t p[6];
      unsigned q = shoe_queued(s);
      wire_put32(p, now(s) - s->powered_at);
      p[4] = (uint8_t)shoe_gate(s);
      p[5] = (uint8_t)(q > 255 ? 255 : q);
      s->heartbeat_at = now(s);
      send(s, MSG_HEARTBEAT, p, 6);
    }
  } else if (elapsed(s, s->hello_at, s->session == SHOE_INCOMPATIBLE ? SHOE_HELLO_MISMATCH_MS : SHOE_HELLO_MS)) {
    send_hello_request(s); /* §8.1, §8.3 */
  }
}
