// The table pauses itself when the shoe runs out mid-round (src/app/table/shoe-out-pause.ts; docs/procedures.md,
// "The shoe runs out"): the 17+4 scenario's 32-card shoe, seven boxes, dealt up to the card that empties it.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { pauseWhenShoeRunsOut } from '../../../src/app/table/shoe-out-pause.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { loadScenario } from '../../support/scenario.js';

const scenario = loadScenario(join(import.meta.dirname, '../../scenarios'), 'classic-17plus4-shoe-runs-out');
const inputs = scenario.inputs as TableInput[];
/** Up to and with the card that empties the shoe: the scenario's own pause follows it. */
const UNTIL_OUT = inputs.findIndex((i) => i.type === 'supervisor' && i.action === 'pause');

const pausesOf = (log: readonly StoredEvent[]) => log.filter((e) => e.type === 'table.paused').map((e) => e.data as { code?: string; reason: string; by?: string });

async function dealtUntilOut() {
  const { rules, rulesId } = loadRuleSet(scenario.rules);
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  const stop = pauseWhenShoeRunsOut(service, rules);
  for (const input of inputs.slice(0, UNTIL_OUT)) {
    await service.submit(input, { source: 'api' });
    await service.settled();
  }
  return { service, store, stop };
}

describe('the table pauses when the shoe runs out mid-round', () => {
  test('no pause while the shoe has cards; one, in words, with a card due and every card drawn', async () => {
    const { service, store, stop } = await dealtUntilOut();
    const log = await store.read('t');
    expect(pausesOf(log)).toEqual([expect.objectContaining({ code: 'shoeRanOut', by: 'table', reason: expect.stringContaining('shuffle the discards and load them') })]);
    // The pause came with the last card, not before it: it is the log's last input.
    const lastInput = log.filter((e) => e.type === 'input').at(-1)?.data as { input: TableInput; source: string };
    expect(lastInput).toEqual(expect.objectContaining({ input: { type: 'supervisor', action: 'pause', by: 'table', cause: 'shoeOut' }, source: 'system' }));
    expect(service.phase).toBe('paused');
    stop();
  });

  test('loading the reshuffled discards resumes the table and the round completes as the scenario settles', async () => {
    const { service, store, stop } = await dealtUntilOut();
    await service.submit({ type: 'supervisor', action: 'loadDiscards', by: 'sup1' }, { source: 'api' });
    await service.settled();
    expect(service.phase).not.toBe('paused');
    // The rest of the scenario after its own pause and load: the foreign QD, its resume, the hole card, play.
    const rest = inputs.slice(UNTIL_OUT + 1).filter((i) => !(i.type === 'supervisor' && i.action === 'loadDiscards'));
    for (const input of rest) {
      await service.submit(input, { source: 'api' });
      await service.settled();
    }
    const nets = (await store.read('t')).filter((e) => e.type === 'bet.settled').map((e) => (e.data as { net: number }).net);
    expect(nets).toEqual(scenario.expect.map((x) => x.net));
    expect(pausesOf(await store.read('t')).filter((p) => p.code === 'shoeRanOut')).toHaveLength(1);
    stop();
  });

  test('a supervisor who resumes without loading is not paused again for the same shoe', async () => {
    const { service, store, stop } = await dealtUntilOut();
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup1' }, { source: 'api' });
    await service.settled();
    expect(service.phase).not.toBe('paused');
    expect(pausesOf(await store.read('t'))).toHaveLength(1);
    // The shoe's own load (SHOE_LOADED) then loads the discards.
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await service.settled();
    expect((await store.read('t')).some((e) => e.type === 'shoe.reloaded')).toBe(true);
    stop();
  });
});
