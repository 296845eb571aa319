// The table of bench:money (bench/money.ts), run as a child process so the bench can kill it with SIGKILL: a
// six-deck demo table (emulated shoe, bot players) on a SQLite log, its settlement feed posting to the
// reference wallet. A start after a kill resumes the interrupted round as a supervisor would. Every 200 ms
// it prints one JSON line: the round, and the feed's figures. Once the round reaches --until it stops the
// table and exits 0. With --drain nobody deals or bets: it exits once the feed owes nothing.
// Usage: node --import tsx bench/support/money-table.ts --dir DIR --wallet URL (--until ROUND | --drain) [--pace MS] [--seed N]
import { join } from 'node:path';
import { pino } from 'pino';
import { startTable } from '../../src/composition/table-runtime.js';
import { parseTableConfig } from '../../src/config/table-config.js';

function arg(name: string, dflt?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : dflt;
  if (value === undefined) throw new Error(`money-table: --${name} is required`);
  return value;
}

const dir = arg('dir');
const drain = process.argv.includes('--drain');
const until = drain ? 0 : Number(arg('until'));
const config = parseTableConfig({
  id: 'money-1', rules: 'six-deck', demo: true, currency: 'EUR',
  store: { path: join(dir, '{tableId}.db') }, decisionTimerSeconds: 1, bettingSeconds: 0.02, resultsSeconds: 0,
  roles: { supervisor: [{ name: 'bench-supervisor', token: 'bench-supervisor-token-0123456789' }] },
  feed: { webhook: { url: arg('wallet'), secretEnv: 'BENCH_WALLET_SECRET', timeoutMs: 500, maxBackoffMs: 1000 }, undeliveredAlarmSeconds: 60 },
}, 'bench');

const runtime = await startTable({ config, logger: pino({ level: 'silent' }), paceMs: Number(arg('pace', '1')), seed: Number(arg('seed', '1')), quiet: drain });
const { service } = runtime;
if (service.recovery?.waitsForResume) {
  await service.submit({ type: 'supervisor', action: 'resume', by: 'bench-supervisor' }, { source: 'api', by: 'bench-supervisor' });
}

let stopping = false;
const report = setInterval(() => {
  const feed = runtime.feed?.status()[0];
  const line = { round: service.table.round, phase: service.phase, pending: feed?.pending ?? 0, pendingAtLeast: feed?.pendingAtLeast ?? false, delivered: feed?.delivered ?? 0, retries: feed?.retries ?? 0, state: feed?.state };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  // A paused table (a fault the bench did not cause) would wait for a person: the bench is that person.
  if (service.phase === 'paused' && !stopping) void service.submit({ type: 'supervisor', action: 'resume', by: 'bench-supervisor' }, { source: 'api', by: 'bench-supervisor' }).catch(() => undefined);
  const done = drain ? feed !== undefined && feed.pending === 0 && !feed.pendingAtLeast : service.table.round >= until;
  if (!stopping && done) {
    stopping = true;
    clearInterval(report);
    void runtime.stop().then(() => process.exit(0));
  }
}, 200);
