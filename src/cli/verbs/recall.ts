// `shoe recall`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'recall',
  group: 'audit',
  summary: 'Game recall: the last rounds of a table log, step by step.',
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    last: { type: 'integer', default: 10, min: 1, description: 'how many rounds' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'readable steps, or JSON' },
    shoes: { type: 'boolean', description: 'instead of rounds: every shoe receipt on the log (end-of-shoe reconciliation, docs/procedures.md) and every stub count entered for one, with what to check' },
  },
  streaming: true,
  run: async (args, io) => (await import('../log-commands.js')).recallCommand(args, io.out),
});
