// `shoe replay-capture`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'replay-capture',
  summary: "A capture (start --capture) through the decoder and the round machine; prints the live run's events, exit 1 if they differ.",
  positionals: [{ name: 'FILE', description: 'the capture file' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    format: { type: 'string', choices: ['jsonl', 'text'], default: 'jsonl', description: 'one JSON fact per line, or the story' },
  },
  run: async (args, io) => (await import('../shoe-commands.js')).replayCaptureCommand(args, io.out),
});
