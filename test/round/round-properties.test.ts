// Property tests over random shoes and random legal decisions, for every rule set (issue 2 acceptance).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { dealerMustDraw } from '../../src/rules/dealer-policy.js';
import { handTotal } from '../../src/rules/hand-total.js';
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
            expect(dealerCards.length < 2 || dealerMustDraw(dealerCards, rules), `dealer drew on ${dealerCards.join(' ')}`).toBe(true);
          }
          dealerCards.push(e.card);
        }
        if (e.type === 'dealer.finished' && standingHands > 0 && !e.blackjack) {
          expect(dealerMustDraw(e.cards, rules), `dealer stood on ${e.cards.join(' ')} with hands standing`).toBe(false);
          expect(handTotal(e.cards, rules).total >= rules.dealer.standOn || e.cards.length >= (rules.hand.maxCards ?? 99)).toBe(true);
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
});
