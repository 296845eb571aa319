// `shoe wallet`: the reference wallet (docs/operations.md, "The reference wallet and reconciliation") —
// its spec (options, help, usage and errors derive from it) and its run, which imports the work
// (../wallet-command.ts) only when the verb runs.
import { defineCommand } from '../command-spec.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'wallet',
  group: 'qa',
  summary: "A reference wallet for the table's settlement feed: signed, idempotent by id, a fsynced ledger, faults on request (for tests and integrators).",
  positionals: [],
  options: {
    ledger: { type: 'string', value: 'FILE', required: true, description: 'the ledger: one JSON transaction a line, appended and fsynced per transaction applied, reloaded at start' },
    'secret-env': { type: 'string', value: 'NAME', default: 'WALLET_SECRET', description: 'the environment variable holding the secret the feed signs with (X-Table-Signature)' },
    port: { type: 'integer', default: 8095, max: 65535, description: 'the port to listen on (0: any free port; the first log line says which)' },
    host: { type: 'string', value: 'ADDRESS', default: '127.0.0.1', description: 'the address to listen on' },
    'opening-balance': { type: 'integer', default: 0, description: "every player's balance before their first transaction, in minor units" },
    currency: { type: 'string', value: 'CODE', default: 'EUR', description: "the money this wallet keeps, as the table file's `currency` says (ISO 4217); another is refused 422" },
    faults: { type: 'string', value: 'SPEC', description: 'faults to inject from the start (below; POST /faults sets them while it runs)' },
    'hold-ms': { type: 'integer', default: 30000, min: 1, description: 'how long a timeout fault holds a call before answering 504 (longer than the client waits)' },
  },
  details: [
    'Routes: POST /transactions (the feed), GET /balances, GET /ledger (JSONL), GET|POST|DELETE /faults.',
    'Fault SPEC: error=P[:STATUS],timeout=P,lose=P,error@N[:STATUS],timeout@N,lose@N,restart@N,seed=N',
    '(P a fraction of calls, N the N-th transaction call). A restart fault exits with status 75: start the wallet again.',
  ],
  run: async (args) => {
    const currency = args.values.currency;
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError(`--currency takes an ISO 4217 code, three capital letters (e.g. EUR), not "${currency}"`);
    const { parseWalletFaultSpec, WalletFaultSpecError } = await import('../../app/wallet/wallet-fault-spec.js');
    let faults;
    try {
      faults = parseWalletFaultSpec(args.values.faults ?? '');
    } catch (err) {
      if (err instanceof WalletFaultSpecError) throw new UsageError(`--faults: ${err.message}`);
      throw err;
    }
    return (await import('../wallet-command.js')).walletCommand({
      port: args.values.port, host: args.values.host, ledger: args.values.ledger, secretEnv: args.values['secret-env'],
      openingBalance: args.values['opening-balance'], currency, faults, holdMs: args.values['hold-ms'],
    });
  },
});
