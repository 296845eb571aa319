/* host-shoe's own parts (not the library): the fault plan of --faults, the line with its faults, the
 * cards. POSIX host code; the library (shoe.h) needs none of it. */
#ifndef HOST_SHOE_H
#define HOST_SHOE_H

#include <stddef.h>
#include <stdint.h>

#include "shoe.h"

#define HOST_MAX_CARDS 416 /* 8 decks */
#define HOST_MAX_SCHEDULED 64
#define HOST_OUT_FIFO 8192

/* What happens just before card N (1-based drawIndex) leaves the shoe: the emulator's scheduled
 * faults (src/adapters/shoe-emulator/faults.ts). */
typedef enum { HOST_UNPLUG = 1, HOST_REBOOT, HOST_JAM, HOST_REVERSED, HOST_DIRTY } host_kind_t;

typedef struct {
  uint8_t kind;
  uint8_t fired;
  uint16_t before_card;
  uint32_t ms;
} host_scheduled_t;

typedef struct {
  double drop, corrupt, dup, delay_p, misread; /* per frame / per card probabilities */
  unsigned delay_ms;
  host_scheduled_t scheduled[HOST_MAX_SCHEDULED];
  unsigned n_scheduled;
  int has_seed;
  uint32_t seed;
} host_plan_t;

typedef struct {
  int fd;
  shoe_nv_t nv;
  host_plan_t plan;
  uint32_t dice;             /* mulberry32 state of the fault dice */
  uint64_t stalled_until;    /* delay: the transmit stream stalls until then */
  uint8_t fifo[HOST_OUT_FIFO];
  size_t fifo_len;
  /* controller → shoe: the fate of the frame being received (line faults, per frame) */
  uint8_t rx_fate, rx_mask;
  size_t rx_pos;
} host_t;

uint64_t host_ms(void);
/* mulberry32, as src/random/prng.ts, so --seed N deals the emulator's shoe. */
double host_mulberry(uint32_t *state);

/* host_plan.c: parses the emulator's --faults grammar (spec is modified); 0 on a bad item. */
int host_parse_faults(host_plan_t *plan, char *spec);
/* The first scheduled fault due before card `next` not yet fired, or NULL. */
host_scheduled_t *host_due(host_plan_t *plan, unsigned next);
/* A seeded shoe, the emulator's shuffledShoe(decks, mulberry32(seed)); returns the card count. */
unsigned host_shuffled(unsigned decks, uint32_t seed, uint8_t *ranks, uint8_t *suits);
/* Cards from a file ("AS TD 9H ..."); returns the count or -1 when it cannot be read. */
int host_cards_file(const char *path, uint8_t *ranks, uint8_t *suits);

/* host_line.c: the four hooks' write with the line faults on the way out, and the way in. */
void host_write(void *ctx, const uint8_t *bytes, size_t n);
void host_flush(host_t *h);
/* Passes bytes read from the line to the shoe, dropping or damaging whole frames per the plan. */
void host_receive(host_t *h, shoe_t *s, const uint8_t *bytes, size_t n);

#endif
