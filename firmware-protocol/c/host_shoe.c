/* host-shoe: the C shoe library playing a dealer shoe on a serial device or pty.
 *   host-shoe --serial PATH [--scripted] [--draw-ms MS] [--violate NAME]... [--cards FILE | --seed N]
 *             [--decks D] [--cut N] [--faults SPEC] [--serial-number S] [--stdin-commands]
 * --scripted: the dealer pulls a card every --draw-ms (default 150) whenever the gate is open.
 * --faults SPEC: the shoe emulator's grammar (src/adapters/shoe-emulator/README.md): drop=P,
 *   corrupt=P, dup=P, delay=P[:MS], misread=P, jam@N[:S], reversed@N[:S], dirty@N[:S], unplug@N:S,
 *   reboot@N[:S], seed=N.
 * --stdin-commands: one command a line on standard input, "unplug MS" (the cable pulled at the
 *   shoe's end for MS ms) or "reboot MS" (power lost for MS ms), for tests that choose the moment.
 * --violate NAME breaks one rule on purpose: skip-seq, reuse-nonce, ignore-gate, ack-out-of-order,
 *   bad-crc-retransmit (shoe.h SHOE_VIOLATE_*).
 * Logs one line per event on stderr ("dealt N CARD" for every card that leaves the shoe). POSIX host
 * program; the library itself needs no OS. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "host_shoe.h"

#define RESCAN_MS 300u /* the emulator's rescan time (§7.4.2) */

static volatile sig_atomic_t stop_flag = 0;
static void on_signal(int sig) { (void)sig; stop_flag = 1; }

static host_t host;
static shoe_t shoe;
static shoe_config_t cfg;
static uint8_t ranks[HOST_MAX_CARDS], suits[HOST_MAX_CARDS];
static unsigned ncards, dealt, decks = 6;
static long cut = -1, cut_base = 0;
static int unplugged, powered = 1, cut_done;
static uint64_t wake_at, rescan_at, clear_at[4]; /* clear_at[code]: FAULT codes 1..3 (§7.4.7) */
static unsigned rescan_card;

static uint32_t hook_now(void *ctx) { (void)ctx; return (uint32_t)host_ms(); }
static int hook_nv_load(void *ctx, shoe_nv_t *out) { *out = ((host_t *)ctx)->nv; return 1; }
static void hook_nv_store(void *ctx, const shoe_nv_t *nv) { ((host_t *)ctx)->nv = *nv; }
static const shoe_hooks_t hooks = {host_write, hook_now, hook_nv_load, hook_nv_store};

static unsigned violation(const char *name) {
  if (!strcmp(name, "skip-seq")) return SHOE_VIOLATE_SKIP_SEQ;
  if (!strcmp(name, "reuse-nonce")) return SHOE_VIOLATE_REUSE_NONCE;
  if (!strcmp(name, "ignore-gate")) return SHOE_VIOLATE_IGNORE_GATE;
  if (!strcmp(name, "ack-out-of-order")) return SHOE_VIOLATE_ACK_OUT_OF_ORDER;
  if (!strcmp(name, "bad-crc-retransmit")) return SHOE_VIOLATE_BAD_CRC_RETX;
  return 0;
}

static void usage(void) {
  fprintf(stderr, "usage: host-shoe --serial PATH [--scripted] [--draw-ms MS] [--violate NAME]... "
                  "[--cards FILE | --seed N] [--decks D] [--cut N] [--faults SPEC] [--serial-number S] "
                  "[--stdin-commands]\n");
  exit(2);
}

static char card_rank(unsigned i) { return "A23456789TJQK"[ranks[i] - 1]; }
static char card_suit(unsigned i) { return "SHDC"[suits[i] - 1]; }

/* §2.3: the cable pulled at the shoe's end; the shoe keeps its state. */
static void unplug(uint64_t t, unsigned ms) {
  if (!powered || unplugged) return;
  unplugged = 1;
  shoe_set_connected(&shoe, 0);
  host.fifo_len = 0;
  wake_at = t + ms;
  fprintf(stderr, "unplugged %u ms\n", ms);
}

/* Power lost: RAM, queue and the blocking conditions with it (§8.2); the sequence state too. */
static void power_loss(uint64_t t, unsigned ms) {
  if (!powered) return;
  powered = 0; unplugged = 0;
  wake_at = t + ms;
  host.fifo_len = 0;
  rescan_at = 0;
  memset(clear_at, 0, sizeof clear_at);
  fprintf(stderr, "power lost %u ms\n", ms);
}

static void wake(void) {
  if (unplugged) { unplugged = 0; shoe_set_connected(&shoe, 1); fprintf(stderr, "replugged\n"); }
  if (!powered) { /* §8.2: power back without sequence state */
    powered = 1;
    host.nv.valid = 0;
    shoe_init(&shoe, &cfg, &hooks, &host);
    if (cut >= 0 && !cut_done) cut_base = (long)dealt; /* drawIndex restarts at 1 (§7.4.4) */
    if (dealt < ncards) shoe_loaded(&shoe, (uint8_t)decks, (uint16_t)(ncards - dealt));
    fprintf(stderr, "rebooted, nonce %08x\n", (unsigned)host.nv.boot_nonce);
  }
}

static uint8_t confidence(void) { return (uint8_t)((shoe.dirty ? 60 : 90) + (unsigned)(host_mulberry(&host.dice) * 11.0)); }

/* The dealer pulls a card with the gate open: a scheduled fault first if one is due (the emulator's
 * order: it fires just before card N leaves), then the cut card if due, then the read. */
static void pull(uint64_t t) {
  unsigned next = shoe.draw_index + 1u;
  host_scheduled_t *f;
  while ((f = host_due(&host.plan, next)) != NULL && shoe_can_draw(&shoe)) {
    f->fired = 1;
    if (f->kind == HOST_UNPLUG) { unplug(t, f->ms); return; }
    if (f->kind == HOST_REBOOT) { power_loss(t, f->ms); return; }
    {
      uint8_t code = (uint8_t)(f->kind == HOST_JAM ? 1 : f->kind == HOST_DIRTY ? 2 : 3);
      shoe_fault(&shoe, code, 1);
      clear_at[code] = t + f->ms;
      fprintf(stderr, "fault %u raised for %u ms\n", code, (unsigned)f->ms);
    }
  }
  if (!shoe_can_draw(&shoe)) return;
  if (cut >= 0 && !cut_done && (long)shoe.draw_index + cut_base >= cut) { cut_done = 1; shoe_cut_card(&shoe); }
  if (host.plan.misread > 0 && host_mulberry(&host.dice) < host.plan.misread) {
    if (shoe_card_unreadable(&shoe) != 0) return;
    rescan_card = dealt;
    rescan_at = t + RESCAN_MS;
    fprintf(stderr, "dealt %u %c%c misread\n", shoe.draw_index, card_rank(dealt), card_suit(dealt));
    dealt++;
    return;
  }
  if (shoe_card_drawn(&shoe, ranks[dealt], suits[dealt], confidence()) == 0) {
    fprintf(stderr, "dealt %u %c%c\n", shoe.draw_index, card_rank(dealt), card_suit(dealt));
    dealt++;
  }
}

/* Timers of the shoe's mechanics: the rescan's read, faults clearing. */
static void mechanics(uint64_t t) {
  uint8_t code;
  if (rescan_at && t >= rescan_at) {
    rescan_at = 0;
    shoe_card_rescanned(&shoe, ranks[rescan_card], suits[rescan_card], confidence());
  }
  for (code = 1; code <= 3; code++)
    if (clear_at[code] && t >= clear_at[code]) { clear_at[code] = 0; shoe_fault(&shoe, code, 0); fprintf(stderr, "fault %u cleared\n", code); }
}

/* --stdin-commands: "unplug MS" / "reboot MS", one a line. Returns 0 at end of input. */
static int commands(uint64_t t) {
  static char line[128];
  static size_t len;
  char buf[128];
  ssize_t n = read(STDIN_FILENO, buf, sizeof buf), i;
  if (n <= 0) return 0;
  for (i = 0; i < n; i++) {
    unsigned ms;
    if (buf[i] != '\n') { if (len < sizeof line - 1) line[len++] = buf[i]; continue; }
    line[len] = 0;
    len = 0;
    if (sscanf(line, "unplug %u", &ms) == 1) unplug(t, ms);
    else if (sscanf(line, "reboot %u", &ms) == 1) power_loss(t, ms);
    else fprintf(stderr, "host-shoe: unknown command: %s\n", line);
  }
  return 1;
}

static void raw_line(int fd) {
  struct termios tio;
  if (tcgetattr(fd, &tio) != 0) return;
  tio.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
  tio.c_oflag &= ~(tcflag_t)OPOST;
  tio.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  tio.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
  tio.c_cflag |= CS8;
  cfsetispeed(&tio, B115200);
  cfsetospeed(&tio, B115200);
  tcsetattr(fd, TCSANOW, &tio);
}

int main(int argc, char **argv) {
  const char *path = NULL, *cards_file = NULL;
  int scripted = 0, stdin_open = 0, i;
  unsigned seed = 1, draw_ms = 150;
  uint64_t last_draw = 0;
  char faults[2048] = "";

  strcpy(cfg.serial, "C-SHOE-0001");
  cfg.fw[0] = 1; cfg.fw[1] = 0; cfg.fw[2] = 0;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--scripted")) { scripted = 1; continue; }
    if (!strcmp(a, "--stdin-commands")) { stdin_open = 1; continue; }
    if (!v) usage();
    i++;
    if (!strcmp(a, "--serial")) path = v;
    else if (!strcmp(a, "--violate")) { unsigned b = violation(v); if (!b) usage(); cfg.violate |= b; }
    else if (!strcmp(a, "--cards")) cards_file = v;
    else if (!strcmp(a, "--seed")) seed = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--decks")) decks = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--cut")) cut = strtol(v, NULL, 10);
    else if (!strcmp(a, "--draw-ms")) draw_ms = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--faults")) { if (strlen(v) >= sizeof faults) usage(); strcpy(faults, v); }
    else if (!strcmp(a, "--serial-number")) { strncpy(cfg.serial, v, 16); cfg.serial[16] = 0; }
    else usage();
  }
  if (!path || decks < 1 || decks > 8) usage();
  if (!host_parse_faults(&host.plan, faults)) { fprintf(stderr, "host-shoe: bad --faults\n"); return 2; }
  host.dice = host.plan.has_seed ? host.plan.seed : seed; /* the emulator's default: the shoe seed */
  if (cards_file) {
    int n = host_cards_file(cards_file, ranks, suits);
    if (n < 0) { perror(cards_file); return 2; }
    ncards = (unsigned)n;
  } else {
    ncards = host_shuffled(decks, seed, ranks, suits);
    if (cut < 0) cut = (long)(ncards * 3 / 4); /* the emulator's default cut card: 75 % */
  }
  cfg.decks = (uint8_t)decks;
  cfg.nonce_salt = (uint32_t)time(NULL) ^ (uint32_t)getpid();
  host.fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (host.fd < 0) { perror(path); return 1; }
  raw_line(host.fd);
  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);
  shoe_init(&shoe, &cfg, &hooks, &host);
  if (ncards > 0) shoe_loaded(&shoe, (uint8_t)decks, (uint16_t)ncards);
  fprintf(stderr, "host-shoe: %s, %u cards, nonce %08x\n", path, ncards, (unsigned)host.nv.boot_nonce);

  while (!stop_flag) {
    struct pollfd pfd[2];
    uint8_t buf[256];
    uint64_t t;
    pfd[0].fd = host.fd;
    pfd[0].events = POLLIN;
    pfd[1].fd = stdin_open ? STDIN_FILENO : -1;
    pfd[1].events = POLLIN;
    pfd[0].revents = pfd[1].revents = 0;
    if (poll(pfd, 2, 5) > 0) {
      if (pfd[0].revents & POLLIN) {
        ssize_t n = read(host.fd, buf, sizeof buf);
        if (n > 0 && powered && !unplugged) host_receive(&host, &shoe, buf, (size_t)n);
      }
      if (pfd[1].revents & (POLLIN | POLLHUP)) stdin_open = commands(host_ms());
    }
    t = host_ms();
    if (wake_at && t >= wake_at) { wake_at = 0; wake(); }
    if (powered) mechanics(t); /* the shoe's mechanics go on with the cable out */
    if (powered && !unplugged) {
      shoe_poll(&shoe);
      if (scripted && dealt < ncards && rescan_at == 0 && t - last_draw >= draw_ms && shoe_can_draw(&shoe)) {
        last_draw = t;
        pull(t);
      }
      host_flush(&host);
    }
  }
  close(host.fd);
  return 0;
}
