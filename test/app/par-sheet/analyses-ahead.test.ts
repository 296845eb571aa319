// The exact analyses of `par-sheet --all` started ahead of their sheets (app/par-sheet/analyses-ahead.ts): in
// the order given, the first two at once (the pool has nothing to play until the first answers), then each next
// one when the one before it has answered, so that once the first has answered one runs at a time; a sheet
// gets the analysis started for its rule set (not a second one); a rule set not listed, or a strategy of its
// own, goes to the fallback; stop() lets go of every analysis, and none starts after it.
import { describe, expect, test } from 'vitest';
import type { ExactFigures } from '../../../src/analysis/exact-figures.js';
import type { Strategy } from '../../../src/analysis/strategy.js';
import type { RuleSet } from '../../../src/rules/rule-set.js';
import { analysesAhead } from '../../../src/app/par-sheet/analyses-ahead.js';
import type { AnalysisHold } from '../../../src/app/par-sheet/exact-in-worker.js';
import type { ExactAnalysisSource } from '../../../src/app/par-sheet/exact-analysis-source.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';

const rulesOf = (name: string) => loadRuleSet(name).rules;
const figures = (name: string) => ({ name }) as unknown as ExactFigures;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Holds that answer when told to, recording what started and what was released. */
function fakeHolds() {
  const started: string[] = [];
  const released: string[] = [];
  const answer = new Map<string, () => void>();
  const hold = (rules: RuleSet): AnalysisHold<ExactFigures> => {
    started.push(rules.name);
    const result = new Promise<ExactFigures>((resolve) => answer.set(rules.name, () => resolve(figures(rules.name))));
    return { result, release: () => released.push(rules.name) };
  };
  const asked: string[] = [];
  const fallback: ExactAnalysisSource = {
    sheet: (rules: RuleSet, strategy?: Strategy) => {
      asked.push(`${rules.name}${strategy ? ' with a strategy' : ''}`);
      return Promise.resolve(figures(`fallback ${rules.name}`));
    },
    holdMain: () => {
      throw new Error('not asked here');
    },
  };
  return { started, released, answer: (name: string) => answer.get(name)?.(), hold, fallback, asked };
}

describe('analyses started ahead of their sheets', () => {
  test('two at the start, then each next one when the one before it answers; each sheet gets the one started for it', async () => {
    const f = fakeHolds();
    const list = ['basic', 'classic', 'classic-17plus4', 'deluxe', 'six-deck'].map(rulesOf);
    const ahead = analysesAhead(list, f.hold, f.fallback);
    expect(f.started).toEqual(['basic', 'classic']);
    await turn();
    expect(f.started).toEqual(['basic', 'classic']);
    // The second answers while the first still runs: the third takes its core.
    f.answer('classic');
    await turn();
    expect(f.started).toEqual(['basic', 'classic', 'classic-17plus4']);
    // The first answers: nothing more starts beside the one running (the pool now plays).
    f.answer('basic');
    await turn();
    expect(f.started).toEqual(['basic', 'classic', 'classic-17plus4']);
    expect(await ahead.sheet(rulesOf('basic'))).toEqual(figures('basic'));
    expect(await ahead.sheet(rulesOf('classic'))).toEqual(figures('classic'));
    f.answer('classic-17plus4');
    await turn();
    expect(f.started).toEqual(['basic', 'classic', 'classic-17plus4', 'deluxe']);
    // Asked for before its turn: it starts now, once.
    const last = ahead.sheet(rulesOf('six-deck'));
    expect(f.started).toEqual(['basic', 'classic', 'classic-17plus4', 'deluxe', 'six-deck']);
    f.answer('deluxe');
    f.answer('six-deck');
    expect(await last).toEqual(figures('six-deck'));
    await turn();
    expect(f.started).toEqual(['basic', 'classic', 'classic-17plus4', 'deluxe', 'six-deck']);
    expect(f.asked).toEqual([]);
  });

  test('a rule set not listed, or a strategy of its own: the fallback', async () => {
    const f = fakeHolds();
    const ahead = analysesAhead([rulesOf('basic')], f.hold, f.fallback);
    expect(await ahead.sheet(rulesOf('european'))).toEqual(figures('fallback european'));
    expect(await ahead.sheet(rulesOf('basic'), {} as Strategy)).toEqual(figures('fallback basic'));
    expect(f.asked).toEqual(['european', 'basic with a strategy']);
  });

  test('stop() releases every analysis started, and starts no other', async () => {
    const f = fakeHolds();
    const ahead = analysesAhead(['basic', 'classic', 'six-deck'].map(rulesOf), f.hold, f.fallback);
    ahead.stop();
    expect(f.released).toEqual(['basic', 'classic']);
    f.answer('basic');
    f.answer('classic');
    await turn();
    expect(f.started).toEqual(['basic', 'classic']);
  });
});
