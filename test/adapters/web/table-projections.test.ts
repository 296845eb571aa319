// One projection per audience: the shared projections equal a fold of the log from seq 1,
// whether they followed the table live or resumed from a snapshot of themselves taken anywhere in the
// session (property over random sessions); a snapshot saved with the table is read back on reopen.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { from as fromItems, lastValueFrom, type Observable } from 'rxjs';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { dealerView$ } from '../../../src/app/displays/dealer-projection.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { DISPLAY_AUDIENCES, type DisplayAudience, type SharedView } from '../../../src/ports/shared-view.js';
import { TableProjections } from '../../../src/app/displays/table-projections.js';
import { PROJECTIONS_FORMAT } from '../../../src/app/displays/projections-snapshot.js';
import type { JsonValue, StoredEvent } from '../../../src/ports/event-store.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';

const TABLE = 'proj-1';
const { rules, rulesId } = loadRuleSet('six-deck');
const meta = tableMeta(TABLE, rules);
const DECISION_SECONDS = 15;

function projectionsOf(store: MemoryEventStore, service: TableService, saved?: JsonValue): TableProjections {
  return new TableProjections({ store, tableId: TABLE, meta, rules, decisionSeconds: DECISION_SECONDS, live: service, clock: service.clock }, saved);
}

/** Each audience's view at the log head, by a fold of the whole log from seq 1 (what a display connecting got before). */
async function foldedFromSeq1(log: readonly StoredEvent[], service: TableService): Promise<Record<DisplayAudience, string>> {
  const options = { meta, rules, decisionSeconds: DECISION_SECONDS, live: service, head: log.at(-1)?.seq ?? 0 };
  const last = async (views: Observable<unknown>) => JSON.stringify(await lastValueFrom(views));
  return {
    public: await last(publicView$(fromItems(log), options)),
    dealer: await last(dealerView$(fromItems(log), options)),
    supervisor: await last(supervisorView$(fromItems(log), options)),
  };
}

async function currentOf(projections: TableProjections): Promise<Record<DisplayAudience, string>> {
  const out = {} as Record<DisplayAudience, string>;
  for (const audience of DISPLAY_AUDIENCES) out[audience] = (await projections.current(audience)).json;
  return out;
}

describe('shared projections', () => {
  test('property: live, and resumed from a snapshot taken at any point, they equal a fold from seq 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 4 }), fc.double({ min: 0, max: 1, noNaN: true }), async (seed, rounds, cut) => {
        const { inputs } = playRandomSession(rules, seed, rounds);
        const store = new MemoryEventStore();
        const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
        const live = projectionsOf(store, service);
        live.start();
        // A display watching each audience: the live path publishes a view per change.
        const watched = new Map<DisplayAudience, SharedView>();
        const subs = DISPLAY_AUDIENCES.map((a) => live.views$(a).subscribe((v) => watched.set(a, v)));
        const cutAt = Math.floor(cut * inputs.length);
        let saved: JsonValue | undefined;
        for (const [i, input] of inputs.entries()) {
          if (i === cutAt) saved = JSON.parse(JSON.stringify(live.snapshot())) as JsonValue;
          await service.submit(input, { source: input.type === 'card' || input.type === 'shoe.loaded' ? 'shoe' : 'api', by: 'prop' });
          if (i % 17 === 5) await service.refuseCommand({ path: '/api/bets', body: { junk: i } }, 'missing credential');
        }
        saved ??= JSON.parse(JSON.stringify(live.snapshot())) as JsonValue;
        const resumed = projectionsOf(store, service, saved);
        resumed.start();
        await resumed.ready();
        const log = await store.read(TABLE);
        const expected = await foldedFromSeq1(log, service);
        expect(await currentOf(live)).toEqual(expected);
        expect(await currentOf(resumed)).toEqual(expected);
        // The displays watching were sent every change: their last view is the head's (the dealer's but its seq).
        const noSeq = (json: string | undefined) => JSON.stringify({ ...(JSON.parse(json ?? '{}') as object), seq: 0 });
        expect(watched.get('public')?.json).toBe(expected.public);
        expect(watched.get('supervisor')?.json).toBe(expected.supervisor);
        expect(noSeq(watched.get('dealer')?.json)).toBe(noSeq(expected.dealer));
        // The resumed projections folded only the tail after the snapshot, never the log from seq 1.
        expect(resumed.folded).toBe(log.length - (saved as { seq: number }).seq);
        subs.forEach((s) => s.unsubscribe());
        live.stop();
        resumed.stop();
        service.close();
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  test('saved with the table snapshot and resumed from it when the table reopens', async () => {
    const store = new MemoryEventStore();
    const first = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock(), snapshotEvery: 5 });
    const before = projectionsOf(store, first);
    first.addSnapshotPart('views', () => before.snapshot());
    before.start();
    const { inputs } = playRandomSession(rules, 42, 2);
    for (const input of inputs) await first.submit(input, { source: 'api', by: 'test' });
    first.close();
    before.stop();

    const reopened = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock('2026-01-02T00:00:00.000Z'), snapshotEvery: 5 });
    const saved = reopened.loadedSnapshotParts['views'];
    expect(saved).toMatchObject({ format: PROJECTIONS_FORMAT });
    const after = projectionsOf(store, reopened, saved);
    after.start();
    await after.ready();
    const log = await store.read(TABLE);
    expect(after.folded).toBeLessThan(log.length / 2);
    expect(await currentOf(after)).toEqual(await foldedFromSeq1(log, reopened));
    after.stop();
  });

  test('a snapshot that does not fit the log is dropped and the log folded from seq 1', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
    for (const input of playRandomSession(rules, 7, 1).inputs) await service.submit(input, { source: 'api', by: 'test' });
    const good = projectionsOf(store, service);
    good.start();
    await good.ready();
    const forged = { ...(good.snapshot() as object), seq: 3, hash: 'f'.repeat(64) } as unknown as JsonValue;
    const resumed = projectionsOf(store, service, forged);
    resumed.start();
    await resumed.ready();
    const log = await store.read(TABLE);
    expect(await currentOf(resumed)).toEqual(await foldedFromSeq1(log, service));
    good.stop();
    resumed.stop();
  });
});
