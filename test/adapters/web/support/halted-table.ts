// A web table whose disk fills while it deals (docs/operations.md, "Storage faults"): seat 2 has the next
// card when the store starts failing its appends as the SQLite store does on a full disk, and the shoe's
// card halts the table. `disk.full = false` gives the space back. The log lines are kept for the test.
import { expect } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../../src/composition/table-web-server.js';
import { startedProjections } from '../../../../src/composition/audience-views.js';
import { AppendMetrics } from '../../../../src/adapters/web/table-health.js';
import { tableHealth } from '../../../../src/composition/table-health.js';
import { tableMeta } from '../../../../src/app/displays/table-meta.js';
import type { DealerView } from '../../../../src/app/displays/dealer-projection.js';
import type { TableService } from '../../../../src/app/table/table-service.js';
import { TABLE_ID, config, loadShoe, openTable, rules, shoe } from './table-fixture.js';

export interface LogLine { level: number; msg: string; [field: string]: unknown }

export interface HaltedTable {
  readonly app: FastifyInstance;
  readonly service: TableService;
  /** http://127.0.0.1:<port> when listening. */
  readonly url: string;
  readonly lines: LogLine[];
  /** Every view the dealer's displays were sent. */
  readonly dealerViews: DealerView[];
  readonly disk: { full: boolean };
  close(): Promise<void>;
}

/** The SQLite store's error on a full disk: one line naming the file, SQLite's own error as its cause. */
export function diskFull(): Error {
  const sqlite = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  return new Error(`/data/tables/${TABLE_ID}.db: the disk is full (database or disk is full)`, { cause: sqlite });
}

export async function haltedTable(options: { listen?: boolean } = {}): Promise<HaltedTable> {
  const { store, service } = await openTable(options.listen ? 'system' : 'stepping');
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  const views = startedProjections(service, store, tableMeta(TABLE_ID, rules), { decision: 15 }, service.clock, logger);
  // Health as the runtime judges it (/readyz, the pages' alarm line): the halt makes the log not writable.
  const health = tableHealth({ store, tableId: TABLE_ID, link: () => null, appends: new AppendMetrics(), halted: () => service.halted });
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger, views, health });
  await app.ready();
  const url = options.listen ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
  await loadShoe(service);
  await service.submit({ type: 'bet', seat: 2, player: 'ben', amount: 1000 }, { source: 'api', by: 'online-gs' });
  await service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer-ann' });
  await views.ready();
  const dealerViews: DealerView[] = [];
  const watching = views.views$('dealer').subscribe((shared) => dealerViews.push(shared.view as DealerView));
  expect(dealerViews.at(-1)?.instruction).toMatchObject({ kind: 'cardToSeat', seat: 2, text: 'Card to seat 2' });
  const append = store.append.bind(store);
  const disk = { full: true };
  store.append = async (...args) => {
    if (disk.full) throw diskFull();
    return append(...args);
  };
  await expect(service.submit(shoe('TH'), { source: 'shoe' })).rejects.toThrow(/table halted/);
  return {
    app, service, url, lines, dealerViews, disk,
    async close() {
      watching.unsubscribe();
      await app.close();
      views.stop();
      service.close();
    },
  };
}
