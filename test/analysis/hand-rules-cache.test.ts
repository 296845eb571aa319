// The legality cache of the exact analysis (src/analysis/hand-rules.ts) answers every question as the
// production rules do. Hands of one to twelve cards (past ten the key is a string: both kinds are asked),
// each with its neighbours — split or not, aces split or not, another lineage, doubled, after a decision —
// asked with every action against every up card, all in one random order of one cache, each answer
// compared with a fresh HandRules (nothing cached). Two questions sharing a key would give one of them the
// other's answer (each field of the key left out once makes this fail).
import { describe, expect, test } from 'vitest';
import { ACTIONS, HandRules, type HandShape } from '../../src/analysis/hand-rules.js';
import { deckModel } from '../../src/analysis/deck-model.js';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { mulberry32, shuffle } from '../../src/random/prng.js';

/** A hand and the hands that differ from it in one field only. */
function neighbours(values: number[]): HandShape[] {
  const base: HandShape = { values, fromSplit: false, splitAces: false, doubles: 0, actions: 0, lineage: 1 };
  const split = { ...base, fromSplit: true, splitAces: values[0] === 1, lineage: 2 };
  return [base, { ...base, fromSplit: true }, { ...base, actions: 1 }, { ...base, doubles: 1, actions: 1 }, split, { ...split, lineage: 3 }, { ...split, lineage: 4 }, { ...split, doubles: 1 }, { ...split, splitAces: !split.splitAces }];
}

describe('the exact analysis\'s legality cache', () => {
  test.each(knownRuleSets())('%s: every cached answer is the production rules\' answer for that very question', (name) => {
    const deck = deckModel(loadRuleSet(name).rules);
    const random = mulberry32(name.length * 7919);
    const pick = () => deck.values[Math.floor(random() * deck.values.length)] as number;
    const questions = shuffle(Array.from({ length: 60 }, (_, i) => Array.from({ length: 1 + (i % 12) }, pick))
      .flatMap(neighbours)
      .flatMap((shape) => ACTIONS.flatMap((action) => deck.values.map((up) => ({ shape, action, up })))), random);
    const cached = new HandRules(deck);
    const answers = questions.map(({ shape, action, up }) => cached.legal(action, shape, up));
    const fresh = questions.map(({ shape, action, up }) => new HandRules(deck).legal(action, shape, up));
    expect(answers).toEqual(fresh);
    expect(answers.filter(Boolean).length).toBeGreaterThan(questions.length / 10); // not all refusals
  });
});
