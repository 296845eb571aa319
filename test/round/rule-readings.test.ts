// The rule readings (docs/rules.md) as properties over every rule set, beyond the stacked-shoe scenarios
// (the stacked-shoe cases in test/scenarios): three sevens never wait for the dealer, one timer expiry completes a
// deluxe seat, split aces double where the set allows it, and two pictures split where the set says so.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import type { Card } from '../../src/rules/cards.js';
import type { Hand } from '../../src/rules/hand.js';
import { refuseHandAction } from '../../src/rules/player-actions.js';
import type { TableEvent } from '../../src/round/events.js';
import type { TableInput } from '../../src/round/inputs.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { handInTurn } from '../../src/round/operations/hands.js';
import { oracleTotal } from './independent-oracle.js';
import { mulberry32, shuffledShoe } from '../support/random-session.js';

const ruleSets = knownRuleSets().map((name) => loadRuleSet(name).rules);

function deckCards(rules: (typeof ruleSets)[number]): Card[] {
  return rules.deck.ranks.flatMap((r) => rules.deck.suits.map((s) => `${r}${s}` as Card));
}

function play(rules: (typeof ruleSets)[number], inputs: TableInput[]) {
  const engine = new TableEngine(rules);
  const facts: TableEvent[] = [];
  inputs.forEach((input, i) => facts.push(...engine.submit(input, i + 1)));
  return { engine, facts };
}

describe.each(ruleSets.filter((r) => r.hand.threeSevensPays !== undefined).map((r) => [r.name, r] as const))('%s three sevens', (_n, rules) => {
  test('paid whatever the dealer holds: the dealer reveals but never draws for them, the next bet is taken', () => {
    // Up cards the dealer does not peek on (no dealer blackjack can end the round before the hit).
    const others = deckCards(rules).filter((c) => c[0] !== '7');
    const upCards = others.filter((c) => c[0] !== 'A' && oracleTotal([c], rules).total !== 10);
    fc.assert(fc.property(fc.constantFrom(...upCards), fc.constantFrom(...others), fc.constantFrom(...others), (up, hole, burn) => {
      fc.pre(new Set([up, hole, burn]).size === 3);
      const bet: TableInput = { type: 'bet', seat: 1, player: 'p1', amount: 1000 };
      const { engine, facts } = play(rules, [
        { type: 'shoe.loaded' }, { type: 'card', card: burn }, bet, { type: 'betting.closed' },
        { type: 'card', card: '7H' }, { type: 'card', card: up }, { type: 'card', card: '7C' }, { type: 'card', card: hole },
        { type: 'decision', seat: 1, action: 'hit' }, { type: 'card', card: '7D' }, bet,
      ]);
      expect(facts.filter((e) => e.type === 'dealer.card')).toHaveLength(2);
      expect(facts.filter((e) => e.type === 'input.rejected')).toEqual([]);
      expect(facts.find((e) => e.type === 'bet.settled')).toMatchObject({ outcome: 'win', net: 2000 });
      expect(engine.phase).toBe('active.betting');
    }), { numRuns: 60 });
  });
});

describe.each(ruleSets.filter((r) => r.timeout.scope === 'seat' && r.split.allowed).map((r) => [r.name, r] as const))('%s timer after a split', (_n, rules) => {
  test('one expiry completes every hand of the seat: cards alone finish the round', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom('2', '3', '4', '5', '6', '7', '8', '9'), (seed, pairRank) => {
      const random = mulberry32(seed);
      const shoe = shuffledShoe(rules, random);
      const take = (pred: (c: Card) => boolean) => shoe.splice(shoe.findIndex(pred), 1)[0]!;
      // A burn of one shown card worth 1 (an ace burns one more), then the pair against an up card without a peek.
      const stacked = [take((c) => c[0] === 'A'), take(() => true), take((c) => c[0] === pairRank),
        take((c) => c[0] !== 'A' && oracleTotal([c], rules).total !== 10), take((c) => c[0] === pairRank), take(() => true)];
      const engine = new TableEngine(rules);
      let line = 0;
      const send = (input: TableInput) => engine.submit(input, ++line);
      const facts: TableEvent[] = [];
      send({ type: 'shoe.loaded' });
      for (const card of stacked.slice(0, 2)) send({ type: 'card', card });
      send({ type: 'bet', seat: 1, player: 'p1', amount: 1000 });
      send({ type: 'betting.closed' });
      for (const card of stacked.slice(2)) facts.push(...send({ type: 'card', card }));
      facts.push(...send({ type: 'decision', seat: 1, action: 'split', hand: 0 }));
      let expiries = 0;
      while (engine.phase === 'active.playing' || engine.phase === 'active.dealerTurn') {
        const turn = handInTurn(engine.table);
        const decisionAwaited = engine.phase === 'active.playing' && turn !== undefined && turn.hand.pendingDraw === null && turn.hand.cards.length >= 2;
        if (decisionAwaited) {
          expiries++;
          expect(expiries, 'a second expiry was needed').toBe(1);
          facts.push(...send({ type: 'decision.timeout', seat: 1 }));
        } else {
          facts.push(...send({ type: 'card', card: shoe.shift()! }));
        }
      }
      expect(engine.phase).toBe('active.betting');
      expect(facts.filter((e) => e.type === 'input.rejected')).toEqual([]);
      const byTimer = facts.filter((e) => e.type === 'decision.accepted' && e.byTimeout).map((e) => (e as { hand: number }).hand);
      if (expiries === 1) expect(new Set(byTimer).size).toBeGreaterThanOrEqual(1);
    }), { numRuns: 60 });
  });
});

/** A two-card hand as the rules see it. */
function hand(cards: Card[], extra: Partial<Hand> = {}): Hand {
  return {
    index: 0, origin: 0, cards, fromSplit: false, splitAces: false, ownSecondCard: true, doubles: 0, pendingDraw: null,
    actions: 0, auto: false, status: 'open', wagers: [{ player: 'p1', kind: 'main', original: 1000, stake: 1000 }], settled: false, ...extra,
  };
}

describe.each(ruleSets.map((r) => [r.name, r] as const))('%s decisions as the rule file reads', (_n, rules) => {
  test('double on split aces follows double.afterSplitAces', () => {
    const lows = deckCards(rules).filter((c) => c[0] !== 'A' && oracleTotal(['AS', c], rules).total < 21);
    for (const low of lows) {
      const refused = refuseHandAction('double', { hand: hand(['AH', low], { fromSplit: true, splitAces: true, index: 1 }), lineageSize: 2, dealerUpCard: '6D' }, rules);
      const d = rules.double;
      const allowed = d.allowed && d.afterSplit && d.afterSplitAces && !d.forbidWithAce;
      expect(refused === null, `${rules.name} A+${low} after splitting aces: ${refused}`).toBe(allowed);
    }
  });

  test('two different pictures split where split.anyTwoPictures says so', () => {
    const pictures = deckCards(rules).filter((c) => 'JQK'.includes(c[0]!));
    for (const a of pictures) for (const b of pictures) {
      if (a[0] === b[0]) continue;
      const refused = refuseHandAction('split', { hand: hand([a, b]), lineageSize: 1, dealerUpCard: '6D' }, rules);
      const sameValue = oracleTotal([a], rules).total === oracleTotal([b], rules).total;
      expect(refused === null, `${rules.name} ${a}+${b}: ${refused}`).toBe(rules.split.allowed && (sameValue || rules.split.anyTwoPictures));
    }
  });
});
