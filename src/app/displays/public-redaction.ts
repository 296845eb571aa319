// What the public (players, the table's screens, the stream) may see of the table's log — an
// allow-list. Requirement: the public never sees the hole card before the reveal,
// the peek result before the reveal, the shoe's position, remaining or burn cards, raw or rejected
// inputs (they may carry cards), fault cards or set-aside cards. So:
//   - only the fact types listed in PUBLIC_FACTS pass; every other type — input records, refused
//     commands, the configuration, and any fact type added later — is dropped;
//   - each listed type is rebuilt field by field, so a field added to a fact later is dropped too.
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableEvent, TableEventType } from '../../round/events.js';
import { factOf } from '../audit/log-records.js';
import type { ViewFact } from '../../ports/view-facts.js';

type FactOf<T extends TableEventType> = Extract<TableEvent, { type: T }>;
type Redaction<T extends TableEventType> = (fact: FactOf<T>) => ViewFact;

/** Whether a hole card has been dealt and not yet revealed in the round being played. */
export interface HoleSecrecy {
  readonly holeHidden: boolean;
}

export const NO_HOLE_CARD: HoleSecrecy = { holeHidden: false };

const PUBLIC_FACTS: { readonly [T in TableEventType]?: Redaction<T> } = {
  // Not listed, on purpose:
  //   card.burned, cut-card.seen — burn cards and the shoe's position / remaining cards;
  //   dealer.peeked — the peek result, before the reveal;
  //   card.setAside — set-aside cards; fault.cleared — faults (the pause itself is shown, not why);
  //   input.rejected — rejected inputs may carry cards; table.recovered — controller internals;
  //   follow.chosen — a bet-behind player's standing instruction, not part of the game's picture.
  'shoe.loaded': () => ({ type: 'shoe.loaded' }), // no shoe number: the public gets "new shoe" only
  'shoe.finished': () => ({ type: 'shoe.finished' }),
  'betting.opened': (f) => ({ type: 'betting.opened', round: f.round }),
  'bet.placed': (f) => ({ type: 'bet.placed', round: f.round, seat: f.seat, player: f.player, bet: f.bet, amount: f.amount }),
  'bet.cancelled': (f) => ({ type: 'bet.cancelled', round: f.round, seat: f.seat, player: f.player, bet: f.bet, amount: f.amount }),
  'betting.closed': (f) => ({ type: 'betting.closed', round: f.round, seats: [...f.seats] }),
  'card.dealt': (f) => ({ type: 'card.dealt', round: f.round, seat: f.seat, hand: f.hand, card: f.card }),
  // The hole card reaches the public as a face-down card with no rank or suit (requirement: never the hole card).
  'dealer.card': (f) => ({ type: 'dealer.card', round: f.round, card: f.hole ? null : f.card, hole: f.hole }),
  'offers.opened': (f) => ({ type: 'offers.opened', round: f.round, insurance: [...f.insurance], evenMoney: [...f.evenMoney] }),
  'insurance.taken': (f) => ({ type: 'insurance.taken', round: f.round, seat: f.seat, player: f.player, amount: f.amount }),
  'insurance.declined': (f) => ({ type: 'insurance.declined', round: f.round, seat: f.seat, player: f.player }),
  'evenMoney.taken': (f) => ({ type: 'evenMoney.taken', round: f.round, seat: f.seat, hand: f.hand }),
  'turn.started': (f) => ({ type: 'turn.started', round: f.round, seat: f.seat, hand: f.hand }),
  'decision.accepted': (f) => ({ type: 'decision.accepted', round: f.round, seat: f.seat, hand: f.hand, action: f.action, byTimeout: f.byTimeout === true }),
  'hands.switched': (f) => ({ type: 'hands.switched', round: f.round, seat: f.seat, hands: [f.hands[0], f.hands[1]] }),
  'hand.split': (f) => ({ type: 'hand.split', round: f.round, seat: f.seat, hand: f.hand, newHand: f.newHand }),
  'hand.doubled': (f) => ({ type: 'hand.doubled', round: f.round, seat: f.seat, hand: f.hand, stake: f.stake }),
  'hand.finished': (f) => ({ type: 'hand.finished', round: f.round, seat: f.seat, hand: f.hand, status: f.status }),
  'dealer.revealed': (f) => ({ type: 'dealer.revealed', round: f.round, card: f.card }),
  // Only the verdict: the dealer's cards are already on the display, card by card.
  'dealer.finished': (f) => ({ type: 'dealer.finished', round: f.round, blackjack: f.blackjack }),
  'bet.settled': (f) => ({ type: 'bet.settled', round: f.round, seat: f.seat, hand: f.hand, bet: f.bet, player: f.player, stake: f.stake, outcome: f.outcome, net: f.net }),
  // A void shows, with its refunds; its reason and author stay with the supervisor (a reason may name a card).
  'round.voided': (f) => ({ type: 'round.voided', round: f.round }),
  'round.ended': (f) => ({ type: 'round.ended', round: f.round, voided: f.voided }),
  // The results moment (src/round/operations/results.ts) and the dealer on duty: every audience sees them.
  'results.shown': (f) => ({ type: 'results.shown', round: f.round, seconds: f.seconds }),
  'results.cleared': (f) => ({ type: 'results.cleared', round: f.round }),
  'dealer.changed': (f) => ({ type: 'dealer.changed', dealer: f.dealer }),
  // The table shows as paused; the reason and the fault (which may name a fault card) do not.
  'table.paused': (f) => ({ type: 'table.paused', round: f.round }),
  'table.resumed': (f) => ({ type: 'table.resumed', round: f.round }),
  // A misread card corrected takes the read card's place; who corrected it and the card as read stay with the
  // supervisor. A correction of the dealer's card waits while a hole card is hidden (it may be the hole card).
  'card.corrected': (f) => ({ type: 'card.corrected', round: f.round, seat: f.seat ?? null, hand: f.hand ?? 0, card: f.card }),
};

function redactionFor(type: string): Redaction<TableEventType> | undefined {
  // hasOwn: a log type such as "constructor" must not find Object.prototype's members.
  return Object.hasOwn(PUBLIC_FACTS, type) ? (PUBLIC_FACTS[type as TableEventType] as Redaction<TableEventType>) : undefined;
}

/** A stored event as the public may see it (null: nothing of it may be seen), and the secrecy after it. */
export function publicFact(event: StoredEvent, secrecy: HoleSecrecy): { fact: ViewFact | null; secrecy: HoleSecrecy } {
  const redaction = redactionFor(event.type);
  if (!redaction) return { fact: null, secrecy };
  const fact = redaction(factOf(event));
  return { fact: withheldWhileHoleHidden(fact, secrecy) ? null : fact, secrecy: secrecyAfter(fact, secrecy) };
}

/** Stored events in log order as the public may see them (a command's answer: it goes to a game server too). */
export function publicFacts(stored: readonly StoredEvent[]): ViewFact[] {
  let secrecy = NO_HOLE_CARD;
  const facts: ViewFact[] = [];
  for (const event of stored) {
    const result = publicFact(event, secrecy);
    secrecy = result.secrecy;
    if (result.fact) facts.push(result.fact);
  }
  return facts;
}

/** Belt and braces: the dealer's verdict is a function of the hole card, so it waits for the reveal. */
function withheldWhileHoleHidden(fact: ViewFact, secrecy: HoleSecrecy): boolean {
  return secrecy.holeHidden && (fact.type === 'dealer.finished' || (fact.type === 'card.corrected' && fact.seat === null));
}

function secrecyAfter(fact: ViewFact, secrecy: HoleSecrecy): HoleSecrecy {
  if (fact.type === 'dealer.card' && fact.hole) return { holeHidden: true };
  if (fact.type === 'dealer.revealed' || fact.type === 'betting.opened' || fact.type === 'round.ended') return NO_HOLE_CARD;
  return secrecy;
}

/** The same allow-list with the hole card shown (the supervisor sees everything). */
export function revealedFact(event: StoredEvent): ViewFact | null {
  const redaction = redactionFor(event.type);
  if (!redaction) return null;
  const fact = factOf(event);
  if (fact.type === 'dealer.card') return { type: 'dealer.card', round: fact.round, card: fact.card, hole: fact.hole };
  return redaction(fact);
}
