// `shoe export`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'export',
  summary: "The log's inputs, in order, as a recorded session that `replay` accepts (production logs become test fixtures).",
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    format: { type: 'string', choices: ['session'], default: 'session', description: 'the output format' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr (shown only on a terminal, after 2 s)' },
  },
  streaming: true,
  run: async (args, io) => (await import('../export-log.js')).exportLog(args.positional[0] as string, args.values.quiet, io),
});
