// The story's words are the pages' (src/messages, English): hands from 1, money as the pages show it,
// reasons rendered from their code — or, on an older log, from the code their sentence reads back to.
import { describe, expect, test } from 'vitest';
import { describeEvent } from '../../src/session/table-story.js';

describe('the table story in words', () => {
  test('hands from 1, money as the pages show it', () => {
    expect(describeEvent({ type: 'card.dealt', round: 1, seat: 2, hand: 0, card: '7S', total: 7 })).toBe('  Seat 2 hand 1 gets 7S (7).');
    expect(describeEvent({ type: 'hand.split', round: 1, seat: 2, hand: 0, newHand: 1 })).toBe('  Seat 2 splits hand 1; new hand 2.');
    expect(describeEvent({ type: 'bet.placed', round: 1, seat: 2, player: 'ann', bet: 'main', amount: 1234500 })).toBe('  ann bets 12,345.00 (main) on seat 2.');
    expect(describeEvent({ type: 'bet.settled', round: 1, seat: 2, hand: 0, bet: 'main', player: 'ann', stake: 1000, outcome: 'lose', net: -1000 }))
      .toBe('  Seat 2 hand 1 main (ann, stake 10.00): lose -10.00.');
  });

  test('a refusal from its code; from an older log, from its sentence; a person\'s words as typed', () => {
    const input = { type: 'decision' as const, seat: 1, hand: 0, action: 'hit' };
    expect(describeEvent({ type: 'input.rejected', line: 4, input, reason: 'hand 0 is not in turn (hand 1 is)', code: 'handNotInTurn', params: { hand: 0, turn: 1 } }))
      .toBe('  Refused (line 4 decision): hand 1 is not in turn (hand 2 is).');
    expect(describeEvent({ type: 'input.rejected', line: 4, input, reason: 'hand 0 is not in turn (hand 1 is)' }))
      .toBe('  Refused (line 4 decision): hand 1 is not in turn (hand 2 is).');
    expect(describeEvent({ type: 'round.voided', round: 3, by: 'sup', reason: 'camera check', code: 'typed', params: { text: 'camera check' } }))
      .toBe('Round 3 voided by sup: camera check.');
  });
});
