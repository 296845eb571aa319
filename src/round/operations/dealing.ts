// The initial deal and what follows it at once: naturals, side bets, insurance / even money offers.
import { isAce, cardIsIn } from '../../rules/card-values.js';
import type { Card } from '../../rules/cards.js';
import { initialDealTargets, type DealTarget } from '../../rules/deal-order.js';
import { handTotalOf } from '../../rules/hand-total.js';
import { naturalKind, type Hand } from '../../rules/hand.js';
import { payout } from '../../rules/payout.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { judgePairs, judgeSuperMatch } from '../../rules/side-bets.js';
import type { Box, Emit, TableState } from '../table-state.js';
import { findBox, finishHand } from './hands.js';
import { recordDrawn } from './shoe.js';

/** The deal order depends only on the rule set and the seats in play: computed once per combination,
 *  found by the seats' bit mask (seats 1 to 30, the usual case) or else their list (asked on
 *  every card of the deal). */
interface DealOrders {
  readonly byMask: Map<number, DealTarget[]>;
  readonly byList: Map<string, DealTarget[]>;
}
const ordersByRules = new WeakMap<RuleSet, DealOrders>();
let lastRules: RuleSet | null = null;
let lastOrders: DealOrders = { byMask: new Map(), byList: new Map() };

/** The seats as a bit mask, or -1 when a seat is outside 1..30 or repeated. */
function seatMask(boxes: TableState['boxes']): number {
  let mask = 0;
  for (let i = 0; i < boxes.length; i++) {
    const seat = (boxes[i] as Box).seat;
    if (!(seat >= 1 && seat <= 30) || (seat | 0) !== seat) return -1;
    const bit = 1 << seat;
    if ((mask & bit) !== 0) return -1;
    mask |= bit;
  }
  return mask;
}

/** The last boxes asked about and their order: a round's boxes are one list from betting's close to the
 *  round's end (closeBetting makes it; nothing adds to it or takes from it), so the nine questions of its deal
 *  are one comparison each. A copied table's list (each input's draft, change-table.ts) is looked up anew. */
let lastBoxes: TableState['boxes'] | null = null;
let lastTargets: readonly DealTarget[] = [];

function dealTargets(s: TableState, rules: RuleSet): readonly DealTarget[] {
  if (s.boxes === lastBoxes && rules === lastRules) return lastTargets;
  const targets = findDealTargets(s, rules);
  lastBoxes = s.boxes;
  lastTargets = targets;
  return targets;
}

function findDealTargets(s: TableState, rules: RuleSet): readonly DealTarget[] {
  if (rules !== lastRules) {
    let known = ordersByRules.get(rules);
    if (!known) ordersByRules.set(rules, (known = { byMask: new Map(), byList: new Map() }));
    lastRules = rules;
    lastOrders = known;
  }
  const mask = seatMask(s.boxes);
  let targets = mask >= 0 ? lastOrders.byMask.get(mask) : undefined;
  if (targets) return targets;
  let list = '';
  if (mask < 0) {
    for (const b of s.boxes) list += `${b.seat},`;
    targets = lastOrders.byList.get(list);
    if (targets) return targets;
  }
  // initialDealTargets orders the boxes by seat itself: the mask (which forgets order) finds the same list.
  targets = initialDealTargets(s.boxes.map((b) => ({ seat: b.seat, hands: rules.boxes.handsPerBox })), rules);
  if (mask >= 0) lastOrders.byMask.set(mask, targets);
  else lastOrders.byList.set(list, targets);
  return targets;
}

export function initialDealComplete(s: TableState, rules: RuleSet): boolean {
  return s.dealt >= dealTargets(s, rules).length;
}

export function dealInitialCard(s: TableState, rules: RuleSet, card: Card, emit: Emit): void {
  const target = dealTargets(s, rules)[s.dealt];
  if (!target) return;
  s.dealt += 1;
  recordDrawn(s, card);
  if (target.kind === 'dealer') {
    s.dealer.cards.push(card);
    emit({ type: 'dealer.card', round: s.round, card, hole: target.hole });
    return;
  }
  const hand = findBox(s, target.seat)?.hands[target.hand];
  if (!hand) return;
  hand.cards.push(card);
  emit({ type: 'card.dealt', round: s.round, seat: target.seat, hand: hand.index, card, total: handTotalOf(hand.cards, rules) });
}

export function dealerUpCard(s: TableState): Card {
  const up = s.dealer.cards[0];
  if (up === undefined) throw new Error('no dealer up card yet');
  return up;
}

/** After the initial deal: naturals stand (switch waits for the box's first action), side bets settle, offers open. */
export function completeInitialDeal(s: TableState, rules: RuleSet, emit: Emit): void {
  if (!rules.switch.allowed) {
    for (const box of s.boxes) {
      for (const hand of box.hands) {
        if (naturalKind(hand, rules) !== null) finishHand(s, rules, { box, hand }, 'natural', emit);
      }
    }
  }
  for (const box of s.boxes) settleSideBets(s, rules, box, emit);
  openOffers(s, rules, emit);
}

function settleSideBets(s: TableState, rules: RuleSet, box: Box, emit: Emit): void {
  for (const bet of box.sideBets) {
    const result =
      bet.kind === 'pairs'
        ? judgePairs(box.hands[0]?.cards.slice(0, 2) ?? [], dealerUpCard(s), rules)
        : judgeSuperMatch(box.hands.flatMap((h) => h.cards.slice(0, 2)), rules);
    bet.settled = true;
    const net = result.ratio ? payout(bet.stake, result.ratio) : -bet.stake;
    emit({
      type: 'bet.settled', round: s.round, seat: box.seat, hand: 0, bet: bet.kind, player: bet.player,
      stake: bet.stake, outcome: result.ratio ? 'win' : 'lose', net,
    });
  }
}

export function boxHasNatural(box: Box, rules: RuleSet): boolean {
  const hands = box.hands;
  for (let i = 0; i < hands.length; i++) if (naturalKind(hands[i] as Hand, rules) === 'blackjack') return true;
  return false;
}

export function insuranceOfferedTo(s: TableState, rules: RuleSet, box: Box): boolean {
  if (!rules.insurance.offered || !isAce(dealerUpCard(s))) return false;
  return rules.insurance.withBlackjack || !boxHasNatural(box, rules);
}

export function evenMoneyOfferedTo(s: TableState, rules: RuleSet, box: Box): boolean {
  return boxHasNatural(box, rules) && cardIsIn(dealerUpCard(s), rules.blackjack.evenMoneyAgainst, rules);
}

function openOffers(s: TableState, rules: RuleSet, emit: Emit): void {
  const insurance: number[] = [];
  const evenMoney: number[] = [];
  for (const box of s.boxes) {
    if (insuranceOfferedTo(s, rules, box)) insurance.push(box.seat);
    if (evenMoneyOfferedTo(s, rules, box)) evenMoney.push(box.seat);
    box.offerPending = insurance.includes(box.seat) || evenMoney.includes(box.seat);
  }
  if (insurance.length > 0 || evenMoney.length > 0) emit({ type: 'offers.opened', round: s.round, insurance, evenMoney });
}
