// The dealer instruction's text says what the pages say for the same kind (src/messages, English): hands
// count from 1, and a seat's only hand is not numbered.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { dealerInstruction } from '../../../src/app/displays/dealer-instruction.js';
import type { TableInput } from '../../../src/round/inputs.js';

const { rules, rulesId } = loadRuleSet('six-deck');

describe('the dealer instruction in words', () => {
  test('a split seat: its hands numbered from 1', async () => {
    const service = await TableService.open({ tableId: 't1', rules, rulesId, store: new MemoryEventStore(), clock: steppingClock() });
    const api = { source: 'api' as const, by: 'gs' };
    const shoe = { source: 'shoe' as const };
    const inputs: TableInput[] = [
      { type: 'shoe.loaded' }, { type: 'card', card: '5D' }, { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
      { type: 'card', card: '8H' }, { type: 'card', card: '9S' }, { type: 'card', card: '8D' }, { type: 'card', card: '7C' },
    ];
    for (const input of inputs) await service.submit(input, input.type === 'bet' ? api : shoe);
    expect(dealerInstruction(service)).toMatchObject({ kind: 'awaitDecision', hand: 0, text: 'Waiting for seat 1 to decide' });
    await service.submit({ type: 'decision', seat: 1, action: 'split' }, api);
    expect(dealerInstruction(service)).toMatchObject({ kind: 'cardToSeat', seat: 1, hand: 0, text: 'Card to seat 1, hand 1' });
    await service.submit({ type: 'card', card: '2C' }, shoe);
    expect(dealerInstruction(service)).toMatchObject({ kind: 'awaitDecision', hand: 0, text: 'Waiting for seat 1, hand 1 to decide' });
    await service.submit({ type: 'decision', seat: 1, action: 'stand' }, api);
    expect(dealerInstruction(service)).toMatchObject({ kind: 'cardToSeat', hand: 1, text: 'Card to seat 1, hand 2' });
  });
});
