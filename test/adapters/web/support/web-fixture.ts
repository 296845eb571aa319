// The web server over a fresh in-memory table, built (inject) or listening on 127.0.0.1:0.
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../../src/composition/table-web-server.js';
import type { MemoryEventStore } from '../../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../../src/app/table/table-service.js';
import type { StoredEvent } from '../../../../src/ports/event-store.js';
import { TABLE_ID, config, openTable } from './table-fixture.js';

export const DECISION_SECONDS = 15;

export interface WebTable {
  readonly app: FastifyInstance;
  readonly store: MemoryEventStore;
  readonly service: TableService;
  /** http://127.0.0.1:<port> when listening. */
  readonly url: string;
  /** The events stored after `seq`. */
  eventsAfter(seq: number): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

/** `shedDisplaysAtMs` and `shedSampleMs`: createWebServer's shedding, for tests that make the table busy;
 *  `botSeats`: the seats a demo's bot plays. */
export async function webTable(options: { listen?: boolean; clock?: 'stepping' | 'system'; shedDisplaysAtMs?: number; shedSampleMs?: number; botSeats?: readonly number[] } = {}): Promise<WebTable> {
  const { store, service } = await openTable(options.clock ?? 'stepping');
  const { shedDisplaysAtMs, shedSampleMs } = options;
  const app = createTableWebServer({
    service, store, config, decisionSeconds: DECISION_SECONDS, logger: pino({ level: 'silent' }),
    ...(shedDisplaysAtMs !== undefined ? { shedDisplaysAtMs } : {}),
    ...(shedSampleMs !== undefined ? { shedSampleMs } : {}),
    ...(options.botSeats ? { botSeats: options.botSeats } : {}),
  });
  await app.ready();
  const url = options.listen ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
  return {
    app,
    store,
    service,
    url,
    eventsAfter: async (seq) => store.read(TABLE_ID, { from: seq + 1 }),
    close: async () => {
      await app.close();
      service.close();
      await store.close();
    },
  };
}
