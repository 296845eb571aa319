// `shoe simulate`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';
import { SEED_MAX } from '../../random/seed-range.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const verb = defineCommand({
  name: 'simulate',
  group: 'analysis',
  summary: 'Plays N rounds of the computed strategy through the production round machine on seeded shoes, across worker threads.',
  positionals: [],
  options: {
    rules: { ...rules, required: true },
    rounds: { type: 'integer', required: true, description: 'rounds to play' },
    seats: { type: 'integer', description: 'seats played (default 3; 1 for a single deck)' },
    workers: { type: 'integer', description: "threads that play, this one included (default: the machine's cores); the result does not depend on it" },
    seed: { type: 'integer', default: 1, max: SEED_MAX, description: 'the seed of the shoes' },
    strategy: { type: 'string', value: 'FILE', description: 'a strategy from `shoe strategy --format json` instead of the computed one' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'a report, or JSON' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr (shown only on a terminal)' },
  },
  details: [
    'Shoes are dealt to the cut card; every side bet of the rule set is played, a bet behind on each seat where allowed,',
    'insurance on every offer (measured as its own bet). Chunks of 500 rounds have seeds of their own: the same seed',
    'gives the same result for any number of threads. A refused input or a stuck round stops the run and writes the',
    'session to replay it (exit 1).',
  ],
  // Its thread plays chunks beside the workers: a young generation kept small keeps it near its live set
  // (held again once each worker has started, which resets V8's flags: ../small-young-generation.ts).
  streaming: true,
  run: async (args, io) => (await import('../simulate-command.js')).simulateCommand(args.values, io.out),
});
