// The settlement feed's acknowledgements on the log (docs/event-log.md, "Settlement feed"): a `feed.delivered`
// note says that the receiver of one target acknowledged every transaction up to and including `id` (of the
// fact at `seq`, in round `round`). It is a note, not a fact: it changes nothing at the table, replays and
// verifies like every note, and is written for a batch of deliveries (`count` of them since the note before),
// so the log does not grow by a record per transaction. A restarted table resumes after the last one.
import type { EventStore, StoredEvent, StreamId } from '../../ports/event-store.js';
import type { FeedTarget } from '../../ports/settlement-feed.js';
import { LOG_PAGE } from '../audit/read-log-pages.js';

export const FEED_DELIVERED_RECORD = 'feed.delivered';

export type FeedDeliveredNote = {
  readonly target: FeedTarget;
  /** The last transaction acknowledged (`<table>:<seq>:<n>`). */
  readonly id: string;
  /** Its fact's log position and round. */
  readonly seq: number;
  readonly round: number;
  /** Deliveries acknowledged since the previous note of this target. */
  readonly count: number;
};

/** Recall's words for the note (src/app/audit/recall-story.ts). */
export function feedDeliveredWords(note: FeedDeliveredNote): string {
  return `Settlement feed (${note.target}): delivered through transaction ${note.id} (${note.count} since the last note).`;
}

/** The transaction's place among its fact's transactions (the `n` of `<table>:<seq>:<n>`). */
export function transactionIndex(id: string): number {
  return Number(id.slice(id.lastIndexOf(':') + 1));
}

function isNoteOf(event: StoredEvent, target: FeedTarget): boolean {
  return event.type === FEED_DELIVERED_RECORD && (event.data as { target?: unknown }).target === target;
}

/**
 * The last `feed.delivered` note of `target`, searched backwards from the log's head a page at a time, with a
 * turn of the event loop between pages (`turn`) so that a long search never holds up the table. With a feed
 * that keeps up, it is a few events from the head; after an outage it is as far back as the feed was behind,
 * and the feed then reads those events again anyway to send what they owe. A log with no such note (a feed
 * newly configured) is read back to seq 1, and the feed then delivers from seq 1.
 */
export async function lastDelivered(store: EventStore, tableId: StreamId, target: FeedTarget, turn: () => Promise<void>, pageSize = LOG_PAGE): Promise<FeedDeliveredNote | null> {
  const { version } = await store.head(tableId);
  for (let to = version; to >= 1; to -= pageSize) {
    const from = Math.max(1, to - pageSize + 1);
    const page = await store.read(tableId, { from, limit: to - from + 1 });
    for (let i = page.length - 1; i >= 0; i--) {
      const event = page[i] as StoredEvent;
      if (isNoteOf(event, target)) return event.data as unknown as FeedDeliveredNote;
    }
    await turn();
  }
  return null;
}
