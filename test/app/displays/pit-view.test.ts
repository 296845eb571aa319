// The supervisor's pit view (src/app/displays/pit-figures.ts, log-tail.ts, integrity-alarms.ts): money at
// risk this round, the house's net on the round and the dealer's stint, hands an hour, the dealer on duty;
// a log tail with each event once and the link's chatter in one line; a mid-round restart's alarm that
// clears when the round is resumed, voided or over.
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { foldLogTail, type LogLine } from '../../../src/app/displays/log-tail.js';
import { NO_PIT, pitView } from '../../../src/app/displays/pit-figures.js';
import { openAlarms, type IntegrityAlarm } from '../../../src/app/displays/integrity-alarms.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { initialTableState } from '../../../src/round/table-state.js';

const BETS: TableInput[] = [
  { type: 'dealer.changed', dealer: 'Anna' }, { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'bet', seat: 2, player: 'p2', amount: 500 },
];
// seat 1: TH 2S (12), seat 2: KS 9H (19); dealer 9S, hole 7C (16) draws 4H: 20. Both lose: the house +1500.
const ROUND: TableInput[] = [
  { type: 'betting.closed' },
  { type: 'card', card: 'TH' }, { type: 'card', card: 'KS' }, { type: 'card', card: '9S' },
  { type: 'card', card: '2S' }, { type: 'card', card: '9H' }, { type: 'card', card: '7C' },
  { type: 'decision', seat: 1, action: 'stand' }, { type: 'decision', seat: 2, action: 'stand' }, { type: 'card', card: '4H' },
];

async function supervisorAfter(inputs: TableInput[]) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  for (const input of inputs) await service.submit(input, { source: input.type === 'card' || input.type === 'shoe.loaded' ? 'shoe' : 'api', by: 'demo-bot' });
  const options = { meta: tableMeta('t', rules), rules, decisionSeconds: 15, live: service };
  return (await lastValueFrom(supervisorView$(from(await store.read('t')), options).pipe(toArray()))).at(-1)!;
}

function event(seq: number, type: string, data: object = {}): StoredEvent {
  return { seq, type, data, round: 1, wallTime: `2026-01-01T00:00:${String(seq % 60).padStart(2, '0')}.000Z` } as unknown as StoredEvent;
}

describe('the pit\'s figures', () => {
  test('while betting: the bets are at risk; the dealer on duty is named', async () => {
    const view = await supervisorAfter(BETS);
    expect(view.pit).toMatchObject({ dealer: 'Anna', atRisk: 1500, stintRounds: 0, stintHouseNet: 0, handsPerHour: null });
  });

  test('a settled round: nothing at risk, the house +1500 on the round and on the dealer\'s stint', async () => {
    const view = await supervisorAfter([...BETS, ...ROUND]);
    expect(view.pit).toMatchObject({ dealer: 'Anna', atRisk: 0, round: 1, roundHouseNet: 1500, stintRounds: 1, stintHouseNet: 1500 });
  });

  test('hands an hour over the stint: 30 rounds in half an hour is 60; none before a minute has passed', () => {
    const live = { table: initialTableState(), phase: 'active.betting' };
    const stint = { ...NO_PIT, stintSince: '2026-01-01T10:00:00.000Z', stintRounds: 30, lastRoundAt: '2026-01-01T10:30:00.000Z' };
    expect(pitView(stint, live).handsPerHour).toBe(60);
    expect(pitView({ ...stint, stintRounds: 1, lastRoundAt: '2026-01-01T10:00:30.000Z' }, live).handsPerHour).toBeNull();
  });
});

describe('the log tail: each event once', () => {
  test('an accepted input gives way to its facts; a refused one keeps its line', async () => {
    const view = await supervisorAfter([...BETS, ...ROUND]);
    expect(view.log.filter((line) => line.type === 'input')).toEqual([]);
    const refused = await supervisorAfter([...BETS, { type: 'decision', seat: 1, action: 'hit' }]);
    expect(refused.log.slice(-2).map((line) => line.type)).toEqual(['input', 'input.rejected']);
  });

  test('link handshakes and counter records fold into one line at the newest place, counting them', () => {
    let log: readonly LogLine[] = [];
    log = foldLogTail(log, event(1, 'link.handshake'));
    log = foldLogTail(log, event(2, 'link.counters'));
    log = foldLogTail(log, event(3, 'bet.placed', { seat: 1 }));
    log = foldLogTail(log, event(4, 'link.counters'));
    log = foldLogTail(log, event(5, 'link.handshake'));
    expect(log.map((line) => [line.seq, line.type])).toEqual([[3, 'bet.placed'], [5, 'link.handshake']]);
    expect(log[1]!.chatter).toEqual({ handshakes: 2, counters: 2, since: '2026-01-01T00:00:01.000Z' });
  });
});

describe('the mid-round restart\'s alarm', () => {
  const restart: IntegrityAlarm = { seq: 10, wallTime: '', kind: 'restartMidRound', text: '' };
  const refused: IntegrityAlarm = { seq: 11, wallTime: '', kind: 'commandRefused', text: '' };
  test.each(['table.resumed', 'round.voided', 'round.ended'])('clears on %s; other alarms stay', (type) => {
    expect(openAlarms([restart, refused], event(12, type))).toEqual([refused]);
  });
  test('stays through anything else', () => {
    const alarms = [restart, refused];
    expect(openAlarms(alarms, event(12, 'bet.placed'))).toBe(alarms);
  });
});
