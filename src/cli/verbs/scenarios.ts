// `shoe scenarios generate --rules NAME [--out DIR]`: scenarios that together reach every state and transition
// of the round machine for a rule set, with today's results as their expectations (docs/qa.md).
import { statSync } from 'node:fs';
import { defineCommand } from '../command-spec.js';
import { OperatorError } from '../operator-error.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'scenarios',
  group: 'qa',
  summary: "Scenario files from the chart's paths (xstate graph): together they reach every state and transition of the round machine; prints the counts.",
  positionals: [{ name: 'generate', description: 'what to do (generate is the only action)' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    out: { type: 'string', value: 'DIR', description: 'where the scenario files go (default scenarios/NAME); its NAME-NNN.json of an earlier run are replaced' },
  },
  details: ['Each scenario has today\'s settlements, refusals and facts as its expectations: `shoe check DIR` passes until the round machine changes.', 'Example: shoe scenarios generate --rules six-deck --out qa/chart && shoe check qa/chart'],
  run: async (args, io) => {
    if (args.positional[0] !== 'generate') throw new UsageError(`unknown action "${args.positional[0] ?? ''}"; the action is generate`);
    const out = args.values.out;
    if (out !== undefined && statSync(out, { throwIfNoEntry: false })?.isDirectory() === false) throw new OperatorError(`--out ${out} is a file: give a folder for the scenario files`);
    return (await import('../../testing/write-chart-scenarios.js')).generateChartScenarios(args.values.rules, args.values.out, io.out);
  },
});
