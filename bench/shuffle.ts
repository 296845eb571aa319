// The shuffle check's false-alarm rate on well-shuffled shoes (docs/live-table.md, "Shuffle check"): for each rule set's shoe and
// run lengths 4 to 10, how many shoes in a row of random shoes raise an alarm. Prints figures only.
// Usage: npm run bench:shuffle [-- --shoes N]
import { parseArgs } from 'node:util';
import { ShuffleWatch } from '../src/app/table/integrity/shuffle-watch.js';
import { mulberry32 } from '../src/random/prng.js';
import { seededShoe } from '../src/app/players/bot-rounds.js';
import { knownRuleSets, loadRuleSet } from '../src/config/load-rule-set.js';

const { values } = parseArgs({ options: { shoes: { type: 'string', default: '2000' } }, strict: true });
const shoes = Number(values.shoes);

const seen = new Set<string>();
console.log(`shoes per cell: ${shoes}; figure = share of shoes raising an alarm (repeated run | new-deck order)`);
console.log(['deck'.padEnd(22), ...[4, 5, 6, 7, 8, 10].map((k) => `run ${k}`.padStart(16))].join(''));
for (const name of knownRuleSets()) {
  const { rules } = loadRuleSet(name);
  const key = `${rules.deck.decks}x${rules.deck.ranks.join('')}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const size = rules.deck.decks * rules.deck.ranks.length * rules.deck.suits.length;
  const cells: string[] = [];
  for (const k of [4, 5, 6, 7, 8, 10]) {
    const random = mulberry32(k * 7919);
    const watch = new ShuffleWatch(k);
    let repeated = 0;
    let ordered = 0;
    for (let i = 0; i < shoes; i++) {
      watch.newShoe();
      const alarms = seededShoe(rules, random).flatMap((c) => watch.observe(c));
      if (alarms.some((a) => a.kind === 'repeatedRun')) repeated++;
      if (alarms.some((a) => a.kind === 'newDeckOrder')) ordered++;
    }
    cells.push(`${(repeated / shoes).toFixed(4)}|${(ordered / shoes).toFixed(4)}`.padStart(16));
  }
  console.log([`${name} (${size})`.padEnd(22), ...cells].join(''));
}
