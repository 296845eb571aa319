/* host-shoe: the C shoe library playing a dealer shoe on a serial device or pty.
 *   host-shoe --serial PATH [--scripted] [--draw-ms MS] [--violate NAME]... [--cards FILE | --seed N]
 *             [--decks D] [--cut N] [--faults SPEC] [--serial-number S]
 * --scripted: the dealer pulls a card every --draw-ms (default 150) whenever the gate is open.
 * --faults SPEC: the shoe emulator's grammar (src/adapters/shoe-emulator/README.md), the items that
 *   make sense for firmware: drop=P, corrupt=P, delay=P[:MS], unplug@N:S, reboot@N[:S], seed=N.
 * --violate NAME breaks one rule on purpose: skip-seq, reuse-nonce, ignore-gate, ack-out-of-order,
 *   bad-crc-retransmit (shoe.h SHOE_VIOLATE_*).
 * Logs one line per event on stderr. POSIX host program; the library itself needs no OS. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "shoe.h"

#define MAX_CARDS 416 /* 8 decks */
#define OUT_FIFO 8192

static volatile sig_atomic_t stop_flag = 0;
static void on_signal(int sig) { (void)sig; stop_flag = 1; }

typedef struct {
  int fd;
  shoe_nv_t nv;
  /* faults */
  double drop, corrupt, delay_p;
  unsigned delay_ms;
  unsigned unplug_at[32], unplug_ms[32], n_unplug, reboot_at, reboot_ms;
  uint32_t dice;
  uint64_t stalled_until;
  uint8_t fifo[OUT_FIFO];
  size_t fifo_len;
} host_t;

static uint64_t mono_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* mulberry32, as src/random/prng.ts, so --seed N deals the emulator's shoe. */
static double mulberry(uint32_t *a) {
  uint32_t t;
  *a += 0x6D2B79F5u;
  t = *a;
  t = (t ^ (t >> 15)) * (t | 1u);
  t ^= t + (t ^ (t >> 7)) * (t | 61u);
  return (double)(t ^ (t >> 14)) / 4294967296.0;
}

/* ---- the four hooks ---- */
static void hook_write(void *ctx, const uint8_t *b, size_t n) {
  host_t *h = ctx;
  uint8_t tmp[SHOE_MAX_WIRE];
  if (h->drop > 0 && mulberry(&h->dice) < h->drop) { fprintf(stderr, "injected tx-drop\n"); return; }
  if (n > sizeof tmp) n = sizeof tmp;
  memcpy(tmp, b, n);
  if (h->corrupt > 0 && n > 2 && mulberry(&h->dice) < h->corrupt) {
    size_t i = 1 + (size_t)(mulberry(&h->dice) * (double)(n - 2));
    uint8_t mask = (uint8_t)(1u + (unsigned)(mulberry(&h->dice) * 255.0));
    tmp[i] ^= mask;
    fprintf(stderr, "injected tx-corrupt\n");
  }
  if (h->delay_p > 0 && mulberry(&h->dice) < h->delay_p) {
    h->stalled_until = mono_ms() + h->delay_ms;
    fprintf(stderr, "injected delay %u\n", h->delay_ms);
  }
  if (h->fifo_len + n <= OUT_FIFO) { memcpy(h->fifo + h->fifo_len, tmp, n); h->fifo_len += n; }
}
static uint32_t hook_now(void *ctx) { (void)ctx; return (uint32_t)mono_ms(); }
static int hook_nv_load(void *ctx, shoe_nv_t *out) { *out = ((host_t *)ctx)->nv; return 1; }
static void hook_nv_store(void *ctx, const shoe_nv_t *nv) { ((host_t *)ctx)->nv = *nv; }

static void flush(host_t *h) {
  ssize_t w;
  if (h->fifo_len == 0 || mono_ms() < h->stalled_until) return;
  w = write(h->fd, h->fifo, h->fifo_len);
  if (w > 0) { memmove(h->fifo, h->fifo + w, h->fifo_len - (size_t)w); h->fifo_len -= (size_t)w; }
}

static int parse_card(const char *t, uint8_t *rank, uint8_t *suit) {
  static const char R[] = "A23456789TJQK", S[] = "SHDC";
  const char *r, *s;
  if (strlen(t) != 2 || !(r = strchr(R, t[0])) || !(s = strchr(S, t[1]))) return 0;
  *rank = (uint8_t)(r - R + 1);
  *suit = (uint8_t)(s - S + 1);
  return 1;
}

static unsigned violation(const char *name) {
  if (!strcmp(name, "skip-seq")) return SHOE_VIOLATE_SKIP_SEQ;
  if (!strcmp(name, "reuse-nonce")) return SHOE_VIOLATE_REUSE_NONCE;
  if (!strcmp(name, "ignore-gate")) return SHOE_VIOLATE_IGNORE_GATE;
  if (!strcmp(name, "ack-out-of-order")) return SHOE_VIOLATE_ACK_OUT_OF_ORDER;
  if (!strcmp(name, "bad-crc-retransmit")) return SHOE_VIOLATE_BAD_CRC_RETX;
  return 0;
}

static int parse_faults(host_t *h, char *spec) {
  char *item = strtok(spec, ",");
  for (; item; item = strtok(NULL, ",")) {
    double p, s = 0;
    unsigned n, ms;
    while (*item == ' ') item++;
    if (sscanf(item, "drop=%lf", &p) == 1) h->drop = p;
    else if (sscanf(item, "corrupt=%lf", &p) == 1) h->corrupt = p;
    else if (sscanf(item, "delay=%lf:%u", &p, &ms) == 2) { h->delay_p = p; h->delay_ms = ms; }
    else if (sscanf(item, "delay=%lf", &p) == 1) { h->delay_p = p; h->delay_ms = 400; }
    else if (sscanf(item, "unplug@%u:%lf", &n, &s) == 2 && h->n_unplug < 32) {
      h->unplug_at[h->n_unplug] = n;
      h->unplug_ms[h->n_unplug++] = (unsigned)(s * 1000);
    }
    else if (sscanf(item, "reboot@%u:%lf", &n, &s) == 2) { h->reboot_at = n; h->reboot_ms = (unsigned)(s * 1000); }
    else if (sscanf(item, "reboot@%u", &n) == 1) { h->reboot_at = n; h->reboot_ms = 1000; }
    else if (sscanf(item, "seed=%u", &n) == 1) h->dice = n;
    else if (*item) return 0;
  }
  return 1;
}

static void usage(void) {
  fprintf(stderr, "usage: host-shoe --serial PATH [--scripted] [--draw-ms MS] [--violate NAME]... "
                  "[--cards FILE | --seed N] [--decks D] [--cut N] [--faults SPEC] [--serial-number S]\n");
  exit(2);
}

static host_t host;
static shoe_t shoe;
static shoe_config_t cfg;
static uint8_t ranks[MAX_CARDS], suits[MAX_CARDS];

int main(int argc, char **argv) {
  const char *path = NULL, *cards_file = NULL;
  int scripted = 0, seeded = 0, i, unplugged = 0, powered = 1, cut_done = 0;
  unsigned seed = 1, decks = 6, ncards = 0, dealt = 0, dealt_at_boot = 0, draw_ms = 150;
  long cut = -1;
  uint64_t last_draw = 0, wake_at = 0;
  const shoe_hooks_t hooks = {hook_write, hook_now, hook_nv_load, hook_nv_store};
  struct termios tio;
  char faults[2048] = "";

  strcpy(cfg.serial, "C-SHOE-0001");
  cfg.fw[0] = 1; cfg.fw[1] = 0; cfg.fw[2] = 0;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--scripted")) { scripted = 1; continue; }
    if (!v) usage();
    i++;
    if (!strcmp(a, "--serial")) path = v;
    else if (!strcmp(a, "--violate")) { unsigned b = violation(v); if (!b) usage(); cfg.violate |= b; }
    else if (!strcmp(a, "--cards")) cards_file = v;
    else if (!strcmp(a, "--seed")) { seed = (unsigned)strtoul(v, NULL, 10); seeded = 1; }
    else if (!strcmp(a, "--decks")) decks = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--cut")) cut = strtol(v, NULL, 10);
    else if (!strcmp(a, "--draw-ms")) draw_ms = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--faults")) { if (strlen(v) >= sizeof faults) usage(); strcpy(faults, v); }
    else if (!strcmp(a, "--serial-number")) { strncpy(cfg.serial, v, 16); cfg.serial[16] = 0; }
    else usage();
  }
  if (!path || decks < 1 || decks > 8) usage();
  host.dice = seed;
  if (!parse_faults(&host, faults)) { fprintf(stderr, "host-shoe: bad --faults\n"); return 2; }
  if (cards_file) {
    FILE *f = fopen(cards_file, "r");
    char tok[8];
    if (!f) { perror(cards_file); return 2; }
    while (ncards < MAX_CARDS && fscanf(f, "%7s", tok) == 1)
      if (parse_card(tok, &ranks[ncards], &suits[ncards])) ncards++;
    fclose(f);
  } else {
    uint32_t st = seed;
    unsigned d, k;
    (void)seeded;
    for (d = 0; d < decks; d++)
      for (k = 0; k < 52; k++) { ranks[ncards] = (uint8_t)(k % 13 + 1); suits[ncards] = (uint8_t)(k / 13 + 1); ncards++; }
    for (k = ncards - 1; k > 0; k--) { /* Fisher-Yates, as src/random/prng.ts shuffle */
      unsigned j = (unsigned)floor(mulberry(&st) * (double)(k + 1));
      uint8_t r = ranks[k], s = suits[k];
      ranks[k] = ranks[j]; suits[k] = suits[j]; ranks[j] = r; suits[j] = s;
    }
    if (cut < 0) cut = (long)(ncards * 3 / 4); /* the emulator's default cut card: 75 % */
  }
  cfg.decks = (uint8_t)decks;
  cfg.nonce_salt = (uint32_t)time(NULL) ^ (uint32_t)getpid();
  host.fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (host.fd < 0) { perror(path); return 1; }
  if (tcgetattr(host.fd, &tio) == 0) {
    tio.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    tio.c_oflag &= ~(tcflag_t)OPOST;
    tio.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    tio.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    tio.c_cflag |= CS8;
    cfsetispeed(&tio, B115200);
    cfsetospeed(&tio, B115200);
    tcsetattr(host.fd, TCSANOW, &tio);
  }
  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);
  shoe_init(&shoe, &cfg, &hooks, &host);
  if (ncards > 0) shoe_loaded(&shoe, (uint8_t)decks, (uint16_t)ncards);
  fprintf(stderr, "host-shoe: %s, %u cards, nonce %08x\n", path, ncards, (unsigned)host.nv.boot_nonce);

  while (!stop_flag) {
    struct pollfd pfd;
    uint8_t buf[256];
    uint64_t t = mono_ms();
    pfd.fd = host.fd;
    pfd.events = POLLIN;
    if (poll(&pfd, 1, 5) > 0 && (pfd.revents & POLLIN)) {
      ssize_t n = read(host.fd, buf, sizeof buf);
      if (n > 0 && powered && !unplugged) shoe_rx(&shoe, buf, (size_t)n);
    }
    t = mono_ms();
    if (wake_at && t >= wake_at) {
      wake_at = 0;
      if (unplugged) { unplugged = 0; shoe_set_connected(&shoe, 1); fprintf(stderr, "replugged\n"); }
      if (!powered) { /* §8.2: power back without sequence state */
        powered = 1;
        host.nv.valid = 0;
        shoe_init(&shoe, &cfg, &hooks, &host);
        dealt_at_boot = dealt; /* drawIndex restarts at 1 (§7.4.4) */
        if (dealt < ncards) shoe_loaded(&shoe, (uint8_t)decks, (uint16_t)(ncards - dealt));
        fprintf(stderr, "rebooted, nonce %08x\n", (unsigned)host.nv.boot_nonce);
      }
    }
    if (powered && !unplugged) {
      shoe_poll(&shoe);
      if (scripted && dealt < ncards && t - last_draw >= draw_ms && shoe_can_draw(&shoe)) {
        unsigned next = shoe.draw_index + 1u;
        last_draw = t;
        unsigned u, unplug_ms = 0;
        for (u = 0; u < host.n_unplug; u++)
          if (host.unplug_at[u] == next) { unplug_ms = host.unplug_ms[u]; host.unplug_at[u] = 0; }
        if (unplug_ms) { /* §2.3: the cable pulled at the shoe's end; state kept */
          unplugged = 1; wake_at = t + unplug_ms;
          shoe_set_connected(&shoe, 0); host.fifo_len = 0;
          fprintf(stderr, "unplugged %u ms\n", unplug_ms);
          continue;
        }
        if (host.reboot_at && next == host.reboot_at) {
          host.reboot_at = 0; powered = 0; wake_at = t + host.reboot_ms;
          host.fifo_len = 0;
          fprintf(stderr, "power lost %u ms\n", host.reboot_ms);
          continue;
        }
        if (cut >= 0 && !cut_done && (long)(shoe.draw_index + dealt_at_boot) >= cut) { cut_done = 1; shoe_cut_card(&shoe); }
        if (shoe_card_drawn(&shoe, ranks[dealt], suits[dealt], 95) == 0) {
          fprintf(stderr, "dealt %u %c%c\n", shoe.draw_index, "A23456789TJQK"[ranks[dealt] - 1], "SHDC"[suits[dealt] - 1]);
          dealt++;
        }
      }
    }
    if (!unplugged) flush(&host);
  }
  close(host.fd);
  return 0;
}
