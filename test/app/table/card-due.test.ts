// The draw gate's contract (PROTOCOL.md §7.5.3): the shoe's gate opens exactly when `cardDue` says a card
// is due (src/app/table/shoe-bridge.ts), so `cardDue` must say so exactly when the round machine takes a card —
// otherwise a card the gate let out is an out-of-turn fault, or the table waits on a locked shoe. Checked
// over bot sessions of every rule set with what a live table adds: shoe faults that pause and clear at
// random moments (the table resumes where it was), misreads before a card, decision timer expiries.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { TableEngine } from '../../../src/round/table-engine.js';
import { BotPlayer } from '../../../src/app/players/bot-rounds.js';
import { cardDue } from '../../../src/app/table/card-due.js';
import { mulberry32 } from '../../../src/random/prng.js';
import type { TableInput } from '../../../src/round/inputs.js';

const RULE_SETS = ['basic', 'classic', 'classic-17plus4', 'deluxe', 'european', 'six-deck', 'switch'];
const PAUSING_FAULTS = ['jam', 'linkDown', 'cardReversed', 'dirtySensor'] as const;
const STEPS = 25_000;

describe('cardDue agrees with the round machine', () => {
  for (const name of RULE_SETS) {
    test(`${name}: a card is due exactly when the machine takes one, across pauses, misreads and timeouts`, () => {
      const rules = loadRuleSet(name).rules;
      const dice = mulberry32(99);
      const engine = new TableEngine(rules);
      const bot = new BotPlayer(rules, { strategy: 'basic', random: mulberry32(7), seats: [1, 2, 3] });
      const disagreements: string[] = [];
      let cardsTaken = 0;
      let pauses = 0;
      for (let step = 0; step < STEPS && disagreements.length < 5; step++) {
        const phase = engine.phase;
        const due = cardDue(engine.table, phase, rules);
        if (dice() < 0.05 && phase.startsWith('active.') && phase !== 'active.awaitingShoe') {
          // A shoe fault pauses the table; when it clears the table resumes at the same point.
          const fault = PAUSING_FAULTS[Math.floor(dice() * PAUSING_FAULTS.length)] as string;
          engine.submit({ type: 'shoe.fault', fault } as TableInput);
          if (cardDue(engine.table, engine.phase, rules) !== null) disagreements.push(`step ${step}: a card is due while paused (${fault})`);
          engine.submit({ type: 'shoe.recovered', fault } as TableInput);
          pauses++;
          const after = cardDue(engine.table, engine.phase, rules);
          if (engine.phase !== phase || JSON.stringify(after) !== JSON.stringify(due)) disagreements.push(`step ${step}: ${fault} in ${phase} left ${engine.phase}, due ${JSON.stringify(due)} -> ${JSON.stringify(after)}`);
          continue;
        }
        let input = bot.next(phase, engine.table);
        if (input.type === 'decision' && phase === 'active.playing' && dice() < 0.2) input = { type: 'decision.timeout', seat: input.seat };
        if (input.type === 'card' && dice() < 0.05) {
          // §7.4.2: an unreadable card pauses the table until its rescan; no card is due meanwhile.
          engine.submit({ type: 'shoe.fault', fault: 'misread', detail: 'draw not read' });
          if (cardDue(engine.table, engine.phase, rules) !== null) disagreements.push(`step ${step}: a card is due during a misread`);
          engine.submit({ type: 'shoe.recovered', fault: 'misread' });
        }
        if (input.type !== 'cut-card' && (input.type === 'card') !== (due !== null)) {
          disagreements.push(`step ${step} in ${phase}: the machine wants ${input.type}, cardDue says ${JSON.stringify(due)}`);
        }
        const facts = engine.submit(input);
        if (input.type === 'card') cardsTaken++;
        const refused = facts.filter((f) => f.type === 'table.paused' || f.type === 'input.rejected');
        if (refused.length > 0) disagreements.push(`step ${step} in ${phase}: ${JSON.stringify(input)} -> ${JSON.stringify(refused)}`);
      }
      expect(disagreements).toEqual([]);
      // The session did what it says: many cards dealt, many pauses taken.
      expect(cardsTaken).toBeGreaterThan(STEPS / 4);
      expect(pauses).toBeGreaterThan(STEPS / 50);
    });
  }
});
