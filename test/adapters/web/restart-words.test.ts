// A shoe that restarted in the middle of its session (PROTOCOL.md §8.4, a `peer-cold-start` sequence
// incident; docs/operations.md, "A shoe that restarts"): the dealer's and the supervisor's pages say in
// words what happened and what Resume will do, in English and Russian; a sequence incident of another
// cause keeps the general words.
import { afterEach, describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { foldFaults, NO_FAULTS } from '../../../src/app/displays/open-faults.js';
import { sequenceIncidentInput } from '../../../src/app/table/sequence-incident.js';
import type { IncidentCause } from '../../../src/ports/sequence-incident.js';
import { faultTodo } from '../../../src/adapters/web/pages/words.js';
import { setLanguage, t } from '../../../src/adapters/web/pages/i18n.js';

async function openFault(kind: 'peer-cold-start' | 'gap', cause: IncidentCause) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 'r1', rules, rulesId, store, clock: steppingClock() });
  await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', by: 'shoe', shoeSeq: 1 });
  await service.submit(sequenceIncidentInput({ kind, detail: 'as the link says it', cause, hello: {}, link: {} }), { source: 'shoe', by: 'link' });
  return (await store.read('r1')).reduce(foldFaults, NO_FAULTS).faults[0]!;
}

describe('the words for a shoe that restarted', () => {
  afterEach(() => setLanguage('en'));

  test('a cold start: what was lost, that events are held, what Resume does and when to void instead', async () => {
    const fault = await openFault('peer-cold-start', { code: 'incidentColdStart', params: { seq: '41' } });
    expect(faultTodo(fault)).toBe('The shoe restarted (a new power-up) in the middle of its session: what it read after event 41 and had not had acknowledged is lost, and its events are held. Supervisor: check the cards on the table against the log. Resume lets the table take the shoe’s events again (those held since the restart first, in order) and the round goes on from where the log stands; if a card on the table is missing from the log, void the round instead.');
    setLanguage('ru');
    const ru = faultTodo(fault);
    expect(ru).toContain('Шуз перезапустился');
    expect(ru).toContain('после события 41');
    expect(ru).toContain('«Продолжить»');
    expect(ru).not.toMatch(/[A-Za-z]/);
  });

  test('another cause keeps the general words', async () => {
    const fault = await openFault('gap', { code: 'incidentGap', params: { expected: '8', announced: '12' } });
    expect(faultTodo(fault)).toBe(t('todo.sequenceIncident'));
  });
});
