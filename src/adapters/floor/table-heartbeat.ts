// A table's heartbeat on the floor: every second, on the core NATS subject `tables.<id>.alive` (no
// JetStream: it must pass while a stream elects its leader), how far the table's log is and how far its
// JetStream copy. Whoever watches the floor (the gateways, the pit console: ./table-liveness.ts) calls a
// table stale when its heartbeat stops — the table process is gone, or cut off from NATS — or when its copy
// stays behind its log (the replica cannot publish). A heartbeat is a few dozen bytes a second per table.
import type { NatsConnection } from 'nats';
import type { Clock, TimerHandle } from '../../ports/clock.js';

export const HEARTBEAT_EVERY_MS = 1000;

export function heartbeatSubject(tableId: string): string {
  return `tables.${tableId}.alive`;
}

/** What a heartbeat says. */
export interface Heartbeat {
  readonly tableId: string;
  /** The last event on the table's log. */
  readonly logSeq: number;
  /** The last event its JetStream copy holds. */
  readonly replicatedSeq: number;
  /** The table's wall time when it was sent (ISO). */
  readonly at: string;
}

export interface TableHeartbeatOptions {
  readonly connection: NatsConnection;
  readonly tableId: string;
  readonly clock: Clock;
  /** The log's and the copy's positions now (the replicator's status). */
  readonly positions: () => { readonly logSeq: number; readonly replicatedSeq: number };
  readonly everyMs?: number;
}

export class TableHeartbeat {
  private timer: TimerHandle | undefined;
  private stopped = false;

  constructor(private readonly options: TableHeartbeatOptions) {}

  start(): void {
    this.beat();
  }

  private beat(): void {
    if (this.stopped) return;
    const { connection, tableId, clock } = this.options;
    const heartbeat: Heartbeat = { tableId, ...this.options.positions(), at: new Date(clock.wallNow()).toISOString() };
    // A publish on a connection that is reconnecting is buffered by nats.js; on a closed one it throws.
    if (!connection.isClosed()) connection.publish(heartbeatSubject(tableId), JSON.stringify(heartbeat));
    this.timer = clock.setTimeout(() => this.beat(), this.options.everyMs ?? HEARTBEAT_EVERY_MS, { unref: true });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
  }
}
