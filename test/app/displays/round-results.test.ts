// The results moment on every audience's view (src/app/displays/round-results.ts): from results.shown the
// view carries the round's results — each box's outcome and net, the dealer's total, the house's net — and
// from results.cleared it carries none; the dealer on duty is named in every view.
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { dealerView$ } from '../../../src/app/displays/dealer-projection.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableInput } from '../../../src/round/inputs.js';
import type { TableView } from '../../../src/app/displays/table-view.js';
import { foldTableView } from '../../../src/app/displays/fold-table-view.js';

const ROUND: TableInput[] = [
  { type: 'results.configured', seconds: 4 }, { type: 'dealer.changed', dealer: 'Anna' },
  { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'bet', seat: 2, player: 'p2', amount: 500 }, { type: 'betting.closed' },
  // seat 1: TH 2S (12), seat 2: KS 9H (19); dealer 9S, hole 7C (16) draws 4H: 20.
  { type: 'card', card: 'TH' }, { type: 'card', card: 'KS' }, { type: 'card', card: '9S' },
  { type: 'card', card: '2S' }, { type: 'card', card: '9H' }, { type: 'card', card: '7C' },
  { type: 'decision', seat: 1, action: 'stand' }, { type: 'decision', seat: 2, action: 'stand' }, { type: 'card', card: '4H' },
];

async function views(extra: TableInput[] = []) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  for (const input of [...ROUND, ...extra]) await service.submit(input, { source: 'api' });
  const log = await store.read('t');
  const options = { meta: tableMeta('t', rules), rules, decisionSeconds: 15, live: service };
  const last = async <V extends { table: TableView }>(views$: ReturnType<typeof publicView$> | ReturnType<typeof dealerView$> | ReturnType<typeof supervisorView$>): Promise<V> =>
    (await lastValueFrom((views$ as unknown as ReturnType<typeof publicView$>).pipe(toArray()))).at(-1) as unknown as V;
  return {
    public: await last(publicView$(from(log), options)),
    dealer: await last(dealerView$(from(log), options)),
    supervisor: await last(supervisorView$(from(log), options)),
  };
}

describe('the results moment in the views', () => {
  test('every audience sees the round\'s results while the moment lasts: outcomes, nets, the dealer, the house', async () => {
    const all = await views();
    for (const view of Object.values(all)) {
      expect(view.table.stage).toBe('results');
      expect(view.table.results).toMatchObject({
        round: 1, dealerTotal: 20, dealerBlackjack: false, houseNet: 1000 + 500,
        countdown: { seconds: 4 },
        boxes: [
          { seat: 1, player: 'p1', outcomes: ['lose'], totals: [12], staked: 1000, net: -1000 },
          { seat: 2, player: 'p2', outcomes: ['lose'], totals: [19], staked: 500, net: -500 },
        ],
      });
      expect(view.table.dealerOnDuty).toBe('Anna');
      // The studio band's history chips: the settled round's dealer hand, newest first.
      expect(view.table.recentRounds).toEqual([{ round: 1, dealerTotal: 20, dealerBlackjack: false }]);
    }
  });

  test('when the moment ends the results are gone and betting is open', async () => {
    const all = await views([{ type: 'results.timeout' }, { type: 'dealer.changed', dealer: 'Boris' }]);
    for (const view of Object.values(all)) {
      expect(view.table.results).toBeNull();
      expect(view.table.stage).toBe('betting');
      expect(view.table.dealerOnDuty).toBe('Boris');
    }
  });

  test('results.cleared alone ends the moment: no results, the round over, before betting opens', async () => {
    const { rules } = loadRuleSet('six-deck');
    for (const view of Object.values(await views())) {
      const cleared = foldTableView(view.table, { fact: { type: 'results.cleared', round: 1 }, at: '2026-01-01T00:00:10.000Z' }, { rules, decisionSeconds: 15 });
      expect(cleared.results).toBeNull();
      expect(cleared.stage).toBe('roundOver');
    }
  });
});
