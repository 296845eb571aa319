// Misscan and rescan (docs/procedures.md, "Misscan"): a card the shoe could not read (CARD_UNREADABLE,
// PROTOCOL.md §7.4.2, "the controller resolves the unreadable card by its own procedure (e.g. manual
// entry)") is entered by hand and goes where the table expected it; a card read wrong is corrected to what
// it truly is. The round goes on when the correction changes nothing already decided — the card is still
// the last one on the hand whose decision is awaited, or the initial deal is not complete, or it is the
// dealer's last draw while the dealer still draws — and is voided with the reason otherwise (studio
// "Misscan": a bad scan cancels the round only if it affected the result).
import type { Card } from '../../rules/cards.js';
import { cardIndex } from '../../rules/card-counts.js';
import { handTotalOf } from '../../rules/hand-total.js';
import { naturalKind } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import type { InputOf } from '../inputs.js';
import type { Box, Emit, SideBet, TableState } from '../table-state.js';
import type { Hand } from '../../rules/hand.js';
import { reason, type Reason } from '../reasons.js';
import { foreignReason } from './shoe.js';
import { initialDealComplete } from './dealing.js';
import { announceTurn, finishHand, handInTurn } from './hands.js';
import { voidRound } from './settlement.js';
import { setAsideFaultCard } from './supervision.js';
import { placeCard, placeForCard } from './card-place.js';
import { namedCard, namedHand } from './procedure-card.js';

type Sup = InputOf<'supervisor'>;

/** Why a card cannot be entered by hand now; null when it can. */
export function refuseEntry(s: TableState, rules: RuleSet, sup: Sup): Reason | null {
  if (!s.shoeFaults.includes('misread')) return reason('misreadNotOpen', NO_PARAMS);
  const named = namedCard(sup);
  if (named.card === null) return named.why;
  const others = s.shoeFaults.filter((f) => f !== 'misread');
  if (others.length > 0) return reason('pausedShoeFault', { faults: others.join(', ') });
  if (s.faultCard) return reason('pausedFaultCard', { fault: s.faultCard.kind, card: s.faultCard.card });
  if (placeForCard(s, rules) === null) return reason('noCardDue', NO_PARAMS);
  return foreignReason(s, rules, named.card);
}

/** The unread card, entered by hand: the misread clears, the table resumes, the card goes where it was due. */
export function enterCard(s: TableState, rules: RuleSet, sup: Sup, emit: Emit): void {
  const { card } = namedCard(sup);
  const place = placeForCard(s, rules);
  if (card === null || place === null) return;
  const by = sup.by !== undefined ? { by: sup.by } : {};
  s.shoeFaults = s.shoeFaults.filter((f) => f !== 'misread');
  emit({ type: 'fault.cleared', round: s.round, fault: 'misread' });
  emit({ type: 'card.entered', round: s.round, card, ...by });
  emit({ type: 'table.resumed', round: s.round, ...by });
  placeCard(s, rules, card, place, emit);
}

export type Correction =
  | { readonly refused: Reason }
  | { readonly refused: null; readonly read: Card; readonly card: Card; readonly stands: boolean };

/** Whether a correction is taken, and if so whether the round stands with it. */
export function judgeCorrection(s: TableState, rules: RuleSet, sup: Sup): Correction {
  if (s.boxes.length === 0) return { refused: reason('noRoundToCorrect', NO_PARAMS) };
  const named = namedCard(sup);
  if (named.card === null) return { refused: named.why };
  const card = named.card;
  const target = namedHand(s, sup);
  if (target === undefined) return { refused: reason('noCardOnHand', { seat: sup.seat ?? 0, hand: sup.hand ?? 0 }) };
  const cards = target ? target.hand.cards : s.dealer.cards;
  const read = cards[cards.length - 1];
  if (read === undefined) return target ? { refused: reason('noCardOnHand', { seat: target.box.seat, hand: target.hand.index }) } : { refused: reason('noDealerCard', NO_PARAMS) };
  if (read === card) return { refused: reason('correctionSameCard', { card }) };
  const foreign = foreignReason(s, rules, card);
  if (foreign) return { refused: foreign };
  const settled = target ? sideBetSettledOn(target.box, target.hand) : undefined;
  if (settled) return { refused: reason('sideBetSettledOnCard', { read, card, kind: settled.kind }) };
  return { refused: null, read, card, stands: nothingDecided(s, rules, sup, card) };
}

/**
 * A side bet already settled on the box's first cards when the card is one of them (Pairs on the first two,
 * Super Match on the first two of each hand): the correction would void the round, and a void returns every
 * bet (seed 002, "Обработка ошибок": «раунд будет отменен, и все ставки будут возвращены») — which a
 * payment already made cannot honour, so the correction is refused with the reason (docs/procedures.md).
 */
function sideBetSettledOn(box: Box, hand: Hand): SideBet | undefined {
  if (hand.cards.length > 2 || hand.fromSplit) return undefined;
  return box.sideBets.find((bet) => bet.settled);
}

/** Nothing the table did since the card depends on it (see the file's header). */
function nothingDecided(s: TableState, rules: RuleSet, sup: Sup, card: Card): boolean {
  if (!initialDealComplete(s, rules)) return true;
  const target = namedHand(s, sup);
  if (!target) return s.dealer.cards.length >= 3 && placeForCard(s, rules) === 'dealer';
  const { box, hand } = target;
  const turn = handInTurn(s);
  if (turn?.hand !== hand || hand.pendingDraw !== null) return false;
  if (hand.cards.length > 2) return true;
  // One of the first two cards: naturals, offers, side bets and switches were judged on it.
  if (box.sideBets.length > 0 || rules.switch.allowed) return false;
  const corrected = { ...hand, cards: [...hand.cards.slice(0, -1), card] };
  return naturalKind(hand, rules) === naturalKind(corrected, rules);
}

/** The card as it truly is takes the read card's place (and its count in the shoe); the round goes on,
 *  the hand finishing as the true card would have finished it, or is voided with the reason. */
export function applyCorrection(s: TableState, rules: RuleSet, sup: Sup, emit: Emit): void {
  const judged = judgeCorrection(s, rules, sup);
  if (judged.refused !== null) return;
  const { read, card, stands } = judged;
  const target = namedHand(s, sup);
  if (target === undefined) return;
  const cards = target ? target.hand.cards : s.dealer.cards;
  cards[cards.length - 1] = card;
  if (s.shoe) {
    // The shoe's counts are shared with the state before this input (change-table.ts): replaced, never changed in place.
    const drawn = s.shoe.drawn.slice();
    drawn[cardIndex(read)] = (drawn[cardIndex(read)] ?? 1) - 1;
    drawn[cardIndex(card)] = (drawn[cardIndex(card)] ?? 0) + 1;
    s.shoe.drawn = drawn;
  }
  const total = handTotalOf(cards, rules);
  const where = target ? { seat: target.box.seat, hand: target.hand.index } : {};
  emit({ type: 'card.corrected', round: s.round, ...where, read, card, total, ...(sup.by !== undefined ? { by: sup.by } : {}) });
  if (!stands) {
    setAsideFaultCard(s, sup.by, emit);
    voidRound(s, sup.by, reason('misreadDecided', { read, card }), emit);
    return;
  }
  if (!target || !initialDealComplete(s, rules)) return;
  const max = rules.hand.maxCards;
  if (total > 21) finishHand(s, rules, target, 'busted', emit);
  else if (total === 21 || (max !== undefined && cards.length >= max)) finishHand(s, rules, target, 'standing', emit);
  announceTurn(s, emit);
}
