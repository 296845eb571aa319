// Every writer of a table's log keeps the display projections with the table's snapshot, so whoever opens
// the log next — the live table after `shoe run`, a restore from backup — resumes the views from the
// snapshot instead of folding the whole log from seq 1 (docs/live-table.md, "Displays"): the time to the
// first view follows the tail since the last snapshot, not the length of the log.
import type { Logger } from 'pino';
import type { EventStore } from '../../ports/event-store.js';
import type { TableService } from '../table/table-service.js';
import { tableMeta } from './table-meta.js';
import { TableProjections } from './table-projections.js';

export interface ProjectionSettings {
  /** Seconds a player has to decide (the decision timer's). */
  readonly decisionSeconds: number;
  /** The betting countdown's seconds (the table file's `bettingSeconds`), when there is one. */
  readonly bettingSeconds?: number;
  /** The table file's `currency`, for the views' meta. */
  readonly currency?: string;
  readonly logger?: Logger;
}

/** The table's display projections, resumed from its snapshot, saved with each of its snapshots, fed the service's stored events (./table-log.ts). */
export function attachProjections(service: TableService, store: EventStore, settings: ProjectionSettings): TableProjections {
  const { rules, tableId } = service;
  const views = new TableProjections({
    store, tableId, meta: tableMeta(tableId, rules, settings.currency), rules, decisionSeconds: settings.decisionSeconds, live: service, clock: service.clock,
    ...(settings.bettingSeconds !== undefined ? { bettingSeconds: settings.bettingSeconds } : {}),
    ...(settings.logger ? { logger: settings.logger } : {}),
  }, service.loadedSnapshotParts['views']);
  service.addSnapshotPart('views', () => views.snapshot());
  views.start();
  return views;
}
