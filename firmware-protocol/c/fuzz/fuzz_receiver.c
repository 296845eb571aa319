/* libFuzzer harness over the shoe's receiver (PROTOCOL.md §3.3, §11) and everything behind it
 * (§6.3, §8, §9, §7.5): the input is a controller → shoe byte stream, cut into chunks; between
 * chunks the clock advances (the chunk's first byte × 4 ms) so timers fire. The shoe starts in
 * session (a HELLO reply is fed first) and deals when it may. Invariants, checked on every byte the
 * shoe writes: each frame it sends passes every check of §11 as the controller applies them, and
 * the wire layer never reads or writes out of bounds (ASan, UBSan).
 *   make -C firmware-protocol/c build/fuzz-receiver && build/fuzz-receiver -max_total_time=60 corpus/ */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shoe.h"

static uint32_t clock_ms;
static shoe_nv_t nvmem;
static wire_rx_t controller_side;

static void h_write(void *c, const uint8_t *b, size_t n) {
  size_t i;
  wire_result_t r;
  (void)c;
  for (i = 0; i < n; i++)
    if (wire_rx_push(&controller_side, b[i], &r) && r.reason != WIRE_OK) abort(); /* the shoe sent an invalid frame */
}
static uint32_t h_now(void *c) { (void)c; return clock_ms; }
static int h_load(void *c, shoe_nv_t *o) { (void)c; *o = nvmem; return 1; }
static void h_store(void *c, const shoe_nv_t *nv) { (void)c; nvmem = *nv; }
static const shoe_hooks_t hooks = {h_write, h_now, h_load, h_store};
static shoe_config_t cfg = {"FUZZ", {1, 0, 0}, 6, 7u, 0};
static shoe_t shoe;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t hello[36], wire[SHOE_MAX_WIRE];
  size_t i = 0, n;
  memset(&nvmem, 0, sizeof nvmem);
  clock_ms = 1000;
  wire_rx_init(&controller_side, WIRE_FROM_SHOE);
  shoe_init(&shoe, &cfg, &hooks, NULL);
  memset(hello, 0, sizeof hello);
  hello[0] = 2; hello[1] = 2; hello[2] = 2; hello[3] = 1;
  wire_put16(hello + 24, 1);
  wire_put32(hello + 28, 0x11223344u);
  wire_put32(hello + 32, nvmem.boot_nonce);
  n = wire_encode(MSG_HELLO, 0, hello, sizeof hello, wire);
  shoe_rx(&shoe, wire, n);
  shoe_loaded(&shoe, 6, 312);
  while (i < size) {
    size_t chunk = 1 + data[i] % 32;
    if (chunk > size - i) chunk = size - i;
    clock_ms += (uint32_t)data[i] * 4u;
    shoe_poll(&shoe);
    shoe_rx(&shoe, data + i, chunk);
    if (shoe_can_draw(&shoe)) shoe_card_drawn(&shoe, (uint8_t)(1 + data[i] % 13), (uint8_t)(1 + data[i] % 4), 90);
    i += chunk;
  }
  return 0;
}
