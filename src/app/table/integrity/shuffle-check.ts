// The shuffle check at a live table: every card out of the shoe, once durable, goes through a
// ShuffleWatch; an alarm becomes an `integrity.shuffle` note on the log (shown to the supervisor, logged at
// ERROR) and, when the table file says so, a supervisor pause input on the log. Start-up reads back from
// the log's head only as far as the previous shoe's load, so its cost does not grow with the history.
import type { Logger } from 'pino';
import type { EventStore, StoredEvent } from '../../../ports/event-store.js';
import { SHUFFLE_ALARM_RECORD, isInputRecord, recordedInput } from '../../audit/log-records.js';
import { LOG_PAGE, readLogBackwards } from '../../audit/read-log-pages.js';
import type { TableService } from '../table-service.js';
import { ShuffleWatch, type ShuffleAlarm } from './shuffle-watch.js';

const CARD_CODE = /^(?:[2-9TJQKA]|10)[SHDC]$/;

export interface ShuffleCheckOptions {
  readonly service: TableService;
  readonly store: EventStore;
  /** Cards in a run that raise the alarm (default 8). */
  readonly runLength?: number;
  /** Pause the table on an alarm (default: alarm only). */
  readonly pause?: boolean;
  readonly logger?: Logger;
}

export interface ShuffleCheck {
  stop(): void;
}

/** The card a stored event says came out of the shoe, if any. */
function cardOut(event: StoredEvent): string | null {
  if (!isInputRecord(event)) return null;
  const { input } = recordedInput(event);
  if (input.type !== 'card') return null;
  const card = input.card.replace(/^10/, 'T');
  return CARD_CODE.test(input.card) ? card : null;
}

/** The cards of the current shoe and of the one before it, read back from the head a page at a time. */
export async function recentShoes(store: EventStore, tableId: string, head: number, page = LOG_PAGE): Promise<{ previous: string[]; current: string[] }> {
  const shoes: string[][] = [[]];
  for await (const event of readLogBackwards(store, tableId, head, page)) {
    if (event.type === 'shoe.loaded' && shoes.push([]) > 2) break;
    const card = cardOut(event);
    if (card !== null) shoes.at(-1)?.unshift(card);
  }
  return { current: shoes[0] ?? [], previous: shoes[1] ?? [] };
}

export async function startShuffleCheck(options: ShuffleCheckOptions): Promise<ShuffleCheck> {
  const { service, store, logger } = options;
  const runLength = options.runLength ?? 8;
  const watch = ShuffleWatch.restore(await recentShoes(store, service.tableId, service.position), runLength);
  const raise = (alarm: ShuffleAlarm) => {
    logger?.error({ tableId: service.tableId, alarm: alarm.kind, run: alarm.run, at: alarm.at }, `integrity alarm: ${alarm.text}`);
    service.track('shuffle check (alarm note)', service.recordNote(SHUFFLE_ALARM_RECORD, { ...alarm }));
    if (options.pause) {
      service.track('shuffle check (pause)', service.submit({ type: 'supervisor', action: 'pause', by: 'shuffle-check', reason: alarm.text }, { source: 'system', by: 'shuffle-check' }));
    }
  };
  const stop = service.react('shuffle check', (event) => {
    if (event.type === 'shoe.loaded') return watch.newShoe();
    const card = cardOut(event);
    if (card !== null) for (const alarm of watch.observe(card)) raise(alarm);
  });
  return { stop };
}
