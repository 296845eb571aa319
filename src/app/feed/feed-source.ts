// The transactions a feed still owes, read from the log (docs/event-log.md, "Transactions" and "Settlement
// feed"). At start it finds the target's last `feed.delivered` note; it folds from the first event of that
// transaction's round (the round index's span: the fold then holds the round's open money as it was) and
// yields only the transactions after the acknowledged one — every later one, acknowledged or not, is owed
// again (at least once). Without a note it folds from seq 1. It reads a page at a time, on demand: a
// receiver that is away for hours costs a page of memory, not the hours' transactions.
import type { EventStore, StreamId } from '../../ports/event-store.js';
import type { RoundIndex } from '../../ports/round-index.js';
import type { FeedTarget } from '../../ports/settlement-feed.js';
import type { HandsPerBoxOnLog } from '../audit/hands-per-box-on-log.js';
import { TransactionFold } from '../money/transaction-fold.js';
import type { WalletTransaction } from '../money/wallet-transaction.js';
import { lastDelivered, transactionIndex, type FeedDeliveredNote } from './feed-note.js';

export interface FeedSourceOptions {
  readonly store: EventStore;
  readonly tableId: StreamId;
  readonly target: FeedTarget;
  readonly currency: string;
  readonly index: RoundIndex;
  /** Hands a box by rules id: the table's own known, the others read back from the log once. */
  readonly rules: HandsPerBoxOnLog;
  /** A turn of the event loop, between the pages of the search for the last note. */
  readonly turn: () => Promise<void>;
}

export class FeedSource {
  private constructor(
    private readonly options: FeedSourceOptions,
    private readonly fold: TransactionFold,
    private next: number,
    private readonly after: { readonly seq: number; readonly n: number } | null,
  ) {}

  /** Where the feed resumes: after the last acknowledged transaction (`through`), or from seq 1. */
  static async open(options: FeedSourceOptions): Promise<{ source: FeedSource; through: FeedDeliveredNote | null }> {
    const { store, tableId, currency, index, rules } = options;
    const through = await lastDelivered(store, tableId, options.target, options.turn);
    const span = through ? await index.roundSpan(tableId, through.round) : undefined;
    const from = span?.firstSeq ?? 1;
    if (from > 1) {
      // The rules the round began under; rules configured later in it the fold reads from their own records.
      const [first] = await store.read(tableId, { from, limit: 1 });
      if (first) await rules.of(store, tableId, first.rulesId, from);
    }
    const fold = new TransactionFold({ currency, handsPerBox: rules.all });
    const after = through ? { seq: through.seq, n: transactionIndex(through.id) } : null;
    return { source: new FeedSource(options, fold, from, after), through };
  }

  /** The log position of the next event to read. */
  get position(): number {
    return this.next;
  }

  /** Reads up to `pageSize` events: the transactions they yield that are still owed, in log order. */
  async read(pageSize: number): Promise<WalletTransaction[]> {
    const page = await this.options.store.read(this.options.tableId, { from: this.next, limit: pageSize });
    const last = page.at(-1);
    if (!last) return [];
    this.next = last.seq + 1;
    const owed: WalletTransaction[] = [];
    for (const t of this.fold.pushAll(page)) if (this.isOwed(t)) owed.push(t);
    return owed;
  }

  private isOwed(t: WalletTransaction): boolean {
    const after = this.after;
    if (after === null || t.seq > after.seq) return true;
    return t.seq === after.seq && transactionIndex(t.id) > after.n;
  }
}
