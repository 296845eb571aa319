// The floor's view: every table's events arrive interleaved; one settled round per table and round —
// each bet's result in the log's integer minor units — as soon as the round has ended. Its words are
// ./floor-round-words.ts; `--format json` prints it as it is.
import type { StoredEvent } from '../../ports/event-store.js';

export interface FloorBetResult {
  readonly seat: number;
  /** The round machine's hand index (0 is the seat's first hand). */
  readonly hand: number;
  readonly bet: string;
  readonly player: string;
  readonly stake: number;
  readonly outcome: string;
  readonly net: number;
}

export interface FloorRound {
  readonly tableId: string;
  readonly round: number;
  readonly endedAt: string;
  readonly voided: boolean;
  /** The table's money (ISO 4217), from its table file; the log holds amounts only. */
  readonly currency: string;
  readonly results: FloorBetResult[];
}

export class FloorRounds {
  private readonly open = new Map<string, FloorBetResult[]>();

  /** `currencyOf`: a table's currency (its table file's, EUR when the floor has none). */
  constructor(private readonly currencyOf: (tableId: string) => string = () => 'EUR') {}

  /** Feeds one stored event; returns the round it completes, if any. */
  push(event: StoredEvent): FloorRound | null {
    const key = `${event.tableId}#${event.round}`;
    if (event.type === 'bet.settled') {
      const d = event.data as unknown as FloorBetResult;
      const results = this.open.get(key) ?? [];
      results.push({ seat: d.seat, hand: d.hand, bet: d.bet, player: d.player, stake: d.stake, outcome: d.outcome, net: d.net });
      this.open.set(key, results);
      return null;
    }
    if (event.type !== 'round.ended') return null;
    const results = this.open.get(key) ?? [];
    this.open.delete(key);
    const voided = (event.data as { voided?: boolean }).voided === true;
    return { tableId: event.tableId, round: event.round, endedAt: event.wallTime, voided, currency: this.currencyOf(event.tableId), results };
  }
}
