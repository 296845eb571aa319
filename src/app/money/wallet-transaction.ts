// A wallet transaction: one movement of a player's money that a fact of the log causes, in the terms a
// wallet API speaks (docs/event-log.md, "Transactions"). Derived from the log, never stored: every reader
// derives the same transactions with the same ids.
import type { SettledBet } from '../../round/events.js';

/**
 * `debit` takes a stake (a bet accepted, or a stake raised); `refund` gives back a bet withdrawn during
 * betting; `credit` pays a settlement line (stake + net, 0 for a loss); `reverse` rolls back a debit a void
 * leaves unsettled.
 */
export type TransactionType = 'debit' | 'refund' | 'credit' | 'reverse';

export interface WalletTransaction {
  /** `<table>:<seq>:<n>`: the fact's log position and the n-th (from 0) transaction that fact causes. */
  readonly id: string;
  readonly table: string;
  readonly round: number;
  readonly seat: number;
  /** The hand the money rides on; 0 for side bets, insurance and bets made while betting is open. */
  readonly hand: number;
  readonly player: string;
  readonly bet: SettledBet;
  readonly type: TransactionType;
  /** Integer minor units, 0 or more. */
  readonly amount: number;
  /** ISO 4217 code: the table file's `currency`. */
  readonly currency: string;
  /** The debits a refund, credit or reverse settles (absent on a debit). */
  readonly debits?: readonly string[];
  /** The log position of the fact that caused it. */
  readonly seq: number;
  /** The wall time of that fact. */
  readonly wallTime: string;
}

/** The id of the n-th (from 0) transaction of the fact at `seq` on `table`'s log: stable, as the log is. */
export function transactionId(table: string, seq: number, n: number): string {
  return `${table}:${seq}:${n}`;
}

/** The log's facts do not add up to money movements (a debit not found, stakes that differ): the log is
 *  not one this table wrote, or this derivation is wrong. Nothing is derived past it. */
export class MoneyMismatchError extends Error {
  constructor(readonly seq: number, what: string) {
    super(`event ${seq}: ${what}; the wallet transactions cannot be derived past it (run \`shoe verify\` on the log, and report it with the log if it passes)`);
    this.name = 'MoneyMismatchError';
  }
}
