// The shoe runs out mid-round (docs/procedures.md, "The shoe runs out"; South Dakota 20:18:15:28: "if the
// shoe runs out of cards during a round, the discards are reshuffled and the round completed"): with a card
// due and every card of the shoe drawn, the table waits (the dealer's page says the shoe is out; the shoe has
// no frame for it, PROTOCOL.md §7.4); the reshuffled discards are loaded — the shoe less the cards on the
// table, by the shoe's SHOE_LOADED or the supervisor — and the round completes with the same boxes. The
// reloaded shoe is the last of its round: after it, a new shoe.
import type { Card } from '../../rules/cards.js';
import { cardIndex, emptyCounts } from '../../rules/card-counts.js';
import { shoeSize } from '../../rules/shoe-composition.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Emit, TableState } from '../table-state.js';
import { ruleFigures } from '../rule-figures.js';
import { placeForCard } from './card-place.js';
import { startTally, writeReceipt } from './shoe-receipt.js';

/** Every card of the shoe is drawn and the round still needs one. */
export function shoeRunOut(s: TableState, rules: RuleSet): boolean {
  const shoe = s.shoe;
  return shoe !== null && shoe.finished !== true && shoe.drawnCount >= ruleFigures(rules).shoeSize && s.boxes.length > 0 && placeForCard(s, rules) !== null;
}

function cardsInPlay(s: TableState): Card[] {
  const cards: Card[] = [...s.dealer.cards];
  for (const box of s.boxes) for (const hand of box.hands) cards.push(...hand.cards);
  return cards;
}

/** The discards, reshuffled, as a new shoe: every card but those on the table; no burn; its round is its last. */
export function loadDiscards(s: TableState, rules: RuleSet, by: string | undefined, emit: Emit, resume: boolean): void {
  const old = s.shoe;
  if (!old) return;
  writeReceipt(s, rules, 'shoeOut', emit);
  const inPlay = cardsInPlay(s);
  const drawn = emptyCounts();
  for (const card of inPlay) drawn[cardIndex(card)] = (drawn[cardIndex(card)] ?? 0) + 1;
  s.shoe = { number: old.number + 1, drawn, drawnCount: inPlay.length, burnTarget: 0, burned: 0, cutCardSeen: true };
  const who = by !== undefined ? { by } : {};
  startTally(s);
  emit({ type: 'shoe.reloaded', round: s.round, shoe: old.number + 1, inPlay: inPlay.length, cards: shoeSize(rules) - inPlay.length, ...who });
  if (resume) emit({ type: 'table.resumed', round: s.round, ...who });
}
