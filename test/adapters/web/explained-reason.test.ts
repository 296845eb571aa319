// An API refusal's code and values (docs/web-api.md, "Refusals"): from the code the fact stores or the
// adapter gave where it refused, never from a sentence; a sentence without a code is answered as it is,
// and a person's own words have none.
import { describe, expect, test } from 'vitest';
import { explained } from '../../../src/adapters/web/explained-reason.js';
import { webReason } from '../../../src/adapters/web/web-reasons.js';

describe('explained', () => {
  test('a stored reason: its own code and values, as text, whatever the sentence says', () => {
    expect(explained({ reason: 'whatever the log says', code: 'noBetOnSeat', params: { seat: 3 } }))
      .toEqual({ reason: 'whatever the log says', code: 'noBetOnSeat', params: { seat: '3' } });
    expect(explained({ reason: 'no decision expected: waiting for a new shoe', code: 'noDecisionExpected', params: { phase: 'shoeOver' } }))
      .toEqual({ reason: 'no decision expected: waiting for a new shoe', code: 'noDecisionExpected', params: { phase: 'shoeOver' } });
  });

  test('an adapter\'s coded reason: its code and values, and its English sentence', () => {
    expect(explained(webReason('unknownCredential'))).toEqual({ reason: 'unknown credential', code: 'unknownCredential', params: {} });
    expect(explained(webReason('bettingOpensItself', { phase: 'round', round: '4' })))
      .toEqual({ reason: 'betting opens by itself after each round (and once a new shoe is burned); now: round 4 is being played', code: 'bettingOpensItself', params: { phase: 'round', round: '4' } });
    expect(explained(webReason('wrongRole', { role: 'dealer', name: 'pit-1', what: 'bet', roles: 'game-server' })))
      .toEqual({ reason: 'role dealer (pit-1) may not place bets: only game-server', code: 'wrongRole', params: { role: 'dealer', name: 'pit-1', what: 'bet', roles: 'game-server' } });
  });

  test('no sentence is read back: a sentence without a code has none, a person\'s words neither', () => {
    expect(explained('stake 500 outside the table limits 1000–50000')).toEqual({ reason: 'stake 500 outside the table limits 1000–50000' });
    expect(explained('unknown credential')).toEqual({ reason: 'unknown credential' });
    expect(explained({ reason: 'no bet on seat 3' })).toEqual({ reason: 'no bet on seat 3' });
    expect(explained({ reason: 'camera check', code: 'typed', params: { text: 'camera check' } })).toEqual({ reason: 'camera check' });
    expect(explained('camera check')).toEqual({ reason: 'camera check' });
  });
});
