// The faults, the pause and the card alarms a view carries name their reason by its code and values
// (docs/event-log.md, "Reasons"), so a page renders them in its language without reading the sentence —
// from a log with codes, and from an older one whose facts hold the sentence only.
import { describe, expect, test } from 'vitest';
import { NO_FAULTS, foldFaults } from '../../../src/app/displays/open-faults.js';
import { alarmsOf } from '../../../src/app/displays/integrity-alarms.js';
import { ChainVerifier } from '../../../src/log/event-chain.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';

const event = (type: string, data: Record<string, unknown>): StoredEvent => ({
  type, data: data as StoredEvent['data'], round: 1, monoTime: 0, wallTime: '2026-01-01T00:00:00.000Z', rulesId: 'r', tableId: 't', seq: 7, prevHash: '0'.repeat(64), hash: '0'.repeat(64),
});

const OUT_OF_TURN = { round: 1, reason: 'card KS drawn out of turn: betting is open', fault: { kind: 'outOfTurn', card: 'KS' } };
const CODED = { code: 'outOfTurn', params: { card: 'KS', phase: 'betting' } };

describe('reasons on views', () => {
  test.each([['with codes', { ...OUT_OF_TURN, ...CODED }], ['from an older log', OUT_OF_TURN]])('an out-of-turn card: the fault, the pause and the alarm carry its code (%s)', (_name, data) => {
    const view = foldFaults(NO_FAULTS, event('table.paused', data));
    expect(view.paused).toMatchObject({ reason: OUT_OF_TURN.reason, ...CODED });
    expect(view.faults).toEqual([expect.objectContaining({ kind: 'outOfTurn', reason: OUT_OF_TURN.reason, ...CODED })]);
    expect(alarmsOf(event('table.paused', data), new ChainVerifier())).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'outOfTurnCard', ...CODED })]));
  });

  test('a person\'s own words carry no code: they are shown as typed', () => {
    const view = foldFaults(NO_FAULTS, event('table.paused', { round: 1, reason: 'camera check', code: 'typed', params: { text: 'camera check' }, by: 'sup' }));
    expect(view.paused).toEqual({ reason: 'camera check', by: 'sup', since: '2026-01-01T00:00:00.000Z' });
  });
});
