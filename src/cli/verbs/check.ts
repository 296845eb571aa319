// `shoe check FILE|DIR... [--junit FILE] [--update]`: scenario files (and captures, table logs) replayed
// through this version, one line each; exit 0 all passed, 1 any failed, 2 any unreadable (docs/qa.md).
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'check',
  group: 'qa',
  summary: 'Scenario files, captures and table logs through the round machine: one line each, the first difference in words (exit 0 passed, 1 failed, 2 unreadable).',
  positionals: [{ name: 'FILE|DIR...', description: 'scenario files (*.json) or directories of them; table logs (*.db); captures (JSONL of start --capture, with --rules)' }],
  options: {
    junit: { type: 'string', value: 'FILE', description: 'also write a JUnit XML report' },
    update: { type: 'boolean', description: "rewrite a failing scenario's expectations from today's results (review the diff)" },
    rules: { type: 'string', value: 'NAME|PATH', description: 'the rule set of captures and logs (a scenario names its own)' },
    quiet: { type: 'boolean', short: 'q', description: 'print only failures and the summary' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'a line per file and a summary, or one JSON object { files: [{ path, outcome, differences, seconds }], passed, failed, updated, unreadable }' },
  },
  details: ['Example: shoe check test/scenarios ../shared/scenarios --junit report.xml'],
  run: async (args, io) => (await import('./check-run.js')).runCheck(args.positional, args.values, io.out),
});
