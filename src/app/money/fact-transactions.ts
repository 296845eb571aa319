// The transactions one fact causes, numbered in the order it causes them: the n of the id
// `<table>:<seq>:<n>` (./wallet-transaction.ts).
import type { SettledBet } from '../../round/events.js';
import { transactionId, type WalletTransaction } from './wallet-transaction.js';

/** A debit as the money state keeps it until something settles, refunds or reverses it. */
export interface Debit {
  readonly id: string;
  readonly amount: number;
}

/** Where the money of one fact goes: a player's seat, hand and bet. */
export interface MoneyPlace {
  readonly seat: number;
  readonly hand: number;
  readonly player: string;
  readonly bet: SettledBet;
}

export interface FactPosition {
  readonly table: string;
  readonly round: number;
  readonly seq: number;
  readonly wallTime: string;
  readonly currency: string;
}

export class FactTransactions {
  readonly out: WalletTransaction[] = [];

  constructor(readonly at: FactPosition) {}

  private add(place: MoneyPlace, type: WalletTransaction['type'], amount: number, debits?: readonly Debit[]): WalletTransaction {
    const { table, round, seq, wallTime, currency } = this.at;
    const transaction: WalletTransaction = {
      id: transactionId(table, seq, this.out.length), table, round,
      seat: place.seat, hand: place.hand, player: place.player, bet: place.bet,
      type, amount, currency, ...(debits ? { debits: debits.map((d) => d.id) } : {}), seq, wallTime,
    };
    this.out.push(transaction);
    return transaction;
  }

  /** A stake taken (nothing for an amount of 0: a co-player's share of a small double can round to 0). */
  debit(place: MoneyPlace, amount: number): Debit | null {
    if (amount <= 0) return null;
    return { id: this.add(place, 'debit', amount).id, amount };
  }

  /** A bet withdrawn while betting is open: its debits given back in one refund. */
  refund(place: MoneyPlace, debits: readonly Debit[]): void {
    this.add(place, 'refund', sumOf(debits), debits);
  }

  /** A settlement line: stake + net paid against the debits that made the stake (0 for a loss). */
  credit(place: MoneyPlace, amount: number, debits: readonly Debit[]): void {
    this.add(place, 'credit', amount, debits);
  }

  /** A void: each debit of the bet rolled back on its own, so a wallet can match each to its debit. */
  reverse(place: MoneyPlace, debits: readonly Debit[]): void {
    for (const debit of debits) this.add(place, 'reverse', debit.amount, [debit]);
  }
}

export function sumOf(debits: readonly Debit[]): number {
  let sum = 0;
  for (const d of debits) sum += d.amount;
  return sum;
}
