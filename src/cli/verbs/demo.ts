// `shoe demo`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { packagePath } from '../../config/package-root.js';
import { defineCommand } from '../command-spec.js';

const DEMO = packagePath('config/demo/six-deck-demo.jsonl');

export const verb = defineCommand({
  name: 'demo',
  group: 'qa',
  summary: "The bundled demo session's story: a six-deck table played through the round machine.",
  positionals: [{ name: 'SESSION', description: 'another recorded session to tell', required: false }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', default: 'six-deck', description: 'the rule set' },
    format: { type: 'string', choices: ['jsonl', 'text'], default: 'text', description: 'the story, or one JSON fact per line' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr' },
  },
  run: async (args, io) => (await import('../replay-to-stdout.js')).replayToStdout(args.positional[0] ?? DEMO, args.values.rules, args.values.format, io, args.values.quiet),
});
