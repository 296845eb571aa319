// The JetStream KV anchor as the log guard (log-guard.ts) holds it: the KV on a NATS connection of its own,
// opened at start-up within a timeout. NATS unreachable is a warning, not a failure: the table starts and the
// KV is neither checked nor written that run (docs/audit.md, anchors).
import type { Logger } from 'pino';
import { connect, type NatsConnection } from 'nats';
import type { LogAnchor } from '../ports/log-anchor.js';
import { AnchorKv } from '../adapters/store/anchor-kv.js';
import { natsTrouble } from '../adapters/store/nats-trouble.js';
import { natsServers } from '../adapters/store/nats-servers.js';

export class KvHandle {
  constructor(readonly connection: NatsConnection, readonly kv: AnchorKv) {}
  newest(tableId: string): Promise<LogAnchor | undefined> {
    return this.kv.newest(tableId);
  }
  sourceOf(tableId: string): string {
    return this.kv.sourceOf(tableId);
  }
  put(anchor: LogAnchor): Promise<void> {
    return this.kv.put(anchor);
  }
  async close(): Promise<void> {
    await this.connection.close().catch(() => undefined);
  }
}

export async function openKv(url: string, timeoutMs: number, logger: Logger, replicas = 1): Promise<KvHandle | null> {
  try {
    const connection = await connect({ servers: natsServers(url), timeout: timeoutMs, maxReconnectAttempts: -1 });
    try {
      return new KvHandle(connection, await AnchorKv.open(connection, { timeoutMs, replicas }));
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  } catch (err) {
    logger.warn({ err, url }, `${natsTrouble(url, err)}; the KV anchor is neither checked nor written this run`);
    return null;
  }
}
