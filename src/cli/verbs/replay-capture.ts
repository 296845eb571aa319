// `shoe replay-capture`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs. `--as-scenario`: the
// capture as a scenario for `shoe check` (src/testing/capture-scenario.ts, docs/qa.md).
import { defineCommand } from '../command-spec.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'replay-capture',
  group: 'qa',
  summary: "A capture (start --capture) through the decoder and the round machine; prints the live run's events, exit 1 if they differ.",
  positionals: [{ name: 'FILE', description: 'the capture file' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    format: { type: 'string', choices: ['jsonl', 'text'], default: 'jsonl', description: 'one JSON fact per line, or the story' },
    'as-scenario': { type: 'boolean', description: 'print a self-contained scenario instead (docs/qa.md) that `shoe check` replays' },
    round: { type: 'string', value: 'N[..M]', description: 'with --as-scenario: only these rounds are judged (default: every round)' },
  },
  run: async (args, io) => {
    if (args.values.round !== undefined && !args.values['as-scenario']) throw new UsageError('--round goes with --as-scenario');
    return args.values['as-scenario']
      ? (await import('../../testing/capture-scenario-file.js')).exportCaptureScenario(args.positional[0] as string, args.values.rules, args.values.round, io.out)
      : (await import('../shoe-commands.js')).replayCaptureCommand(args, io.out);
  },
});
