// The removed shoes on the supervisor's console (src/app/displays/shoe-receipts.ts): each shoe's receipt, newest
// first, a receipt written between rounds included, with its stub count once entered; the list is kept by the
// projections the staff views already fold (no read of the log per request), survives their snapshot, and
// holds the newest SHOES_KEPT shoes.
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { join } from 'node:path';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { supervisorView$, type SupervisorView } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { TableProjections } from '../../../src/app/displays/table-projections.js';
import { SHOES_KEPT, foldShoes } from '../../../src/app/displays/shoe-receipts.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { loadScenario } from '../../support/scenario.js';

const SCENARIOS = join(import.meta.dirname, '../../scenarios');
const { rules, rulesId } = loadRuleSet('six-deck');
const meta = tableMeta('t', rules);

async function tableAfter(inputs: readonly TableInput[]) {
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  for (const input of inputs) await service.submit(input, { source: input.type === 'card' || input.type === 'shoe.loaded' ? 'shoe' : 'api', by: input.type === 'supervisor' ? 'sup1' : 'gs' });
  return { store, service };
}

async function supervisorAfter(inputs: readonly TableInput[]): Promise<SupervisorView> {
  const { store, service } = await tableAfter(inputs);
  const views = await lastValueFrom(supervisorView$(from(await store.read('t')), { meta, rules, decisionSeconds: 15, live: service }).pipe(toArray()));
  return views.at(-1)!;
}

const scenarioInputs = (file: string) => loadScenario(SCENARIOS, file).inputs as TableInput[];
const change: TableInput = { type: 'supervisor', action: 'shoeChange', by: 'sup1' };

describe('the removed shoes on the supervisor\'s console', () => {
  test('a receipt written between rounds is listed; its stub count joins it, with the cards missing', async () => {
    const inputs = scenarioInputs('six-deck-stub-counted-missing-card.json');
    const shoeChangeAt = inputs.findIndex((i) => i.type === 'supervisor' && i.action === 'shoeChange');
    // Right after the shoe change: no round is dealt after it, the receipt is listed all the same.
    const between = await supervisorAfter(inputs.slice(0, shoeChangeAt + 1));
    expect(between.shoes).toEqual([expect.objectContaining({
      shoe: 1, removal: 'shoeChange', loaded: 312, drawn: 5, dealt: 4, burned: 1, burnedInPlay: 0, setAside: 0, foreign: 0, left: 307, anomalies: [], stubCount: null,
    })]);
    const after = await supervisorAfter(inputs);
    expect(after.shoes).toEqual([expect.objectContaining({ shoe: 1, left: 307, stubCount: expect.objectContaining({ stub: 306, missing: 1, by: 'sup1' }) })]);
    expect(after.alarms.filter((a) => a.kind === 'shoeAnomaly')).toHaveLength(1);
  });

  test('newest first, each shoe its own count, at most SHOES_KEPT', async () => {
    const shoe = (burn: string): TableInput[] => [{ type: 'shoe.loaded' }, { type: 'card', card: burn }, change];
    const view = await supervisorAfter([
      { type: 'receipts.configured', on: true }, ...shoe('6C'), ...shoe('2D'),
      { type: 'supervisor', action: 'countStub', by: 'sup1', stub: 311 } as TableInput, ...shoe('3H'),
    ]);
    expect(view.shoes.map((s) => [s.shoe, s.stubCount?.missing ?? null])).toEqual([[3, null], [2, 0], [1, null]]);

    let shoes = view.shoes;
    const receipt = (seq: number, shoeNumber: number): StoredEvent => ({ seq, type: 'shoe.receipt', round: 1, wallTime: '2026-01-01T00:00:00.000Z', data: { ...view.shoes[0], shoe: shoeNumber } } as unknown as StoredEvent);
    for (let n = 4; n < 4 + SHOES_KEPT; n++) shoes = foldShoes(shoes, receipt(100 + n, n));
    expect(shoes).toHaveLength(SHOES_KEPT);
    expect(shoes[0]?.shoe).toBe(3 + SHOES_KEPT);
    // Any other event leaves the very same list.
    expect(foldShoes(shoes, { ...receipt(999, 99), type: 'card.dealt' })).toBe(shoes);
  });

  test('the table\'s projections keep the list: in the supervisor\'s view after catch-up, live, and from their snapshot', async () => {
    const inputs = scenarioInputs('six-deck-stub-counted-missing-card.json');
    const countAt = inputs.findIndex((i) => i.type === 'supervisor' && i.action === 'countStub');
    const { store, service } = await tableAfter(inputs.slice(0, countAt));
    const options = { store, tableId: 't', meta, rules, decisionSeconds: 15, live: service, clock: steppingClock() };
    const projections = new TableProjections(options);
    projections.start();
    const shoesNow = async () => ((await projections.current('supervisor')).view as SupervisorView).shoes;
    expect((await shoesNow()).map((s) => [s.shoe, s.stubCount])).toEqual([[1, null]]);
    await service.submit(inputs[countAt]!, { source: 'api', by: 'sup1' });
    expect((await shoesNow())[0]?.stubCount).toMatchObject({ stub: 306, missing: 1 });

    const resumed = new TableProjections(options, JSON.parse(JSON.stringify(projections.snapshot())));
    resumed.start();
    expect(resumed.folded).toBe(0);
    expect(((await resumed.current('supervisor')).view as SupervisorView).shoes[0]?.stubCount).toMatchObject({ stub: 306, missing: 1 });
    projections.stop();
    resumed.stop();
    service.close();
  });
});
