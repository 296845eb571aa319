// A table restarted twice before the first restart's pause was lifted still waits for that resume
// (src/app/table/restart-pause.ts): the second recovery marker says `interrupted: false` (the table was
// already paused), yet `recovery.waitsForResume` tells the demo supervisor, `shoe run` and the operator's
// log that the interrupted round waits. A pause somebody else made is theirs to lift.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { ROUND_AT_A_DECISION } from '../../support/round-at-a-decision.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const open = (store: EventStore) => TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
const fromShoe = { source: 'shoe' as const };
const supervisor = { source: 'api' as const, by: 'sup' };

async function tableMidRound(): Promise<MemoryEventStore> {
  const store = new MemoryEventStore();
  const first = await open(store);
  for (const i of ROUND_AT_A_DECISION) await first.submit(i, fromShoe);
  first.close();
  return store;
}

describe('a restart while a restart\'s pause is still open', () => {
  test('the first restart pauses the interrupted round; a second one before the resume still waits for it', async () => {
    const store = await tableMidRound();
    const restarted = await open(store);
    expect(restarted.recovery).toEqual({ interrupted: true, waitsForResume: true });
    restarted.close();

    const again = await open(store);
    expect(again.recovery).toEqual({ interrupted: false, waitsForResume: true });
    const third = await open(store);
    expect(third.recovery, 'any number of restarts').toEqual({ interrupted: false, waitsForResume: true });
    await third.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, supervisor);
    expect(third.phase).toBe('active.playing');
    third.close();

    // Resumed, the round is open again: the next restart pauses it anew, as the first did.
    expect((await open(store)).recovery).toEqual({ interrupted: true, waitsForResume: true });
  });

  test('a pause a supervisor made, or a fault\'s, is not a restart\'s: a restart leaves it to them', async () => {
    const store = await tableMidRound();
    const first = await open(store);
    await first.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, supervisor);
    await first.submit({ type: 'supervisor', action: 'pause', by: 'sup', reason: 'dispute at seat 1' }, supervisor);
    first.close();
    expect((await open(store)).recovery).toEqual({ interrupted: false, waitsForResume: false });

    const faulted = await tableMidRound();
    const second = await open(faulted);
    await second.submit({ type: 'shoe.fault', fault: 'jam' }, fromShoe);
    second.close();
    expect((await open(faulted)).recovery).toEqual({ interrupted: false, waitsForResume: false });
  });

  test('a table that was never paused is not waiting, and its log is not read back to seq 1 to say so', async () => {
    const store = new MemoryEventStore();
    (await open(store)).close(); // no shoe yet: nothing interrupted
    let reads = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, { read: (...args: Parameters<EventStore['read']>) => { reads++; return store.read(...args); } });
    const reopened = await open(counting);
    expect(reopened.recovery).toEqual({ interrupted: false, waitsForResume: false });
    expect(reads, 'one read: the tail the rebuild needs').toBe(1);
  });
});
