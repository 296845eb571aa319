// A wallet's ledger read line by line for `shoe reconcile` (docs/operations.md, "The reference wallet and
// reconciliation"). Two shapes, told apart by the first line that is not blank:
//
// - JSONL (it starts with `{`): one JSON object a line with `id` and `amount`, and `type` and `player` when
//   the wallet keeps them. The reference wallet's ledger and `shoe export DB --transactions` are this shape.
// - CSV (anything else): a header naming the columns `id` and `amount`, and optionally `type` and `player`
//   (other columns are ignored), then one row a line; a field may be quoted ("a,b", "" for a quote).
//
// With a `type`, `amount` is what the export writes: integer minor units, 0 or more. Without one it is the
// movement of the player's balance, as a wallet's statement shows it: integer minor units, negative for a
// debit. Pure: the caller reads the lines and names the file in the errors.
import type { TransactionType } from '../money/wallet-transaction.js';
import { balanceEffect, TRANSACTION_TYPES } from './ledger-transaction.js';

export interface LedgerEntry {
  readonly id: string;
  /** The line of the file it is on (from 1). */
  readonly line: number;
  readonly type?: TransactionType;
  readonly player?: string;
  /** As the ledger writes it: 0 or more with a type, signed without one. */
  readonly amount: number;
  /** The movement of the player's balance it records, in minor units (negative for a debit). */
  readonly effect: number;
}

/** A line that is not a ledger entry: `line` its number, the message says what is wrong in it. */
export class LedgerFormatError extends Error {
  override name = 'LedgerFormatError';
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

interface Columns {
  readonly count: number;
  readonly id: number;
  readonly amount: number;
  readonly type?: number;
  readonly player?: number;
}

/** The fields of one CSV line (RFC 4180 quoting; a row spans one line). */
export function csvFields(text: string, line: number): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text[at] === '"') {
      let value = '';
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new LedgerFormatError(line, 'a quoted field is not closed');
        value += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        value += '"';
        at++;
      }
      fields.push(value);
      if (at < text.length && text[at] !== ',') throw new LedgerFormatError(line, 'text after a quoted field');
    } else {
      const comma = text.indexOf(',', at);
      fields.push(text.slice(at, comma < 0 ? text.length : comma).trim());
      at = comma < 0 ? text.length : comma;
    }
    if (at >= text.length) return fields;
    at++;
  }
}

function entryOf(fields: { id: unknown; amount: unknown; type: unknown; player: unknown }, line: number): LedgerEntry {
  const { id, amount, type, player } = fields;
  if (typeof id !== 'string' || id.length === 0) throw new LedgerFormatError(line, 'no transaction id (`id`)');
  if (type !== undefined && !(TRANSACTION_TYPES as readonly unknown[]).includes(type)) throw new LedgerFormatError(line, `type ${JSON.stringify(type)} is none of ${TRANSACTION_TYPES.join(', ')}`);
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) throw new LedgerFormatError(line, `amount ${JSON.stringify(amount)} is not a whole number of minor units`);
  if (type !== undefined && amount < 0) throw new LedgerFormatError(line, `amount ${amount} is negative: with a type, the amount is 0 or more`);
  if (player !== undefined && typeof player !== 'string') throw new LedgerFormatError(line, 'player is not text');
  const kind = type as TransactionType | undefined;
  return { id, line, ...(kind !== undefined ? { type: kind } : {}), ...(player !== undefined ? { player } : {}), amount, effect: kind !== undefined ? balanceEffect(kind, amount) : amount };
}

/** Reads a ledger's lines in order; `push` each one with its number. */
export class LedgerLines {
  private shape: 'jsonl' | Columns | undefined;

  get format(): 'jsonl' | 'csv' | undefined {
    return this.shape === undefined ? undefined : this.shape === 'jsonl' ? 'jsonl' : 'csv';
  }

  /** The entry a line holds; null for a blank line or a CSV header. */
  push(text: string, line: number): LedgerEntry | null {
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (trimmed === '') return null;
    if (this.shape === undefined) {
      if (trimmed.startsWith('{')) this.shape = 'jsonl';
      else {
        this.shape = headerOf(csvFields(trimmed, line), line);
        return null;
      }
    }
    if (this.shape === 'jsonl') return jsonEntry(trimmed, line);
    const fields = csvFields(trimmed, line);
    const columns = this.shape;
    if (fields.length !== columns.count) throw new LedgerFormatError(line, `${fields.length} fields, the header names ${columns.count}`);
    const amountText = fields[columns.amount] as string;
    const typeText = columns.type !== undefined ? fields[columns.type] : undefined;
    return entryOf({
      id: fields[columns.id],
      amount: /^-?\d{1,15}$/.test(amountText) ? Number(amountText) : amountText,
      type: typeText === '' ? undefined : typeText,
      player: columns.player !== undefined ? fields[columns.player] : undefined,
    }, line);
  }
}

function jsonEntry(text: string, line: number): LedgerEntry {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new LedgerFormatError(line, `not JSON (${(err as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LedgerFormatError(line, 'not a JSON object');
  const { id, amount, type, player } = value as Record<string, unknown>;
  return entryOf({ id, amount, type, player }, line);
}

function headerOf(names: readonly string[], line: number): Columns {
  const at = (name: string): number | undefined => {
    const found = names.indexOf(name);
    return found < 0 ? undefined : found;
  };
  for (const name of ['id', 'amount']) {
    if (at(name) === undefined) throw new LedgerFormatError(line, `the CSV header has no \`${name}\` column (it names the columns: id,amount and optionally type,player; a JSONL ledger's lines start with {)`);
  }
  const type = at('type');
  const player = at('player');
  return { count: names.length, id: at('id') as number, amount: at('amount') as number, ...(type !== undefined ? { type } : {}), ...(player !== undefined ? { player } : {}) };
}
