// A log written before facts carried reason codes still verifies (docs/event-log.md, "Migration"): its
// facts hold the English sentence only, and the re-run compares its own facts without the code — the
// sentence must still match byte for byte. A log with codes is compared whole.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import type { JsonObject, NewEvent, StoredEvent } from '../../../src/ports/event-store.js';
import { ROUND_AT_A_DECISION } from '../../support/round-at-a-decision.js';

const { rules, rulesId } = loadRuleSet('six-deck');

/** A table log with refusals, a supervisor's pause with and without words, an out-of-turn card and a void. */
async function tableLog(): Promise<StoredEvent[]> {
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
  const api = { source: 'api' as const, by: 'sup' };
  await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, api);
  for (const input of ROUND_AT_A_DECISION) await service.submit(input, { source: 'shoe' });
  await service.submit({ type: 'decision', seat: 1, action: 'split' }, api);
  await service.submit({ type: 'supervisor', action: 'pause', by: 'sup' }, api);
  await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, api);
  await service.submit({ type: 'supervisor', action: 'pause', by: 'sup', reason: 'camera check' }, api);
  await service.submit({ type: 'supervisor', action: 'void', by: 'sup', reason: 'camera check' }, api);
  return store.read('t1');
}

/** The same events written again, each fact changed by `change`: a fresh, intact chain. */
async function rewritten(events: readonly StoredEvent[], change: (data: Record<string, unknown>) => Record<string, unknown>): Promise<StoredEvent[]> {
  const store = new MemoryEventStore();
  const copies: NewEvent[] = events.map(({ type, data, round, monoTime, wallTime, rulesId: id }) => ({ type, data: change({ ...data }) as JsonObject, round, monoTime, wallTime, rulesId: id }));
  await store.append('t1', copies, { expectedVersion: 0 });
  return store.read('t1');
}

const withoutCodes = (data: Record<string, unknown>) => {
  const { code: _code, params: _params, ...before } = data;
  return before;
};

describe('a log written before reason codes', () => {
  test('verifies: its facts hold the sentence only', async () => {
    const log = await tableLog();
    expect(log.filter((e) => 'code' in e.data).map((e) => e.type)).toEqual(expect.arrayContaining(['input.rejected', 'table.paused', 'round.voided']));
    expect(verifyLog(log).ok).toBe(true);
    const old = await rewritten(log, withoutCodes);
    expect(old.some((e) => 'code' in e.data)).toBe(false);
    expect(verifyLog(old)).toMatchObject({ ok: true });
  });

  test('still fails where the sentence differs', async () => {
    const old = await rewritten(await tableLog(), (data) => (data.reason === 'no betting now: waiting for a shoe to be loaded' ? { ...withoutCodes(data), reason: 'no betting now' } : withoutCodes(data)));
    expect(verifyLog(old)).toMatchObject({ ok: false, problem: expect.stringMatching(/no betting now/) });
  });

  test('a fact with a code is compared whole: a wrong code fails', async () => {
    const changed = await rewritten(await tableLog(), (data) => (data.code === 'supervisorPause' ? { ...data, code: 'shoeChange' } : data));
    expect(verifyLog(changed)).toMatchObject({ ok: false, problem: expect.stringMatching(/shoeChange/) });
  });
});
