// `shoe replay`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'replay',
  group: 'qa',
  summary: 'A recorded session (JSONL, one input per line) through the round machine: every fact it causes, in order.',
  positionals: [{ name: 'FILE', description: 'the recorded session (JSONL)' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set: a name in config/rules or a rule file' },
    format: { type: 'string', choices: ['jsonl', 'text'], default: 'jsonl', description: 'one JSON fact per line, or the readable story of the table' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr (shown only on a terminal, after 2 s)' },
  },
  details: ['A refused input is printed as an input.rejected fact and the replay goes on; a malformed line exits 2 naming the line.'],
  streaming: true,
  run: async (args, io) => (await import('../replay-to-stdout.js')).replayToStdout(args.positional[0] as string, args.values.rules, args.values.format, io, args.values.quiet),
});
