// The idempotency keys a table keeps (src/app/table/idempotency-keys.ts; docs/web-api.md, "Retries and
// idempotency keys"): a fold of the log — a keyed input stands for itself and the facts of its batch, scoped to
// its sender; keys go when their shoe is out of the retention or over the cap; a snapshot's part and the tail
// after it give the same keys as the whole log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { IdempotencyKeys, KEYS_SNAPSHOT_PART, type KeyRetention } from '../../../src/app/table/idempotency-keys.js';
import { DEFAULT_KEY_RETENTION } from '../../../src/config/idempotency-config.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { EventRecord, JsonObject } from '../../../src/ports/event-store.js';
import { playRandomSession } from '../../support/random-session.js';

const DIGEST = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

/** A log as the fold sees it: each entry's seq is its place. */
function logOf(...entries: Array<Omit<EventRecord, 'seq'>>): EventRecord[] {
  return entries.map((e, i) => ({ ...e, seq: i + 1 }));
}
const keyed = (key: string, by = 'online-gs', digest = DIGEST): Omit<EventRecord, 'seq'> => ({
  type: 'input', data: { input: { type: 'bet', seat: 1, player: 'ana', amount: 1000 }, source: 'api', by, idempotencyKey: key, requestDigest: digest },
});
const plain: Omit<EventRecord, 'seq'> = { type: 'input', data: { input: { type: 'betting.closed' }, source: 'api', by: 'dealer-ann' } };
const fact = (type: string, data: Record<string, number> = {}): Omit<EventRecord, 'seq'> => ({ type, data });
const shoeInput: Omit<EventRecord, 'seq'> = { type: 'input', data: { input: { type: 'shoe.loaded' }, source: 'shoe' } };
/** A new shoe as the log holds it: the shoe's input, then its fact. */
const shoeLoaded = (shoe: number): Array<Omit<EventRecord, 'seq'>> => [shoeInput, fact('shoe.loaded', { shoe })];
const note: Omit<EventRecord, 'seq'> = { type: 'command.refused', data: { path: '/api/bets', reason: 'unknown credential' } };

function folded(events: readonly EventRecord[], retention: KeyRetention = DEFAULT_KEY_RETENTION, logger?: pino.Logger): IdempotencyKeys {
  const keys = IdempotencyKeys.restore(undefined, retention, 0, logger);
  for (const e of events) keys.push(e);
  return keys;
}

describe('a key stands for its input and the facts of its batch', () => {
  test('the range ends at the next input, note or configuration record; an input without a key keeps nothing', () => {
    const log = logOf(...shoeLoaded(1), keyed('k1'), fact('bet.placed'), fact('betting.opened'), note, plain, fact('betting.closed'), keyed('k2'), fact('input.rejected'), plain);
    const keys = folded(log);
    expect(keys.size).toBe(2);
    expect(keys.lookup('online-gs', 'k1', DIGEST)).toEqual({ found: true, sameCommand: true, kept: { by: 'online-gs', key: 'k1', digest: DIGEST, firstSeq: 3, lastSeq: 5, shoe: 1 } });
    expect(keys.lookup('online-gs', 'k2', DIGEST)).toMatchObject({ found: true, kept: { firstSeq: 9, lastSeq: 10 } });
  });

  test('another digest under the same key is found as another command; another sender\'s key is not found', () => {
    const keys = folded(logOf(keyed('k1'), fact('bet.placed')));
    expect(keys.lookup('online-gs', 'k1', OTHER)).toMatchObject({ found: true, sameCommand: false, kept: { firstSeq: 1 } });
    expect(keys.lookup('studio-b', 'k1', DIGEST)).toEqual({ found: false });
    // A sender's name and a key never spell another pair's.
    expect(folded(logOf(keyed('2:ab', 'x'))).lookup('x2:a', 'b', DIGEST)).toEqual({ found: false });
  });
});

describe('retention', () => {
  test('keepShoes 1: a key goes when the next shoe is loaded; keepShoes 2: one shoe later', () => {
    const log = logOf(...shoeLoaded(1), keyed('k1'), fact('bet.placed'), ...shoeLoaded(2), keyed('k2'), ...shoeLoaded(3));
    const one = folded(log.slice(0, 4), { keepShoes: 1, maxKeys: 100 });
    expect(one.size).toBe(1);
    for (const e of log.slice(4, 6)) one.push(e);
    expect(one.lookup('online-gs', 'k1', DIGEST)).toEqual({ found: false });
    const two = folded(log.slice(0, 7), { keepShoes: 2, maxKeys: 100 });
    expect(two.size).toBe(2);
    for (const e of log.slice(7)) two.push(e);
    expect(two.lookup('online-gs', 'k1', DIGEST)).toEqual({ found: false });
    expect(two.lookup('online-gs', 'k2', DIGEST)).toMatchObject({ found: true });
  });

  test('at most maxKeys: the oldest go first, and the operator is told once a shoe what to raise', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _e, done) => { lines.push(chunk.toString()); done(); } }));
    const log = logOf(...shoeLoaded(1), ...Array.from({ length: 150 }, (_, i) => keyed(`k${i}`)));
    const keys = folded(log, { keepShoes: 2, maxKeys: 100 }, logger);
    expect(keys.size).toBe(100);
    expect(keys.lookup('online-gs', 'k49', DIGEST)).toEqual({ found: false });
    expect(keys.lookup('online-gs', 'k50', DIGEST)).toMatchObject({ found: true });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: expect.stringMatching(/more than 100 idempotency keys.*raise idempotency\.maxKeys/) });
  });

  test('a key used again after it was forgotten stands for its newest command', () => {
    const keys = folded(logOf(...shoeLoaded(1), keyed('k1'), ...shoeLoaded(2), keyed('k1', 'online-gs', OTHER)), { keepShoes: 1, maxKeys: 100 });
    expect(keys.lookup('online-gs', 'k1', OTHER)).toMatchObject({ found: true, sameCommand: true, kept: { firstSeq: 6, shoe: 2 } });
  });
});

describe('the snapshot part', () => {
  test('the part (saved between batches) and the tail after it give the keys the whole log gives', () => {
    const log = logOf(...shoeLoaded(1), keyed('k1'), fact('bet.placed'), ...shoeLoaded(2), keyed('k2', 'studio-b'), fact('bet.placed'), ...shoeLoaded(3), keyed('k3'), fact('bet.placed'));
    const retention = { keepShoes: 2, maxKeys: 100 };
    const whole = folded(log, retention);
    for (let at = 0; at <= log.length; at += 1) {
      if (at < log.length && log[at]!.type !== 'input') continue;
      const restored = IdempotencyKeys.restore(folded(log.slice(0, at), retention).snapshot(), retention, 0);
      for (const e of log.slice(at)) restored.push(e);
      expect(restored.snapshot(), `snapshot after event ${at}`).toEqual(whole.snapshot());
    }
    // One line a key, its sender by index: one JSON string per key (src/app/table/keys-snapshot-part.ts).
    expect(whole.snapshot()).toEqual({ format: 2, shoe: 3, senders: ['studio-b', 'online-gs'], keys: [`0 7 8 2 ${DIGEST} k2`, `1 11 12 3 ${DIGEST} k3`] });
  });

  test('a key with spaces, and a sender\'s name with any characters, come back as they were', () => {
    const log = logOf(keyed(' a key  with spaces ', 'name with\nline break'), fact('bet.placed'));
    const restored = IdempotencyKeys.restore(JSON.parse(JSON.stringify(folded(log).snapshot())), DEFAULT_KEY_RETENTION, 0);
    expect(restored.lookup('name with\nline break', ' a key  with spaces ', DIGEST)).toMatchObject({ found: true, sameCommand: true, kept: { firstSeq: 1, lastSeq: 2 } });
  });

  test('a smaller retention at restore forgets what it no longer keeps; a part of another shape is not read, and the operator is told', () => {
    const part = folded(logOf(...shoeLoaded(1), keyed('k1'), ...shoeLoaded(2), keyed('k2'))).snapshot();
    expect(IdempotencyKeys.restore(part, { keepShoes: 1, maxKeys: 100 }, 0).size).toBe(1);
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _e, done) => { lines.push(chunk.toString()); done(); } }));
    const unread = IdempotencyKeys.restore({ format: 99, shoe: 2, keys: [] }, DEFAULT_KEY_RETENTION, 7, logger);
    expect(unread.size).toBe(0);
    expect(lines.join('')).toMatch(/only keys after the snapshot are known/);
    // The current shoe then is the snapshot's table's: a key of this shoe is kept until the retention says.
    unread.push({ seq: 1, ...keyed('k') });
    for (const [i, e] of shoeLoaded(8).entries()) unread.push({ seq: 2 + i, ...e });
    expect(unread.size).toBe(1);
  });
});

describe('a log written before keys were kept', () => {
  test('opens, replays and verifies (its snapshot without the keys\' part), then keeps the keys of new commands', async () => {
    const { rules, rulesId } = loadRuleSet('six-deck');
    const path = join(mkdtempSync(join(tmpdir(), 'keys-old-log-')), '{tableId}.db');
    const open = (store: SqliteEventStore) => TableService.open({ tableId: 'old-1', rules, rulesId, store, clock: steppingClock(), snapshotEvery: 20 });
    // The log as an older controller left it: no input with a key, and snapshots whose parts lack the keys.
    const writer = new SqliteEventStore({ path, pollIntervalMs: 0 });
    const first = await open(writer);
    for (const input of playRandomSession(rules, 11, 12).inputs) await first.submit(input, { source: 'session' });
    first.close();
    const saved = (await writer.loadSnapshot('old-1'))!;
    const { [KEYS_SNAPSHOT_PART]: _keys, ...olderParts } = (saved.state as { parts: JsonObject }).parts;
    await writer.saveSnapshot('old-1', saved.seq, { ...(saved.state as JsonObject), parts: olderParts });
    const table = JSON.stringify((await open(writer)).table);
    await writer.close();

    const store = new SqliteEventStore({ path, pollIntervalMs: 0 });
    const service = await open(store);
    expect(JSON.stringify(service.table)).toBe(table);
    expect(verifyLog(await store.read('old-1')).ok).toBe(true);
    const keyed = { source: 'api' as const, by: 'online-gs', idempotencyKey: 'first-after-upgrade', requestDigest: 'c'.repeat(64) };
    const sent = await service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, keyed);
    const at = service.position;
    const again = await service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, keyed);
    expect(sent.keyed).toBe('first');
    expect(again).toMatchObject({ keyed: 'replayed', inputSeq: sent.inputSeq });
    expect([again.stored, again.rejected]).toEqual([sent.stored, sent.rejected]);
    expect(service.position).toBe(at);
    expect(verifyLog(await store.read('old-1')).ok).toBe(true);
    service.close();
    await store.close();
  });
});
