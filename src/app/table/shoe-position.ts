// The last shoe sequence number on a table's log: where the shoe link resumes after a restart
// (firmware-protocol/PROTOCOL.md §8.2). Every writer keeps it with the table's snapshot, so finding it on
// start-up reads only the tail since the last snapshot — the time to open a table follows that tail, not the
// length of the log (docs/audit.md, "Start-up checks"). A snapshot saved before it was kept falls back to a
// read backwards from the head, a page at a time, to the last shoe input.
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import { LOG_PAGE } from '../audit/read-log-pages.js';
import { isInputRecord, recordedInput } from '../audit/log-records.js';
import type { TableService } from './table-service.js';

/** The snapshot part that holds the last shoe sequence number (TableService.addSnapshotPart). */
const SNAPSHOT_PART = 'shoeSeq';

/** The shoe sequence number an event carries: a shoe input's origin, or a link note about a shoe message. */
export function shoeSeqOf(e: StoredEvent): number | undefined {
  if (isInputRecord(e)) return recordedInput(e).origin.shoeSeq;
  return e.type === 'shoe.message' ? (e.data as { shoeSeq?: number }).shoeSeq : undefined;
}

/** The last shoe sequence number between `from` and `head` (inclusive), read backwards a page at a time; undefined when none. */
export async function lastShoeSeqSince(store: EventStore, tableId: string, head: number, from = 1, page = LOG_PAGE): Promise<number | undefined> {
  for (let to = head; to >= from; to -= page) {
    const start = Math.max(from, to - page + 1);
    const events = await store.read(tableId, { from: start, limit: to - start + 1 });
    for (let i = events.length - 1; i >= 0; i--) {
      const seq = shoeSeqOf(events[i] as StoredEvent);
      if (seq !== undefined) return seq;
    }
  }
  return undefined;
}

/** The last shoe sequence number on the whole log (0 when the shoe never spoke). */
export async function lastShoeSeq(store: EventStore, tableId: string, head: number, page = LOG_PAGE): Promise<number> {
  return (await lastShoeSeqSince(store, tableId, head, 1, page)) ?? 0;
}

/**
 * Follows the table's last shoe sequence number from the moment the table was opened and saves it with each
 * snapshot. Resolves to a reader of the current value.
 */
export async function attachShoePosition(service: TableService, store: EventStore): Promise<() => number> {
  let live: number | undefined;
  service.react('shoe position', (e) => {
    const seq = shoeSeqOf(e);
    if (seq !== undefined) live = seq;
  });
  const saved = service.loadedSnapshotParts[SNAPSHOT_PART];
  const from = typeof saved === 'number' ? service.loadedSnapshotAt + 1 : 1;
  const onLog = (await lastShoeSeqSince(store, service.tableId, service.position, from)) ?? (typeof saved === 'number' ? saved : 0);
  service.addSnapshotPart(SNAPSHOT_PART, () => live ?? onLog);
  return () => live ?? onLog;
}
