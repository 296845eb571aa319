// One channel from "stored" to the displays (docs/architecture.md, "Reactions"): the projections are fed the
// table service's stream of stored events — the one its reactions are run on — after a catch-up read from
// the store up to the table's position when they start. So an event written to the log behind the service's
// back reaches no display, and at the seam between the catch-up and the live stream no event is skipped or
// shown twice, whether the service published it while the catch-up read, or had stored it and not yet
// published it when the catch-up began. Resumed from their snapshot, they read only the log after it.
import { describe, expect, test } from 'vitest';
import { from as fromPromise, switchMap, tap } from 'rxjs';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { TableProjections } from '../../../src/app/displays/table-projections.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableInput } from '../../../src/round/inputs.js';
import type { JsonValue, StoredEvent } from '../../../src/ports/event-store.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';

const TABLE = 'one-channel';
const { rules, rulesId } = loadRuleSet('six-deck');
const inputs = playRandomSession(rules, 11, 2).inputs;
const originOf = (input: TableInput) => ({ source: input.type === 'card' || input.type === 'shoe.loaded' ? 'shoe' as const : 'api' as const, by: 'test' });

function opened<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** The projections of the table, and the log position of every supervisor view sent (one per event once live). */
function watchedProjections(store: MemoryEventStore, service: TableService): { projections: TableProjections; shown: number[] } {
  const projections = new TableProjections({ store, tableId: TABLE, meta: tableMeta(TABLE, rules), rules, decisionSeconds: 15, live: service, clock: service.clock });
  const shown: number[] = [];
  projections.views$('supervisor').subscribe((view) => shown.push(view.seq));
  projections.start();
  return { projections, shown };
}

const range = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** Lets every promise and I/O callback run: the store's own follow, were the displays fed from it, would deliver by then. */
const aTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the displays are fed what the table service stored', () => {
  test('an event appended to the store behind the service\'s back reaches no display', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
    const { projections, shown } = watchedProjections(store, service);
    await projections.ready();
    for (const input of inputs.slice(0, 6)) await service.submit(input, originOf(input));
    const head = service.position;
    expect(shown.at(-1)).toBe(head);

    const [last] = await store.read(TABLE, { from: head, limit: 1 });
    const behindItsBack = { type: 'link.counters', data: { crcErrors: 0, retransmissions: 1, discardedBytes: 0 }, round: last!.round, monoTime: 0, wallTime: last!.wallTime, rulesId };
    await store.append(TABLE, [behindItsBack], { expectedVersion: head });
    await aTurn();
    expect((await store.head(TABLE)).version).toBe(head + 1);
    expect(projections.position).toBe(head);
    expect(shown.at(-1)).toBe(head);
    expect((await projections.current('supervisor')).seq).toBe(head);
    projections.stop();
    service.close();
  });

  test('events the service publishes while the catch-up reads are shown after it, each once, in order', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
    for (const input of inputs.slice(0, 8)) await service.submit(input, originOf(input));
    const atStart = service.position;
    // The catch-up's read is held until the service has stored and published more events.
    const gate = opened<void>();
    const follow = store.follow.bind(store);
    store.follow = (id, from) => fromPromise(gate.promise).pipe(switchMap(() => follow(id, from)));
    const { projections, shown } = watchedProjections(store, service);
    for (const input of inputs.slice(8, 14)) await service.submit(input, originOf(input));
    expect(shown).toEqual([]);
    gate.open();
    await projections.ready();
    await aTurn();
    expect(shown).toEqual(range(atStart, service.position));
    expect(service.position).toBeGreaterThan(atStart + 3);
    projections.stop();
    service.close();
  });

  test('resumed from their snapshot, the catch-up reads the store from the snapshot on, never from seq 1', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
    const { projections: first } = watchedProjections(store, service);
    for (const input of inputs.slice(0, 6)) await service.submit(input, originOf(input));
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as JsonValue;
    first.stop();
    for (const input of inputs.slice(6, 12)) await service.submit(input, originOf(input));
    const asked: number[] = [];
    const read: number[] = [];
    const follow = store.follow.bind(store);
    store.follow = (id, from) => {
      asked.push(from ?? 1);
      return follow(id, from).pipe(tap((event) => read.push(event.seq)));
    };
    const resumed = new TableProjections({ store, tableId: TABLE, meta: tableMeta(TABLE, rules), rules, decisionSeconds: 15, live: service, clock: service.clock }, saved);
    resumed.start();
    await resumed.ready();
    const at = (saved as { seq: number }).seq;
    expect(asked).toEqual([at + 1]);
    expect(read).toEqual(range(at + 1, service.position));
    expect(resumed.position).toBe(service.position);
    resumed.stop();
    service.close();
  });

  test('events stored but not yet published when the catch-up begins are shown once', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock(), snapshotEvery: 1 });
    for (const input of inputs.slice(0, 8)) await service.submit(input, originOf(input));
    const published = service.position;
    // The table's snapshot is saved between an append and its publication: held, the service's position is
    // ahead of what it published when the projections start, so their catch-up reads those events too.
    const saving = opened<void>();
    const save = store.saveSnapshot.bind(store);
    store.saveSnapshot = async (...args) => {
      await saving.promise;
      return save(...args);
    };
    const seen: StoredEvent[] = [];
    service.events$.subscribe((event) => seen.push(event));
    const input = inputs[8]!;
    const submitted = service.submit(input, originOf(input));
    while ((await store.head(TABLE)).version === published) await aTurn();
    expect(service.position).toBeGreaterThan(published);
    expect(seen).toEqual([]);
    const { projections, shown } = watchedProjections(store, service);
    await projections.ready();
    expect(shown).toEqual([service.position]);
    saving.open();
    await submitted;
    expect(seen.map((e) => e.seq)).toEqual(range(published + 1, service.position));
    const next = inputs[9]!;
    await service.submit(next, originOf(next));
    await aTurn();
    expect(shown).toEqual(range(shown[0]!, service.position));
    expect(shown.length).toBeGreaterThan(1);
    projections.stop();
    service.close();
  });
});
