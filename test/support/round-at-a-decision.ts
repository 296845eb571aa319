// Inputs that leave a six-deck table in the middle of a round: a shoe loaded and burned, one bet on
// seat 1, the first deal done (seat 1 holds T,6 = 16 against the dealer's 9), the player to decide. A
// restart now finds the round interrupted.
import type { TableInput } from '../../src/round/inputs.js';

export const ROUND_AT_A_DECISION: readonly TableInput[] = [
  { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
  { type: 'card', card: 'TH' }, { type: 'card', card: '9S' }, { type: 'card', card: '6S' }, { type: 'card', card: '7C' },
];
