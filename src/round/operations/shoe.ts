// Shoe operations: a new shoe, the burn, the cut card, and which cards it has given.
import { burnCount } from '../../rules/burn.js';
import { cardIndex, emptyCounts } from '../../rules/card-counts.js';
import type { Card } from '../../rules/cards.js';
import { foreignCardReason } from '../../rules/shoe-composition.js';
import type { RuleReason } from '../../rules/rule-reasons.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Emit, ShoeState, TableState } from '../table-state.js';
import { countsOwnedBy } from '../change-table.js';

export function loadShoe(s: TableState, rules: RuleSet, emit: Emit): void {
  const number = (s.shoe?.number ?? 0) + 1;
  const burnTarget = rules.burn.kind === 'fixed' ? rules.burn.count : null;
  s.shoe = { number, drawn: emptyCounts(), drawnCount: 0, burnTarget, burned: 0, cutCardSeen: false };
  // A burn called for the shoe before (a dealer change between its rounds) is the new shoe's own burn now.
  delete s.burnCalled;
  emit({ type: 'shoe.loaded', shoe: number });
}

export function recordDrawn(s: TableState, card: Card): void {
  if (!s.shoe) return;
  const i = cardIndex(card);
  // The counts are shared by a state and the drafts made from it (change-table.ts): replaced, never changed in
  // place — except on a table changed in place, whose counts nothing else shares.
  const drawn = countsOwnedBy(s) ? (s.shoe.drawn as number[]) : s.shoe.drawn.slice();
  drawn[i] = (drawn[i] ?? 0) + 1;
  s.shoe.drawn = drawn;
  s.shoe.drawnCount += 1;
}

/** Cards the shoe has given so far (burned, dealt, and set aside). */
export function cardsDrawn(shoe: Pick<ShoeState, 'drawnCount'> | null): number {
  return shoe ? shoe.drawnCount : 0;
}

/** How many of `card` the shoe has given. */
export function timesDrawn(shoe: Pick<ShoeState, 'drawn'> | null, card: Card): number {
  return shoe ? (shoe.drawn[cardIndex(card)] ?? 0) : 0;
}

export function foreignReason(s: TableState, rules: RuleSet, card: Card): RuleReason | null {
  return foreignCardReason(card, timesDrawn(s.shoe, card), rules);
}

export function burnComplete(s: TableState): boolean {
  const shoe = s.shoe;
  return shoe !== null && shoe.burnTarget !== null && shoe.burned >= shoe.burnTarget;
}

export function burnCard(s: TableState, rules: RuleSet, card: Card, emit: Emit): void {
  const shoe = s.shoe;
  if (!shoe) return;
  const first = shoe.burnTarget === null;
  if (first) shoe.burnTarget = burnCount(rules, card);
  shoe.burned += 1;
  recordDrawn(s, card);
  emit({
    type: 'card.burned',
    shoe: shoe.number,
    card,
    shown: first && rules.burn.kind === 'firstCardValue',
    remaining: (shoe.burnTarget ?? 0) - shoe.burned,
  });
}

/** The cut card leaving the shoe makes the current round the last one (the seed's cut-card rule). */
export function markCutCard(s: TableState, emit: Emit): void {
  if (!s.shoe) return;
  s.shoe.cutCardSeen = true;
  emit({ type: 'cut-card.seen', shoe: s.shoe.number, round: s.round });
}

/** No betting until a new shoe is loaded and burned. */
export function shoeReadyForBetting(s: TableState): boolean {
  return s.shoe !== null && !s.shoe.cutCardSeen && burnComplete(s);
}

/** The shoe is out (its end after the cut card, or a supervisor's shoe change): `shoe.finished`, once. */
export function finishTheShoe(shoe: ShoeState, emit: Emit): void {
  if (shoe.finished === true) return;
  shoe.finished = true;
  emit({ type: 'shoe.finished', shoe: shoe.number });
}
