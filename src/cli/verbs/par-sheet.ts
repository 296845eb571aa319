// `shoe par-sheet`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const verb = defineCommand({
  name: 'par-sheet',
  summary: 'The par sheet of a rule set (or one table across all): rules in words, exact and simulated return, side bets, frequencies.',
  positionals: [],
  options: {
    rules,
    all: { type: 'boolean', description: 'every rule set, one table' },
    format: { type: 'string', choices: ['md', 'json'], default: 'md', description: 'Markdown, or JSON' },
    rounds: { type: 'integer', default: 20000, description: 'rounds simulated per rule set' },
    workers: { type: 'integer', description: "worker threads (default: the machine's cores)" },
    seed: { type: 'integer', default: 1, description: 'the seed of the shoes' },
  },
  details: [
    'Give --rules NAME or --all (not both). Side bets: exact return by integer enumeration, with each outcome\'s probability;',
    'main game: exact return of the computed strategy off the top of a full shoe, beside the simulated return and its 95 % interval.',
  ],
  run: async (args, io) => (await import('../par-sheet-command.js')).parSheetCommand(args.values, io.out),
});
