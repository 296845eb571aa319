// Port: what the table's API reads of the table beyond its displays' views (docs/web-api.md) — a command's
// facts as the public may see them, the supervisor's recall of the last rounds, a round's wallet
// transactions. The application reads them from the log (src/app/audit/table-reads-on-log.ts); the
// composition hands them to the web server (src/composition/table-web-server.ts). The recalled rounds and
// the transactions go out as the routes' response schemas say (src/adapters/web/schemas/): the web server
// sends them and looks at nothing inside them.
import type { StoredEvent } from './event-store.js';
import type { ViewFact } from './view-facts.js';

export interface TableReads {
  /** Stored events in log order as the public may see them (src/app/displays/public-redaction.ts). */
  publicFacts(stored: readonly StoredEvent[]): readonly ViewFact[];
  /** The last `rounds` dealt rounds step by step (default: the recall's own number; src/app/audit/recall-rounds.ts `RecalledRound`). */
  recall(rounds?: number): Promise<readonly object[]>;
  /** A round's wallet transactions in log order (src/app/money/wallet-transaction.ts); undefined when the log has no such round. */
  roundTransactions(round: number): Promise<readonly object[] | undefined>;
}
