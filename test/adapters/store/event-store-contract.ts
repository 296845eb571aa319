/**
 * The one contract every EventStore adapter passes (memory, SQLite, NATS JetStream).
 * Called from test/adapters/store/<adapter>.test.ts with a factory.
 */
import fc from 'fast-check';
import { Subscription, firstValueFrom, take, timeout, toArray, type Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, hashEvent, verifyChain } from '../../../src/log/event-chain.js';
import {
  IdempotencyConflictError,
  InvalidInputError,
  StoreClosedError,
  WrongExpectedVersionError,
  isEventStoreError,
} from '../../../src/ports/event-store-errors.js';
import type { AppendResult, EventStore, NewEvent, StoredEvent } from '../../../src/ports/event-store.js';

export interface StoreFactory {
  /**
   * Opens a store. Stores opened by one factory share their backing (directory, JetStream
   * stream...), so two of them act as two writers on one log.
   */
  open(): Promise<EventStore>;
  /** Releases the backing after the suite. */
  dispose?(): Promise<void>;
}

export interface ContractOptions {
  /** Why the suite cannot run here (it is then skipped, with the reason in its name). */
  readonly skip?: string | false;
  /** fast-check runs for the property tests (fewer for slow adapters). */
  readonly propertyRuns?: number;
}

let counter = 0;
/** A fresh stream (table id) per test, so tests never share state even on a shared backing. */
export function freshStreamId(prefix = 't'): string {
  counter += 1;
  return `${prefix}${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** A deterministic event: time is an input, so tests build it. */
export function makeEvent(i: number, overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    type: 'card.dealt',
    data: { i, card: ['AS', 'KD', '7H', '2C'][i % 4] ?? 'AS', box: (i % 7) + 1, flags: { faceUp: i % 2 === 0, note: null }, tags: ['é', 'x'] },
    round: Math.floor(i / 10),
    monoTime: 1_000_000 + i * 1_250,
    wallTime: new Date(Date.UTC(2025, 0, 31, 20, 0, 0, i)).toISOString(),
    rulesId: 'sha256:5f1c0e9a',
    ...overrides,
  };
}

export function makeEvents(from: number, count: number): NewEvent[] {
  return Array.from({ length: count }, (_, k) => makeEvent(from + k));
}

/** Appends `total` events in batches of `batch`, starting at the stream's version `start`. */
export async function appendMany(store: EventStore, streamId: string, start: number, total: number, batch: number): Promise<number> {
  let version = start;
  while (version < start + total) {
    const n = Math.min(batch, start + total - version);
    const r = await store.append(streamId, makeEvents(version, n), { expectedVersion: version });
    version = r.lastSeq;
  }
  return version;
}

function collect(events: Observable<StoredEvent>, n: number, ms = 20_000): Promise<StoredEvent[]> {
  return firstValueFrom(events.pipe(take(n), toArray(), timeout(ms)));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function expectSeqs(events: readonly StoredEvent[], from: number, to: number): void {
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: to - from + 1 }, (_, k) => from + k));
}

/** Changes one character of `text` at `position` to another of the same kind (digit, letter). */
function alterChar(text: string, position: number, shift: number): string | undefined {
  const c = text[position];
  if (c === undefined) return undefined;
  let replacement: string;
  if (/[0-9]/.test(c)) replacement = String((Number(c) + 1 + (shift % 9)) % 10);
  else if (/[a-z]/.test(c)) replacement = String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + 1 + (shift % 25)) % 26));
  else if (/[A-Z]/.test(c)) replacement = String.fromCharCode(65 + ((c.charCodeAt(0) - 65 + 1 + (shift % 25)) % 26));
  else return undefined;
  return text.slice(0, position) + replacement + text.slice(position + 1);
}

export function eventStoreContract(name: string, makeFactory: () => Promise<StoreFactory>, options: ContractOptions = {}): void {
  const runs = options.propertyRuns ?? 25;
  if (options.skip) {
    describe.skip(`${name}: event store contract (skipped: ${options.skip})`, () => {
      it('needs its backing service', () => undefined);
    });
    return;
  }

  describe(`${name}: event store contract`, () => {
    let factory: StoreFactory;
    let store: EventStore;
    const opened: EventStore[] = [];
    const open = async (): Promise<EventStore> => {
      const s = await factory.open();
      opened.push(s);
      return s;
    };

    beforeAll(async () => {
      factory = await makeFactory();
      store = await open();
    });
    afterAll(async () => {
      for (const s of opened) await s.close().catch(() => undefined);
      await factory?.dispose?.();
    });

    describe('append and read', () => {
      it('stores the envelope as given, numbers seq from 1 and reads back in order', async () => {
        const s = freshStreamId();
        expect(await store.head(s)).toEqual({ version: 0, hash: GENESIS_HASH });
        expect(await store.read(s)).toEqual([]);
        const first = await store.append(s, makeEvents(0, 3), { expectedVersion: 0 });
        expect(first).toMatchObject({ streamId: s, firstSeq: 1, lastSeq: 3, replayed: false });
        const second = await store.append(s, makeEvents(3, 2), { expectedVersion: 3 });
        expect(second).toMatchObject({ firstSeq: 4, lastSeq: 5 });
        const all = await store.read(s);
        expectSeqs(all, 1, 5);
        expect(all).toEqual([...first.events, ...second.events]);
        all.forEach((e, k) => {
          const given = makeEvent(k);
          expect(e).toEqual({ ...given, tableId: s, seq: k + 1, prevHash: e.prevHash, hash: e.hash });
        });
        expect(await store.head(s)).toEqual({ version: 5, hash: all[4]!.hash });
      });

      it('reads a window with from and limit', async () => {
        const s = freshStreamId();
        await appendMany(store, s, 0, 12, 5);
        expectSeqs(await store.read(s, { from: 4 }), 4, 12);
        expectSeqs(await store.read(s, { from: 4, limit: 3 }), 4, 6);
        expectSeqs(await store.read(s, { limit: 2 }), 1, 2);
        expect(await store.read(s, { from: 13 })).toEqual([]);
        expect(await store.read(s, { from: 2, limit: 0 })).toEqual([]);
        await expect(store.read(s, { from: 0 })).rejects.toBeInstanceOf(InvalidInputError);
      });

      it('keeps its own copy of the data (the caller mutating its object changes nothing)', async () => {
        const s = freshStreamId();
        const event = makeEvent(0);
        const data = { ...event.data, list: [1, 2] } as { list: number[] };
        await store.append(s, [{ ...event, data }], { expectedVersion: 0 });
        data.list.push(3);
        const [stored] = await store.read(s);
        expect(stored!.data['list']).toEqual([1, 2]);
      });

      it('property: any sequence of batches reads back as their concatenation', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }), async (sizes) => {
            const s = freshStreamId('p');
            let version = 0;
            const expected: NewEvent[] = [];
            for (const size of sizes) {
              const batch = makeEvents(version, size);
              const r = await store.append(s, batch, { expectedVersion: version });
              expect(r.firstSeq).toBe(version + 1);
              version = r.lastSeq;
              expected.push(...batch);
            }
            const all = await store.read(s);
            expect(all.map(({ type, data, round, monoTime, wallTime, rulesId }) => ({ type, data, round, monoTime, wallTime, rulesId }))).toEqual(expected);
            expectSeqs(all, 1, expected.length);
            expect(verifyChain(all)).toEqual({ ok: true });
          }),
          { numRuns: runs },
        );
      });
    });

    describe('optimistic concurrency', () => {
      it('rejects a wrong expectedVersion with a typed error and stores nothing', async () => {
        const s = freshStreamId();
        await store.append(s, makeEvents(0, 2), { expectedVersion: 0 });
        for (const wrong of [0, 1, 3, 10]) {
          const error: unknown = await store.append(s, makeEvents(2, 1), { expectedVersion: wrong }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', streamId: s, expectedVersion: wrong, actualVersion: 2 });
          expect(isEventStoreError(error, 'WRONG_EXPECTED_VERSION')).toBe(true);
        }
        expectSeqs(await store.read(s), 1, 2);
      });

      it('lets exactly one of many concurrent appends at the same version win, from one or two writers', async () => {
        const other = await open();
        const s = freshStreamId();
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, (_, k) => (k % 2 === 0 ? store : other).append(s, [makeEvent(100 * k), makeEvent(100 * k + 1)], { expectedVersion: 0 })),
        );
        const won = attempts.filter((a): a is PromiseFulfilledResult<AppendResult> => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedVersionError);
        const all = await store.read(s);
        expectSeqs(all, 1, 2);
        expect(all).toEqual(won[0]!.value.events);
        expect(verifyChain(all)).toEqual({ ok: true });
        // And the log goes on from there for either writer.
        await other.append(s, [makeEvent(2)], { expectedVersion: 2 });
        await store.append(s, [makeEvent(3)], { expectedVersion: 3 });
        const after = await other.read(s);
        expectSeqs(after, 1, 4);
        expect(verifyChain(after)).toEqual({ ok: true });
      });
    });

    describe('idempotency', () => {
      it('returns the original result for a key already used and stores nothing again', async () => {
        const s = freshStreamId();
        const batch = makeEvents(0, 3);
        const original = await store.append(s, batch, { expectedVersion: 0, idempotencyKey: 'cmd-1' });
        const again = await store.append(s, batch, { expectedVersion: 0, idempotencyKey: 'cmd-1' });
        expect(again.replayed).toBe(true);
        expect({ ...again, replayed: false }).toEqual(original);
        await store.append(s, makeEvents(3, 1), { expectedVersion: 3 });
        // A retry that arrives after other appends (stale expectedVersion) still gets its original result.
        const late = await store.append(s, batch, { expectedVersion: 0, idempotencyKey: 'cmd-1' });
        expect({ ...late, replayed: false }).toEqual(original);
        expectSeqs(await store.read(s), 1, 4);
      });

      it('rejects a key reused for a different batch, and scopes keys per stream', async () => {
        const s = freshStreamId();
        await store.append(s, makeEvents(0, 1), { expectedVersion: 0, idempotencyKey: 'cmd-2' });
        const error: unknown = await store.append(s, makeEvents(5, 1), { expectedVersion: 1, idempotencyKey: 'cmd-2' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(IdempotencyConflictError);
        expectSeqs(await store.read(s), 1, 1);
        const t = freshStreamId();
        const elsewhere = await store.append(t, makeEvents(5, 1), { expectedVersion: 0, idempotencyKey: 'cmd-2' });
        expect(elsewhere.replayed).toBe(false);
      });

      it('still checks expectedVersion for a new key', async () => {
        const s = freshStreamId();
        await store.append(s, makeEvents(0, 1), { expectedVersion: 0 });
        await expect(store.append(s, makeEvents(1, 1), { expectedVersion: 0, idempotencyKey: 'cmd-3' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        // The failed attempt did not burn the key.
        const r = await store.append(s, makeEvents(1, 1), { expectedVersion: 1, idempotencyKey: 'cmd-3' });
        expect(r).toMatchObject({ firstSeq: 2, replayed: false });
      });
    });

    describe('hash chain', () => {
      it('chains every event to the previous one from a genesis of 64 zeros', async () => {
        const s = freshStreamId();
        await appendMany(store, s, 0, 9, 4);
        const all = await store.read(s);
        expect(all[0]!.prevHash).toBe(GENESIS_HASH);
        all.forEach((e, k) => {
          expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
          expect(hashEvent(e)).toBe(e.hash);
          if (k > 0) expect(e.prevHash).toBe(all[k - 1]!.hash);
        });
        expect(verifyChain(all)).toEqual({ ok: true });
        // A segment verifies against the event before it.
        expect(verifyChain(all.slice(4), { seq: 4, hash: all[3]!.hash })).toEqual({ ok: true });
      });

      it('verifyChain catches one altered byte anywhere in an exported log, at the altered event', async () => {
        const s = freshStreamId();
        await appendMany(store, s, 0, 6, 3);
        const lines = (await store.read(s)).map((e) => JSON.stringify(e));
        await fc.assert(
          fc.property(fc.nat({ max: lines.length - 1 }), fc.nat(), fc.nat(), (index, where, shift) => {
            const line = lines[index]!;
            const altered = alterChar(line, where % line.length, shift);
            fc.pre(altered !== undefined);
            let event: StoredEvent;
            try {
              event = JSON.parse(altered!) as StoredEvent;
            } catch {
              fc.pre(false);
              return;
            }
            const log = lines.map((l, k) => (k === index ? event : (JSON.parse(l) as StoredEvent)));
            const check = verifyChain(log);
            expect(check.ok).toBe(false);
            if (!check.ok) expect(check.seq).toBe(index + 1);
          }),
          { numRuns: 300 },
        );
      });

      it('verifyChain catches a removed, duplicated or reordered event', async () => {
        const s = freshStreamId();
        await appendMany(store, s, 0, 5, 5);
        const all = await store.read(s);
        expect(verifyChain([...all.slice(0, 2), ...all.slice(3)])).toMatchObject({ ok: false, seq: 3 });
        expect(verifyChain([...all.slice(0, 3), all[2]!, ...all.slice(3)])).toMatchObject({ ok: false, seq: 4 });
        expect(verifyChain([all[0]!, all[2]!, all[1]!, ...all.slice(3)])).toMatchObject({ ok: false, seq: 2 });
        expect(verifyChain(all.slice(1))).toMatchObject({ ok: false, seq: 1 });
      });
    });

    describe('follow', () => {
      it('catches up then goes live, in order, with no gap and no duplicate, including appends made during the catch-up', async () => {
        const s = freshStreamId();
        const stored = 1_200;
        await appendMany(store, s, 0, stored, 200);
        const received: StoredEvent[] = [];
        let version = stored;
        let writes = Promise.resolve();
        const write = (n: number): void => {
          writes = writes.then(async () => {
            const r = await store.append(s, makeEvents(version, n), { expectedVersion: version });
            version = r.lastSeq;
          });
        };
        const total = stored + 12 * 5 + 40;
        let subscription: Subscription | undefined;
        await new Promise<void>((resolve, reject) => {
          subscription = store.follow(s, 1).subscribe({
            next: (e) => {
              received.push(e);
              // While catching up (seq <= stored), keep appending behind the follower's back.
              if (e.seq % 100 === 0 && e.seq <= stored) write(5);
              if (e.seq === stored) {
                // Then live appends, one by one.
                for (let k = 0; k < 40; k += 1) write(1);
              }
              if (received.length >= total) resolve();
            },
            error: reject,
          });
        });
        await writes;
        await sleep(300); // anything extra would show up now
        subscription?.unsubscribe();
        expectSeqs(received, 1, total);
        expect(verifyChain(received)).toEqual({ ok: true });
      });

      it('starts at any position, waits on an empty stream, and stops on unsubscribe', async () => {
        const s = freshStreamId();
        const live = collect(store.follow(s), 3);
        await sleep(50);
        await appendMany(store, s, 0, 3, 1);
        expectSeqs(await live, 1, 3);
        await appendMany(store, s, 3, 7, 7);
        expectSeqs(await collect(store.follow(s, 6), 5), 6, 10);
        const fromEnd = collect(store.follow(s, 11), 2);
        await sleep(50);
        await appendMany(store, s, 10, 2, 2);
        expectSeqs(await fromEnd, 11, 12);

        const seen: number[] = [];
        const sub = store.follow(s, 12).subscribe((e) => seen.push(e.seq));
        await sleep(300);
        sub.unsubscribe();
        await appendMany(store, s, 12, 2, 1);
        await sleep(300);
        expect(seen).toEqual([12]);
      });

      it('two followers of one stream see the same sequence', async () => {
        const s = freshStreamId();
        const a = collect(store.follow(s), 30);
        const b = collect(store.follow(s), 30);
        await sleep(50);
        await appendMany(store, s, 0, 30, 3);
        const [ea, eb] = await Promise.all([a, b]);
        expect(ea).toEqual(eb);
        expectSeqs(ea, 1, 30);
      });
    });

    describe('bad input', () => {
      const sparse: unknown[] = [1];
      sparse[2] = 3;
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic['self'] = cyclic;
      const badData: Array<[string, unknown, RegExp]> = [
        ['a function', { f: () => 1 }, /data\.f: a function is not JSON/],
        ['undefined', { u: undefined }, /data\.u: a undefined is not JSON/],
        ['a bigint', { n: 10n }, /data\.n: a bigint is not JSON/],
        ['NaN', { x: Number.NaN }, /data\.x: NaN is not JSON/],
        ['Infinity', { deep: [{ x: Number.POSITIVE_INFINITY }] }, /data\.deep\[0\]\.x: Infinity is not JSON/],
        ['a Date', { at: new Date(0) }, /data\.at: a Date object is not plain JSON/],
        ['a Map', { m: new Map() }, /data\.m: a Map object/],
        ['a cycle', cyclic, /data\.self: cyclic/],
        ['a sparse array', { s: sparse }, /data\.s\[1\]: sparse/],
        ['a lone surrogate', { s: 'a\uD800b' }, /lone UTF-16 surrogate/],
        ['an array as data', [1, 2], /data: must be a plain JSON object/],
        ['null as data', null, /data: must be a plain JSON object/],
      ];

      it.each(badData)('rejects data with %s, naming where, and writes nothing of the batch', async (_what, data, message) => {
        const s = freshStreamId();
        const batch = [makeEvent(0), makeEvent(1), { ...makeEvent(2), data } as NewEvent];
        const error: unknown = await store.append(s, batch, { expectedVersion: 0 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as Error).message).toMatch(/^events\[2\]\./);
        expect((error as Error).message).toMatch(message);
        expect(await store.read(s)).toEqual([]);
        expect((await store.head(s)).version).toBe(0);
      });

      it('rejects an empty batch, bad envelopes, bad options and bad stream ids, writing nothing', async () => {
        const s = freshStreamId();
        await store.append(s, makeEvents(0, 1), { expectedVersion: 0 });
        const bad: Array<[unknown, unknown, RegExp]> = [
          [[], { expectedVersion: 1 }, /empty batch/],
          ['not an array', { expectedVersion: 1 }, /events: must be an array/],
          [[makeEvent(1, { type: '' })], { expectedVersion: 1 }, /events\[0\]\.type/],
          [[makeEvent(1, { round: -1 })], { expectedVersion: 1 }, /events\[0\]\.round/],
          [[makeEvent(1, { round: 1.5 })], { expectedVersion: 1 }, /events\[0\]\.round/],
          [[makeEvent(1, { monoTime: Number.NaN })], { expectedVersion: 1 }, /events\[0\]\.monoTime/],
          [[makeEvent(1, { wallTime: 'yesterday' })], { expectedVersion: 1 }, /events\[0\]\.wallTime/],
          [[makeEvent(1, { wallTime: '2025-01-31T20:00:00' })], { expectedVersion: 1 }, /events\[0\]\.wallTime/],
          [[makeEvent(1, { rulesId: '' })], { expectedVersion: 1 }, /events\[0\]\.rulesId/],
          [[{ ...makeEvent(1), seq: 7 }], { expectedVersion: 1 }, /events\[0\]\.seq: unknown field/],
          [[makeEvent(1)], { expectedVersion: -1 }, /options\.expectedVersion/],
          [[makeEvent(1)], { expectedVersion: '1' }, /options\.expectedVersion/],
          [[makeEvent(1)], {}, /options\.expectedVersion/],
          [[makeEvent(1)], { expectedVersion: 1, idempotencyKey: '' }, /options\.idempotencyKey/],
        ];
        for (const [events, opts, message] of bad) {
          const error: unknown = await store.append(s, events as NewEvent[], opts as { expectedVersion: number }).catch((e: unknown) => e);
          expect(error, String(message)).toBeInstanceOf(InvalidInputError);
          expect((error as Error).message).toMatch(message);
        }
        for (const id of ['', 'a.b', 'tables.*', '../escape', 'a b', 'x'.repeat(65)]) {
          await expect(store.append(id, makeEvents(0, 1), { expectedVersion: 0 })).rejects.toThrow(/streamId/);
          await expect(store.read(id)).rejects.toThrow(/streamId/);
        }
        expectSeqs(await store.read(s), 1, 1);
        await expect(store.append(s, makeEvents(1, 1), { expectedVersion: 1 })).resolves.toMatchObject({ firstSeq: 2 });
      });
    });

    describe('close', () => {
      it('rejects calls after close and completes its followers', async () => {
        const own = await open();
        const s = freshStreamId();
        await own.append(s, makeEvents(0, 2), { expectedVersion: 0 });
        const followed = firstValueFrom(own.follow(s).pipe(toArray(), timeout(10_000)));
        await sleep(100);
        await own.close();
        expectSeqs(await followed, 1, 2);
        await expect(own.append(s, makeEvents(2, 1), { expectedVersion: 2 })).rejects.toBeInstanceOf(StoreClosedError);
        await expect(own.read(s)).rejects.toBeInstanceOf(StoreClosedError);
        // The log itself is untouched and still readable through another store.
        expectSeqs(await store.read(s), 1, 2);
      });
    });
  });
}
