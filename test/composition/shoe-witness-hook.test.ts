// ADR 0004: the shoe as the log's second witness, at the link's first handshake after start.
import { describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../src/app/table/table-service.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { BEHIND_SHOE_RECORD, shoeWitnessHook } from '../../src/composition/shoe-witness-hook.js';
import type { HelloMessage } from '../../firmware-protocol/src/index.js';
import { silent } from '../support/anchored-table.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const hello = (nextTxSeq: number, coldStart = false): HelloMessage => ({
  type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: true, coldStart,
  firmwareVersion: '2.4.17', serialNumber: 'SHOE-000123', deckCount: 6, nextTxSeq, lastRxSeq: 0,
} as HelloMessage);

async function table() {
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 'w1', rules, rulesId, store, clock: steppingClock() });
  await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', by: 'shoe', shoeSeq: 41 });
  return { store, service };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the shoe witnesses ACKed frames the log lacks', () => {
  test('the finding goes on the log and the table is paused', async () => {
    const { store, service } = await table();
    shoeWitnessHook(41, service, 'data/w1.db', silent)(hello(45));
    await settle();
    const log = await store.read('w1');
    const note = log.find((e) => e.type === BEHIND_SHOE_RECORD);
    expect(note?.data).toMatchObject({ kind: 'log-behind', shoeAcked: 44, logHas: 41, missing: 3, shoe: 'SHOE-000123' });
    expect(String(note?.data['problem'])).toMatch(/^log data\/w1\.db holds shoe frames up to seq 41 but the shoe says frames up to seq 44 were ACKed: 3 durable shoe events are missing/);
    expect(service.phase).toBe('paused');
  });

  test('a consistent shoe, a cold-started one, or a later handshake changes nothing', async () => {
    const { store, service } = await table();
    const before = (await store.read('w1')).length;
    const hook = shoeWitnessHook(41, service, 'w1', silent);
    hook(hello(42));
    hook(hello(90)); // a later handshake is the link's business (sequence incidents), not the start-up witness
    shoeWitnessHook(41, service, 'w1', silent)(hello(1, true));
    await settle();
    expect((await store.read('w1')).length).toBe(before);
    expect(service.phase).not.toBe('paused');
  });
});
