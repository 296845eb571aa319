/* host-shoe: the line, with the emulator's line faults (src/adapters/shoe-emulator/faulty-wire.ts):
 * frames dropped, damaged, duplicated or the transmit stream stalled on the way out; frames dropped
 * or damaged on the way in. A serial line cannot reorder bytes, so a delay stalls everything queued. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "host_shoe.h"

enum { RX_BETWEEN = 0, RX_PASS, RX_DROP, RX_CORRUPT };

static int roll(host_t *h, double p) { return p > 0 && host_mulberry(&h->dice) < p; }

static void push(host_t *h, const uint8_t *b, size_t n) {
  if (h->fifo_len + n > HOST_OUT_FIFO) { fprintf(stderr, "transmit buffer full: frame lost\n"); return; }
  memcpy(h->fifo + h->fifo_len, b, n);
  h->fifo_len += n;
}

void host_write(void *ctx, const uint8_t *b, size_t n) {
  host_t *h = ctx;
  uint8_t tmp[SHOE_MAX_WIRE];
  if (roll(h, h->plan.drop)) { fprintf(stderr, "injected tx-drop\n"); return; }
  if (n > sizeof tmp) n = sizeof tmp;
  memcpy(tmp, b, n);
  if (n > 2 && roll(h, h->plan.corrupt)) { /* inside the COBS block */
    size_t i = 1 + (size_t)(host_mulberry(&h->dice) * (double)(n - 2));
    tmp[i] ^= (uint8_t)(1u + (unsigned)(host_mulberry(&h->dice) * 255.0));
    fprintf(stderr, "injected tx-corrupt\n");
  }
  if (roll(h, h->plan.delay_p)) {
    uint64_t until = host_ms() + h->plan.delay_ms;
    if (until > h->stalled_until) h->stalled_until = until;
    fprintf(stderr, "injected delay %u\n", h->plan.delay_ms);
  }
  push(h, tmp, n);
  if (roll(h, h->plan.dup)) { fprintf(stderr, "injected dup\n"); push(h, tmp, n); }
}

void host_flush(host_t *h) {
  ssize_t w;
  if (h->fifo_len == 0 || host_ms() < h->stalled_until) return;
  w = write(h->fd, h->fifo, h->fifo_len);
  if (w > 0) { memmove(h->fifo, h->fifo + w, h->fifo_len - (size_t)w); h->fifo_len -= (size_t)w; }
}

void host_receive(host_t *h, shoe_t *s, const uint8_t *b, size_t n) {
  uint8_t out[512];
  size_t i, k = 0;
  if (h->plan.drop <= 0 && h->plan.corrupt <= 0) { shoe_rx(s, b, n); return; }
  for (i = 0; i < n; i++) {
    uint8_t c = b[i];
    if (c == 0) { h->rx_fate = RX_BETWEEN; out[k++] = c; }
    else {
      if (h->rx_fate == RX_BETWEEN) { /* the first byte of a frame: its fate on this line */
        h->rx_pos = 0;
        if (roll(h, h->plan.drop)) { h->rx_fate = RX_DROP; fprintf(stderr, "injected rx-drop\n"); }
        else if (roll(h, h->plan.corrupt)) {
          h->rx_fate = RX_CORRUPT;
          h->rx_mask = (uint8_t)(1u + (unsigned)(host_mulberry(&h->dice) * 255.0));
          fprintf(stderr, "injected rx-corrupt\n");
        } else h->rx_fate = RX_PASS;
      }
      /* A damaged byte never becomes a delimiter: the frame stays one frame, with a bad CRC. */
      if (h->rx_fate == RX_CORRUPT && h->rx_pos == 2) c = (uint8_t)((c ^ h->rx_mask) ? c ^ h->rx_mask : (c == 0xFF ? 0x7F : 0xFF));
      h->rx_pos++;
      if (h->rx_fate != RX_DROP) out[k++] = c;
    }
    if (k == sizeof out) { shoe_rx(s, out, k); k = 0; }
  }
  if (k) shoe_rx(s, out, k);
}
