// Property tests over random shoes and random legal decisions, for every rule set (issue 2 acceptance).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { oracleDealerDraws, oracleThreeSevensBonus, oracleTotal } from './independent-oracle.js';
import type { Card } from '../../src/rules/cards.js';
import type { TableEvent } from '../../src/round/events.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { playRandomSession } from '../support/random-session.js';

const ruleSets = knownRuleSets().map((name) => loadRuleSet(name).rules);
const RUNS = 25;
const ROUNDS = 12;

describe.each(ruleSets.map((r) => [r.name, r] as const))('%s', (_name, rules) => {
  test('every card read is accounted for exactly once: burned, dealt, set aside or rejected', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const { inputs, events, faultCardPending } = playRandomSession(rules, seed, ROUNDS);
      inputs.forEach((input, i) => {
        if (input.type !== 'card') return;
        const facts = events[i] ?? [];
        const placements = facts.filter((e) =>
          ((e.type === 'card.burned' || e.type === 'card.dealt' || e.type === 'dealer.card') && e.card === input.card) ||
          (e.type === 'input.rejected' && e.input === input) ||
          (e.type === 'table.paused' && e.fault?.card === input.card));
        expect(placements, `card input ${i + 1} ${input.card}`).toHaveLength(1);
      });
      // A card that paused the table is set aside exactly once when the supervisor resolves it.
      const faults = events.flat().filter((e) => e.type === 'table.paused' && e.fault?.card !== undefined).length;
      const setAside = events.flat().filter((e) => e.type === 'card.setAside').length;
      expect(setAside).toBe(faults - (faultCardPending ? 1 : 0));
    }), { numRuns: RUNS });
  });

  test('the dealer never stands below the rule nor draws once it must stand', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const flat = playRandomSession(rules, seed, ROUNDS).events.flat();
      let dealerCards: Card[] = [];
      let initial = rules.dealer.holeCard ? 2 : 1;
      let standingHands = 0;
      for (const e of flat) {
        if (e.type === 'betting.opened') { dealerCards = []; initial = rules.dealer.holeCard ? 2 : 1; standingHands = 0; }
        if (e.type === 'hand.finished' && e.status === 'standing') standingHands++;
        if (e.type === 'dealer.card') {
          if (dealerCards.length >= initial) {
            // A draw after the initial cards happens only while the rule says draw (or the no-hole second card).
            expect(dealerCards.length < 2 || oracleDealerDraws(dealerCards, rules), `dealer drew on ${dealerCards.join(' ')}`).toBe(true);
          }
          dealerCards.push(e.card);
        }
        if (e.type === 'dealer.finished' && standingHands > 0 && !e.blackjack) {
          expect(oracleDealerDraws(e.cards, rules), `dealer stood on ${e.cards.join(' ')} with hands standing`).toBe(false);
          expect(oracleTotal(e.cards, rules).total >= rules.dealer.standOn || e.cards.length >= (rules.hand.maxCards ?? 99)).toBe(true);
        }
      }
    }), { numRuns: RUNS });
  });

  test('replay is deterministic byte for byte', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const { inputs, events } = playRandomSession(rules, seed, ROUNDS);
      const engine = new TableEngine(rules);
      const again = inputs.map((input, i) => engine.submit(JSON.parse(JSON.stringify(input)), i + 1));
      expect(JSON.stringify(again)).toBe(JSON.stringify(events));
    }), { numRuns: 10 });
  });

  test('stakes and nets balance: every bet placed is settled once, nets agree with outcomes', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const flat = playRandomSession(rules, seed, ROUNDS).events.flat();
      const placed = new Map<string, number>();
      const settledStake = new Map<string, number>();
      let insuranceTaken = 0;
      let insuranceSettled = 0;
      const check = () => {
        for (const [key, amount] of placed) {
          // The dealt hands of a box carry the placed stake (switch: each of its two hands).
          expect(settledStake.get(key) ?? 0, `settled stake for ${key}`).toBeGreaterThanOrEqual(amount);
        }
        expect(insuranceSettled).toBe(insuranceTaken);
      };
      for (const e of flat as TableEvent[]) {
        if (e.type === 'betting.opened') { placed.clear(); settledStake.clear(); insuranceTaken = 0; insuranceSettled = 0; }
        if (e.type === 'bet.placed') placed.set(`${e.seat}|${e.player}|${e.bet}`, (placed.get(`${e.seat}|${e.player}|${e.bet}`) ?? 0) + e.amount);
        if (e.type === 'insurance.taken') insuranceTaken += e.amount;
        if (e.type === 'bet.settled') {
          if (e.bet === 'insurance') insuranceSettled += e.stake;
          else settledStake.set(`${e.seat}|${e.player}|${e.bet}`, (settledStake.get(`${e.seat}|${e.player}|${e.bet}`) ?? 0) + e.stake);
          expect(e.net).toBeGreaterThanOrEqual(-e.stake);
          if (e.outcome === 'push' || e.outcome === 'void') expect(e.net).toBe(0);
          if (e.outcome === 'surrender') expect(e.net).toBe(-Math.floor(e.stake / 2));
          if (e.outcome === 'win' || e.outcome === 'blackjack' || e.outcome === 'evenMoney') expect(e.net).toBeGreaterThan(0);
          if (e.outcome === 'lose') expect(e.net).toBeLessThan(0);
        }
        if (e.type === 'round.ended') check();
      }
    }), { numRuns: RUNS });
  });

  test('an accepted decision names the hand it was sent for (issue 8.1)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const { inputs, events } = playRandomSession(rules, seed, ROUNDS);
      inputs.forEach((input, i) => {
        if (input.type !== 'decision' || input.hand === undefined) return;
        for (const e of events[i] ?? []) {
          if (e.type === 'decision.accepted' && !e.byTimeout && e.seat === input.seat) {
            expect(e.hand, `input ${i + 1} ${input.action} for hand ${input.hand}`).toBe(input.hand);
          }
        }
      });
    }), { numRuns: RUNS });
  });

  test('the dealer draws beyond his first two cards only while some hand still depends on his total (issue 8.4)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const flat = playRandomSession(rules, seed, ROUNDS).events.flat();
      // Each hand's cards and how it finished, rebuilt from the facts alone.
      let hands = new Map<string, { cards: string[]; status: string | null }>();
      let dealerCards = 0;
      const hand = (seat: number, index: number) => {
        const key = `${seat}:${index}`;
        if (!hands.has(key)) hands.set(key, { cards: [], status: null });
        return hands.get(key)!;
      };
      for (const e of flat) {
        if (e.type === 'betting.opened') { hands = new Map(); dealerCards = 0; }
        if (e.type === 'card.dealt') hand(e.seat, e.hand).cards.push(e.card);
        if (e.type === 'hand.split') {
          const from = hand(e.seat, e.hand);
          hand(e.seat, e.newHand).cards = from.cards.splice(1);
        }
        if (e.type === 'hands.switched') {
          const [a, b] = e.hands.map((h) => hand(e.seat, h));
          [a!.cards[1], b!.cards[1]] = [b!.cards[1]!, a!.cards[1]!];
        }
        if (e.type === 'hand.finished') hand(e.seat, e.hand).status = e.status;
        if (e.type === 'dealer.card') {
          if (dealerCards >= 2) {
            const depending = [...hands.values()].filter((h) => h.status === 'standing' && !oracleThreeSevensBonus(h.cards, rules));
            expect(depending.length, `dealer drew card ${dealerCards + 1} with no hand depending on him`).toBeGreaterThan(0);
          }
          dealerCards++;
        }
      }
    }), { numRuns: RUNS });
  });

  test('one decision timer expiry completes what the rule set hands to the timer (issue 8.5)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const flat = playRandomSession(rules, seed, ROUNDS).events.flat();
      // scope seat (deluxe): after the seat's timer ran out, every later decision of that seat in the round is
      // the system's. scope hand: a hand the timer decided is never decided by the player again.
      let timedOut = new Set<string>();
      for (const e of flat) {
        if (e.type === 'betting.opened') timedOut = new Set();
        if (e.type !== 'decision.accepted') continue;
        const key = rules.timeout.scope === 'seat' ? `${e.seat}` : `${e.seat}:${e.hand}`;
        if (e.byTimeout) timedOut.add(key);
        else expect(timedOut.has(key), `player decision on ${key} after its timer ran out`).toBe(false);
      }
    }), { numRuns: RUNS });
  });
});
