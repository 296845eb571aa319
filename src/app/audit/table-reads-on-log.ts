// What the table's API reads of the table (src/ports/table-reads.ts), from its log: the recall and a round's
// transactions through one round index for the reader's life (a store without its own round index is indexed
// incrementally, src/app/audit/round-index.ts), and each rule set read from the log at most once (the
// table's own is known from the start: ./hands-per-box-on-log.ts).
import type { EventStore, StoredEvent, StreamId } from '../../ports/event-store.js';
import type { RoundIndex } from '../../ports/round-index.js';
import type { TableReads } from '../../ports/table-reads.js';
import type { ViewFact } from '../../ports/view-facts.js';
import { publicFacts } from '../displays/public-redaction.js';
import type { WalletTransaction } from '../money/wallet-transaction.js';
import { HandsPerBoxOnLog } from './hands-per-box-on-log.js';
import { recallLastRounds, type RecalledRound } from './recall-rounds.js';
import { roundIndexOf } from './round-index.js';
import { roundTransactions } from './round-transactions.js';

export interface TableReadsOptions {
  /** ISO 4217 code of the table's money (the table file's `currency`). */
  readonly currency: string;
  /** The rule set the table runs, when known: its id and the hands a box is dealt under it. */
  readonly rules?: { readonly id: string; readonly handsPerBox: number };
}

export class TableReadsOnLog implements TableReads {
  private readonly index: RoundIndex;
  private readonly handsPerBox: HandsPerBoxOnLog;

  constructor(private readonly store: EventStore, private readonly tableId: StreamId, private readonly options: TableReadsOptions) {
    this.index = roundIndexOf(store);
    this.handsPerBox = new HandsPerBoxOnLog(options.rules ? [[options.rules.id, options.rules.handsPerBox]] : []);
  }

  publicFacts(stored: readonly StoredEvent[]): ViewFact[] {
    return publicFacts(stored);
  }

  recall(rounds?: number): Promise<RecalledRound[]> {
    return recallLastRounds(this.store, this.tableId, rounds, this.index);
  }

  roundTransactions(round: number): Promise<WalletTransaction[] | undefined> {
    return roundTransactions(this.store, this.tableId, round, { currency: this.options.currency, index: this.index, rules: this.handsPerBox });
  }
}
