// `shoe floor` against the real nats-server: without --since it prints the rounds on
// the stream and exits (it used to print nothing and never exit); --follow goes on with live rounds.
// Each test has its own stream and subject prefix. Needs NATS (127.0.0.1:4222 or NATS_URL); skips
// locally when none is reachable, never under CI.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { NATS_URL, natsSkipReason } from '../adapters/store/nats-availability.js';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { JetStreamLog } from '../../src/adapters/store/jetstream-log.js';

const skip = await natsSkipReason();
let nc: NatsConnection;
const streams: string[] = [];
let counter = 0;

interface Floor {
  readonly stream: string;
  readonly prefix: string;
  readonly log: JetStreamLog;
  /** Publishes one settled round of `table`: a bet.settled then round.ended. */
  round(table: string, round: number, net: number): Promise<void>;
}

async function freshFloor(): Promise<Floor> {
  const id = `${process.pid}_${Date.now()}_${++counter}`;
  const stream = `FLOOR_TEST_${id}`;
  const prefix = `floortest${id}`;
  const log = await JetStreamLog.open(nc, { streamName: stream, subjectPrefix: prefix });
  streams.push(stream);
  const js = nc.jetstream();
  let seq = 0;
  const publish = (tableId: string, round: number, type: string, data: object) =>
    js.publish(log.subject(tableId), JSON.stringify({ tableId, seq: ++seq, round, type, data, monoTime: seq, wallTime: `2026-01-01T00:00:0${round}.000Z`, rulesId: 'r', prevHash: '', hash: '' }));
  return {
    stream, prefix, log,
    async round(table, round, net) {
      await publish(table, round, 'bet.settled', { round, seat: 1, hand: 0, bet: 'main', player: 'p1', stake: 1000, outcome: net > 0 ? 'win' : 'lose', net });
      await publish(table, round, 'round.ended', { round, voided: false });
    },
  };
}

interface Running {
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  readonly output: () => string;
}

async function floor(f: Floor, ...args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [await cliBundle(), 'floor', '--nats', NATS_URL, '--stream', f.stream, '--subject-prefix', f.prefix, ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }));
  return { done, output: () => stdout };
}

const lines = (stdout: string) => stdout.split('\n').filter((l) => l !== '');

describe.skipIf(skip !== false)(`shoe floor against nats-server ${skip ? `(skipped: ${skip})` : ''}`, () => {
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    for (const s of streams) await jsm.streams.delete(s).catch(() => undefined);
    await nc.close();
  });

  test('without --since: every round on the stream, from its start, then exit 0', async () => {
    const f = await freshFloor();
    await f.round('t1', 1, 1000);
    await f.round('t2', 1, -500);
    await f.round('t1', 2, -1000);
    const r = await (await floor(f)).done;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([
      "2026-01-01 00:00:01 UTC table t1, round 1: seat 1, p1's main bet of 10.00 wins 10.00; the house loses 10.00 EUR",
      "2026-01-01 00:00:01 UTC table t2, round 1: seat 1, p1's main bet of 10.00 loses 5.00; the house wins 5.00 EUR",
      "2026-01-01 00:00:02 UTC table t1, round 2: seat 1, p1's main bet of 10.00 loses 10.00; the house wins 10.00 EUR",
    ]);
  });

  test('--tables DIR: each table in the currency its table file names; a table without a file in EUR', async () => {
    const f = await freshFloor();
    await f.round('t1', 1, 1000);
    await f.round('t2', 1, -500);
    const dir = mkdtempSync(join(tmpdir(), 'floor-tables-'));
    writeFileSync(join(dir, 't1.yaml'), 'id: t1\nrules: six-deck\ncurrency: USD\ndemo: true\nroles: {}\n');
    const r = await (await floor(f, '--tables', dir)).done;
    expect(r.code).toBe(0);
    expect(lines(r.stdout).map((l) => / the house .*$/.exec(l)?.[0])).toEqual([' the house loses 10.00 USD', ' the house wins 5.00 EUR']);
    const json = await (await floor(f, '--tables', dir, '--format', 'json')).done;
    expect(lines(json.stdout).map((l) => (JSON.parse(l) as { currency: string }).currency)).toEqual(['USD', 'EUR']);
  });

  test('--tables naming a folder that is not there: one line, exit 2', async () => {
    const r = await (await floor(await freshFloor(), '--tables', '/nonexistent/tables')).done;
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--tables /nonexistent/tables: no such folder');
  });

  test('--format json: one JSON object per round, money in minor units', async () => {
    const f = await freshFloor();
    await f.round('t1', 1, 1000);
    const r = await (await floor(f, '--format', 'json')).done;
    expect(r.code).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l) as unknown)).toEqual([
      { tableId: 't1', round: 1, endedAt: '2026-01-01T00:00:01.000Z', voided: false, currency: 'EUR', results: [{ seat: 1, hand: 0, bet: 'main', player: 'p1', stake: 1000, outcome: 'win', net: 1000 }] },
    ]);
  });

  test('an empty stream prints nothing and exits 0 at once', async () => {
    const r = await (await floor(await freshFloor())).done;
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('--since after the last message prints nothing and exits; --since before it prints from there', async () => {
    const f = await freshFloor();
    await f.round('t1', 1, 1000);
    const between = new Date(Date.now() + 5).toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await f.round('t1', 2, 1000);
    const later = await (await floor(f, '--since', new Date(Date.now() + 60_000).toISOString())).done;
    expect(later).toEqual({ code: 0, stdout: '', stderr: '' });
    const fromBetween = await (await floor(f, '--since', between)).done;
    expect(fromBetween.code).toBe(0);
    expect(lines(fromBetween.stdout).map((l) => /table t1, round \d/.exec(l)?.[0])).toEqual(['table t1, round 2']);
  });

  test('--idle-exit follows live rounds and ends after a quiet spell', async () => {
    const f = await freshFloor();
    await f.round('t1', 1, 1000);
    const running = await floor(f, '--idle-exit', '3000');
    for (let i = 0; i < 100 && !running.output().includes('round 1:'); i++) await new Promise((r) => setTimeout(r, 100));
    await f.round('t1', 2, -1000);
    const r = await running.done;
    expect(r.code).toBe(0);
    expect(lines(r.stdout).map((l) => /table t1, round \d/.exec(l)?.[0])).toEqual(['table t1, round 1', 'table t1, round 2']);
  });
});
