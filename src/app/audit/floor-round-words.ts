// A settled round of the floor in words, one line, money as every verb prints it (10.00) with the table's
// currency: `2026-01-01 00:00:01 table t1, round 1: seat 1, p1's main bet of 10.00 wins 10.00; the house
// loses 10.00 EUR`. Hands count from 1, as on the pages; a seat's first hand is just the seat.
import type { FloorBetResult, FloorRound } from './floor-rounds.js';
import { majorUnits } from './money-text.js';

const BET_WORDS: Readonly<Record<string, string>> = {
  main: 'main bet',
  behind: 'bet behind',
  insurance: 'insurance',
  pairs: 'pairs side bet',
  superMatch: 'super match side bet',
};

/** What a bet's outcome did, with its net in major units. */
function outcomeWords(r: FloorBetResult): string {
  const amount = majorUnits(Math.abs(r.net));
  switch (r.outcome) {
    case 'win': return `wins ${amount}`;
    case 'blackjack': return `wins ${amount} with blackjack`;
    case 'evenMoney': return `takes even money, ${amount}`;
    case 'lose': return `loses ${amount}`;
    case 'surrender': return `surrenders, loses ${amount}`;
    case 'push': return 'pushes';
    case 'void': return 'is void, returned';
    default: return `${r.outcome} ${majorUnits(r.net, { signed: true })}`;
  }
}

function betWords(r: FloorBetResult): string {
  const where = r.hand === 0 ? `seat ${r.seat}` : `seat ${r.seat} hand ${r.hand + 1}`;
  return `${where}, ${r.player}'s ${BET_WORDS[r.bet] ?? r.bet} of ${majorUnits(r.stake)} ${outcomeWords(r)}`;
}

/** The house's side of the round: what the players lost less what they won. */
function houseWords(playersNet: number, currency: string): string {
  if (playersNet === 0) return `the house is even (0.00 ${currency})`;
  return playersNet < 0 ? `the house wins ${majorUnits(-playersNet)} ${currency}` : `the house loses ${majorUnits(playersNet)} ${currency}`;
}

/** "2026-01-01T00:00:01.000Z" → "2026-01-01 00:00:01" (the log's UTC time, to the second). */
function when(iso: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : iso;
}

export function floorRoundWords(r: FloorRound): string {
  const head = `${when(r.endedAt)} table ${r.tableId}, round ${r.round}`;
  if (r.voided) return `${head} voided: ${r.results.length === 0 ? 'no bets' : `${r.results.length} bet${r.results.length === 1 ? '' : 's'} returned`}`;
  if (r.results.length === 0) return `${head}: no bets`;
  const playersNet = r.results.reduce((sum, x) => sum + x.net, 0);
  return `${head}: ${r.results.map(betWords).join('; ')}; ${houseWords(playersNet, r.currency)}`;
}
