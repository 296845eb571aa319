// `shoe export DB [--format session]`: the log's inputs as a session `replay` accepts (production logs become
// test fixtures); the work is in export-log.ts, loaded when the verb runs. `--round N[..M] --as-scenario`:
// those rounds as a self-contained scenario (src/testing/export-scenario.ts, docs/qa.md). `--transactions`:
// the log's wallet transactions, one JSON object a line (export-transactions.ts; docs/event-log.md, "Transactions").
import { defineCommand } from '../command-spec.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'export',
  group: 'audit',
  summary: "The log's inputs, in order, as a recorded session that `replay` accepts (production logs become test fixtures).",
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    format: { type: 'string', choices: ['session'], default: 'session', description: 'the output format' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr (shown only on a terminal, after 2 s)' },
    round: { type: 'string', value: 'N[..M]', description: 'with --as-scenario: the rounds to turn into a test' },
    'as-scenario': { type: 'boolean', description: 'a self-contained scenario for --round (docs/qa.md) that `shoe check` replays' },
    transactions: { type: 'boolean', description: "the log's wallet transactions instead, one JSON object a line (docs/event-log.md, \"Transactions\")" },
    currency: { type: 'string', value: 'CODE', description: "with --transactions: the table's currency, as its table file's `currency` says (ISO 4217; EUR when not given)" },
  },
  streaming: true,
  run: async (args, io) => {
    if (args.values.round !== undefined && !args.values['as-scenario']) throw new UsageError('--round goes with --as-scenario');
    if (args.values.transactions && args.values['as-scenario']) throw new UsageError('--transactions and --as-scenario are two outputs: give one');
    const currency = args.values.currency;
    if (currency !== undefined && !args.values.transactions) throw new UsageError('--currency goes with --transactions');
    if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) throw new UsageError(`--currency takes an ISO 4217 code, three capital letters (e.g. EUR), not "${currency}"`);
    if (args.values.transactions) return (await import('../export-transactions.js')).exportTransactions(args.positional[0] as string, currency ?? 'EUR', args.values.quiet, io);
    return args.values['as-scenario']
      ? (await import('../../testing/export-scenario-file.js')).exportScenario(args.positional[0] as string, args.values.round, io.out)
      : (await import('../export-log.js')).exportLog(args.positional[0] as string, args.values.quiet, io);
  },
});
