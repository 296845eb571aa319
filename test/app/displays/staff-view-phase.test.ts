// The dealer's screen at arm's length (docs/web-api.md, "The pages"): one phase per staff view — the
// header's stage agrees with the next step even when the log's fold is a step behind the live table — and
// the betting countdown is on the view from the moment betting opens: waiting, with its length, until the
// first main bet starts it (src/app/displays/betting-countdown.ts).
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { dealerView$, staffView } from '../../../src/app/displays/dealer-projection.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { NO_FAULTS } from '../../../src/app/displays/open-faults.js';
import { stageBeside } from '../../../src/app/displays/consistent-stage.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { emptyTableView } from '../../../src/app/displays/table-view.js';
import type { TableInput } from '../../../src/round/inputs.js';

const OPEN: TableInput[] = [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }];

async function table(inputs: TableInput[]) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  for (const input of inputs) await service.submit(input, { source: input.type === 'card' || input.type === 'shoe.loaded' ? 'shoe' : 'api' });
  const options = { meta: tableMeta('t', rules), rules, decisionSeconds: 15, bettingSeconds: 8, live: service };
  return { service, store, options };
}

describe('one phase per staff view', () => {
  test('a fold one step behind (the dealer\'s turn) beside a live table taking bets: the view says betting', async () => {
    const { options } = await table(OPEN);
    expect(options.live.phase).toBe('active.betting');
    const behind = { seq: 3, table: { ...emptyTableView(7), stage: 'dealer' as const }, faults: NO_FAULTS };
    const view = staffView(behind, options);
    expect(view.instruction.kind).toBe('bettingOpen');
    expect(view.table.stage).toBe('betting');
  });

  test('the next step decides the stage outside the deal; inside it the fold\'s finer stage stays', () => {
    expect(stageBeside({ kind: 'collect', round: 3, text: '' }, 'roundOver')).toBe('results');
    expect(stageBeside({ kind: 'cardToDealer', hole: false, text: '' }, 'betting')).toBe('dealer');
    expect(stageBeside({ kind: 'awaitDecision', seat: 1, hand: 0, offer: false, text: '' }, 'results')).toBe('playing');
    expect(stageBeside({ kind: 'awaitDecision', seat: 1, hand: 0, offer: true, text: '' }, 'offers')).toBe('offers');
    expect(stageBeside({ kind: 'paused', text: '' }, 'dealer')).toBe('dealer');
  });
});

describe('the betting countdown from the moment betting opens', () => {
  test('no bet yet: every audience\'s view holds the countdown\'s length as waiting; the first main bet starts it', async () => {
    const waiting = await table(OPEN);
    const log = await waiting.store.read('t');
    for (const views$ of [publicView$(from(log), waiting.options), dealerView$(from(log), waiting.options)]) {
      const last = (await lastValueFrom(views$.pipe(toArray()))).at(-1)!;
      expect(last.table.bettingWaits).toBe(8);
      expect(last.table.bettingCountdown).toBeNull();
    }
    const betting = await table([...OPEN, { type: 'bet', seat: 1, player: 'p1', amount: 1000 }]);
    const views = await lastValueFrom(publicView$(from(await betting.store.read('t')), betting.options).pipe(toArray()));
    expect(views.at(-1)!.table.bettingWaits).toBeNull();
    expect(views.at(-1)!.table.bettingCountdown).toMatchObject({ seconds: 8 });
  });
});
