// Where the web server's displays get their views: the table's shared projections (one per audience,
// src/app/displays/table-projections.ts) unless the caller brings its own source (the runtime's, whose
// state is saved with the table's snapshots; a NATS gateway's copy).
import { TableProjections } from '../app/displays/table-projections.js';
import type { TableMeta } from '../app/displays/table-meta.js';
import type { Logger } from 'pino';
import type { EventStore } from '../ports/event-store.js';
import type { Clock } from '../ports/clock.js';
import type { TableHandle } from './table-web-server.js';

/** Projections of the table's log for its displays, started (catching up from seq 1: no snapshot here). */
export function startedProjections(service: TableHandle, store: EventStore, meta: TableMeta, seconds: { decision: number; betting?: number }, clock: Clock, logger?: Logger): TableProjections {
  const projections = new TableProjections({
    store, tableId: service.tableId, meta, rules: service.rules, decisionSeconds: seconds.decision, live: service, clock,
    ...(seconds.betting !== undefined ? { bettingSeconds: seconds.betting } : {}), ...(logger ? { logger } : {}),
  });
  projections.start();
  return projections;
}
