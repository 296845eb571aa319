// A restarted table's feed resumes after the last acknowledgement its log notes (src/app/feed/feed-source.ts):
// on a SQLite log in a temp folder, closed and opened again as a restarted controller does, it sends every
// transaction after the noted one — from the middle of a round too, the round's open money rebuilt from its
// first event through the round index — and nothing before it. A kill between a delivery and its note sends
// those deliveries again (at least once: the receiver de-duplicates by id). The log with the notes verifies.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import { FEED_DELIVERED_RECORD, type FeedDeliveredNote } from '../../../src/app/feed/feed-note.js';
import { playMoneySession } from '../money/money-session.js';
import { runCli } from '../../support/run-cli.js';
import { ScriptedTransport, TABLE, UNAVAILABLE, virtualTime, keptLines, openFeed, until } from './feed-fixture.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feed-resume-'));
  dirs.push(dir);
  return dir;
}

const open = (dir: string) => new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });

/** A log with money on it, and its transactions. */
async function moneyLog(dir: string, rulesName: string, seed: number, rounds: number) {
  const store = open(dir);
  await playMoneySession(store, TABLE, rulesName, seed, rounds);
  const transactions = deriveTransactions(await store.read(TABLE), { currency: 'EUR' });
  await store.close();
  return transactions;
}

async function notesOn(dir: string): Promise<FeedDeliveredNote[]> {
  const store = open(dir);
  const notes = (await store.read(TABLE)).filter((e) => e.type === FEED_DELIVERED_RECORD).map((e) => e.data as unknown as FeedDeliveredNote);
  await store.close();
  return notes;
}

describe('the feed after a restart', () => {
  test('resumes after the last noted transaction, mid-round, reading from that round\'s first event; the log verifies', async () => {
    const dir = scratch();
    const all = await moneyLog(dir, 'switch', 21, 12);
    // Stop in the middle of a round: a transaction that is neither the round's first nor its last.
    const k = all.findIndex((t, i) => i > all.length / 2 && all[i - 1]?.round === t.round && all[i + 1]?.round === t.round) + 1;
    const cut = all[k - 1];
    expect(cut).toBeDefined();

    const first = new ScriptedTransport();
    first.answer = (_m, attempt) => (attempt <= k ? null : UNAVAILABLE);
    let store = open(dir);
    const run1 = await openFeed(store, 'switch', virtualTime(), first, { ackEvery: 7 });
    await run1.worker.start();
    await until(() => first.acknowledged.length === k && first.attempts.length > k, 'k acknowledged, the next refused');
    await run1.worker.stop();
    run1.service.close();
    await store.close();
    expect((await notesOn(dir)).at(-1)).toMatchObject({ target: 'webhook', id: cut?.id, seq: cut?.seq, round: cut?.round });

    const second = new ScriptedTransport();
    const { logger, lines } = keptLines();
    store = open(dir);
    const run2 = await openFeed(store, 'switch', virtualTime(), second, { logger });
    await run2.worker.start();
    await until(() => second.acknowledged.length === all.length - k, 'the rest delivered');
    expect(second.acknowledged.map((m) => m.id)).toEqual(all.slice(k).map((t) => t.id));
    expect(second.acknowledged.map((m) => m.body)).toEqual(all.slice(k).map((t) => JSON.stringify(t)));
    const started = lines.find((l) => /started, after transaction/.test(l.msg));
    const span = await store.roundSpan(TABLE, cut?.round as number);
    expect(started?.fields['from']).toBe(span?.firstSeq);
    expect(span?.firstSeq).toBeGreaterThan(1);
    expect(run2.worker.status().deliveredThrough).toEqual({ id: all.at(-1)?.id, seq: all.at(-1)?.seq });
    await run2.worker.stop();
    run2.service.close();
    await store.close();

    // Written without the controller's anchors: verify says so and passes with --no-anchor-ok.
    const verify = await runCli(['verify', join(dir, `${TABLE}.db`), '--no-anchor-ok']);
    expect(verify.stderr).toBe('');
    expect(verify.stdout).toMatch(/every derived event matches/);
    expect(verify.code).toBe(0);
    // The notes are on the log, and they moved no money.
    expect((await notesOn(dir)).length).toBeGreaterThan(1);
    const reopened = open(dir);
    expect(deriveTransactions(await reopened.read(TABLE), { currency: 'EUR' })).toEqual(all);
    await reopened.close();
  }, 60_000);

  test('killed between deliveries and their note: those are sent again (at least once), nothing before them', async () => {
    const dir = scratch();
    const all = await moneyLog(dir, 'six-deck', 4, 8);
    const k = Math.floor(all.length * 0.6);
    const first = new ScriptedTransport();
    first.answer = (_m, attempt) => (attempt <= k ? null : UNAVAILABLE);
    let store = open(dir);
    const time = virtualTime();
    // The process dies after the note of the first 20 deliveries: none after it reaches the log.
    let alive = true;
    const run1 = await openFeed(store, 'six-deck', time, first, { ackEvery: 20 });
    const record = run1.service.recordNote.bind(run1.service);
    (run1.service as { recordNote: typeof record }).recordNote = (type, payload) => (alive ? record(type, payload) : Promise.reject(new Error('killed')));
    await run1.worker.start();
    await until(() => first.acknowledged.length >= 20, 'the first batch');
    await until(() => first.acknowledged.length === k, 'k acknowledged');
    alive = false;
    const noted = await notesOn(dir);
    const lastNoted = noted.at(-1) as FeedDeliveredNote;
    const resumeAt = all.findIndex((t) => t.id === lastNoted.id) + 1;
    expect(resumeAt).toBeGreaterThan(0);
    expect(resumeAt).toBeLessThan(k);
    await run1.worker.stop();
    run1.service.close();
    await store.close();

    const second = new ScriptedTransport();
    store = open(dir);
    const run2 = await openFeed(store, 'six-deck', virtualTime(), second);
    await run2.worker.start();
    await until(() => second.acknowledged.length === all.length - resumeAt, 'everything after the last note delivered');
    expect(second.acknowledged.map((m) => m.id)).toEqual(all.slice(resumeAt).map((t) => t.id));
    const delivered = [...first.acknowledged, ...second.acknowledged].map((m) => m.id);
    expect(new Set(delivered)).toEqual(new Set(all.map((t) => t.id)));
    // The duplicates are exactly the deliveries the dead process never noted.
    expect(delivered.length - all.length).toBe(k - resumeAt);
    await run2.worker.stop();
    run2.service.close();
    await store.close();
  }, 60_000);
});
