// Drives a table with a random shoe and random legal decisions (plus the odd illegal or out-of-turn input),
// recording the session it produced. Randomness comes from a seed, so every run can be repeated.
import { RANKS, SUITS } from '../../src/rules/cards.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import type { TableEvent } from '../../src/round/events.js';
import type { TableInput } from '../../src/round/inputs.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { mulberry32 } from '../../src/random/prng.js';
import { handInTurn } from '../../src/round/operations/hands.js';
import { refuseDecision } from '../../src/round/operations/play.js';
import { refuseOfferAnswer } from '../../src/round/operations/offers.js';

/** The emulator's seeded PRNG: one implementation for the product and its tests. */
export { mulberry32 };

/** A shuffled shoe of the rule set's composition: the product's own (src/app/players/bot-rounds.ts). */
import { seededShoe as shuffledShoe } from '../../src/app/players/bot-rounds.js';
export { shuffledShoe };

export interface RandomSession {
  readonly inputs: TableInput[];
  readonly events: TableEvent[][];
  /** A fault card still waiting for a supervisor when the session stopped. */
  readonly faultCardPending: boolean;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Plays `rounds` rounds (or until the shoe runs out) on a fresh table. */
export function playRandomSession(rules: RuleSet, seed: number, rounds: number): RandomSession {
  const random = mulberry32(seed);
  const engine = new TableEngine(rules);
  let shoe = shuffledShoe(rules, random);
  const cutAt = Math.floor(shoe.length * 0.75);
  let drawn = 0;
  const inputs: TableInput[] = [];
  const events: TableEvent[][] = [];
  const send = (input: TableInput) => {
    inputs.push(input);
    events.push(engine.submit(input, inputs.length));
  };
  const drawCard = () => {
    const card = shoe[drawn++];
    if (card === undefined) return false;
    send({ type: 'card', card });
    if (drawn === cutAt) send({ type: 'cut-card' });
    return true;
  };
  const players = ['ann', 'bob', 'cyd', 'dee'];
  let guard = 0;
  while (engine.table.round <= rounds && guard++ < 5000) {
    const phase = engine.phase;
    const s = engine.table;
    if (phase === 'paused') {
      send({ type: 'supervisor', action: random() < 0.8 ? 'resume' : 'void', by: 'sup' });
    } else if (phase === 'active.awaitingShoe') {
      shoe = shuffledShoe(rules, random);
      drawn = 0;
      send({ type: 'shoe.loaded' });
    } else if (phase === 'active.burning' || phase === 'active.dealing' || phase === 'active.dealerTurn') {
      if (!drawCard()) break;
    } else if (phase === 'active.betting') {
      if (s.bets.some((b) => b.kind === 'main') && random() < 0.4) {
        send({ type: 'betting.closed' });
        continue;
      }
      const kinds = ['main', 'main', 'main', 'behind', 'pairs', 'superMatch'] as const;
      const amount = pick(random, [100, 150, 500, 1000, 2500, 5]);
      send({ type: 'bet', seat: 1 + Math.floor(random() * (rules.seats + 1)), player: pick(random, players), amount, kind: pick(random, kinds) });
      if (random() < 0.02) drawCard(); // an out-of-turn card now and then
    } else if (phase === 'active.offers') {
      const box = s.boxes.find((b) => b.offerPending);
      if (!box) break;
      if (random() < 0.2) send({ type: 'decision.timeout', seat: box.seat });
      else {
        const options = ['insurance', 'noInsurance', 'evenMoney'].filter((action) =>
          refuseOfferAnswer(s, rules, { type: 'decision', seat: box.seat, action }) === null);
        send({ type: 'decision', seat: box.seat, action: pick(random, options.length ? options : ['noInsurance']) });
      }
    } else if (phase === 'active.playing') {
      const turn = handInTurn(s);
      if (!turn) break;
      if (turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) {
        if (!drawCard()) break;
        continue;
      }
      const r = random();
      if (r < 0.05) send({ type: 'decision.timeout', seat: turn.box.seat });
      else if (r < 0.08) send({ type: 'decision', seat: turn.box.seat, action: pick(random, ['hit', 'split', 'double', 'surrender']), hand: 99 });
      else {
        const actions = ['hit', 'stand', 'double', 'split', 'surrender', 'switch', 'hit', 'stand'].filter((action) =>
          refuseDecision(s, rules, { type: 'decision', seat: turn.box.seat, action }) === null);
        const action = pick(random, actions.length ? actions : ['stand']);
        // Most decisions name their hand, as the API's do; switch acts on the box, so it names none.
        const named = action !== 'switch' && random() < 0.7 ? { hand: turn.hand.index } : {};
        send({ type: 'decision', seat: turn.box.seat, action, ...named });
        if (random() < 0.01) drawCard(); // a card while a decision is pending: out of turn
      }
    } else {
      throw new Error(`driver does not know phase ${phase}`);
    }
  }
  return { inputs, events, faultCardPending: engine.table.faultCard !== null };
}

export const ALL_RANKS = RANKS;
export const ALL_SUITS = SUITS;
