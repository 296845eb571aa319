// Storage faults, for real (docs/operations.md, "Storage faults"): the table's database lives on a small
// tmpfs that the test fills up mid-round. The append fails, the card is not ACKed (the shoe keeps it), the
// table halts with the reason on /readyz and on the dealer's view, nothing is lost or half-written, and the
// log says so once (no line per refused input: the shoe link re-handshakes meanwhile); once space returns,
// the supervisor's Resume answers that the log takes writes again, the shoe's retransmission is logged and
// the table deals on. Needs root (mount). The table runs on virtual time (docs/architecture.md, "The clock"):
// the shoe is the emulator on serialport's mock binding, the log a real SQLite file on the full disk.
import { afterAll, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import type { Card } from '../../src/rules/cards.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

const mountPoint = mkdtempSync(join(tmpdir(), 'disk-full-'));
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
let runtime: TableRuntime | undefined;
afterAll(async () => {
  await runtime?.stop().catch(() => undefined);
  SerialPortMock.binding.reset();
  execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const clock = new VirtualClock({ wall: '2026-05-01T10:00:00.000Z' });

/** Runs the table's time until `probe` holds (within `ms` of its time). */
async function until(what: string, probe: () => boolean, ms = 120_000): Promise<void> {
  if (!(await clock.runUntil(probe, ms, 50))) throw new Error(`not within ${ms} ms of the table's time: ${what}`);
}

/** The problems /readyz names, read every 100 ms of real time until there are none or `ms` have passed. */
async function problemsWithin(url: string, ms: number): Promise<string[]> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    const { problems } = (await (await fetch(`${url}/readyz`)).json()) as { problems: string[] };
    if (problems.length === 0 || Date.now() >= end) return problems;
  }
}

/** Fills the file system: one file as large as it takes, then small ones until not a byte is left. */
function fill(): void {
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(mountPoint, 'filler')}`, 'bs=64k'], { stdio: 'ignore' });
  } catch { /* ENOSPC: full, as wanted */ }
  for (let i = 0; i < 64; i++) {
    try {
      writeFileSync(join(mountPoint, `filler-${i}`), Buffer.alloc(512));
    } catch {
      break;
    }
  }
}

test('the disk fills mid-round: no ACKed card lost, nothing half-written, the table halts and resumes when space returns', async () => {
  const config = parseTableConfig({
    id: 'full-1', rules: 'six-deck', store: { path: join(mountPoint, '{tableId}.db'), synchronous: 'FULL' },
    decisionTimerSeconds: 1, bettingSeconds: 0.05, resultsSeconds: 0, http: { host: '127.0.0.1', port: 0 },
    roles: { dealer: [{ name: 'dealer-1', token: 'dealer-token-1' }], supervisor: [{ name: 'supervisor-1', token: 'supervisor-token-1' }] },
  }, 'test');
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  runtime = await startTable({ config, logger, clock, paceMs: 5, web: (deps) => createTableWebServer(deps), analysis: cachedAnalysisSource });
  const { service, emulator } = runtime;
  const dealt: Card[] = [];
  emulator!.on((e) => { if (e.type === 'dealt') dealt.push(e.card); });
  await until('a round dealt', () => service.table.round >= 2);

  fill();
  await until('the table halts', () => service.halted !== null);
  const haltLine = lines.findIndex((l) => l.msg.startsWith('table halted'));
  expect(service.halted?.kind).toBe('storage');
  const ready = await fetch(`${runtime.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(((await ready.json()) as { problems: string[] }).problems.join(' ')).toMatch(/table halted: the log cannot be written .*free disk space/);

  // Nothing half-written, no ACKed card lost: every card the shoe saw ACKed is on the log, in order.
  const log = await runtime.store.read('full-1');
  expect(verifyLog(log).ok).toBe(true);
  const logged = log.filter(isInputRecord).map(recordedInput).filter((r) => r.input.type === 'card').map((r) => (r.input as { card: Card }).card);
  expect(dealt.slice(0, logged.length)).toEqual(logged);
  const unacknowledged = emulator!.sequenceState.outstanding === null ? 0 : 1;
  expect(dealt.length - logged.length).toBeLessThanOrEqual(unacknowledged);
  const haltedAt = service.position;

  // The dealer is told to stop, with why; the link re-handshakes meanwhile (the shoe's card is not ACKed).
  const dealer = await (await fetch(`${runtime.url}/api/views/dealer`, { headers: { authorization: 'Bearer dealer-token-1' } })).json() as { instruction: { kind: string }; halt: { kind: string; code: string } | null };
  expect(dealer.instruction.kind).toBe('halted');
  expect(dealer.halt).toMatchObject({ kind: 'storage', code: 'tableHalted' });
  await clock.advance(5000);
  // One ERROR said it, naming the folder; nothing refused meanwhile logged an error or a stack.
  const during = lines.slice(haltLine);
  expect(during.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([expect.stringMatching(new RegExp(`^table halted \\(the log's folder: ${mountPoint}\\): the log cannot be written .*the disk is full`))]);
  expect(during.filter((l) => /not recorded|handler-error|link handshake/.test(l.msg))).toEqual([]);

  // Space returns; the supervisor resumes — answered as done, not refused as "not paused"; the table deals on.
  execFileSync('sh', ['-c', `rm -f ${join(mountPoint, 'filler')}*`]);
  const resumed = await fetch(`${runtime.url}/api/supervisor/resume`, { method: 'POST', headers: { authorization: 'Bearer supervisor-token-1', 'content-type': 'application/json' }, body: '{}' });
  expect(resumed.status).toBe(200);
  expect(await resumed.json()).toMatchObject({ ok: true, note: { code: 'storageRecovered', reason: 'the log takes writes again: the table goes on' } });
  expect(service.halted).toBeNull();
  expect(lines.filter((l) => l.msg.startsWith('storage fault cleared by supervisor-1'))).toHaveLength(1);
  const round = service.table.round;
  await until('the table deals on', () => service.table.round > round + 1);
  expect(service.position).toBeGreaterThan(haltedAt);
  // Ready again: the link up on the table's time, then /readyz without a problem. Its event-loop check is the
  // process's own loop in real time (a stall over 250 ms in the last second is "not ready"), which another
  // process's load can hold up for a moment: read until it passes, within a bound, not once.
  await until('the shoe link is up again', () => runtime?.link?.state === 'up');
  expect(await problemsWithin(`${runtime.url}`, 10_000)).toEqual([]);
  expect(verifyLog(await runtime.store.read('full-1')).ok).toBe(true);
}, 90_000);
