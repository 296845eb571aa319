// Run by test/testing/packed-library.test.ts inside a scratch project outside the repository, against the
// packed tarball installed there (its own tsconfig.scratch.json type-checks it first): the package's own entry points only, no path into src/.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { TableEngine, loadRuleSet, type TableEvent } from 'blackjack-table-controller';
import { checkScenario, replaySessionFile, stackShoe, type Scenario } from 'blackjack-table-controller/testing';

type Settled = Extract<TableEvent, { type: 'bet.settled' }>;
const settled = (facts: readonly TableEvent[]): Settled[] => facts.filter((f): f is Settled => f.type === 'bet.settled');

describe('blackjack-table-controller as a library', () => {
  test('replays a recorded session through the round machine', () => {
    const session = fileURLToPath(import.meta.resolve('blackjack-table-controller/package.json').replace(/package\.json$/, 'config/demo/six-deck-demo.jsonl'));
    const facts = replaySessionFile('six-deck', session);
    expect(settled(facts).length).toBeGreaterThan(0);
    expect(facts.filter((f) => f.type === 'input.rejected')).toEqual([]);
  });

  test('builds a stacked shoe where the dealer busts against a double, and checks it as a scenario', () => {
    const { rules } = loadRuleSet('six-deck');
    const stacked = stackShoe(rules, { hands: { '1': [{ card: '6H' }, { card: '5S' }, { action: 'double' }, { card: '9C' }] }, dealer: ['6D', 'TC', '9S'] });
    const dealer = stacked.facts.find((f) => f.type === 'dealer.finished');
    expect(dealer?.type === 'dealer.finished' && dealer.total).toBe(25);
    expect(settled(stacked.facts).map(({ seat, stake, net, outcome }) => ({ seat, stake, net, outcome }))).toEqual([{ seat: 1, stake: 2000, net: 2000, outcome: 'win' }]);

    // The same inputs through the engine of the main entry give the same facts.
    const engine = new TableEngine(rules);
    expect(stacked.inputs.flatMap((input, i) => engine.submit(input, i + 1))).toEqual(stacked.facts);

    const scenario: Scenario = { rules: 'six-deck', inputs: stacked.inputs, expect: [{ round: 1, seat: 1, hand: 0, bet: 'main', net: 2000, outcome: 'win' }] };
    expect(checkScenario(rules, scenario).passed).toBe(true);
    const off = checkScenario(rules, { ...scenario, expect: [{ round: 1, seat: 1, hand: 0, bet: 'main', net: 1999 }] });
    expect(off.differences).toEqual(['round 1 seat 1 hand 0 main: expected net +1999, got +2000 (win)']);
  });

  test('the package exposes its entry points only: a deep import is refused', () => {
    // Node's own resolver (createRequire), as any consumer would meet it.
    const resolve = createRequire(import.meta.url).resolve;
    expect(resolve('blackjack-table-controller/testing')).toMatch(/dist\/src\/testing\/index\.js$/);
    let code = '';
    try {
      resolve('blackjack-table-controller/dist/src/round/table-engine.js');
    } catch (err) {
      code = (err as { code: string }).code;
    }
    expect(code).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
