// A table on a SQLite log opened the way the runtime opens it (src/composition/table-runtime.ts): the log
// guard first, then the table service, then anchoring — without the shoe link and web server, so tests
// and child processes can drive a table with a recorded session.
import { pino } from 'pino';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import type { Clock } from '../../src/ports/clock.js';
import { TableService } from '../../src/app/table/table-service.js';
import { guardTableLog, type AcceptLogBehindAnchor, type LogGuard } from '../../src/composition/log-guard.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { parseTableConfig, type TableConfig } from '../../src/config/table-config.js';

export const silent = pino({ level: 'silent' });

export interface AnchoredTable {
  readonly service: TableService;
  readonly store: SqliteEventStore;
  readonly guard: LogGuard;
  close(): Promise<void>;
}

export interface AnchoredTableOptions {
  readonly key?: Buffer;
  readonly natsUrl?: string;
  readonly accept?: AcceptLogBehindAnchor;
  readonly snapshotEvery?: number;
  readonly anchorEveryEvents?: number;
  /** The table's clock (default: a stepping clock). */
  readonly clock?: Clock;
}

export async function openAnchoredTable(db: string, tableId: string, options: AnchoredTableOptions = {}): Promise<AnchoredTable> {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0, ...(options.key ? { macKey: options.key } : {}) });
  try {
    const guard = await guardTableLog({
      tableId,
      dbPath: store.pathFor(tableId),
      logger: silent,
      ...(options.key ? { key: options.key } : {}),
      ...(options.natsUrl ? { natsUrl: options.natsUrl } : {}),
      ...(options.accept ? { acceptBehindAnchor: options.accept } : {}),
      ...(options.anchorEveryEvents ? { anchorEveryEvents: options.anchorEveryEvents } : {}),
    });
    const service = await TableService.open({ tableId, rules, rulesId, store, clock: options.clock ?? steppingClock(), ...(options.snapshotEvery !== undefined ? { snapshotEvery: options.snapshotEvery } : {}) });
    await guard.afterOpen(service, store);
    return {
      service,
      store,
      guard,
      async close() {
        service.close();
        await guard.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** A table file for `startTable` / `shoe start` on this database. */
export function tableConfigFor(db: string, tableId: string, extra: Record<string, unknown> = {}): TableConfig {
  return parseTableConfig({ id: tableId, rules: 'six-deck', store: { path: db, ...(extra['store'] as object | undefined) }, http: { port: 0 }, roles: {}, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'store')) }, 'test');
}
