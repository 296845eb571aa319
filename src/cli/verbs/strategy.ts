// `shoe strategy`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const verb = defineCommand({
  name: 'strategy',
  group: 'analysis',
  summary: "The rule set's basic strategy, computed from exact dealer probabilities: the chart, or JSON with each cell's values.",
  positionals: [],
  options: {
    rules: { ...rules, required: true },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'the chart, or JSON (the --strategy FILE of simulate)' },
  },
  details: [
    'For every hard total, soft total and pair against every dealer up card, the legal actions in order of expected value.',
    'text: the chart (H hit, S stand, D double, P split, R surrender; Dh = double, else hit).',
    "json: the whole strategy with each cell's expected values.",
  ],
  run: async (args, io) => (await import('../strategy-command.js')).strategyCommand(args.values, io.out),
});
