// Every settlement shows where it belongs on the displays (docs/displays.md): each scenario of
// test/scenarios and ../shared/scenarios played into a table's log, then folded into the public view; when
// a round ends, each bet.settled of that round is on its own seat — a main or behind bet on its own hand (the
// second of a split too), insurance and side bets on the seat — once, and nothing else is there. The
// scenarios hold several seats, split hands, side bets and insurance on two seats, which a one-seat
// display test does not.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/system-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { initialPublicFold, publicFoldStep, type PublicFold } from '../../../src/app/displays/public-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableView } from '../../../src/app/displays/table-view.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { loadScenarioFiles, scenarioRules, type ScenarioFile } from '../../../src/testing/scenario-files.js';

const files = loadScenarioFiles(
  fileURLToPath(new URL('../../scenarios', import.meta.url)),
  fileURLToPath(new URL('../../scenarios/shared', import.meta.url)),
).filter((f) => f.scenario.start === undefined);

interface Settled { seat: number; hand: number; bet: string; player: string; stake: number; outcome: string; net: number }

/** Where each result shows, as "seat S hand H <bet> <player> <stake> <outcome> <net>" (hand "-": the seat's own results). */
function shownResults(view: TableView): string[] {
  return view.seats.flatMap((s) => [
    ...s.results.map((r) => `seat ${s.seat} hand - ${r.bet} ${r.player} ${r.stake} ${r.outcome} ${r.net}`),
    ...s.hands.flatMap((h) => h.results.map((r) => `seat ${s.seat} hand ${h.hand} ${r.bet} ${r.player} ${r.stake} ${r.outcome} ${r.net}`)),
  ]).sort();
}

function expectedResults(settled: readonly Settled[]): string[] {
  return settled.map((r) => `seat ${r.seat} hand ${r.bet === 'main' || r.bet === 'behind' ? r.hand : '-'} ${r.bet} ${r.player} ${r.stake} ${r.outcome} ${r.net}`).sort();
}

async function playedLog(file: ScenarioFile): Promise<StoredEvent[]> {
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules: scenarioRules(file), rulesId: file.scenario.rules, store, clock: steppingClock() });
  for (const input of file.scenario.inputs) await service.submit(input, { source: 'api' });
  return store.read('t');
}

describe('every settlement on its own seat and hand, on the public display', () => {
  test('the scenarios are read, several seats and split hands among them', () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
    expect(files.some((f) => f.scenario.expect.some((e) => e.seat >= 3))).toBe(true);
    expect(files.some((f) => f.scenario.expect.some((e) => (e.hand ?? 0) >= 1))).toBe(true);
  });

  test.each(files.map((f) => [f.path.split('/').slice(-2).join('/'), f] as const))('%s', async (_name, file) => {
    const rules = scenarioRules(file);
    const context = { rules, decisionSeconds: 15 };
    let fold: PublicFold = initialPublicFold(tableMeta('t', rules));
    let settled: Settled[] = [];
    let rounds = 0;
    for (const event of await playedLog(file)) {
      fold = publicFoldStep(fold, event, context);
      if (event.type === 'bet.settled') settled.push(event.data as unknown as Settled);
      if (event.type === 'round.ended') {
        rounds += 1;
        expect(shownResults(fold.positioned.view), `round ${event.round}`).toEqual(expectedResults(settled));
        settled = [];
      }
    }
    expect(rounds).toBeGreaterThan(0);
  });
});
