// Whether a table rebuilt from its log waits, paused, on a restart: its open pause is the one a recovery
// made when it found a round interrupted (the round machine's `table.recovered` with `interrupted: true`,
// then `table.paused` by the system: src/round/round-actions.ts). A table restarted again before that pause
// was lifted records `interrupted: false` (it was already paused), yet the round still waits for the same
// resume; this tells both apart from a pause a supervisor, a fault or a session made.
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import { readLogBackwards } from '../audit/read-log-pages.js';

/**
 * Read newest first from the head: the first pause or resume met decides. Only a table that is paused
 * now should ask (a table never paused has no pause to find, and the scan would reach seq 1); it stops
 * at its latest pause.
 */
export async function pausedByARestart(store: EventStore, tableId: string): Promise<boolean> {
  const { version } = await store.head(tableId);
  let later: StoredEvent | undefined;
  for await (const e of readLogBackwards(store, tableId, version)) {
    if (later?.type === 'table.paused') return e.type === 'table.recovered' && (e.data as { interrupted?: boolean }).interrupted === true;
    if (e.type === 'table.resumed') return false;
    later = e;
  }
  return false;
}
