// A snapshot of an older controller is not used (src/app/table/table-snapshot-format.ts): it lacks the last
// removed shoe's receipt, so a table rebuilt from it would refuse the stub count that the log's re-derivation
// (verify, replay) accepts. The table is rebuilt from its whole log instead; a snapshot of today's format is used.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { TABLE_SNAPSHOT_FORMAT } from '../../../src/app/table/table-snapshot-format.js';
import { TableEngine } from '../../../src/round/table-engine.js';
import { recordedInput, isInputRecord } from '../../../src/app/audit/log-records.js';
import type { JsonValue } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const RECEIPTED_SHOE: TableInput[] = [
  { type: 'receipts.configured', on: true }, { type: 'shoe.loaded' }, { type: 'card', card: '6C' },
  { type: 'supervisor', action: 'shoeChange', by: 'sup1' }, { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
];
const COUNT: TableInput = { type: 'supervisor', action: 'countStub', stub: 310, shoe: 1, by: 'sup1' } as TableInput;

async function tableWithSnapshot(rewrite?: (state: Record<string, unknown>) => Record<string, unknown>) {
  const store = new MemoryEventStore();
  const open = () => TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock(), snapshotEvery: 1 });
  const first = await open();
  for (const input of RECEIPTED_SHOE) await first.submit(input, { source: 'api' });
  const saved = (await store.loadSnapshot('t'))!;
  if (rewrite) await store.saveSnapshot('t', saved.seq, rewrite(saved.state as Record<string, unknown>) as JsonValue);
  return { store, again: await open() };
}

/** The facts the round machine derives for the whole log, replayed from its first input (as verify does). */
async function rederived(store: MemoryEventStore) {
  const engine = new TableEngine(rules);
  const facts = [];
  for (const e of await store.read('t')) if (isInputRecord(e)) facts.push(...engine.submit(recordedInput(e).input));
  return facts;
}

describe('the table snapshot\'s format', () => {
  test('a snapshot of today\'s format is used: the reopened table reads only the tail after it', async () => {
    const { again } = await tableWithSnapshot();
    expect(again.loadedSnapshotAt).toBeGreaterThan(0);
    const result = await again.submit(COUNT, { source: 'api' });
    expect(result.rejected).toBeUndefined();
    expect(result.facts.map((f) => f.type)).toEqual(['shoe.stubCounted']);
  });

  test('an older controller\'s snapshot (no format, no receipt kept) is passed over: the stub count is taken as verify re-derives it', async () => {
    const { store, again } = await tableWithSnapshot((state) => {
      const machine = state['machine'] as { context: { table: Record<string, unknown> } };
      const { lastReceipt: _gone, ...table } = machine.context.table;
      const { format: _format, ...rest } = state;
      return { ...rest, machine: { ...machine, context: { ...machine.context, table } } };
    });
    expect(again.loadedSnapshotAt).toBe(0);
    await again.submit(COUNT, { source: 'api' });
    const live = (await store.read('t')).filter((e) => e.type === 'shoe.stubCounted' || e.type === 'input.rejected').map((e) => e.type);
    expect(live).toEqual(['shoe.stubCounted']);
    expect((await rederived(store)).filter((f) => f.type === 'shoe.stubCounted' || f.type === 'input.rejected').map((f) => f.type)).toEqual(live);
  });

  test('a snapshot of a newer format than this controller knows is passed over too', async () => {
    const { again } = await tableWithSnapshot((state) => ({ ...state, format: TABLE_SNAPSHOT_FORMAT + 1 }));
    expect(again.loadedSnapshotAt).toBe(0);
    expect(again.table.lastReceipt).toEqual(expect.objectContaining({ shoe: 1, counted: false }));
  });
});
