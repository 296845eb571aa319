// `shoe reconcile DB --ledger FILE`: a wallet's ledger against the table's log (docs/operations.md, "The
// reference wallet and reconciliation"); the work is in ../reconcile-command.ts, loaded when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'reconcile',
  group: 'audit',
  summary: "A wallet's ledger against the wallet transactions of the table's log: missing, doubled, different and unknown transactions, and the net difference.",
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    ledger: { type: 'string', value: 'FILE', required: true, description: 'the wallet\'s ledger: JSONL (one transaction a line with id, amount and type, as `shoe export DB --transactions` writes) or CSV (a header with id,amount and optionally type,player)' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'text: a line per problem and a summary; json: one JSON document ({ table, ledger, problems: [...], summary })' },
  },
  details: [
    'Exit 0: the ledger and the log agree; 1: a problem (each on its own line); 2: a ledger line that does not read (FILE:LINE: why).',
    'Without a type, a ledger amount is the movement of the balance (negative for a debit). Money: major units; JSON keeps minor units.',
  ],
  streaming: true,
  run: async (args, io) => (await import('../reconcile-command.js')).reconcileCommand(args.positional[0] as string, args.values.ledger, args.values.format, io),
});
