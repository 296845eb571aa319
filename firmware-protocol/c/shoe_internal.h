/* Internal to the shoe library (shoe.c, shoe_events.c): not part of the porting interface. */
#ifndef SHOE_INTERNAL_H
#define SHOE_INTERNAL_H

#include "shoe.h"

/* §9.5: appends an event to the transmit queue and sends it when nothing is unacknowledged
 * (§9.1). Returns -1 when the queue is full. */
int shoe_enqueue_(shoe_t *s, uint8_t id, const uint8_t *payload, uint8_t len);

#endif
