// The computed strategy played on production hands, decisions checked against the production refusal rules.
// The strategy is the product's analysis from the tests' cache of it (test/support/exact-analysis-cache.ts:
// computed by the product's worker when missing); the worker itself is held by the CLI's par sheet and
// simulation (test/cli/par-sheet-cli.test.ts) and the edge check (test/app/par-sheet/table-edge-warning.test.ts).
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { strategyInBackground } from '../../../src/app/par/strategy-in-background.js';
import { cachedAnalysisSource } from '../../support/exact-analysis-cache.js';
import { refuseHandAction } from '../../../src/rules/player-actions.js';
import type { Card } from '../../../src/rules/cards.js';
import type { Hand } from '../../../src/rules/hand.js';

function hand(cards: Card[], partial: Partial<Hand> = {}): Hand {
  return {
    index: 0, origin: 0, cards, fromSplit: false, splitAces: false, ownSecondCard: true, doubles: 0, pendingDraw: null,
    actions: 0, auto: false, status: 'open', wagers: [{ player: 'p', kind: 'main', original: 1000, stake: 1000 }], settled: false, ...partial,
  };
}

describe('strategy player', () => {
  test('six-deck: ready in the background; plays the chart within what the rules allow', async () => {
    const { rules } = loadRuleSet('six-deck');
    const background = strategyInBackground(rules, undefined, cachedAnalysisSource);
    expect(background.current()).toBeUndefined();
    const player = await background.ready;
    expect(player).toBeDefined();
    const decide = (h: Hand, up: Card, lineage = 1) =>
      player!.decide(h, lineage, up, (a) => refuseHandAction(a, { hand: h, lineageSize: lineage, dealerUpCard: up }, rules) === null);
    expect(decide(hand(['8S', '8H']), 'TD')).toBe('split');
    expect(decide(hand(['8S', '8H']), 'TD', 4)).toBe('surrender'); // split to four reached: the cell's next choice
    expect(decide(hand(['6S', '5H']), '6D')).toBe('double');
    expect(decide(hand(['6S', '5H', '2C'], { actions: 1 }), '6D')).toBe('stand'); // 13 against 6
    // six-deck forbids a double when either card is an ace: soft 18 against 4 stands.
    expect(decide(hand(['AS', '7H']), '4D')).toBe('stand');
    expect(decide(hand(['TS', '6H']), 'TD')).toBe('surrender');
    expect(decide(hand(['TS', '3H', '3C'], { actions: 1 }), 'TD')).toBe('hit');
  }, 180_000);
});

describe('switch', () => {
  test('switches when the other arrangement is worth more, and not back', async () => {
    const { rules } = loadRuleSet('switch');
    const player = (await strategyInBackground(rules, undefined, cachedAnalysisSource).ready)!;
    const box = (a: Card[], b: Card[], own = true) => ({
      seat: 1, owner: 'p', hands: [hand(a, { ownSecondCard: own }), hand(b, { index: 1, ownSecondCard: own })],
      sideBets: [], insurance: [], offerPending: false, acted: false, follow: [],
    });
    // T+6 and 5+T against 6: switching gives T+T (20) and 5+6 (11).
    expect(player.shouldSwitch(box(['TS', '6H'], ['5D', 'TC']), '6C')).toBe(true);
    expect(player.shouldSwitch(box(['TS', 'TC'], ['5D', '6H'], false), '6C')).toBe(false);
    // A dealt blackjack is kept: A+T and 2+3 would become A+3 and 2+T.
    expect(player.shouldSwitch(box(['AS', 'TH'], ['2D', '3C']), '7C')).toBe(false);
  }, 180_000);
});
