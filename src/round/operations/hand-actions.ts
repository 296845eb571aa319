// What a hand action the round machine accepted does to the hand (the seed's rules): hit and double wait for
// a card, stand and surrender finish the hand, double (and triple) grows the stakes, split starts a new hand.
// Whether the action may be taken, and the decision it comes from (the player's or the timer's auto-play),
// are play.ts's. How co-players and bets behind follow a double or a split: docs/rules.md, "Readings where a
// document is silent".
import { isAce } from '../../rules/card-values.js';
import type { Hand, Wager } from '../../rules/hand.js';
import type { HandAction } from '../../rules/player-actions.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Box, Emit, TableState } from '../table-state.js';
import { finishHand } from './hands.js';

export function applyHandAction(s: TableState, rules: RuleSet, box: Box, hand: Hand, action: HandAction, amount: number | undefined, emit: Emit): void {
  hand.actions += 1;
  switch (action) {
    case 'hit':
      hand.pendingDraw = 'hit';
      return;
    case 'stand':
      return finishHand(s, rules, { box, hand }, 'standing', emit);
    case 'surrender':
      return finishHand(s, rules, { box, hand }, 'surrendered', emit);
    case 'double':
      return doubleHand(s, box, hand, amount, emit);
    case 'split':
      return splitHand(s, box, hand, emit);
  }
}

function ownerWager(box: Box, hand: Hand): Wager | undefined {
  return hand.wagers.find((w) => w.kind === 'main' && w.player === box.owner) ?? hand.wagers[0];
}

/** Double (and classic triple): the owner adds `amount` (default the original stake); co-players on the
 *  box follow in proportion; a bet behind follows only when its player chose to (deluxe). */
function doubleHand({ round }: TableState, box: Box, hand: Hand, amount: number | undefined, emit: Emit): void {
  const owner = ownerWager(box, hand);
  if (!owner) return;
  const added = amount ?? owner.original;
  // Each wager a literal of the wager's own four fields in their order (no spread, no closure per wager).
  const before = hand.wagers;
  const wagers = new Array<Wager>(before.length);
  for (let i = 0; i < before.length; i++) {
    const w = before[i] as Wager;
    if (w === owner) wagers[i] = { player: w.player, kind: w.kind, original: w.original, stake: w.stake + added };
    else if (w.kind === 'main' || followsDouble(box, w.player)) {
      wagers[i] = { player: w.player, kind: w.kind, original: w.original, stake: w.stake + Math.floor((w.original * added) / owner.original) };
    } else wagers[i] = w;
  }
  hand.wagers = wagers;
  hand.doubles += 1;
  hand.pendingDraw = 'double';
  emit({ type: 'hand.doubled', round, seat: box.seat, hand: hand.index, stake: owner.stake + added });
}

function followsDouble(box: Box, player: string): boolean {
  for (const f of box.follow) if (f.player === player && f.double) return true;
  return false;
}

/** Split: the second card starts a new hand with the same stake, played right after this one. */
function splitHand({ round }: TableState, box: Box, hand: Hand, emit: Emit): void {
  const [first, second] = hand.cards;
  if (!first || !second) return;
  const aces = isAce(first) && isAce(second);
  const wagers = hand.wagers
    .filter((w) => w.kind === 'main' || box.follow.some((f) => f.player === w.player && f.split))
    .map((w) => ({ ...w, stake: w.original }));
  const split: Hand = {
    index: box.hands.length, origin: hand.origin, cards: [second], fromSplit: true, splitAces: aces, ownSecondCard: true,
    doubles: 0, pendingDraw: null, actions: 0, auto: hand.auto, status: 'open', wagers, settled: false,
  };
  hand.cards = [first];
  hand.fromSplit = true;
  hand.splitAces = aces;
  box.hands.splice(box.hands.indexOf(hand) + 1, 0, split);
  emit({ type: 'hand.split', round, seat: box.seat, hand: hand.index, newHand: split.index });
}
