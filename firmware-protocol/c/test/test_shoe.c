/* Unit tests of the shoe state machine (shoe.c) on virtual time, built with ASan + UBSan
 * (make test). Each check names the PROTOCOL.md clause it exercises. */
#include <stdio.h>
#include <string.h>

#include "shoe.h"

static int failures = 0, checks = 0;
#define CHECK(cond, what)                                                      \
  do {                                                                         \
    checks++;                                                                  \
    if (!(cond)) { failures++; printf("FAIL %s:%d %s\n", __FILE__, __LINE__, what); } \
  } while (0)

/* ---- fake hooks: a clock, a line and a non-volatile memory ---- */
static uint32_t clock_ms;
static shoe_nv_t nvmem;
static int nv_present;
#define MAX_OUT 64
static struct { uint8_t id; uint16_t seq; uint8_t body[SHOE_MAX_FRAME]; uint8_t len; } out[MAX_OUT];
static int nout;
static uint8_t raw[4096];
static size_t nraw;
static wire_rx_t line;

static void h_write(void *c, const uint8_t *b, size_t n) {
  size_t i;
  wire_result_t r;
  (void)c;
  for (i = 0; i < n; i++) {
    if (nraw < sizeof raw) raw[nraw++] = b[i];
    if (wire_rx_push(&line, b[i], &r) && r.reason == WIRE_OK && nout < MAX_OUT) {
      out[nout].id = r.id; out[nout].seq = r.seq; out[nout].len = r.body_len;
      memcpy(out[nout].body, r.body, r.body_len);
      nout++;
    }
  }
}
static uint32_t h_now(void *c) { (void)c; return clock_ms; }
static int h_load(void *c, shoe_nv_t *o) { (void)c; *o = nvmem; return nv_present; }
static void h_store(void *c, const shoe_nv_t *nv) { (void)c; nvmem = *nv; nv_present = 1; }
static const shoe_hooks_t hooks = {h_write, h_now, h_load, h_store};

static shoe_t shoe;
static shoe_config_t cfg = {"TEST-SHOE", {1, 2, 3}, 6, 42u, 0};

static void reset_out(void) { nout = 0; nraw = 0; }
static int count(uint8_t id) { int i, n = 0; for (i = 0; i < nout; i++) n += out[i].id == id; return n; }
static int find(uint8_t id) { int i; for (i = nout - 1; i >= 0; i--) if (out[i].id == id) return i; return -1; }
static void advance(uint32_t ms) { uint32_t i; for (i = 0; i < ms; i++) { clock_ms++; shoe_poll(&shoe); } }

static void ctl(uint8_t id, uint16_t seq, const uint8_t *p, size_t n) {
  uint8_t w[SHOE_MAX_WIRE];
  size_t len = wire_encode(id, seq, p, n, w);
  shoe_rx(&shoe, w, len);
}
static void ctl_hello(int reply, uint16_t next_tx, uint16_t last_rx, uint32_t nonce, uint32_t peer) {
  uint8_t p[36];
  memset(p, 0, sizeof p);
  p[0] = 2; p[1] = 2; p[2] = 2; p[3] = (uint8_t)(reply ? 1 : 0);
  memcpy(p + 7, "CTRL", 4);
  wire_put16(p + 24, next_tx); wire_put16(p + 26, last_rx);
  wire_put32(p + 28, nonce); wire_put32(p + 32, peer);
  ctl(MSG_HELLO, 0, p, 36);
}
static void ctl_ack(uint16_t seq) { uint8_t p[2]; wire_put16(p, seq); ctl(MSG_ACK, 0, p, 2); }
static void ctl_nak(uint16_t seq, uint8_t reason) { uint8_t p[3]; wire_put16(p, seq); p[2] = reason; ctl(MSG_NAK, 0, p, 3); }
static void ctl_unlock(uint16_t seq, uint8_t allowance, uint16_t seen) {
  uint8_t p[3]; p[0] = allowance; wire_put16(p + 1, seen); ctl(MSG_GATE_UNLOCK, seq, p, 3);
}

static void boot(uint32_t violate) {
  memset(&line, 0, sizeof line);
  wire_rx_init(&line, WIRE_FROM_SHOE);
  reset_out();
  cfg.violate = violate;
  shoe_init(&shoe, &cfg, &hooks, NULL);
}

static void test_handshake_and_delivery(void) {
  int i;
  uint8_t first[SHOE_MAX_WIRE];
  size_t first_len;
  nv_present = 0;
  boot(0);
  CHECK(nout == 1 && out[0].id == MSG_HELLO, "§8.1 HELLO request at power-up");
  CHECK((out[0].body[6] & 2) && wire_u16(out[0].body + 27) == 1, "§8.2 cold start announces nextTxSeq 1");
  CHECK(wire_u32(out[0].body + 31) != 0, "§8.6 boot nonce is non-zero");
  CHECK(shoe_gate(&shoe) == SHOE_GATE_LOCKED, "§7.5.1 locked at power-up");
  advance(1000);
  CHECK(count(MSG_HELLO) == 2, "§8.1 HELLO repeated every 1000 ms");
  shoe_loaded(&shoe, 6, 312);
  CHECK(count(MSG_SHOE_LOADED) == 0, "§8.1 no sequenced frame before the session is up");
  reset_out();
  ctl_hello(1, 1, 0, 0x1234, nvmem.boot_nonce);
  CHECK(shoe.session == SHOE_UP, "§8.1 up on the reply");
  CHECK(count(MSG_SHOE_LOADED) == 1 && out[find(MSG_SHOE_LOADED)].seq == 1, "§6.1 first event carries seq 1");
  advance(1);
  CHECK(count(MSG_HEARTBEAT) == 1, "§10.1 HEARTBEAT once up");
  CHECK(shoe_can_draw(&shoe) == 0, "§7.5.1 locked until the controller unlocks");
  /* §9.2 retransmission: identical bytes every 250 ms, 5 times, then a new handshake */
  first_len = nraw;
  memcpy(first, raw, first_len < sizeof first ? first_len : sizeof first);
  reset_out();
  advance(250);
  CHECK(count(MSG_SHOE_LOADED) == 1 && out[find(MSG_SHOE_LOADED)].seq == 1, "§9.2 retransmitted after 250 ms, same seq");
  advance(4 * 250);
  CHECK(count(MSG_SHOE_LOADED) == 5, "§9.2 five retransmissions");
  advance(250);
  CHECK(shoe.session == SHOE_HANDSHAKING && count(MSG_HELLO) == 1, "§9.2 session lost after 6 transmissions");
  CHECK(wire_u16(out[find(MSG_HELLO)].body + 27) == 1, "§8.4 HELLO announces the unacknowledged seq");
  reset_out();
  ctl_hello(1, 1, 0, 0x1234, nvmem.boot_nonce);
  CHECK(count(MSG_SHOE_LOADED) == 1, "§8.4 c retransmitted after the handshake");
  ctl_ack(1);
  CHECK(shoe_queued(&shoe) == 0, "§9.1 acknowledged");
  /* §7.5.3 gate with allowance */
  reset_out();
  ctl_unlock(1, 2, 1);
  CHECK(count(MSG_ACK) == 1 && wire_u16(out[find(MSG_ACK)].body + 3) == 1, "§6.3 command ACKed");
  CHECK(shoe_can_draw(&shoe), "§7.5.3 unlocked");
  shoe_card_drawn(&shoe, 12, 2, 97);
  CHECK(count(MSG_CARD_DRAWN) == 1 && out[find(MSG_CARD_DRAWN)].seq == 2, "§7.4.1 CARD_DRAWN seq 2");
  CHECK(shoe_can_draw(&shoe), "§7.5.3 one card of two spent");
  /* the controller re-sends allowance 2 anchored before that card: one card is left */
  ctl_unlock(2, 2, 1);
  shoe_card_drawn(&shoe, 1, 1, 97);
  CHECK(!shoe_can_draw(&shoe), "§7.5.3 anchored allowance counts the unacknowledged card");
  /* §6.3 duplicate and out-of-order commands */
  reset_out();
  ctl_unlock(2, 2, 1);
  CHECK(count(MSG_ACK) == 1 && count(MSG_NAK) == 0, "§6.3 duplicate re-ACKed");
  CHECK(!shoe_can_draw(&shoe), "§6.3 duplicate not executed again");
  ctl(MSG_GATE_LOCK, 9, NULL, 0);
  i = find(MSG_NAK);
  CHECK(i >= 0 && out[i].body[5] == NAK_UNEXPECTED_SEQ, "§6.3 NAK UNEXPECTED_SEQ");
  /* §9.4 NAK CRC_ERROR: retransmit now; a damaged frame from the controller is NAKed, rate-limited */
  reset_out();
  ctl_nak(0, NAK_CRC_ERROR);
  CHECK(count(MSG_CARD_DRAWN) == 1, "§7.2.3 NAK CRC_ERROR retransmits");
  reset_out();
  {
    uint8_t w[SHOE_MAX_WIRE];
    size_t n = wire_encode(MSG_GATE_LOCK, 3, NULL, 0, w);
    w[2] ^= 0x40;
    shoe_rx(&shoe, w, n);
    shoe_rx(&shoe, w, n);
  }
  i = find(MSG_NAK);
  CHECK(count(MSG_NAK) == 1 && out[i].body[5] == NAK_CRC_ERROR && wire_u16(out[i].body + 3) == 0, "§9.4 one NAK CRC_ERROR per 50 ms");
  /* §9.4 CRC-good invalid command: consumed and NAKed */
  reset_out();
  { uint8_t p[3] = {2, 0, 0}; ctl(MSG_INDICATOR, 3, p, 3); }
  i = find(MSG_NAK);
  CHECK(i >= 0 && out[i].body[5] == NAK_BAD_FIELD && shoe.nv.last_rx == 3, "§9.4 BAD_FIELD consumes the seq");
  /* STATUS_REQUEST: ACK then STATUS with inReplyTo */
  ctl_ack(2);
  ctl_ack(3);
  reset_out();
  ctl(MSG_STATUS_REQUEST, 4, NULL, 0);
  i = find(MSG_STATUS);
  CHECK(i >= 0 && wire_u16(out[i].body + 3) == 4 && find(MSG_ACK) < i, "§7.5.5 STATUS after the ACK");
}

static void test_restart_nonce(uint32_t violate, int expect_new) {
  uint32_t before = nvmem.boot_nonce;
  nvmem.valid = 0; /* power lost without sequence state */
  boot(violate);
  CHECK((nvmem.boot_nonce != before) == expect_new, expect_new ? "§8.6 new nonce after a cold power-up" : "reuse-nonce violation keeps it");
}

static void test_warm_restart(void) {
  nvmem.valid = 1;
  nvmem.next_tx = 500;
  nvmem.last_rx = 77;
  boot(0);
  CHECK(!(out[0].body[6] & 2) && wire_u16(out[0].body + 27) == 500 && wire_u16(out[0].body + 29) == 77, "§8.2 kept state announced warm");
}

static void test_violations(void) {
  int i;
  nv_present = 0;
  boot(SHOE_VIOLATE_SKIP_SEQ);
  ctl_hello(1, 1, 0, 9, nvmem.boot_nonce);
  shoe_button(&shoe, 1, 1); ctl_ack(1);
  shoe_button(&shoe, 1, 2);
  i = find(MSG_DEALER_BUTTON);
  CHECK(out[i].seq == 3, "skip-seq: second event skips seq 2");
  boot(SHOE_VIOLATE_IGNORE_GATE);
  ctl_hello(1, 1, 0, 9, nvmem.boot_nonce);
  CHECK(shoe_can_draw(&shoe) && shoe_gate(&shoe) == SHOE_GATE_LOCKED, "ignore-gate: draws while locked");
  boot(SHOE_VIOLATE_ACK_OUT_OF_ORDER);
  ctl_hello(1, 1, 0, 9, nvmem.boot_nonce);
  reset_out();
  ctl(MSG_GATE_LOCK, 7, NULL, 0);
  CHECK(count(MSG_ACK) == 1 && count(MSG_NAK) == 0, "ack-out-of-order: ACKs seq 7");
  boot(SHOE_VIOLATE_BAD_CRC_RETX);
  ctl_hello(1, 1, 0, 9, nvmem.boot_nonce);
  shoe_button(&shoe, 1, 1);
  reset_out();
  advance(250);
  CHECK(nraw > 0 && count(MSG_DEALER_BUTTON) == 0, "bad-crc-retransmit: the retransmission fails its CRC");
}

int main(void) {
  test_handshake_and_delivery();
  test_restart_nonce(0, 1);
  test_restart_nonce(SHOE_VIOLATE_REUSE_NONCE, 0);
  test_warm_restart();
  test_violations();
  CHECK(sizeof(shoe_t) <= 1024, "RAM: shoe_t fits in 1 KiB (target: 4 KiB with stack)");
  printf("%d checks, %d failures\n", checks, failures);
  printf("sizeof(shoe_t) = %u bytes\n", (unsigned)sizeof(shoe_t));
  return failures ? 1 : 0;
}
