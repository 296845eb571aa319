// The pit's figures on the supervisor's console (docs/web-api.md, "The pages"), as a table-management
// system shows them: the money at risk this round, the house's win or loss on the round and on the
// dealer's stint (from the last `dealer.changed`, or from the log's start before any), hands (rounds) an
// hour over the stint, and the dealer on duty. Folded from the log's facts, so replay and recall give the
// same figures; the money at risk is read from the live table when the view is made. Money in minor units.
import type { TableState } from '../../round/table-state.js';
import type { TimedViewFact } from '../../ports/view-facts.js';

export interface PitFold {
  /** The dealer on duty and when the stint began (the first fact folded, before any dealer change). */
  readonly dealer: string | null;
  readonly stintSince: string | null;
  /** Rounds settled in the stint and the house's net on them (positive: the house won). */
  readonly stintRounds: number;
  readonly stintHouseNet: number;
  /** When the stint's last round settled. */
  readonly lastRoundAt: string | null;
  /** The round being dealt, or the last settled, and the house's net on it so far. */
  readonly round: number | null;
  readonly roundHouseNet: number;
}

export interface PitView {
  readonly dealer: string | null;
  /** Everything staked and not yet settled: the bets while betting is open, then the unsettled wagers. */
  readonly atRisk: number;
  readonly round: number | null;
  readonly roundHouseNet: number;
  readonly stintSince: string | null;
  readonly stintRounds: number;
  readonly stintHouseNet: number;
  /** Rounds an hour over the stint: null until a round has settled a minute or more after it began. */
  readonly handsPerHour: number | null;
}

export const NO_PIT: PitFold = { dealer: null, stintSince: null, stintRounds: 0, stintHouseNet: 0, lastRoundAt: null, round: null, roundHouseNet: 0 };

/** One fact into the pit's figures: the same object back when the fact changes none of them. */
export function foldPit(pit: PitFold, { fact, at }: TimedViewFact): PitFold {
  const started = pit.stintSince === null ? { ...pit, stintSince: at } : pit;
  switch (fact.type) {
    case 'dealer.changed':
      return { ...started, dealer: fact.dealer, stintSince: at, stintRounds: 0, stintHouseNet: 0, lastRoundAt: null };
    case 'betting.closed':
      return { ...started, round: fact.round, roundHouseNet: 0 };
    case 'bet.settled':
      return { ...started, round: fact.round, roundHouseNet: started.roundHouseNet - fact.net, stintHouseNet: started.stintHouseNet - fact.net };
    case 'round.ended':
      return fact.voided ? started : { ...started, stintRounds: started.stintRounds + 1, lastRoundAt: at };
    default:
      return started;
  }
}

/** What is staked and not settled on the live table now. */
export function moneyAtRisk(table: TableState, phase: string): number {
  if (phase === 'active.betting') return table.bets.reduce((sum, bet) => sum + bet.amount, 0);
  let sum = 0;
  for (const box of table.boxes) {
    for (const hand of box.hands) if (!hand.settled) for (const wager of hand.wagers) sum += wager.stake;
    for (const side of box.sideBets) if (!side.settled) sum += side.stake;
    for (const insurance of box.insurance) if (!insurance.settled) sum += insurance.stake;
  }
  return sum;
}

export function pitView(pit: PitFold, live: { readonly table: TableState; readonly phase: string }): PitView {
  const since = pit.stintSince === null ? NaN : Date.parse(pit.stintSince);
  const last = pit.lastRoundAt === null ? NaN : Date.parse(pit.lastRoundAt);
  const hours = (last - since) / 3_600_000;
  return {
    dealer: pit.dealer,
    atRisk: moneyAtRisk(live.table, live.phase),
    round: pit.round,
    roundHouseNet: pit.roundHouseNet,
    stintSince: pit.stintSince,
    stintRounds: pit.stintRounds,
    stintHouseNet: pit.stintHouseNet,
    handsPerHour: pit.stintRounds > 0 && hours >= 1 / 60 ? Math.round(pit.stintRounds / hours) : null,
  };
}
