// `shoe par-sheet`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const verb = defineCommand({
  name: 'par-sheet',
  summary: 'The par sheet of a rule set (or of all): identified, exact and simulated returns, lab figures, side bets, warnings, pictures.',
  positionals: [],
  options: {
    rules,
    all: { type: 'boolean', description: 'every rule set: warnings and a summary on top, then each sheet' },
    verify: { type: 'string', value: 'FILE', description: 'compute a saved json sheet again: exit 0 when it still holds, 1 naming what differs' },
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', description: 'Markdown, JSON, or a self-contained html page with charts' },
    rounds: { type: 'integer', description: 'rounds simulated per rule set (default: enough for a ±0.1 % interval on the main return)' },
    'penetration-rounds': { type: 'integer', description: 'rounds simulated at each penetration (default: a quarter of the rounds)' },
    workers: { type: 'integer', description: "worker threads (default: the machine's cores)" },
    seed: { type: 'integer', default: 1, description: 'the seed of the shoes' },
    strategy: { type: 'string', value: 'FILE', description: 'a strategy from `shoe strategy --format json` instead of the computed one' },
  },
  details: [
    'Give --rules NAME, --all or --verify FILE. Every sheet is identified (product version and commit, rule file and its SHA-256,',
    'strategy source, date, machine, run time) and states its sign convention on top: return is the player\'s net over the initial stake.',
  ],
  run: async (args, io) => (await import('../par-sheet-command.js')).parSheetCommand(args.values, io.out),
});
