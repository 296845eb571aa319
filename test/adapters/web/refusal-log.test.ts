// The refusal log's budgets are the whole table's (src/adapters/web/refusal-log.ts; docs/audit.md,
// "Refused requests on the log"): however many addresses a flood comes from, a window adds at most its
// records one by one and one summary; a refusal from a known credential keeps its own small budget; the
// summary says what it counts and names only known credentials; every refusal is counted for /metrics.
// A summary being written when its window ends is waited for on close.
import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RefusalLog, type RefusalFacts, type Schedule } from '../../../src/adapters/web/refusal-log.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A log whose records are kept in `written`, on a clock the test moves, its window timer fired by hand. */
function recorder(options: ConstructorParameters<typeof RefusalLog>[1] = {}) {
  const written: Array<Record<string, unknown>> = [];
  const clock = { now: 0 };
  const timers: Array<{ run: () => void; at: number; cancelled: boolean }> = [];
  const schedule: Schedule = (run, ms) => {
    const timer = { run, at: clock.now + ms, cancelled: false };
    timers.push(timer);
    return () => void (timer.cancelled = true);
  };
  const log = new RefusalLog(async (r) => void written.push(r), { now: () => clock.now, schedule, ...options });
  /** Moves the clock to `at` and fires the timers due. */
  const advance = (at: number) => {
    clock.now = at;
    for (const timer of timers) if (!timer.cancelled && timer.at <= at) { timer.cancelled = true; timer.run(); }
  };
  return { log, written, clock, advance };
}

const summaries = (written: ReadonlyArray<Record<string, unknown>>) => written.filter((r) => typeof r['count'] === 'number');
/** Refusals the records stand for (a summary counts many). */
const represented = (written: ReadonlyArray<Record<string, unknown>>) => written.reduce((n, r) => n + (typeof r['count'] === 'number' ? r['count'] : 1), 0);

/** The i-th refusal of a mixed flood from 200 loopback addresses: no credential, an unknown one, or a known one with a malformed body. */
function flood(i: number): RefusalFacts {
  const client = `127.0.0.${(i % 200) + 1}`;
  switch (i % 3) {
    case 0: return { path: '/api/bets', reason: 'missing credential', code: 'missingCredentialHeader', client, bodyBytes: 40 };
    case 1: return { path: '/api/bets', reason: 'unknown credential', code: 'unknownCredential', client, bodyBytes: 40 };
    default: return { path: '/api/decisions', reason: 'malformed decision command', code: 'malformedCommand', params: { command: 'decision', issues: 'seat' }, by: i % 2 ? 'online-1' : 'online-2', client, bodyBytes: 30 };
  }
}

describe('the whole table\'s budget', () => {
  test('10,000 refusals from 200 addresses in one window: at most 20 records one by one and one summary', async () => {
    const { log, written } = recorder();
    for (let i = 0; i < 10_000; i++) await log.refused(flood(i));
    await log.flushAll();
    expect(written.length).toBeLessThanOrEqual(21);
    expect(summaries(written)).toHaveLength(1);
    expect(represented(written)).toBe(10_000);
    expect(log.seen).toBe(10_000);
    expect(log.written).toBe(written.length);
  });

  test('a flood over a minute: each 10 s window adds at most 21 records, whatever the addresses', async () => {
    const { log, written, advance } = recorder();
    for (let i = 0; i < 10_000; i++) {
      advance(i * 6); // 60 s in all
      await log.refused(flood(i));
    }
    await log.flushAll();
    expect(summaries(written)).toHaveLength(6);
    expect(written.length).toBeLessThanOrEqual(6 * 21);
    expect(represented(written)).toBe(10_000);
  });

  test('the summary says what it counts, and names no credential for refusals that had none', async () => {
    const { log, written } = recorder();
    for (let i = 0; i < 10_000; i++) await log.refused(flood(i));
    await log.flushAll();
    const [summary] = summaries(written);
    const individually = written.length - 1;
    expect(summary).toMatchObject({
      code: 'refusalsCounted', count: 10_000 - individually, recorded: individually,
      addresses: 200, since: new Date(0).toISOString(), until: new Date(0).toISOString(),
      params: { count: String(10_000 - individually), seconds: '10' },
    });
    expect(summary).not.toHaveProperty('by');
    expect(summary).not.toHaveProperty('client');
    const kinds = summary!['noCredential'] as number + (summary!['unknownCredential'] as number) + (summary!['knownCredential'] as number);
    expect(kinds).toBe(summary!['count']);
    // Recorded by themselves: the first 3 without a known credential (2 with none, 1 unknown), the first 5 of each known one.
    expect(individually).toBe(13);
    expect(summary).toMatchObject({ noCredential: 3334 - 2, unknownCredential: 3333 - 1, knownCredential: 3333 - 10 });
    expect(summary!['senders']).toEqual({ 'online-1': 1666 - 5, 'online-2': 1667 - 5 });
    expect(summary!['codes']).toEqual({ missingCredentialHeader: 3332, unknownCredential: 3332, malformedCommand: 3323 });
    expect(summary!['paths']).toEqual({ '/api/bets': 6664, '/api/decisions': 3323 });
    // A few addresses listed, the rest under (other), adding up.
    const clients = summary!['clients'] as Record<string, number>;
    expect(Object.keys(clients)).toHaveLength(6);
    expect(Object.values(clients).reduce((a, b) => a + b, 0)).toBe(summary!['count']);
    expect(JSON.stringify(summary).length).toBeLessThan(1200);
  });

  test('a summary names no credential for the refusals that had none, though a known one was counted first from the same address', async () => {
    const { log, written } = recorder();
    const from = { client: '10.0.0.1', bodyBytes: 0 };
    for (let i = 0; i < 6; i++) await log.refused({ path: '/api/bets', reason: 'malformed', code: 'malformedCommand', by: 'online-1', ...from });
    for (let i = 0; i < 50; i++) await log.refused({ path: '/api/bets', reason: 'missing credential', code: 'missingCredentialHeader', ...from });
    await log.flushAll();
    const summary = written.at(-1)!;
    expect(summary).toMatchObject({ count: 1 + 47, knownCredential: 1, noCredential: 47, senders: { 'online-1': 1 } });
    expect(summary).not.toHaveProperty('by');
  });

  test('a known credential\'s refusal is recorded by itself within its budget, after a flood from its own address', async () => {
    const { log, written } = recorder();
    for (let i = 0; i < 5000; i++) await log.refused({ path: '/api/bets', reason: 'unknown credential', code: 'unknownCredential', client: `127.0.0.${(i % 200) + 1}`, bodyBytes: 0 });
    expect(written).toHaveLength(3);
    for (let i = 0; i < 7; i++) await log.refused({ path: '/api/pause', reason: 'role dealer may not pause', code: 'wrongRole', by: 'dealer-ann', client: '127.0.0.7', bodyBytes: 0 });
    expect(written.slice(3).map((r) => r['by'])).toEqual(Array(5).fill('dealer-ann'));
    expect(written[3]).toMatchObject({ path: '/api/pause', code: 'wrongRole', client: '127.0.0.7' });
    await log.flushAll();
    expect(written.at(-1)).toMatchObject({ count: 4997 + 2, knownCredential: 2, senders: { 'dealer-ann': 2 } });
  });

  test('the addresses a summary tells apart are bounded: beyond, it says "at least"', async () => {
    const { log, written } = recorder({ maxClients: 100, anonymousRecords: 0 });
    for (let i = 0; i < 1000; i++) await log.refused({ path: '/api/bets', reason: 'missing credential', code: 'missingCredentialHeader', client: `10.1.${i >> 8}.${i & 255}`, bodyBytes: 0 });
    await log.flushAll();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ count: 1000, addresses: 101, addressesAtLeast: true });
  });

  test('every refusal is counted by credential and code, for /metrics', async () => {
    const { log } = recorder();
    for (let i = 0; i < 3000; i++) await log.refused(flood(i));
    await log.refused({ path: '/api/bets', reason: 'too many', code: 'tooMany', client: '127.0.0.1', bodyBytes: 0, credential: 'unknown' });
    expect(new Map([...log.counts.entries()].map(([labels, n]) => [`${labels.credential} ${labels.reason}`, n]))).toEqual(new Map([
      ['none missingCredentialHeader', 1000], ['unknown unknownCredential', 1000], ['known malformedCommand', 1000], ['unknown tooMany', 1],
    ]));
  });
});

describe('the operator', () => {
  test('is told in one WARN line per summary what was counted, from where, and what to do', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const { log } = recorder({ logger });
    for (let i = 0; i < 100; i++) await log.refused(flood(i));
    await log.flushAll();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, count: 87, addresses: 87, senders: { 'online-1': 11, 'online-2': 12 }, msg: expect.stringMatching(/block them in front of it/) });
  });
});

describe('the window\'s timer', () => {
  test('with the real timer (faked): the summary is written when the window ends, without another refusal', async () => {
    vi.useFakeTimers({ now: 0 });
    const written: Array<Record<string, unknown>> = [];
    const log = new RefusalLog(async (r) => void written.push(r), { windowMs: 10_000, anonymousRecords: 1 });
    for (let i = 0; i < 4; i++) await log.refused({ path: '/api/bets', reason: 'missing credential', code: 'missingCredentialHeader', client: `10.0.0.${i}`, bodyBytes: 0 });
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(written[1]).toMatchObject({ count: 3, addresses: 3, since: new Date(0).toISOString(), until: new Date(10_000).toISOString() });
  });
});

describe('refusal log on close', () => {
  test('flushAll waits for a summary its window\'s timer started', async () => {
    const written: Array<Record<string, unknown>> = [];
    // Records one by one are appended at once; a summary takes 200 ms.
    const slowAppend = (record: Record<string, unknown>) => new Promise<void>((resolve) => setTimeout(() => {
      written.push(record);
      resolve();
    }, 'count' in record ? 200 : 0));
    const log = new RefusalLog(slowAppend, { windowMs: 50, anonymousRecords: 1 });
    const refusal = { path: '/api/bets', reason: 'unknown credential', client: '10.0.0.1', bodyBytes: 3 };
    await log.refused(refusal);
    await log.refused(refusal);
    await log.refused(refusal);
    await new Promise((resolve) => setTimeout(resolve, 80)); // the window has ended: its summary is being written
    await log.flushAll();
    expect(written.map((r) => r['count'] ?? 1)).toEqual([1, 2]);
  });
});
