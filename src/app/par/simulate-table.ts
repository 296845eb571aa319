// One chunk of a simulation (the par sheet's simulated check): seeded shoes dealt to the cut card through the PRODUCTION round
// machine (TableEngine), K seats playing the computed strategy, every side bet the rule set has, insurance
// taken on every offer (to measure it; the chart itself never insures), bets behind following doubles and
// splits. A refused input, a pause or a round that does not end is a bug: the chunk stops with the session
// since the shoe was loaded, which `shoe replay` plays again.
// Several cut cards at once (the return by penetration): each shoe is dealt to the deepest, and a round
// counts for every cut card it starts at or before — exactly the rounds a shoe cut there would have dealt
// (the cut card leaving the shoe only makes the round it leaves in the last; play never depends on where
// it lies), so one pass gives every penetration on the very same shoes.
import type { Card } from '../../rules/cards.js';
import type { Hand } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableEvent } from '../../round/events.js';
import type { MachineEvent, TableInput } from '../../round/inputs.js';
import type { Box } from '../../round/table-state.js';
import { machineEvent, TableEngine } from '../../round/table-engine.js';
import { IN_PLACE } from '../../round/change-table.js';
import { boxInTurn, lineageSize, openHandOf } from '../../round/operations/hands.js';
import { cardDueToHand, refuseOnHandInTurn } from '../../round/operations/play.js';
import { refuseOfferAnswer } from '../../round/operations/offers.js';
import { mulberry32, shuffle } from '../../random/prng.js';
import type { Strategy } from '../../analysis/strategy.js';
import { StrategyPlayer } from '../players/strategy-player.js';
import { cutPosition, unshuffledShoe } from './shoe-cut.js';
import { emptyCounts, type SimulatedBet, type SimulationCounts } from './simulation-stats.js';
import { add, kindIndex, observe, RoundBook, writeMainNets } from './round-book.js';

export interface ChunkSpec {
  readonly rules: RuleSet;
  readonly strategy: Strategy;
  readonly seed: number;
  readonly rounds: number;
  readonly seats: number;
  /** Take insurance on every offer (measured as its own bet). */
  readonly insure: boolean;
  /** Share of the shoe dealt before the cut card (default: cutPosition's three quarters, half a single deck). */
  readonly penetration?: number;
}

export class SimulationBug extends Error {
  constructor(message: string, readonly session: TableInput[]) {
    super(message);
  }
}

const STAKE = 1000;

/** The shoe's card inputs in deck order as the chart receives them, the card parsed once (events and inputs
 *  are never changed); each shoe is a shuffle of them (the same permutation a shuffle of the cards would be):
 *  no object per card dealt. Made once per rule set, not per chunk (a worker plays thousands of chunks of the
 *  same rules). The simulator's events carry no line: a refused input stops the chunk whatever its line. */
const cardEventsByRules = new WeakMap<RuleSet, MachineEvent[]>();
function cardEvents(rules: RuleSet): MachineEvent[] {
  let deck = cardEventsByRules.get(rules);
  if (deck === undefined) {
    deck = unshuffledShoe(rules).map((card) => frozenEvent({ type: 'card', card }));
    cardEventsByRules.set(rules, deck);
  }
  return deck;
}

/** An input's event, built once and kept (the engine reads events and keeps none). */
function frozenEvent(input: TableInput): MachineEvent {
  return Object.freeze(machineEvent(Object.freeze(input)));
}
const CUT_CARD = frozenEvent({ type: 'cut-card' });
const SHOE_LOADED = frozenEvent({ type: 'shoe.loaded' });

/** One player per (strategy, rules) for every chunk: its chart rows, looked up on first use, stay
 *  looked up (made per chunk, a 500-round chunk spent ~2 % of its time filling them again). */
const players = new WeakMap<Strategy, StrategyPlayer>();
function playerFor(strategy: Strategy, rules: RuleSet): StrategyPlayer {
  let player = players.get(strategy);
  if (player === undefined || player.rules !== rules) {
    player = new StrategyPlayer(strategy, rules);
    players.set(strategy, player);
  }
  return player;
}

type DecisionAction = Extract<TableInput, { type: 'decision' }>['action'];

/** A seat's decisions for hand 0..n as events, made once and kept (events are never changed): no object per
 *  decision. Keyed by action, then seat × 16 + hand (hand -1: no hand, e.g. switch or an offer). */
class DecisionInputs {
  private readonly byAction = new Map<string, MachineEvent[]>();
  get(seat: number, hand: number, action: DecisionAction): MachineEvent {
    let list = this.byAction.get(action);
    if (list === undefined) this.byAction.set(action, (list = []));
    const at = seat * 16 + hand + 1;
    let input = list[at];
    if (input === undefined) {
      input = frozenEvent(hand < 0 ? { type: 'decision', seat, action } : { type: 'decision', seat, hand, action });
      list[at] = input;
    }
    return input;
  }
}

export function simulateChunk(spec: ChunkSpec): SimulationCounts {
  return simulateChunkAtCuts(spec, [spec.penetration])[0] as SimulationCounts;
}

/** One chunk with a cut card at each penetration (undefined: cutPosition's own): counts per penetration,
 *  in the order given. The chunk's rounds are the rounds dealt to the deepest cut card. */
export function simulateChunkAtCuts(spec: ChunkSpec, penetrations: readonly (number | undefined)[]): SimulationCounts[] {
  const { rules } = spec;
  const random = mulberry32(spec.seed);
  const player = playerFor(spec.strategy, rules);
  // The table changes in place (no copy per input): this loop reads it between inputs and keeps none of it.
  const engine = new TableEngine(rules, undefined, { drafts: IN_PLACE });
  const outs = penetrations.map(() => emptyCounts());
  // The inputs since the shoe was loaded, for a SimulationBug: one list for the chunk, its first `sent` entries
  // this shoe's (no list per shoe, grown again input by input).
  const inputs: TableInput[] = [];
  let sent = 0;
  const deck = cardEvents(rules);
  const cuts = penetrations.map((p) => cutPosition(rules, deck.length, p));
  const cutAt = Math.max(...cuts);
  const decisions = new DecisionInputs();
  let shoe: MachineEvent[] = [];
  let position = 0;
  const book = new RoundBook(outs);
  const seats = Array.from({ length: Math.min(spec.seats, rules.seats) }, (_, i) => i + 1);
  const followed = new Set<number>();

  // Each fact as the engine says it (one function for the chunk: no array of facts per input).
  const observer = (fact: TableEvent): void => {
    if (fact.type === 'input.rejected') throw new SimulationBug(`input refused: ${fact.reason} (${JSON.stringify(fact.input)})`, inputs.slice(0, sent));
    if (fact.type === 'table.paused') throw new SimulationBug(`table paused: ${fact.reason}`, inputs.slice(0, sent));
    observe(book, outs, cuts, fact);
  };
  function send(event: MachineEvent): void {
    inputs[sent++] = event.input;
    engine.step(event, observer);
  }

  function drawCard(): void {
    if (position === cutAt) send(CUT_CARD);
    const card = shoe[position++];
    if (card === undefined) {
      // The shoe ran out inside the last round (a rare deep round): the floor changes the shoe, voiding it.
      send(machineEvent({ type: 'supervisor', action: 'shoeChange', by: 'simulator', reason: 'shoe exhausted' }));
      return;
    }
    send(card);
  }

  // Whether the machine would take the owner's decision on the hand in turn: one function for the chunk, asked
  // about the table, box and hand in turn set just before (no closure per decision). The rest of
  // refuseDecision's questions (whose box, whose turn) are answered by finding them in turn.
  let legalTable = engine.table;
  let legalBox: Box | undefined;
  let legalHand: Hand | undefined;
  const legal = (action: string): boolean => refuseOnHandInTurn(legalTable, rules, legalBox as Box, legalHand as Hand, action, undefined) === null;
  // Each seat's bets, the same every round (inputs are never changed).
  const betInputs: MachineEvent[] = [];
  for (const seat of seats) {
    betInputs.push(frozenEvent({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'main' }));
    if (rules.sideBets.pairs) betInputs.push(frozenEvent({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'pairs' }));
    if (rules.sideBets.superMatch) betInputs.push(frozenEvent({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'superMatch' }));
    if (rules.boxes.betBehind) betInputs.push(frozenEvent({ type: 'bet', seat, player: `b${seat}`, amount: STAKE, kind: 'behind' }));
  }

  let played = 0;
  let steps = 0;
  let roundAtStep = -1;
  for (;;) {
    const phase = engine.phase;
    const table = engine.table;
    if (table.round !== roundAtStep) {
      roundAtStep = table.round;
      steps = 0;
    } else if (++steps > 2000) throw new SimulationBug(`round ${table.round} is stuck in ${phase}`, inputs.slice(0, sent));
    switch (phase) {
      case 'active.awaitingShoe':
        shoe = shuffle(deck, random);
        position = 0;
        sent = 0;
        send(SHOE_LOADED);
        break;
      case 'active.burning':
      case 'active.dealing':
      case 'active.dealerTurn':
        drawCard();
        break;
      case 'active.betting': {
        if (played >= spec.rounds) {
          writeMainNets(book, outs);
          return outs;
        }
        played += 1;
        followed.clear();
        book.start = position;
        for (const bet of betInputs) send(bet);
        send(BETTING_CLOSED);
        book.hands = engine.table.boxes.length * rules.boxes.handsPerBox;
        for (const box of engine.table.boxes) {
          for (const hand of box.hands) {
            for (const w of hand.wagers) {
              const kind = w.kind as SimulatedBet;
              add(book.stake, kindIndex(kind), w.original);
              book.bet(box.seat, kind, w.player).stake += w.original;
            }
          }
          for (const side of box.sideBets) {
            add(book.stake, kindIndex(side.kind), side.stake);
            book.place(box.seat, side.kind, side.player, side.stake);
          }
        }
        break;
      }
      case 'active.offers': {
        const box = table.boxes.find((b) => b.offerPending);
        if (!box) throw new SimulationBug('offers open with no box to answer', inputs.slice(0, sent));
        const up = table.dealer.cards[0] as Card;
        // Every answer is chosen on the table as the offers found it, before any is sent (the engine changes
        // its table in place: see IN_PLACE).
        const ok = (action: string) => refuseOfferAnswer(table, rules, { type: 'decision', seat: box.seat, action }) === null;
        const behind: string[] = [];
        for (const w of box.hands[0]?.wagers ?? []) {
          // Players betting behind answer for themselves (deluxe), before the owner closes the offer.
          if (w.kind === 'behind' && spec.insure && refuseOfferAnswer(table, rules, { type: 'decision', seat: box.seat, action: 'insurance', player: w.player }) === null) {
            behind.push(w.player);
          }
        }
        const seat = box.seat;
        const action = player.takesEvenMoney(up) && ok('evenMoney') ? 'evenMoney' : spec.insure && ok('insurance') ? 'insurance' : 'noInsurance';
        for (const p of behind) send(machineEvent({ type: 'decision', seat, action: 'insurance', player: p }));
        send(decisions.get(seat, -1, action));
        break;
      }
      case 'active.playing': {
        if (cardDueToHand(table)) {
          drawCard();
          break;
        }
        const box = boxInTurn(table);
        if (!box) throw new SimulationBug('playing with no hand in turn', inputs.slice(0, sent));
        const hand = openHandOf(box) as Hand;
        const up = table.dealer.cards[0] as Card;
        if (rules.boxes.betBehind && !followed.has(box.seat)) {
          followed.add(box.seat);
          for (const f of box.follow) {
            send(machineEvent({ type: 'decision', seat: box.seat, action: 'followDouble', player: f.player }));
            send(machineEvent({ type: 'decision', seat: box.seat, action: 'followSplit', player: f.player }));
          }
          break;
        }
        legalTable = table;
        legalBox = box;
        legalHand = hand;
        if (rules.switch.allowed && !box.acted && player.shouldSwitch(box, up) && legal('switch')) {
          send(decisions.get(box.seat, -1, 'switch'));
          break;
        }
        const action = player.decide(hand, lineageSize(box, hand), up, legal);
        send(decisions.get(box.seat, hand.index, action));
        break;
      }
      default:
        throw new SimulationBug(`unexpected phase ${phase}`, inputs.slice(0, sent));
    }
  }
}

const BETTING_CLOSED = frozenEvent({ type: 'betting.closed' });
