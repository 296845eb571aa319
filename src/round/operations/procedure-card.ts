// The card and the box a procedure's input names (docs/procedures.md): the card as text parsed once,
// the box as seat and hand (no seat: the dealer).
import { parseCard, type Card } from '../../rules/cards.js';
import type { InputOf } from '../inputs.js';
import type { Hand } from '../../rules/hand.js';
import type { Box, TableState } from '../table-state.js';
import { reason, type Reason } from '../reasons.js';
import { findBox, findHand } from './hands.js';

export type NamedCard = { readonly card: Card; readonly why: null } | { readonly card: null; readonly why: Reason };

/** The card the input names, or why it names none. */
export function namedCard(sup: InputOf<'supervisor'>): NamedCard {
  if (sup.card === undefined) return { card: null, why: reason('procedureNeedsCard', { action: sup.action }) };
  const parsed = parseCard(sup.card);
  return parsed.ok ? { card: parsed.card, why: null } : { card: null, why: parsed.why };
}

/** The hand the input names (seat and hand, hand 0 by default), or null for the dealer; undefined when none. */
export function namedHand(s: TableState, sup: InputOf<'supervisor'>): { box: Box; hand: Hand } | null | undefined {
  if (sup.seat === undefined) return null;
  const box = findBox(s, sup.seat);
  const hand = box && findHand(box, sup.hand ?? 0);
  return box && hand ? { box, hand } : undefined;
}
