// Rounds findable by number for any event store. A store that keeps its own round index
// (SQLite: src/adapters/store/sqlite-round-index.ts) answers itself; for the others (the memory store,
// a NATS log) an index is kept in this process and brought up to date incrementally: each query reads
// only the events appended since the last one, a page at a time with a turn for the event loop between pages.
import type { EventStore } from '../../ports/event-store.js';
import { DEALT_ROUND_TYPES, type RoundIndex, type RoundSpan } from '../../ports/round-index.js';

const PAGE = 1000;

export class IncrementalRoundIndex implements RoundIndex {
  private readonly spans = new Map<string, Map<number, { round: number; firstSeq: number; lastSeq: number; dealt: boolean }>>();
  private readonly indexedTo = new Map<string, number>();

  constructor(private readonly store: EventStore) {}

  private async catchUp(streamId: string): Promise<Map<number, RoundSpan & { dealt: boolean }>> {
    let spans = this.spans.get(streamId);
    if (!spans) {
      spans = new Map();
      this.spans.set(streamId, spans);
    }
    for (;;) {
      const from = (this.indexedTo.get(streamId) ?? 0) + 1;
      const page = await this.store.read(streamId, { from, limit: PAGE });
      for (const event of page) {
        this.indexedTo.set(streamId, event.seq);
        if (event.round <= 0) continue;
        const span = spans.get(event.round);
        const dealt = DEALT_ROUND_TYPES.includes(event.type);
        if (span) {
          span.firstSeq = Math.min(span.firstSeq, event.seq);
          span.lastSeq = Math.max(span.lastSeq, event.seq);
          span.dealt ||= dealt;
        } else spans.set(event.round, { round: event.round, firstSeq: event.seq, lastSeq: event.seq, dealt });
      }
      if (page.length < PAGE) return spans;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  async lastDealtRounds(streamId: string, last: number): Promise<RoundSpan[]> {
    const spans = await this.catchUp(streamId);
    return [...spans.values()].filter((s) => s.dealt).sort((a, b) => a.firstSeq - b.firstSeq).slice(-last).map((s) => ({ ...s }));
  }

  async roundSpan(streamId: string, round: number): Promise<RoundSpan | undefined> {
    const span = (await this.catchUp(streamId)).get(round);
    return span ? { ...span } : undefined;
  }
}

function hasOwnIndex(store: EventStore): store is EventStore & RoundIndex {
  const index = store as Partial<RoundIndex>;
  return typeof index.lastDealtRounds === 'function' && typeof index.roundSpan === 'function';
}

/** The store's own round index, or one kept in this process. */
export function roundIndexOf(store: EventStore): RoundIndex {
  return hasOwnIndex(store) ? store : new IncrementalRoundIndex(store);
}
