// The table's place on the floor (docs/operations.md, "NATS is the floor's, not the table's"): the floor
// link connects in the background and never holds up the table; when it comes, the JetStream replica of the
// log, the display views' fan-out and the KV anchor start on it, catching up from the durable log.
import type { Logger } from 'pino';
import type { NatsConnection } from 'nats';
import type { TableConfig } from '../config/table-config.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock } from '../ports/clock.js';
import type { TableProjections } from '../app/displays/table-projections.js';
import { JetStreamReplicator } from '../adapters/store/jetstream-replicator.js';
import { LiveEventPublisher } from '../adapters/store/live-event-publisher.js';
import { NatsViewPublisher } from '../adapters/view-fanout/nats-view-publisher.js';
import { TableHeartbeat } from '../adapters/floor/table-heartbeat.js';
import { FloorLink } from './floor-link.js';

export interface TableFloorOptions {
  /** One server or the cluster's nodes, comma-separated. */
  readonly url: string;
  /** Copies JetStream keeps of the streams this table creates (the table file's nats.replicas). */
  readonly replicas: number;
  readonly tableId: TableConfig['id'];
  readonly store: EventStore;
  readonly views: TableProjections;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The log guard's KV anchor, told of every (re)connection. */
  readonly floorConnected: (connection: NatsConnection) => Promise<void>;
}

export interface TableFloor {
  readonly link: FloorLink;
  /** The view fan-out, the replica, then the connection. */
  close(): Promise<void>;
}

/** Starts connecting (in the background: it returns once the first attempt is under way). */
export async function startTableFloor(options: TableFloorOptions): Promise<TableFloor> {
  const { tableId, store, views, logger: log } = options;
  let replicator: JetStreamReplicator | null = null;
  let viewPublisher: NatsViewPublisher | null = null;
  let liveEvents: LiveEventPublisher | null = null;
  let heartbeat: TableHeartbeat | null = null;
  const link = new FloorLink({
    url: options.url,
    logger: log,
    clock: options.clock,
    onConnected: async (connection) => {
      const replica = new JetStreamReplicator({ source: store, tableId, connection, clock: options.clock, logger: log, jetstream: { replicas: options.replicas } });
      // The public and dealer views fan out through NATS to display gateways (`shoe displays`).
      const publisher = new NatsViewPublisher({ tableId, views, connection, clock: options.clock, logger: log, replicas: options.replicas });
      // Each event stored also goes at once on core NATS, for the pit console while a stream elects a leader
      // (docs/adr/0016-a-live-path-beside-the-durable-copy.md); the replica stays the durable copy.
      const live = new LiveEventPublisher({ source: store, tableId, connection, logger: log });
      try {
        await publisher.start();
        await live.start();
        replica.start();
      } catch (err) {
        publisher.stop();
        live.stop();
        throw err;
      }
      liveEvents = live;
      replicator = replica;
      viewPublisher = publisher;
      // The table's heartbeat: gateways and the pit console call it stale when it stops (table-heartbeat.ts).
      heartbeat = new TableHeartbeat({ connection, tableId, clock: options.clock, positions: () => ({ logSeq: replica.status.sourceSeq, replicatedSeq: replica.status.replicatedSeq }) });
      heartbeat.start();
      await options.floorConnected(connection);
    },
    onReconnected: (connection) => void options.floorConnected(connection),
  });
  await link.start();
  return {
    link,
    async close() {
      heartbeat?.stop();
      viewPublisher?.stop();
      liveEvents?.stop();
      await replicator?.stop();
      await link.close();
    },
  };
}
