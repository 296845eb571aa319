// `shoe stack --rules NAME SPEC [--format session|scenario]`: a stacked shoe from what each box and the
// dealer should receive (src/testing/stack-spec.ts), laid in the rule set's draw order.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'stack',
  group: 'qa',
  summary: "A stacked shoe in draw order from what each box and the dealer receive (the rule set's burn and deal order): a session, or a scenario.",
  positionals: [{ name: 'SPEC...', description: 'e.g. "s1=6H,5S,double,9C dealer=6D,TC,9S" (docs/qa.md)' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    format: { type: 'string', choices: ['session', 'scenario'], default: 'session', description: 'the inputs as JSONL, or a scenario with today\'s settlements as its expectations' },
  },
  run: async (args, io) => {
    const [{ loadRuleSet }, { stackShoe }, { StackSpecError }, { UsageError }] = await Promise.all([
      import('../../config/load-rule-set.js'), import('../../testing/stack-shoe.js'), import('../../testing/stack-spec.js'), import('../usage-error.js')]);
    let stacked;
    try {
      stacked = stackShoe(loadRuleSet(args.values.rules).rules, args.positional.join(' '));
    } catch (err) {
      if (err instanceof StackSpecError) throw new UsageError(err.message);
      throw err;
    }
    if (args.values.format === 'session') for (const input of stacked.inputs) io.out(JSON.stringify(input));
    else {
      const { updatedScenario, judgeScenario } = await import('../../testing/check-scenario.js');
      const base = { format: 'shoe-scenario/1' as const, rules: args.values.rules, note: `shoe stack ${args.positional.join(' ')}`, inputs: stacked.inputs, expect: [] };
      io.out(JSON.stringify(updatedScenario(base, judgeScenario(base, stacked.facts)), null, 1));
    }
    return 0;
  },
});
