// The table's web server as the composition builds it: the web adapter (src/adapters/web/create-web-server.ts)
// given the application's services through its ports — the table service for the commands
// (src/ports/table-commands.ts), the log's reads for the API's answers (src/ports/table-reads.ts) and the
// displays' views: the caller's (the runtime's projections), or projections of the store started for this
// server alone and stopped when it closes (./audience-views.ts).
import type { FastifyInstance } from 'fastify';
import { createWebServer, type WebServerOptions } from '../adapters/web/create-web-server.js';
import { TableReadsOnLog } from '../app/audit/table-reads-on-log.js';
import { tableMeta } from '../app/displays/table-meta.js';
import type { TableService } from '../app/table/table-service.js';
import type { EventStore } from '../ports/event-store.js';
import type { AudienceViewSource } from '../ports/shared-view.js';
import { startedProjections } from './audience-views.js';
import { realClock } from '../adapters/clock/real-clock.js';

/** The parts of the table service the web server and its own projections use. */
export type TableHandle = Pick<TableService, 'submit' | 'refuseCommand' | 'table' | 'phase' | 'position' | 'rules' | 'tableId' | 'halted' | 'fault$' | 'events$'>;

export interface TableWebServerOptions extends Omit<WebServerOptions, 'service' | 'reads' | 'views' | 'ownViews'> {
  readonly service: TableHandle;
  readonly store: EventStore;
  /** The id of the rule set the table runs (`service.rules`): a round's transactions then need not read the log for it. */
  readonly rulesId?: string;
  /** The displays' views; default: projections of `store` started here (and stopped when the server closes). */
  readonly views?: AudienceViewSource;
}

export function createTableWebServer(options: TableWebServerOptions): FastifyInstance {
  const { service, store, rulesId, views, ...web } = options;
  const reads = new TableReadsOnLog(store, service.tableId, {
    currency: web.config.currency,
    ...(rulesId !== undefined ? { rules: { id: rulesId, handsPerBox: service.rules.boxes.handsPerBox } } : {}),
  });
  if (views) return createWebServer({ ...web, service, reads, views });
  const own = startedProjections(service, store, tableMeta(service.tableId, service.rules, web.config.currency), { decision: web.decisionSeconds, betting: web.config.bettingSeconds }, web.clock ?? realClock(), web.logger);
  return createWebServer({ ...web, service, reads, views: own, ownViews: own });
}
