// The settlement feed's worker (src/app/feed/feed-worker.ts) on a log with money on it, in virtual time:
// it delivers exactly the transactions the log derives, in log order, one at a time; a failed delivery is
// tried again after a capped exponential backoff with full jitter, until acknowledged; acknowledgements go on
// the log as batched notes; new facts are delivered as the table writes them.
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { FeedWorker, FeedWorkerOptions } from '../../../src/app/feed/feed-worker.js';
import { FEED_DELIVERED_RECORD, type FeedDeliveredNote } from '../../../src/app/feed/feed-note.js';
import { playMoneySession } from '../money/money-session.js';
import { ScriptedTransport, TABLE, UNAVAILABLE, virtualTime, keptLines, openFeed, settle, until } from './feed-fixture.js';

const running: Array<{ worker: FeedWorker; service: TableService }> = [];
afterEach(async () => {
  for (const { worker, service } of running.splice(0)) {
    await worker.stop();
    service.close();
  }
});

async function derivedIds(store: MemoryEventStore): Promise<string[]> {
  return deriveTransactions(await store.read(TABLE), { currency: 'EUR' }).map((t) => t.id);
}

async function notes(store: MemoryEventStore): Promise<FeedDeliveredNote[]> {
  return (await store.read(TABLE)).filter((e) => e.type === FEED_DELIVERED_RECORD).map((e) => e.data as unknown as FeedDeliveredNote);
}

/** A worker on a short session whose receiver answers only when the test calls `release()`; the first is sent. */
async function answeredByHand(extra: Partial<FeedWorkerOptions> = {}) {
  const store = new MemoryEventStore();
  await playMoneySession(store, TABLE, 'six-deck', 3, 2);
  const time = virtualTime();
  const transport = new ScriptedTransport();
  let answer: () => void = () => undefined;
  transport.answer = () => new Promise((resolve) => (answer = () => resolve(null)));
  const opened = await openFeed(store, 'six-deck', time, transport, extra);
  running.push(opened);
  await opened.worker.start();
  await until(() => transport.attempts.length === 1, 'the first sent');
  return { store, time, transport, opened, release: () => answer() };
}

describe('the settlement feed\'s worker', () => {
  test('delivers exactly the derived transactions, in log order, one at a time, each body the transaction\'s JSON', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'switch', 7, 6);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    const opened = await openFeed(store, 'switch', time, transport);
    running.push(opened);
    await opened.worker.start();
    const expected = deriveTransactions(await store.read(TABLE), { currency: 'EUR' });
    expect(expected.length).toBeGreaterThan(20);
    await until(() => transport.acknowledged.length === expected.length, 'every transaction delivered');
    expect(transport.acknowledged.map((m) => m.id)).toEqual(expected.map((t) => t.id));
    expect(transport.acknowledged.map((m) => JSON.parse(m.body) as unknown)).toEqual(expected);
    expect(transport.acknowledged.map((m) => m.body)).toEqual(expected.map((t) => JSON.stringify(t)));
    expect(transport.maxInFlight).toBe(1);
    expect(opened.worker.status()).toMatchObject({ state: 'delivering', pending: 0, delivered: expected.length, retries: 0, lastError: null, alarm: null });
  });

  test('the next goes only once the one before is acknowledged', async () => {
    const { transport, release } = await answeredByHand();
    await settle(50);
    expect(transport.attempts).toHaveLength(1);
    release();
    await until(() => transport.attempts.length === 2, 'the second sent');
    await settle(50);
    expect(transport.attempts).toHaveLength(2);
    expect(transport.acknowledged.map((m) => m.id)).toEqual([transport.attempts[0]?.id]);
    release();
  });

  test('at a stop, a delivery under way has its grace to be answered: noted if it is, abandoned when the grace is over', async () => {
    const { store, time, transport, opened, release } = await answeredByHand({ stopGraceMs: 1000 });
    let stopped = false;
    const stopping = opened.worker.stop().then(() => (stopped = true));
    await time.advance(999);
    expect(stopped, 'still in its grace').toBe(false);
    release();
    await stopping;
    expect(transport.acknowledged.map((m) => m.id)).toEqual([transport.attempts[0]?.id]);
    expect(transport.attempts, 'nothing sent after the stop').toHaveLength(1);
    expect((await notes(store)).at(-1)?.id).toBe(transport.attempts[0]?.id);

    const second = new ScriptedTransport();
    second.answer = () => new Promise(() => undefined);
    const again = await openFeed(store, 'six-deck', time, second, { stopGraceMs: 1000 });
    running.push(again);
    await again.worker.start();
    await until(() => second.attempts.length === 1, 'the next sent after the restart');
    expect(second.attempts[0]?.id, 'resumed after the noted one').not.toBe(transport.attempts[0]?.id);
    stopped = false;
    const abandoning = again.worker.stop().then(() => (stopped = true));
    await time.advance(999);
    expect(stopped).toBe(false);
    await time.advance(1);
    await abandoning;
    expect(second.acknowledged, 'abandoned, not acknowledged').toHaveLength(0);
    expect((await notes(store)).at(-1)?.id).toBe(transport.attempts[0]?.id);
  });

  test('a refused delivery is tried again after a capped exponential backoff with full jitter, until acknowledged', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 3, 1);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    transport.answer = (_m, attempt) => (attempt <= 6 ? UNAVAILABLE : null);
    // random() = 1: each pause is its ceiling, 50 ms doubling up to the cap of 400 ms.
    const opened = await openFeed(store, 'six-deck', time, transport, { maxBackoffMs: 400, random: () => 1 });
    running.push(opened);
    await opened.worker.start();
    await until(() => transport.attempts.length === 1, 'the first attempt');
    const first = transport.attempts[0]?.id;
    const pauses = [50, 100, 200, 400, 400, 400];
    for (const [i, pause] of pauses.entries()) {
      await time.advance(pause - 1);
      expect(transport.attempts, `still waiting before attempt ${i + 2}`).toHaveLength(i + 1);
      expect(opened.worker.status()).toMatchObject({ state: 'failing', retries: i + 1, lastError: UNAVAILABLE });
      await time.advance(1);
      expect(transport.attemptsOf(first), `attempt ${i + 2}`).toHaveLength(i + 2);
    }
    await until(() => transport.acknowledged.length >= 1, 'acknowledged at the seventh attempt');
    expect(transport.acknowledged[0]?.id).toBe(first);
    expect(transport.attemptsOf(first)).toHaveLength(7);
    expect(opened.worker.status()).toMatchObject({ retries: 6, lastError: null });
    expect(opened.worker.status().state).not.toBe('failing');
  });

  test('the jitter is the injected randomness: random() = 0.25 waits a quarter of each ceiling', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 3, 1);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    transport.answer = (_m, attempt) => (attempt <= 2 ? { code: 'feedTimeout', params: { ms: '100', address: 'x' } } : null);
    const opened = await openFeed(store, 'six-deck', time, transport, { random: () => 0.25 });
    running.push(opened);
    await opened.worker.start();
    await until(() => transport.attempts.length === 1, 'the first attempt');
    const first = transport.attempts[0]?.id;
    // A quarter of 50 ms is 12.5: the pause is whole milliseconds, 12; then a quarter of 100 ms.
    await time.advance(11);
    expect(transport.attemptsOf(first)).toHaveLength(1);
    await time.advance(1);
    expect(transport.attemptsOf(first)).toHaveLength(2);
    await time.advance(24);
    expect(transport.attemptsOf(first)).toHaveLength(2);
    await time.advance(1);
    expect(transport.attemptsOf(first)).toHaveLength(3);
    await until(() => transport.acknowledged.length >= 1, 'acknowledged at the third attempt');
    expect(transport.acknowledged[0]?.id).toBe(first);
  });

  test('acknowledgements go on the log in batches: one note per 100 deliveries or per second, naming the last one', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'deluxe', 5, 30);
    const expected = await derivedIds(store);
    expect(expected.length).toBeGreaterThan(150);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    const opened = await openFeed(store, 'deluxe', time, transport);
    running.push(opened);
    await opened.worker.start();
    await until(() => transport.acknowledged.length === expected.length, 'every transaction delivered');
    await time.advance(1000);
    const written = await notes(store);
    expect(written.length).toBe(Math.ceil(expected.length / 100));
    expect(written.at(-1)).toMatchObject({ target: 'webhook', id: expected.at(-1), count: expected.length % 100 || 100 });
    expect(written.reduce((sum, n) => sum + n.count, 0)).toBe(expected.length);
    for (const note of written) expect(note.id).toBe(expected[expected.indexOf(note.id)]);
    // The notes are no money: the log's transactions are the same with them.
    expect(await derivedIds(store)).toEqual(expected);
  });

  test('facts the table writes later are delivered as they come', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 9, 1);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    const opened = await openFeed(store, 'six-deck', time, transport);
    running.push(opened);
    await opened.worker.start();
    const before = (await derivedIds(store)).length;
    await until(() => transport.acknowledged.length === before, 'the log so far delivered');
    const { service } = opened;
    await service.submit({ type: 'bet', seat: 1, player: 'ann', amount: 500 }, { source: 'api', by: 'gs' });
    await service.submit({ type: 'bet', seat: 2, player: 'bob', amount: 700 }, { source: 'api', by: 'gs' });
    await until(() => transport.acknowledged.length === before + 2, 'the two new bets delivered');
    expect(transport.acknowledged.slice(-2).map((m) => JSON.parse(m.body) as { type: string; player: string; amount: number })).toMatchObject([
      { type: 'debit', player: 'ann', amount: 500 }, { type: 'debit', player: 'bob', amount: 700 },
    ]);
    expect(transport.acknowledged.map((m) => m.id)).toEqual(await derivedIds(store));
  });

  test('while it fails, what the table writes meanwhile is counted as pending, and the lag is the oldest\'s', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 9, 1);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    transport.answer = () => UNAVAILABLE;
    const opened = await openFeed(store, 'six-deck', time, transport, { maxBackoffMs: 1000 });
    running.push(opened);
    await opened.worker.start();
    await until(() => transport.attempts.length === 1, 'the first attempt');
    const owed = (await derivedIds(store)).length;
    expect(opened.worker.status().pending).toBe(owed);
    await opened.service.submit({ type: 'bet', seat: 1, player: 'ann', amount: 500 }, { source: 'api', by: 'gs' });
    await opened.service.submit({ type: 'bet', seat: 2, player: 'bob', amount: 700 }, { source: 'api', by: 'gs' });
    await time.advance(1000);
    expect(opened.worker.status()).toMatchObject({ state: 'failing', pending: owed + 2, pendingAtLeast: false });
    const oldest = deriveTransactions(await store.read(TABLE), { currency: 'EUR' })[0];
    expect(opened.worker.status().lagSeconds).toBe((time.wallNow() - Date.parse(oldest?.wallTime as string)) / 1000);
  });

  test('a transaction undelivered past the alarm: one WARN in words, a reminder at most a minute, the status; cleared once through', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 3, 1);
    const time = virtualTime();
    const transport = new ScriptedTransport();
    let down = true;
    transport.answer = () => (down ? UNAVAILABLE : null);
    const { logger, lines } = keptLines();
    const opened = await openFeed(store, 'six-deck', time, transport, { alarmSeconds: 30, maxBackoffMs: 5000, logger });
    running.push(opened);
    await opened.worker.start();
    await until(() => transport.attempts.length === 1, 'the first attempt');
    const alarms = () => lines.filter((l) => l.level === 'warn' && /undelivered for/.test(l.msg));
    await time.advance(29_000);
    expect(alarms()).toEqual([]);
    expect(opened.worker.status().alarm).toBeNull();
    await time.advance(2000);
    expect(alarms()).toHaveLength(1);
    const first = transport.attempts[0]?.id as string;
    expect(alarms()[0]?.msg).toBe(`settlement feed (webhook https://wallet.test/feed): transaction ${first} undelivered for 30 s (the receiver at https://wallet.test/feed answered HTTP 503, not 2xx); the table deals on and keeps every transaction on its log: check that the receiver is up and answers 2xx, and the network between; delivery resumes by itself, oldest first (a reminder follows every minute while it lasts)`);
    expect(opened.worker.status()).toMatchObject({ state: 'failing', alarm: { id: first, seconds: 31 } });
    await time.advance(58_000);
    expect(alarms()).toHaveLength(1);
    await time.advance(2000);
    expect(alarms()).toHaveLength(2);
    expect(alarms()[1]?.msg).toMatch(/still undelivered for 90 s/);
    // The first failure was one WARN; the attempts after it are not (they are DEBUG).
    expect(lines.filter((l) => l.level === 'warn' && /not acknowledged/.test(l.msg))).toHaveLength(1);
    down = false;
    await time.advance(5000);
    await until(() => transport.inFlight === 0 && opened.worker.status().pending === 0, 'everything delivered');
    await time.advance(1000);
    expect(opened.worker.status().alarm).toBeNull();
    expect(lines.some((l) => l.level === 'info' && /alarm cleared/.test(l.msg))).toBe(true);
  });
});
