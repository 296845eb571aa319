// Snapshots stay small and the same size all shoe long: the shoe's accounting is a fixed table
// of 52 counts, so the state at the start of every round weighs the same whatever has been drawn.
import { expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { BotPlayer } from '../../src/app/players/bot-rounds.js';
import { mulberry32 } from '../../src/random/prng.js';

test('the table snapshot at each betting.opened does not grow over three six-deck shoes', () => {
  const rules = loadRuleSet('six-deck').rules;
  const engine = new TableEngine(rules);
  const bot = new BotPlayer(rules, { strategy: 'basic', random: mulberry32(11), seats: [1, 2, 3] });
  const sizes: number[] = [];
  while (bot.shoes <= 3) {
    const facts = engine.submit(bot.next(engine.phase, engine.table));
    if (facts.some((f) => f.type === 'betting.opened')) {
      const snapshot = engine.persistedSnapshot() as unknown as { context: { table: unknown } };
      sizes.push(JSON.stringify(snapshot.context.table).length);
    }
  }
  expect(sizes.length).toBeGreaterThan(50);
  // Only the numbers' digits vary (counts 0..6, round number, shoe number).
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(120);
  expect(Math.max(...sizes)).toBeLessThan(1000);
});
