// `shoe par-sheet`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';
import { SEED_MAX } from '../../random/seed-range.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const verb = defineCommand({
  name: 'par-sheet',
  group: 'analysis',
  summary: 'The par sheet of a rule set (or of all): identified, exact and simulated returns, lab figures, side bets, warnings, pictures.',
  positionals: [],
  options: {
    rules,
    all: { type: 'boolean', description: 'every rule set: warnings and a summary on top, then each sheet' },
    verify: { type: 'string', value: 'FILE', description: 'compute a saved json sheet again: exit 0 when it still holds, 1 naming what differs' },
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', description: 'Markdown, JSON, or a self-contained html page with charts' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr (shown only on a terminal)' },
    rounds: { type: 'integer', description: 'rounds dealt per rule set (default: enough for a ±0.1 % 95 % interval on the main return, sized from a pilot)' },
    workers: { type: 'integer', description: "threads that play the simulation, this one included (default: the machine's cores)" },
    lang: { type: 'string', choices: ['en', 'ru'], default: 'en', description: 'the language of the sheet (every word; numbers as the language writes them)' },
    seed: { type: 'integer', default: 1, max: SEED_MAX, description: 'the seed of the shoes' },
    strategy: { type: 'string', value: 'FILE', description: 'a strategy from `shoe strategy --format json` instead of the computed one' },
  },
  details: [
    'Give --rules NAME, --all or --verify FILE. Every sheet is identified (product version and commit, rule file and its SHA-256,',
    'strategy source, date, machine, run time) and states its sign convention on top: return is the player\'s net over the initial stake.',
    'One simulation pass per rule set: shoes dealt to the deepest cut card, each round counted for every cut card (50, 66, 75, 83 %',
    'and the rule set\'s own) it started before, so the main figure and the return by penetration come from the same shoes.',
  ],
  run: async (args, io) => (await import('../par-sheet-command.js')).parSheetCommand(args.values, io.out),
});
