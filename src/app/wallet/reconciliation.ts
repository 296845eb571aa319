// A wallet's ledger against a table's log (`shoe reconcile`; docs/operations.md, "The reference wallet and
// reconciliation"). The ledger's entries go in first and are kept by id (only the id, the line, the type
// and the balance movement); then the log's transactions (src/app/money/) are matched one by one as the
// fold yields them, so the log side holds nothing; what the ledger has that the log never named is left
// at the end. Pure.
import type { WalletTransaction } from '../money/wallet-transaction.js';
import { balanceEffect } from './ledger-transaction.js';
import type { LedgerEntry } from './ledger-entry.js';

/** A transaction on the log, in a problem's words. */
export interface LogSide {
  readonly type: WalletTransaction['type'];
  readonly amount: number;
  readonly player: string;
  readonly round: number;
}

/** A ledger entry, in a problem's words. */
export interface LedgerSide {
  readonly line: number;
  readonly type?: WalletTransaction['type'];
  /** As the ledger writes it: 0 or more with a type, signed without one. */
  readonly amount: number;
  /** The movement of the balance it records (negative for a debit). */
  readonly effect: number;
}

export type ReconcileProblem =
  /** On the log, not in the ledger. */
  | { readonly kind: 'missing'; readonly id: string; readonly log: LogSide }
  /** An id the ledger has more than once: `ledger` the repeat, `firstLine` where the id first is. */
  | { readonly kind: 'doubled'; readonly id: string; readonly ledger: LedgerSide; readonly firstLine: number }
  /** In both, with another amount or type. */
  | { readonly kind: 'different'; readonly id: string; readonly ledger: LedgerSide; readonly log: LogSide }
  /** In the ledger, not on the log: `table` the table its id names when another one, null when the id is not of the form `<table>:<seq>:<n>`. */
  | { readonly kind: 'unknown'; readonly id: string; readonly ledger: LedgerSide; readonly table?: string | null };

export type ProblemKind = ReconcileProblem['kind'];
export const PROBLEM_KINDS: readonly ProblemKind[] = ['missing', 'doubled', 'different', 'unknown'];

export interface ReconcileSummary {
  readonly table: string;
  readonly logTransactions: number;
  readonly ledgerEntries: number;
  readonly problems: Readonly<Record<ProblemKind, number>>;
  /** Σ of the ledger's balance movements less Σ of the log's, in minor units (0 when they agree). */
  readonly netDifference: number;
  readonly clean: boolean;
}

/** The table a transaction id names, or null when it is not `<table>:<seq>:<n>` (docs/event-log.md, "Transactions"). */
export function tableOfId(id: string): string | null {
  const match = /^([^:]+):\d+:\d+$/.exec(id);
  return match ? (match[1] as string) : null;
}

export class Reconciliation {
  private readonly ledger = new Map<string, LedgerSide>();
  private readonly counts: Record<ProblemKind, number> = { missing: 0, doubled: 0, different: 0, unknown: 0 };
  private ledgerEntries = 0;
  private logTransactions = 0;
  private ledgerNet = 0;
  private logNet = 0;

  constructor(private readonly table: string) {}

  /** A ledger entry, in file order; a doubled id is a problem (the first entry stands for the id). */
  addLedger(entry: LedgerEntry): ReconcileProblem | null {
    this.ledgerEntries++;
    this.ledgerNet += entry.effect;
    const side: LedgerSide = { line: entry.line, ...(entry.type !== undefined ? { type: entry.type } : {}), amount: entry.amount, effect: entry.effect };
    const first = this.ledger.get(entry.id);
    if (first === undefined) {
      this.ledger.set(entry.id, side);
      return null;
    }
    return this.count({ kind: 'doubled', id: entry.id, ledger: side, firstLine: first.line });
  }

  /** A transaction of the log, in log order, once every ledger entry is in. */
  matchLog(transaction: WalletTransaction): ReconcileProblem | null {
    this.logTransactions++;
    const effect = balanceEffect(transaction.type, transaction.amount);
    this.logNet += effect;
    const log: LogSide = { type: transaction.type, amount: transaction.amount, player: transaction.player, round: transaction.round };
    const entry = this.ledger.get(transaction.id);
    if (entry === undefined) return this.count({ kind: 'missing', id: transaction.id, log });
    this.ledger.delete(transaction.id);
    const differs = entry.type !== undefined ? entry.type !== transaction.type || entry.effect !== effect : entry.effect !== effect;
    return differs ? this.count({ kind: 'different', id: transaction.id, ledger: entry, log }) : null;
  }

  /** The ledger's ids the log never named, in ledger order: call once, after the whole log. */
  *unmatched(): Generator<ReconcileProblem> {
    for (const [id, ledger] of this.ledger) {
      const table = tableOfId(id);
      yield this.count({ kind: 'unknown', id, ledger, ...(table !== this.table ? { table } : {}) });
    }
    this.ledger.clear();
  }

  summary(): ReconcileSummary {
    const clean = PROBLEM_KINDS.every((kind) => this.counts[kind] === 0);
    return {
      table: this.table, logTransactions: this.logTransactions, ledgerEntries: this.ledgerEntries,
      problems: { ...this.counts }, netDifference: this.ledgerNet - this.logNet, clean,
    };
  }

  private count(problem: ReconcileProblem): ReconcileProblem {
    this.counts[problem.kind]++;
    return problem;
  }
}
