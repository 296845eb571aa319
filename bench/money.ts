// Money moves exactly once (`npm run bench:money`, docs/benchmarks.md "bench:money"): prints figures, asserts nothing.
//   A. A six-deck demo table (bench/support/money-table.ts, a child process) deals --rounds rounds of bot play
//      on a SQLite log; its settlement feed posts every wallet transaction to the reference wallet (`shoe
//      wallet`, a child process) that fails --fail-rate of the calls across every fault kind (5xx, a timeout,
//      an answer lost after applying, and restarts). The table is killed with SIGKILL --kills times at random
//      moments and started again; the wallet restarts itself with status 75 and is started again. Then a last
//      start that deals nothing drains the feed, and the figures: the wallet's balances against the log's net
//      per player, `shoe reconcile` of the wallet's ledger (missing, doubled, different), duplicate deliveries
//      the wallet answered from its ledger, and the time from each failed call to the next delivered one.
//   B. --bets bet requests each sent twice, and --bursts bursts of 10 concurrent copies, with idempotency keys,
//      over HTTP on a SQLite log: stakes doubled (inputs with the same key beyond the first).
//   C. The dealing rate with the feed off, on to a healthy receiver and on to a receiver that is down: see
//      `npm run bench:feed`, run alone (it prints the ratios this goal asks for).
// Options: --rounds N (10000) --kills K (5) --fail-rate F (0.1) --wallet-restarts W (3) --pace MS (1) --bets N (1000)
//          --bursts N (100) --parts A,B (both). Keep runs short while developing (--rounds 300 --kills 2).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { numberOption } from './support/bench-options.js';
import { moneyByPlayer, runIdempotentBets } from './support/money-checks.js';
import { percentile } from './support/table-pace.js';

const ROUNDS = numberOption('rounds', 10_000);
const KILLS = numberOption('kills', 5);
const FAIL_RATE = numberOption('fail-rate', 0.1);
const WALLET_RESTARTS = numberOption('wallet-restarts', 3);
const PACE = numberOption('pace', 1);
const BETS = numberOption('bets', 1000);
const BURSTS = numberOption('bursts', 100);
const partsAt = process.argv.indexOf('--parts');
const PARTS = new Set((partsAt >= 0 ? (process.argv[partsAt + 1] ?? '') : 'A,B').split(','));
const SECRET = 'bench-money-secret-0123456789abcdef';
const env = { ...process.env, BENCH_WALLET_SECRET: SECRET };
const tsx = ['--import', 'tsx'];


/** The wallet as a child process: its port, and every JSON log line it writes, with when it was read. */
interface Wallet {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<number | null>;
}

const walletLines: { at: number; line: Record<string, unknown> }[] = [];

async function startWallet(dir: string, port: number, restartAt: number | null): Promise<Wallet> {
  const third = FAIL_RATE / 3;
  const faults = [`error=${third}`, `timeout=${third}`, `lose=${third}`, `seed=${Math.floor(Math.random() * 1e9)}`, ...(restartAt !== null ? [`restart@${restartAt}`] : [])].join(',');
  const child = spawn(process.execPath, [...tsx, 'src/cli/main.ts', 'wallet', '--ledger', join(dir, 'wallet.jsonl'), '--secret-env', 'BENCH_WALLET_SECRET', '--port', String(port), '--faults', faults, '--hold-ms', '1000'], { env: { ...env, LOG_LEVEL: 'debug' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      walletLines.push({ at: performance.now(), line });
      if (typeof line['url'] === 'string') resolve(Number(new URL(line['url']).port));
    });
    void exited.then((code) => reject(new Error(`the wallet exited (${code}) before it listened`)));
  });
  return { child, port: await listening, exited };
}

/** The table child until it exits; a SIGKILL at `killAt` rounds (null: none). Resolves with its exit and last round. */
/** The table children's status lines (every 200 ms), by run: when, and the feed's delivered and pending counts. */
const tableRuns: Array<Array<{ at: number; delivered: number; pending: number }>> = [];

function runTable(dir: string, walletPort: number, until: number | 'drain', killAtRound: number | null, seed: number): Promise<{ code: number | null; round: number; lastLine: Record<string, unknown> | null }> {
  const args = [...tsx, 'bench/support/money-table.ts', '--dir', dir, '--wallet', `http://127.0.0.1:${walletPort}/transactions`, '--pace', String(PACE), '--seed', String(seed), ...(until === 'drain' ? ['--drain'] : ['--until', String(until)])];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let round = 0;
  let lastLine: Record<string, unknown> | null = null;
  const statusLines: Array<{ at: number; delivered: number; pending: number }> = [];
  tableRuns.push(statusLines);
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lastLine = JSON.parse(text) as Record<string, unknown>;
      round = Number(lastLine['round']);
      statusLines.push({ at: performance.now(), delivered: Number(lastLine['delivered']), pending: Number(lastLine['pending']) });
      if (killAtRound !== null && round >= killAtRound) child.kill('SIGKILL');
    } catch {
      // not a status line
    }
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, round, lastLine })));
}

async function partA(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-money-'));
  console.log(`A. ${ROUNDS} rounds of bot play, the wallet failing ${(FAIL_RATE * 100).toFixed(0)} % of calls (5xx, timeouts, lost answers) and restarting ${WALLET_RESTARTS} times, the table killed -9 ${KILLS} times`);
  let walletRestarts = 0;
  const restartAt = (): number | null => (walletRestarts < WALLET_RESTARTS ? 200 + Math.floor(Math.random() * 2000) : null);
  let wallet = await startWallet(dir, 0, restartAt());
  const port = wallet.port;
  let running = true;
  // The wallet's restart fault ends it with status 75: started again on the same port, as an operator's supervisor would.
  const keepWallet = async (): Promise<void> => {
    while (running) {
      const code = await wallet.exited;
      if (!running) return;
      walletRestarts += code === 75 ? 1 : 0;
      wallet = await startWallet(dir, port, restartAt());
    }
  };
  const kept = keepWallet();
  const began = performance.now();
  const killRounds = Array.from({ length: KILLS }, () => 1 + Math.floor(Math.random() * (ROUNDS - 1))).sort((a, b) => a - b);
  let kills = 0;
  let round = 0;
  for (let seed = 1; round < ROUNDS; seed++) {
    const killAt = killRounds.find((r) => r > round) ?? null;
    const run = await runTable(dir, port, ROUNDS, killAt, seed);
    round = run.round;
    if (run.code === null) {
      kills += 1;
      killRounds.splice(killRounds.indexOf(killAt as number), 1);
      console.log(`  killed -9 at round ${round} (${((performance.now() - began) / 1000).toFixed(0)} s)`);
    } else if (run.code !== 0) throw new Error(`the table exited ${run.code}`);
  }
  const dealt = (performance.now() - began) / 1000;
  const behindAtEnd = tableRuns.at(-1)?.at(-1)?.pending ?? 0;
  const drainBegan = performance.now();
  const drained = await runTable(dir, port, 'drain', null, 999);
  const drainSeconds = (performance.now() - drainBegan) / 1000;
  running = false;
  const balances = (await (await fetch(`http://127.0.0.1:${port}/balances`)).json()) as Record<string, unknown>;
  wallet.child.kill('SIGTERM');
  await wallet.exited;
  await kept;

  const db = join(dir, 'money-1.db');
  const reconcile = spawn(process.execPath, [...tsx, 'src/cli/main.ts', 'reconcile', db, '--ledger', join(dir, 'wallet.jsonl'), '--format', 'json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  reconcile.stdout!.on('data', (c: Buffer) => { out += c.toString('utf8'); });
  const reconcileCode = await new Promise<number | null>((resolve) => reconcile.once('exit', resolve));
  const report = JSON.parse(out) as { summary?: Record<string, unknown> } & Record<string, unknown>;
  const logNet = await moneyByPlayer(db);
  const walletBalances = (balances['balances'] ?? balances) as Record<string, number>;
  const players = new Set([...Object.keys(logNet), ...Object.keys(walletBalances)]);
  const unequal = [...players].filter((p) => (logNet[p] ?? 0) !== (walletBalances[p] ?? 0));

  // A fault clearing -> the feed delivering again: from the last failed call of a run of failures to the next
  // transaction the wallet took (applied, or answered again); the feed sends in log order, one at a time.
  const delivered = walletLines.filter((l) => typeof l.line['id'] === 'string' && /applied|again/.test(String(l.line['msg']))).map((l) => l.at);
  const failures = walletLines.filter((l) => typeof l.line['fault'] === 'string').map((l) => l.at);
  const cleared = failures.filter((t, i) => {
    const next = delivered.find((d) => d > t);
    const nextFailure = failures[i + 1];
    return next !== undefined && (nextFailure === undefined || nextFailure > next);
  });
  const recoveries = cleared.map((t) => (delivered.find((d) => d > t) as number) - t);
  // A fault clearing -> the backlog it left delivered: what the feed owed at that moment (the table's last
  // status line before it) acknowledged, read from the status lines that follow (200 ms apart) in the same run.
  const backlogs = cleared.flatMap((t) => {
    const run = tableRuns.find((lines) => lines.length > 0 && (lines[0] as { at: number }).at <= t && (lines.at(-1) as { at: number }).at >= t);
    const before = run?.filter((l) => l.at <= t).at(-1);
    const caughtUp = before && run?.find((l) => l.at > t && l.delivered >= before.delivered + before.pending);
    return caughtUp ? [caughtUp.at - t] : [];
  });
  const again = walletLines.filter((l) => /again: answered as the first time/.test(String(l.line['msg']))).length;

  console.log(`  dealt ${round} rounds in ${dealt.toFixed(0)} s (${(round / dealt).toFixed(1)} rounds/s), ${kills} kills; wallet restarts ${walletRestarts}`);
  console.log(`  when dealing ended the feed owed ${behindAtEnd} transactions; the drain took ${drainSeconds.toFixed(1)} s (exit ${drained.code})`);
  console.log(`  wallet faults injected: ${failures.length}; duplicate deliveries answered from the ledger: ${again}`);
  console.log(`  players: ${players.size}; balances different from the log's net: ${unequal.length}${unequal.length ? ` (${unequal.slice(0, 5).join(', ')})` : ''} (goal 0)`);
  console.log(`  reconcile exit ${reconcileCode}: ${JSON.stringify(report['summary'] ?? report).slice(0, 400)} (goal: 0 missing, 0 doubled, 0 different)`);
  console.log(`  fault cleared -> delivering again (the last failed call of a run -> the next delivery): p50 ${percentile(recoveries, 50).toFixed(0)} ms, p99 ${percentile(recoveries, 99).toFixed(0)} ms, max ${percentile(recoveries, 100).toFixed(0)} ms over ${recoveries.length}`);
  console.log(`  fault cleared -> the backlog it left delivered (status lines 200 ms apart): p50 ${percentile(backlogs, 50).toFixed(0)} ms, p99 ${percentile(backlogs, 99).toFixed(0)} ms, max ${percentile(backlogs, 100).toFixed(0)} ms over ${backlogs.length} of ${cleared.length} (the rest: the table stopped first) (goal p99 <= 2000 ms)`);
  rmSync(dir, { recursive: true, force: true });
}

async function partB(): Promise<void> {
  console.log(`B. ${BETS} bet requests each sent twice, and ${BURSTS} bursts of 10 concurrent copies, with idempotency keys (HTTP, SQLite FULL)`);
  const r = await runIdempotentBets(BETS, BURSTS);
  console.log(`  requests ${r.requests}; distinct keys ${r.keys}; inputs recorded ${r.inputs}; bets placed ${r.placed}; stakes doubled ${r.doubled} (goal 0); retries answered differently from the first ${r.differentAnswers} (goal 0)`);
}

console.log('bench:money — figures, not assertions (docs/benchmarks.md, "bench:money")');
if (PARTS.has('B')) await partB();
if (PARTS.has('A')) await partA();
console.log('C. the dealing rate with the feed on and off: run `npm run bench:feed` alone.');
