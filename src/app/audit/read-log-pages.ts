// Reading a table's log a page at a time (no command whose memory grows with the log):
// forwards from a position, or backwards from the head for "the last X on the log".
import type { EventStore, StoredEvent, StreamId } from '../../ports/event-store.js';

export const LOG_PAGE = 1000;

/** Pages of events in seq order from `from` (inclusive) to the end of the log as it is when reached. */
export async function* readLogPages(store: EventStore, tableId: StreamId, from = 1, pageSize = LOG_PAGE): AsyncGenerator<readonly StoredEvent[]> {
  for (let next = from; ; ) {
    const page = await store.read(tableId, { from: next, limit: pageSize });
    const last = page.at(-1);
    if (!last) return;
    yield page;
    if (page.length < pageSize) return;
    next = last.seq + 1;
  }
}

/** Events newest first, from `head` (the log's version) down to seq 1, read a page at a time. */
export async function* readLogBackwards(store: EventStore, tableId: StreamId, head: number, pageSize = LOG_PAGE): AsyncGenerator<StoredEvent> {
  for (let to = head; to >= 1; to -= pageSize) {
    const from = Math.max(1, to - pageSize + 1);
    const page = await store.read(tableId, { from, limit: to - from + 1 });
    for (let i = page.length - 1; i >= 0; i--) yield page[i] as StoredEvent;
  }
}
