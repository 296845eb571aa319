// A transaction as the reference wallet receives it from the settlement feed and writes it to its ledger:
// the table's wallet transaction (src/app/money/wallet-transaction.ts) as the feed sent it, checked for the
// fields a wallet needs — the id it is idempotent by, the player whose balance moves, the type that says
// which way, the amount in integer minor units and the currency. Other fields are kept as they came.
import type { TransactionType } from '../money/wallet-transaction.js';
import { walletReason, type WalletReason } from './wallet-reasons.js';

export interface LedgerTransaction {
  readonly id: string;
  readonly player: string;
  readonly type: TransactionType;
  /** Integer minor units, 0 or more. */
  readonly amount: number;
  /** ISO 4217 code. */
  readonly currency: string;
  readonly [field: string]: unknown;
}

export const TRANSACTION_TYPES: readonly TransactionType[] = ['debit', 'refund', 'credit', 'reverse'];

/** How a transaction moves its player's balance: a debit takes, the others give. */
export function balanceEffect(type: TransactionType, amount: number): number {
  return type === 'debit' ? -amount : amount;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

/** The transaction a parsed body holds, or why it is not one. */
export function checkTransaction(body: unknown): { readonly transaction: LedgerTransaction } | { readonly reason: WalletReason } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { reason: walletReason('walletMalformed', { field: 'body' }) };
  const t = body as Record<string, unknown>;
  if (!isText(t.id)) return { reason: walletReason('walletMalformed', { field: 'id' }) };
  if (!isText(t.player)) return { reason: walletReason('walletMalformed', { field: 'player' }) };
  if (!(TRANSACTION_TYPES as readonly unknown[]).includes(t.type)) return { reason: walletReason('walletMalformed', { field: 'type' }) };
  if (!Number.isSafeInteger(t.amount) || (t.amount as number) < 0) return { reason: walletReason('walletMalformed', { field: 'amount' }) };
  if (typeof t.currency !== 'string' || !/^[A-Z]{3}$/.test(t.currency)) return { reason: walletReason('walletMalformed', { field: 'currency' }) };
  return { transaction: t as LedgerTransaction };
}

/** JSON with every object's keys sorted: two bodies that say the same thing read the same, whatever their key order or spacing. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}
