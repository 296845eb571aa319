// Every card and every settlement shows where it belongs on the displays (docs/live-table.md, "What each
// audience sees"): each scenario of test/scenarios and ../shared/scenarios, and a switch round whose second
// box switches, played into a table; the public view folded from its log holds, after every input, the
// hands the round machine holds (the second box's, the second hand of a split, a switched hand), and when a
// round ends each bet.settled of that round on its own seat — a main or behind bet on its own hand,
// insurance and side bets on the seat — once, and nothing else. The scenarios hold several seats, split
// hands, side bets and insurance on two seats, which a one-seat display test does not.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { initialPublicFold, publicFoldStep, type PublicFold } from '../../../src/app/displays/public-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableView } from '../../../src/app/displays/table-view.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { loadScenarioFiles, scenarioRules, type ScenarioFile } from '../../../src/testing/scenario-files.js';

const cardInputs = (...cards: string[]): TableInput[] => cards.map((card) => ({ type: 'card', card }));

/** switch, two boxes; box 2 (9C KD / AH 8S) switches to 9C 8S = 17 and AH KD = 21 (no blackjack), as switch-02 does on box 1. */
const SECOND_BOX_SWITCHES: ScenarioFile = {
  path: 'inline/second-box-switches',
  scenario: {
    rules: 'switch',
    expect: [],
    inputs: [
      { type: 'shoe.loaded' }, ...cardInputs('4D'),
      { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'bet', seat: 2, player: 'p2', amount: 1000 }, { type: 'betting.closed' },
      ...cardInputs('TC', '9H', '9C', 'AH', '7D', '8D', '9S', 'KD', '8S', 'QS'),
      { type: 'decision', seat: 1, hand: 0, action: 'stand' }, { type: 'decision', seat: 1, hand: 1, action: 'stand' },
      { type: 'decision', seat: 2, action: 'switch' }, { type: 'decision', seat: 2, hand: 0, action: 'stand' },
    ],
  },
};

const files = [
  ...loadScenarioFiles(fileURLToPath(new URL('../../scenarios', import.meta.url)), fileURLToPath(new URL('../../scenarios/shared', import.meta.url))),
  SECOND_BOX_SWITCHES,
].filter((f) => f.scenario.start === undefined);
const named = files.map((f) => [f.path.split('/').slice(-2).join('/'), f] as const);

interface Settled { seat: number; hand: number; bet: string; player: string; stake: number; outcome: string; net: number }

const resultText = (seat: number, hand: number | '-', r: Omit<Settled, 'seat' | 'hand'>) => `seat ${seat} hand ${hand} ${r.bet} ${r.player} ${r.stake} ${r.outcome} ${r.net}`;

/** Where each result shows (hand "-": the seat's own results: insurance, side bets). */
function shownResults(view: TableView): string[] {
  return view.seats.flatMap((s) => [
    ...s.results.map((r) => resultText(s.seat, '-', r)),
    ...s.hands.flatMap((h) => h.results.map((r) => resultText(s.seat, h.hand, r))),
  ]).sort();
}

function expectedResults(settled: readonly Settled[]): string[] {
  return settled.map((r) => resultText(r.seat, r.bet === 'main' || r.bet === 'behind' ? r.hand : '-', r)).sort();
}

/** Each box's hands as the round machine holds them. */
function heldCards(table: TableService['table']): string[] {
  return table.boxes.flatMap((b) => b.hands.map((h) => `seat ${b.seat} hand ${h.index}: ${h.cards.join(' ')}`)).sort();
}

function shownCards(view: TableView): string[] {
  return view.seats.flatMap((s) => s.hands.map((h) => `seat ${s.seat} hand ${h.hand}: ${h.cards.join(' ')}`)).sort();
}

/** Plays the session, folding the public view after every input; `after` sees both. */
async function play(file: ScenarioFile, after: (i: number, stored: readonly StoredEvent[], view: TableView, service: TableService) => void): Promise<void> {
  const rules = scenarioRules(file);
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId: file.scenario.rules, store, clock: steppingClock() });
  let fold: PublicFold = initialPublicFold(tableMeta('t', rules));
  for (const [i, input] of file.scenario.inputs.entries()) {
    const { stored } = await service.submit(input, { source: 'api' });
    for (const event of stored) fold = publicFoldStep(fold, event, { rules, decisionSeconds: 15 });
    after(i + 1, stored, fold.positioned.view, service);
  }
}

describe('every seat and hand on the public display', () => {
  test('the sessions are read: several seats, split hands, a second box switching', async () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
    expect(files.some((f) => f.scenario.expect.some((e) => e.seat >= 3))).toBe(true);
    expect(files.some((f) => f.scenario.expect.some((e) => (e.hand ?? 0) >= 1))).toBe(true);
    const facts: StoredEvent[] = [];
    await play(SECOND_BOX_SWITCHES, (_i, stored) => facts.push(...stored));
    expect(facts.filter((e) => e.type === 'input.rejected')).toEqual([]);
    expect(facts.find((e) => e.type === 'hands.switched')?.data).toMatchObject({ seat: 2 });
    expect(facts.filter((e) => e.type === 'bet.settled').map((e) => e.data)).toEqual([
      expect.objectContaining({ seat: 1, hand: 0, net: 1000 }), expect.objectContaining({ seat: 1, hand: 1, net: 1000 }),
      expect.objectContaining({ seat: 2, hand: 0, outcome: 'push' }), expect.objectContaining({ seat: 2, hand: 1, outcome: 'win', net: 1000 }),
    ]);
  });

  test.each(named)('%s: after every input, the hands the round machine holds', async (_name, file) => {
    await play(file, (i, _stored, view, service) => {
      if (service.table.boxes.length > 0) expect(shownCards(view), `after input ${i}`).toEqual(heldCards(service.table));
    });
  });

  test.each(named)('%s: at each round\'s end, its settlements on their own seat and hand', async (_name, file) => {
    let settled: Settled[] = [];
    let rounds = 0;
    await play(file, (_i, stored, view) => {
      for (const event of stored) {
        if (event.type === 'bet.settled') settled.push(event.data as unknown as Settled);
        if (event.type !== 'round.ended') continue;
        rounds += 1;
        // The view after the whole input: results stay until the next round is dealt (betting.closed).
        expect(shownResults(view), `round ${event.round}`).toEqual(expectedResults(settled));
        settled = [];
      }
    });
    expect(rounds).toBeGreaterThan(0);
  });
});
