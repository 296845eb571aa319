// Every fault kind reaches the dealer and supervisor pages with what it means and what to do: a sequence incident from the link, through the table and the log, into
// the open-faults view the pages draw.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { foldFaults, NO_FAULTS } from '../../../src/app/displays/open-faults.js';
import { faultAdvice } from '../../../src/app/displays/fault-advice.js';
import { sequenceIncidentInput } from '../../../src/app/table/sequence-incident.js';
import { SHOE_FAULTS } from '../../../src/round/inputs.js';

describe('fault advice', () => {
  test('every shoe and card fault kind has one', () => {
    for (const kind of [...SHOE_FAULTS, 'outOfTurn', 'foreignCard'] as const) expect(faultAdvice(kind), kind).toMatch(/^[A-Z].{20,}\.$/);
  });

  test('a sequence incident is an open fault with its advice and the link\'s detail', async () => {
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: 'f1', rules, rulesId, store, clock: steppingClock() });
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', by: 'shoe', shoeSeq: 1 });
    await service.submit(sequenceIncidentInput({ kind: 'gap', detail: 'expected shoe seq 8, the shoe announced 12', hello: {}, link: {} }), { source: 'shoe', by: 'link' });
    const view = (await store.read('f1')).reduce(foldFaults, NO_FAULTS);
    expect(view.paused).not.toBeNull();
    expect(view.faults).toEqual([expect.objectContaining({ kind: 'sequenceIncident', advice: faultAdvice('sequenceIncident'), reason: expect.stringContaining('gap: expected shoe seq 8') })]);
    expect(view.faults[0]?.advice).toMatch(/supervisor/);
  });
});
