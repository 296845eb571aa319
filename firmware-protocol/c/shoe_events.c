/* The shoe's events (PROTOCOL.md §7.4) and the allowance they spend (§7.5.3): see shoe.h. */
#include "shoe_internal.h"

/* ---- events (§7.4) ---- */

static void spend_allowance(shoe_t *s) { /* §7.5.3 */
  if (s->allowance > 0 && --s->allowance == 0) s->commanded_gate = SHOE_GATE_LOCKED;
}

static int card_event(shoe_t *s, uint16_t index, uint8_t rank, uint8_t suit, uint8_t conf, int rescan) {
  uint8_t p[6];
  wire_put16(p, index);
  p[2] = rank; p[3] = suit; p[4] = conf > 100 ? 100 : conf; p[5] = (uint8_t)(rescan ? 1 : 0);
  return shoe_enqueue_(s, MSG_CARD_DRAWN, p, 6);
}

int shoe_card_drawn(shoe_t *s, uint8_t rank, uint8_t suit, uint8_t confidence) {
  if (s->q_count >= SHOE_QUEUE_LEN) return -1;
  s->draw_index++;
  spend_allowance(s);
  return card_event(s, s->draw_index, rank, suit, confidence, 0);
}

int shoe_card_unreadable(shoe_t *s) {
  uint8_t p[2];
  if (s->q_count >= SHOE_QUEUE_LEN) return -1;
  s->draw_index++;
  spend_allowance(s);
  s->rescan = 1; /* §7.4.2: held locked until the rescan */
  wire_put16(p, s->draw_index);
  return shoe_enqueue_(s, MSG_CARD_UNREADABLE, p, 2);
}

int shoe_card_rescanned(shoe_t *s, uint8_t rank, uint8_t suit, uint8_t confidence) {
  s->rescan = 0;
  return card_event(s, s->draw_index, rank, suit, confidence, 1);
}

int shoe_cut_card(shoe_t *s) {
  uint8_t p[2];
  s->cut_seen = 1;
  wire_put16(p, s->draw_index);
  return shoe_enqueue_(s, MSG_CUT_CARD_SEEN, p, 2);
}

int shoe_loaded(shoe_t *s, uint8_t decks, uint16_t card_count) {
  uint8_t p[3];
  s->draw_index = 0;
  s->cut_seen = 0;
  s->shoe_present = 1;
  s->deck_count = decks;
  p[0] = decks;
  wire_put16(p + 1, card_count);
  return shoe_enqueue_(s, MSG_SHOE_LOADED, p, 3);
}

int shoe_removed(shoe_t *s) {
  uint8_t p[2];
  wire_put16(p, s->draw_index);
  s->shoe_present = 0;
  s->deck_count = 0;
  return shoe_enqueue_(s, MSG_SHOE_REMOVED, p, 2);
}

int shoe_button(shoe_t *s, uint8_t button, uint8_t press) {
  uint8_t p[2];
  p[0] = button;
  p[1] = press;
  return shoe_enqueue_(s, MSG_DEALER_BUTTON, p, 2);
}

int shoe_fault(shoe_t *s, uint8_t code, int raised) {
  uint8_t p[4];
  uint8_t v = (uint8_t)(raised ? 1 : 0);
  if (code == 1) s->jam = v;
  else if (code == 2) s->dirty = v;
  else s->reversed = v;
  p[0] = code;
  p[1] = (uint8_t)(raised ? 1 : 2);
  wire_put16(p + 2, code == 2 ? 0 : (uint16_t)(s->draw_index + 1));
  return shoe_enqueue_(s, MSG_FAULT, p, 4);
}

int shoe_status(shoe_t *s, uint16_t in_reply_to) {
  uint8_t p[9];
  wire_put16(p, in_reply_to);
  p[2] = (uint8_t)shoe_gate(s);
  p[3] = s->shoe_present;
  p[4] = s->shoe_present ? s->deck_count : 0;
  wire_put16(p + 5, s->draw_index);
  p[7] = s->cut_seen;
  p[8] = (uint8_t)(s->jam | (s->dirty << 1) | (s->reversed << 2));
  return shoe_enqueue_(s, MSG_STATUS, p, 9);
}
