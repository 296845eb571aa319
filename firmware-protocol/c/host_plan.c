/* host-shoe: the --faults plan (the shoe emulator's grammar, src/adapters/shoe-emulator/faults.ts)
 * and the cards (a file, or the emulator's seeded shuffle). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "host_shoe.h"

uint64_t host_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

double host_mulberry(uint32_t *a) {
  uint32_t t;
  *a += 0x6D2B79F5u;
  t = *a;
  t = (t ^ (t >> 15)) * (t | 1u);
  t ^= t + (t ^ (t >> 7)) * (t | 61u);
  return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static int schedule(host_plan_t *p, host_kind_t kind, unsigned n, double seconds) {
  host_scheduled_t *f;
  if (p->n_scheduled >= HOST_MAX_SCHEDULED || n < 1 || n > 0xFFFFu || seconds < 0) return 0;
  f = &p->scheduled[p->n_scheduled++];
  f->kind = (uint8_t)kind;
  f->fired = 0;
  f->before_card = (uint16_t)n;
  f->ms = (uint32_t)(seconds * 1000.0 + 0.5);
  return 1;
}

/* name@N[:S]: S seconds, else the kind's default. */
static int scheduled_item(host_plan_t *p, const char *item) {
  static const struct { const char *name; host_kind_t kind; double dflt; int needs_s; } kinds[] = {
    {"unplug@", HOST_UNPLUG, 0, 1}, {"reboot@", HOST_REBOOT, 1, 0}, {"jam@", HOST_JAM, 2, 0},
    {"reversed@", HOST_REVERSED, 1, 0}, {"dirty@", HOST_DIRTY, 5, 0}};
  size_t k;
  for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    size_t len = strlen(kinds[k].name);
    unsigned n;
    double s;
    char tail;
    if (strncmp(item, kinds[k].name, len) != 0) continue;
    if (sscanf(item + len, "%u:%lf%c", &n, &s, &tail) == 2) return schedule(p, kinds[k].kind, n, s);
    if (!kinds[k].needs_s && sscanf(item + len, "%u%c", &n, &tail) == 1) return schedule(p, kinds[k].kind, n, kinds[k].dflt);
    return 0;
  }
  return 0;
}

int host_parse_faults(host_plan_t *p, char *spec) {
  char *item = strtok(spec, ",");
  p->delay_ms = 400;
  for (; item; item = strtok(NULL, ",")) {
    double v;
    unsigned n, ms;
    char tail;
    while (*item == ' ') item++;
    if (!*item) continue;
    if (sscanf(item, "drop=%lf%c", &v, &tail) == 1) p->drop = v;
    else if (sscanf(item, "corrupt=%lf%c", &v, &tail) == 1) p->corrupt = v;
    else if (sscanf(item, "dup=%lf%c", &v, &tail) == 1) p->dup = v;
    else if (sscanf(item, "misread=%lf%c", &v, &tail) == 1) p->misread = v;
    else if (sscanf(item, "delay=%lf:%u%c", &v, &ms, &tail) == 2) { p->delay_p = v; p->delay_ms = ms; }
    else if (sscanf(item, "delay=%lf%c", &v, &tail) == 1) p->delay_p = v;
    else if (sscanf(item, "seed=%u%c", &n, &tail) == 1) { p->seed = n; p->has_seed = 1; }
    else if (!scheduled_item(p, item)) return 0;
  }
  return 1;
}

host_scheduled_t *host_due(host_plan_t *p, unsigned next) {
  unsigned i;
  for (i = 0; i < p->n_scheduled; i++)
    if (!p->scheduled[i].fired && p->scheduled[i].before_card == next) return &p->scheduled[i];
  return NULL;
}

unsigned host_shuffled(unsigned decks, uint32_t seed, uint8_t *ranks, uint8_t *suits) {
  unsigned d, k, n = 0;
  for (d = 0; d < decks; d++)
    for (k = 0; k < 52; k++) { ranks[n] = (uint8_t)(k % 13 + 1); suits[n] = (uint8_t)(k / 13 + 1); n++; }
  for (k = n - 1; k > 0; k--) { /* Fisher-Yates, as src/random/prng.ts shuffle */
    unsigned j = (unsigned)floor(host_mulberry(&seed) * (double)(k + 1));
    uint8_t r = ranks[k], s = suits[k];
    ranks[k] = ranks[j]; suits[k] = suits[j]; ranks[j] = r; suits[j] = s;
  }
  return n;
}

int host_cards_file(const char *path, uint8_t *ranks, uint8_t *suits) {
  static const char R[] = "A23456789TJQK", S[] = "SHDC";
  FILE *f = fopen(path, "r");
  char tok[8];
  int n = 0;
  if (!f) return -1;
  while (n < HOST_MAX_CARDS && fscanf(f, "%7s", tok) == 1) {
    const char *r, *s;
    if (strlen(tok) != 2 || !(r = strchr(R, tok[0])) || !(s = strchr(S, tok[1]))) continue;
    ranks[n] = (uint8_t)(r - R + 1);
    suits[n] = (uint8_t)(s - S + 1);
    n++;
  }
  fclose(f);
  return n;
}
