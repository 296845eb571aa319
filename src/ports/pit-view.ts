/**
 * Port: what the pit console shows of each table (src/app/floor/pit-board.ts folds it; the console's page,
 * src/adapters/web/pit-page.ts, draws it). Types only.
 */

/** What a table is doing, in the order the pit attends to them (first: needs a person now). */
export const PIT_STATES = ['fault', 'stale', 'linkDown', 'paused', 'dealing', 'betting', 'idle'] as const;
export type PitState = (typeof PIT_STATES)[number];

/** An open alarm: its kind (a fault's kind, `linkDown` or `stale`) and the card it names, if any. */
export interface PitAlarm {
  readonly kind: string;
  readonly card?: string;
}

/** A shift's figures (money in minor units), as src/app/floor/shift-figures.ts counts them. */
export interface PitShiftLine {
  readonly rounds: number;
  readonly hands: number;
  readonly drop: number;
  readonly houseWin: number;
  readonly voids: number;
  readonly faults: number;
  readonly procedures: number;
}

export interface PitRow {
  readonly tableId: string;
  readonly state: PitState;
  readonly alarms: readonly PitAlarm[];
  readonly round: number;
  /** Main hands settled in the hour before the look. */
  readonly handsLastHour: number;
  /** Stakes on the table in the round now (minor units): bets placed, doubles, splits and insurance. */
  readonly atRisk: number;
  readonly shift: PitShiftLine;
  readonly dealer: string;
  /** The last event seen of the table's log. */
  readonly seq: number;
}
