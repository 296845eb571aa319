// One round's wallet transactions (GET /api/rounds/{round}/transactions): the round found through the round
// index and its span read and folded (src/app/money/), so the cost is the round, not the log. The same
// transactions, with the same ids, as a fold of the whole log gives for that round (docs/event-log.md,
// "Transactions").
import type { EventStore, StoredEvent, StreamId } from '../../ports/event-store.js';
import type { RoundIndex } from '../../ports/round-index.js';
import { TransactionFold } from '../money/transaction-fold.js';
import type { WalletTransaction } from '../money/wallet-transaction.js';
import { HandsPerBoxOnLog } from './hands-per-box-on-log.js';
import { CONFIGURED_RECORD } from './log-records.js';
import { roundIndexOf } from './round-index.js';

export interface RoundTransactionsOptions {
  /** ISO 4217 code of the table's money. */
  readonly currency: string;
  readonly index?: RoundIndex;
  /** The rule sets known so far (kept between calls: each is read from the log at most once). */
  readonly rules?: HandsPerBoxOnLog;
}

/** The round's transactions in log order; undefined when no event of the log carries the round's number. */
export async function roundTransactions(store: EventStore, tableId: StreamId, round: number, options: RoundTransactionsOptions): Promise<WalletTransaction[] | undefined> {
  const span = await (options.index ?? roundIndexOf(store)).roundSpan(tableId, round);
  if (!span) return undefined;
  const read = await store.read(tableId, { from: span.firstSeq, limit: span.lastSeq - span.firstSeq + 1 });
  // The round's own facts, and the rules configured on the way (a restart under another rule file).
  const events = read.filter((e: StoredEvent) => e.round === round || e.type === CONFIGURED_RECORD);
  const rules = options.rules ?? new HandsPerBoxOnLog();
  const configuredHere = new Set<string>();
  for (const e of events) {
    if (e.type === CONFIGURED_RECORD) configuredHere.add(String(e.data['rulesId']));
    else if (e.type === 'betting.closed' && !configuredHere.has(e.rulesId)) await rules.of(store, tableId, e.rulesId, span.firstSeq);
  }
  return new TransactionFold({ currency: options.currency, handsPerBox: rules.all }).pushAll(events);
}
