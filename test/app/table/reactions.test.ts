// The table's reactions (src/app/table/reactions.ts, docs/architecture.md "Reactions"): each is given the
// stored event and the table right after it; settled() waits for their work and the work it starts; a failure
// is one ERROR line naming the reaction, never swallowed; a table halted by its store is not a second fault.
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { TableHaltedError } from '../../../src/app/table/append-fault.js';

type Line = { level: number; msg: string; reaction?: string; seq?: number };

async function table() {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const lines: Line[] = [];
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  const service = await TableService.open({ tableId: 'tbl-r', rules, rulesId, store: new MemoryEventStore(), clock: steppingClock(), logger });
  return { service, lines };
}

describe('the table\'s reactions', () => {
  test('each is given the event and the table as its input left it, which later inputs do not change', async () => {
    const { service } = await table();
    const seen: Array<{ atTheEvent: string; later: string; live: string }> = [];
    service.react('probe', async (event, after) => {
      if (event.type !== 'card.burned') return;
      const atTheEvent = JSON.stringify(after.table);
      // Meanwhile a bet is placed: the live table moves on, what this reaction was given does not.
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push({ atTheEvent, later: JSON.stringify(after.table), live: JSON.stringify(service.table) });
    });
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    await service.submit({ type: 'bet', seat: 1, player: 'ann', amount: 500 }, { source: 'api', by: 'gs' });
    await service.settled();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.later).toBe(seen[0]?.atTheEvent);
    expect(seen[0]?.live).not.toBe(seen[0]?.atTheEvent);
  });

  test('settled() waits for a reaction\'s work and for the input that work submits', async () => {
    const { service } = await table();
    let burned = false;
    service.react('burner', async (event) => {
      if (event.type !== 'shoe.loaded') return;
      await new Promise((resolve) => setTimeout(resolve, 30));
      await service.submit({ type: 'card', card: '9C' }, { source: 'shoe' });
      burned = true;
    });
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    expect(burned).toBe(false);
    await service.settled();
    expect(burned).toBe(true);
    expect(service.table.shoe?.burned).toBe(1);
  });

  test('a failed reaction is one ERROR line naming it and the event; the table deals on', async () => {
    const { service, lines } = await table();
    service.react('the broken one', (event) => {
      if (event.type === 'shoe.loaded') throw new Error('boom');
    });
    service.react('the async one', async (event) => {
      if (event.type === 'shoe.loaded') throw new Error('late boom');
    });
    const stored = await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await service.settled();
    const errors = lines.filter((l) => l.level === 50);
    const seq = stored.stored[0]?.seq;
    expect(errors.map((l) => [l.reaction, l.seq])).toEqual([['the broken one', seq], ['the async one', seq]]);
    expect(errors[0]?.msg).toMatch(/^the broken one failed after event \d+ \(shoe\.loaded\): boom; the table deals on/);
    await service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    expect(service.table.shoe?.burned).toBe(1);
  });

  test('work tracked later (a timer\'s input) is awaited by settled(); a halted table\'s refusal is not logged again', async () => {
    const { service, lines } = await table();
    let done = false;
    service.track('a timer', new Promise((resolve) => setTimeout(resolve, 30)).then(() => (done = true)));
    service.track('a halted note', Promise.reject(new TableHaltedError({ kind: 'storage', why: { code: 'storageFull', params: {} } } as never)));
    await service.settled();
    expect(done).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    service.track('a failed note', Promise.reject(new Error('disk gone')));
    await service.settled();
    expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([expect.stringMatching(/^a failed note failed: disk gone; /)]);
  });
});
