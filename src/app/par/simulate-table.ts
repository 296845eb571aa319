// One chunk of a simulation (issue 13): seeded shoes dealt to the cut card through the PRODUCTION round
// machine (TableEngine), K seats playing the computed strategy, every side bet the rule set has, insurance
// taken on every offer (to measure it; the chart itself never insures), bets behind following doubles and
// splits. A refused input, a pause or a round that does not end is a bug: the chunk stops with the session
// since the shoe was loaded, which `shoe replay` plays again.
import type { Card } from '../../rules/cards.js';
import { RANKS } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { cutCardReserve } from '../../rules/shoe-composition.js';
import type { TableEvent } from '../../round/events.js';
import type { TableInput } from '../../round/inputs.js';
import { TableEngine } from '../../round/table-engine.js';
import { handInTurn, lineageSize } from '../../round/operations/hands.js';
import { cardDueToHand, refuseDecision } from '../../round/operations/play.js';
import { refuseOfferAnswer } from '../../round/operations/offers.js';
import { mulberry32, shuffle } from '../../adapters/shoe-emulator/prng.js';
import type { Strategy } from '../../analysis/strategy.js';
import { StrategyPlayer } from './strategy-player.js';
import { emptyCounts, type SimulatedBet, type SimulationCounts } from './simulation-stats.js';

export interface ChunkSpec {
  readonly rules: RuleSet;
  readonly strategy: Strategy;
  readonly seed: number;
  readonly rounds: number;
  readonly seats: number;
  /** Take insurance on every offer (measured as its own bet). */
  readonly insure: boolean;
}

export class SimulationBug extends Error {
  constructor(message: string, readonly session: TableInput[]) {
    super(message);
  }
}

const STAKE = 1000;

/** The seed of chunk `index` of a run seeded `seed`: fixed, whatever the number of workers. */
export function chunkSeed(seed: number, index: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) >>> 0;
}

/** Where the cut card goes: three quarters in, but never inside the reserve the missing-cut-card check keeps. */
export function cutPosition(rules: RuleSet, size: number): number {
  const reserve = cutCardReserve(rules);
  const penetration = size <= 52 ? 0.5 : 0.75;
  return Math.min(Math.floor(size * penetration), size - reserve - 1);
}

function freshShoe(rules: RuleSet, random: () => number): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < rules.deck.decks; d++) {
    for (const rank of rules.deck.ranks) if ((RANKS as readonly string[]).includes(rank)) for (const suit of rules.deck.suits) cards.push(`${rank}${suit}` as Card);
  }
  return shuffle(cards, random);
}

interface RoundBook {
  stake: Record<SimulatedBet, number>;
  net: Record<SimulatedBet, number>;
  /** Per box (seat) and kind: initial stake and net, for the per-bet deviation. */
  perBet: Map<string, { stake: number; net: number }>;
  counts: Partial<Record<string, number>>;
}

export function simulateChunk(spec: ChunkSpec): SimulationCounts {
  const { rules } = spec;
  const random = mulberry32(spec.seed);
  const player = new StrategyPlayer(spec.strategy, rules);
  const engine = new TableEngine(rules);
  const out = emptyCounts();
  let session: TableInput[] = [];
  let shoe: Card[] = [];
  let position = 0;
  let cutAt = 0;
  let book = newBook();
  const seats = Array.from({ length: Math.min(spec.seats, rules.seats) }, (_, i) => i + 1);
  const followed = new Set<number>();

  const send = (input: TableInput): TableEvent[] => {
    session.push(input);
    const facts = engine.submit(input, session.length);
    for (const fact of facts) {
      if (fact.type === 'input.rejected') throw new SimulationBug(`input refused: ${fact.reason} (${JSON.stringify(fact.input)})`, session);
      if (fact.type === 'table.paused') throw new SimulationBug(`table paused: ${fact.reason}`, session);
      observe(fact);
    }
    return facts;
  };

  const observe = (f: TableEvent): void => {
    const c = book.counts;
    const bump = (k: string, n = 1) => (c[k] = (c[k] ?? 0) + n);
    switch (f.type) {
      case 'bet.settled': {
        book.net[f.bet] += f.net;
        const key = `${f.seat}:${f.bet}:${f.player}`;
        const b = book.perBet.get(key) ?? { stake: 0, net: 0 };
        b.net += f.net;
        book.perBet.set(key, b);
        bump(`wagered:${f.bet}`, f.stake);
        if (f.bet === 'main') {
          if (f.outcome === 'blackjack') bump('playerBlackjack');
          if (f.outcome === 'push') bump('push');
          if (f.outcome === 'surrender') bump('surrender');
          if (f.outcome === 'evenMoney') bump('evenMoney');
        }
        return;
      }
      case 'insurance.taken':
        book.stake.insurance += f.amount;
        book.perBet.set(`${f.seat}:insurance:${f.player}`, { stake: f.amount, net: 0 });
        return;
      case 'hand.finished':
        if (f.status === 'busted') bump('playerBust');
        return;
      case 'hand.doubled':
        return void bump('double');
      case 'hand.split':
        return void bump('split');
      case 'hands.switched':
        return void bump('switch');
      case 'decision.accepted':
        if (f.byTimeout) bump('autoPlay');
        return;
      case 'dealer.finished':
        if (f.blackjack) bump('dealerBlackjack');
        else if (f.total > 21) bump('dealerBust');
        return;
      case 'shoe.loaded':
        out.counts.shoes += 1;
        return;
      case 'round.ended':
        if (f.voided) out.counts.voidedRounds += 1;
        else commit();
        book = newBook();
        return;
      default:
        return;
    }
  };

  const commit = (): void => {
    out.counts.rounds += 1;
    for (const [k, n] of Object.entries(book.counts)) {
      if (k.startsWith('wagered:')) out.bets[k.slice(8) as SimulatedBet].wagered += n ?? 0;
      else if (k in out.counts) out.counts[k as keyof typeof out.counts] += n ?? 0;
    }
    for (const kind of Object.keys(book.stake) as SimulatedBet[]) {
      const s = book.stake[kind], y = book.net[kind];
      if (s === 0) continue;
      const st = out.bets[kind];
      st.rounds += 1;
      st.staked += s;
      st.net += y;
      st.roundNetSq += y * y;
      st.roundStakeSq += s * s;
      st.roundNetStake += y * s;
    }
    for (const [key, b] of book.perBet) {
      const kind = key.split(':')[1] as SimulatedBet;
      if (b.stake === 0) continue;
      out.bets[kind].bets += 1;
      out.bets[kind].betUnitSq += (b.net / b.stake) ** 2;
    }
  };

  const drawCard = (): void => {
    if (position === cutAt) send({ type: 'cut-card' });
    const card = shoe[position++];
    if (card === undefined) {
      // The shoe ran out inside the last round (a rare deep round): the floor changes the shoe, voiding it.
      send({ type: 'supervisor', action: 'shoeChange', by: 'simulator', reason: 'shoe exhausted' });
      return;
    }
    send({ type: 'card', card });
  };

  let played = 0;
  let steps = 0;
  let roundAtStep = -1;
  for (;;) {
    const phase = engine.phase;
    const table = engine.table;
    if (table.round !== roundAtStep) {
      roundAtStep = table.round;
      steps = 0;
    } else if (++steps > 2000) throw new SimulationBug(`round ${table.round} is stuck in ${phase}`, session);
    switch (phase) {
      case 'active.awaitingShoe':
        shoe = freshShoe(rules, random);
        position = 0;
        cutAt = cutPosition(rules, shoe.length);
        session = [];
        send({ type: 'shoe.loaded' });
        break;
      case 'active.burning':
      case 'active.dealing':
      case 'active.dealerTurn':
        drawCard();
        break;
      case 'active.betting': {
        if (played >= spec.rounds) return out;
        played += 1;
        followed.clear();
        for (const seat of seats) {
          send({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'main' });
          if (rules.sideBets.pairs) send({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'pairs' });
          if (rules.sideBets.superMatch) send({ type: 'bet', seat, player: `p${seat}`, amount: STAKE, kind: 'superMatch' });
          if (rules.boxes.betBehind) send({ type: 'bet', seat, player: `b${seat}`, amount: STAKE, kind: 'behind' });
        }
        send({ type: 'betting.closed' });
        book.counts['hands'] = engine.table.boxes.length * rules.boxes.handsPerBox;
        for (const box of engine.table.boxes) {
          for (const hand of box.hands) {
            for (const w of hand.wagers) {
              const kind = w.kind as SimulatedBet;
              book.stake[kind] += w.original;
              const key = `${box.seat}:${kind}:${w.player}`;
              const b = book.perBet.get(key) ?? { stake: 0, net: 0 };
              b.stake += w.original;
              book.perBet.set(key, b);
            }
          }
          for (const side of box.sideBets) {
            book.stake[side.kind] += side.stake;
            book.perBet.set(`${box.seat}:${side.kind}:${side.player}`, { stake: side.stake, net: 0 });
          }
        }
        break;
      }
      case 'active.offers': {
        const box = table.boxes.find((b) => b.offerPending);
        if (!box) throw new SimulationBug('offers open with no box to answer', session);
        const up = table.dealer.cards[0] as Card;
        const ok = (action: string) => refuseOfferAnswer(table, rules, { type: 'decision', seat: box.seat, action }) === null;
        for (const w of box.hands[0]?.wagers ?? []) {
          // Players betting behind answer for themselves (deluxe), before the owner closes the offer.
          if (w.kind === 'behind' && spec.insure && refuseOfferAnswer(table, rules, { type: 'decision', seat: box.seat, action: 'insurance', player: w.player }) === null) {
            send({ type: 'decision', seat: box.seat, action: 'insurance', player: w.player });
          }
        }
        const action = player.takesEvenMoney(up) && ok('evenMoney') ? 'evenMoney' : spec.insure && ok('insurance') ? 'insurance' : 'noInsurance';
        send({ type: 'decision', seat: box.seat, action });
        break;
      }
      case 'active.playing': {
        if (cardDueToHand(table)) {
          drawCard();
          break;
        }
        const turn = handInTurn(table);
        if (!turn) throw new SimulationBug('playing with no hand in turn', session);
        const { box, hand } = turn;
        const up = table.dealer.cards[0] as Card;
        if (rules.boxes.betBehind && !followed.has(box.seat)) {
          followed.add(box.seat);
          for (const f of box.follow) {
            send({ type: 'decision', seat: box.seat, action: 'followDouble', player: f.player });
            send({ type: 'decision', seat: box.seat, action: 'followSplit', player: f.player });
          }
          break;
        }
        const legal = (action: string) => refuseDecision(table, rules, { type: 'decision', seat: box.seat, hand: hand.index, action }) === null;
        if (rules.switch.allowed && !box.acted && player.shouldSwitch(box, up) && legal('switch')) {
          send({ type: 'decision', seat: box.seat, action: 'switch' });
          break;
        }
        const action = player.decide(hand, lineageSize(box, hand), up, legal);
        send({ type: 'decision', seat: box.seat, hand: hand.index, action });
        break;
      }
      default:
        throw new SimulationBug(`unexpected phase ${phase}`, session);
    }
  }
}

function newBook(): RoundBook {
  const zero = () => ({ main: 0, insurance: 0, pairs: 0, superMatch: 0, behind: 0 });
  return { stake: zero(), net: zero(), perBet: new Map(), counts: {} };
}
