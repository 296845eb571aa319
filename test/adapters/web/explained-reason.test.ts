// An API refusal's code and values (docs/web-api.md, "Refusals"): from the code the fact stores, not from
// its sentence; a sentence without a code (an older log, an adapter's own refusal) is read back to one; a
// person's own words have none.
import { describe, expect, test } from 'vitest';
import { explained } from '../../../src/adapters/web/explained-reason.js';

describe('explained', () => {
  test('a stored reason: its own code and values, as text, whatever the sentence says', () => {
    expect(explained({ reason: 'whatever the log says', code: 'noBetOnSeat', params: { seat: 3 } }))
      .toEqual({ reason: 'whatever the log says', code: 'noBetOnSeat', params: { seat: '3' } });
    expect(explained({ reason: 'no decision expected: waiting for a new shoe', code: 'noDecisionExpected', params: { phase: 'shoeOver' } }))
      .toEqual({ reason: 'no decision expected: waiting for a new shoe', code: 'noDecisionExpected', params: { phase: 'shoeOver' } });
  });

  test('a sentence: the round machine\'s read back to its code, an adapter\'s through the catalogue, a person\'s words as they are', () => {
    expect(explained('stake 500 outside the table limits 1000–50000'))
      .toEqual({ reason: 'stake 500 outside the table limits 1000–50000', code: 'stakeOutsideLimits', params: { stakeAmount: '500', minAmount: '1000', maxAmount: '50000' } });
    expect(explained('unknown credential')).toEqual({ reason: 'unknown credential', code: 'unknownCredential', params: {} });
    expect(explained('betting opens by itself after each round (and once a new shoe is burned); now: round 4 is being played'))
      .toEqual({ reason: 'betting opens by itself after each round (and once a new shoe is burned); now: round 4 is being played', code: 'bettingOpensItself', params: { phase: 'round', round: '4' } });
    expect(explained({ reason: 'camera check', code: 'typed', params: { text: 'camera check' } })).toEqual({ reason: 'camera check' });
    expect(explained('camera check')).toEqual({ reason: 'camera check' });
  });
});
