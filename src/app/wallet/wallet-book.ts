// The reference wallet's books (docs/operations.md, "The reference wallet and reconciliation"): a balance
// per player and the answer given to each transaction id. Idempotent by id, as wallet APIs promise: the
// same transaction again gets the first answer and moves nothing; the same id with another body is a
// conflict. Pure: the caller makes an accepted transaction durable (the ledger file) before it applies it.
import { balanceEffect, canonicalJson, type LedgerTransaction } from './ledger-transaction.js';
import { walletReason, type WalletReason } from './wallet-reasons.js';

export interface WalletBookOptions {
  /** Every player's balance before their first transaction, in minor units. */
  readonly openingBalance: number;
  /** ISO 4217 code of the money this wallet keeps; a transaction in another is refused. */
  readonly currency: string;
}

/** What the wallet answers a transaction it applied — and answers again, word for word, to its repeats. */
export interface AppliedAnswer {
  readonly ok: true;
  readonly id: string;
  readonly player: string;
  readonly type: LedgerTransaction['type'];
  readonly amount: number;
  readonly currency: string;
  /** The player's balance right after this transaction, in minor units. */
  readonly balance: number;
}

/** What to do with a transaction received: apply it (once durable), repeat the first answer, or refuse it. */
export type Receipt =
  | { readonly kind: 'new'; readonly apply: () => AppliedAnswer }
  | { readonly kind: 'duplicate'; readonly answer: AppliedAnswer }
  | { readonly kind: 'conflict'; readonly reason: WalletReason }
  | { readonly kind: 'refused'; readonly reason: WalletReason };

export interface WalletCounts {
  readonly applied: number;
  readonly duplicates: number;
  readonly conflicts: number;
  readonly refused: number;
}

export class WalletBook {
  private readonly balanceOf = new Map<string, number>();
  private readonly seen = new Map<string, { readonly body: string; readonly answer: AppliedAnswer }>();
  private counts = { applied: 0, duplicates: 0, conflicts: 0, refused: 0 };

  constructor(readonly options: WalletBookOptions) {}

  /** Judges a transaction; a new one is applied by calling `apply` (once, after it is durable). */
  receive(transaction: LedgerTransaction): Receipt {
    const body = canonicalJson(transaction);
    const first = this.seen.get(transaction.id);
    if (first !== undefined) {
      if (first.body === body) {
        this.counts.duplicates++;
        return { kind: 'duplicate', answer: first.answer };
      }
      this.counts.conflicts++;
      return { kind: 'conflict', reason: walletReason('walletConflict', { id: transaction.id }) };
    }
    if (transaction.currency !== this.options.currency) {
      this.counts.refused++;
      return { kind: 'refused', reason: walletReason('walletCurrency', { currency: transaction.currency, expected: this.options.currency }) };
    }
    let applied = false;
    return {
      kind: 'new',
      apply: () => {
        if (applied) throw new Error(`transaction ${transaction.id} applied twice`);
        applied = true;
        return this.apply(transaction, body);
      },
    };
  }

  /** A refusal before the books were asked (a bad signature, a malformed body), counted with the others. */
  noteRefused(): void {
    this.counts.refused++;
  }

  /** A player's balance (the opening balance before their first transaction). */
  balance(player: string): number {
    return this.balanceOf.get(player) ?? this.options.openingBalance;
  }

  /** Every player seen, by name, with their balance. */
  balances(): Record<string, number> {
    return Object.fromEntries([...this.balanceOf.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  get tally(): WalletCounts {
    return { ...this.counts };
  }

  private apply(transaction: LedgerTransaction, body: string): AppliedAnswer {
    const balance = this.balance(transaction.player) + balanceEffect(transaction.type, transaction.amount);
    this.balanceOf.set(transaction.player, balance);
    const { id, player, type, amount, currency } = transaction;
    const answer: AppliedAnswer = { ok: true, id, player, type, amount, currency, balance };
    this.seen.set(id, { body, answer });
    this.counts.applied++;
    return answer;
  }
}
