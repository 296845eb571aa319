// The table's OpenAPI document as /openapi.json serves it, made without a running table: a web server over
// an empty in-memory log, asked for its document (the routes' own schemas, src/adapters/web/schemas/).
// `npm run docs:openapi` writes it to docs/openapi.json; test/adapters/web/api-contract.test.ts fails when they drift.
import { pino } from 'pino';
import { MemoryEventStore } from '../adapters/store/memory-event-store.js';
import { steppingClock } from '../adapters/clock/stepping-clock.js';
import { OPENAPI_PATH } from '../adapters/web/api-contract.js';
import { createTableWebServer } from './table-web-server.js';
import { TableService } from '../app/table/table-service.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { parseTableConfig } from '../config/table-config.js';

/** The table id the document's title names. */
export const DOCUMENT_TABLE_ID = 'table';

export async function tableOpenApiDocument(): Promise<object> {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: DOCUMENT_TABLE_ID, rules, rulesId, store, clock: steppingClock() });
  const config = parseTableConfig({ id: DOCUMENT_TABLE_ID, rules: 'six-deck', roles: {} }, 'openapi-document');
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), clock: service.clock });
  try {
    await app.ready();
    const response = await app.inject({ url: OPENAPI_PATH });
    return response.json() as object;
  } finally {
    await app.close();
    service.close();
    await store.close();
  }
}
