// The live path of a table's events (docs/adr/0016-a-live-path-beside-the-durable-copy.md): each event, once
// the SQLite log has it (the store's append notification comes after the commit: persist, then act), is
// published on core NATS at `live.<prefix>.<tableId>.events` — a subject no stream holds. Core NATS hands a
// message to every subscriber of its subject whether or not a stream could store it, so the pit console
// sees an event while the table's stream elects a leader (nats-server 2.9.10: 4-9 s after its leader is
// lost). Never blocks the table: `publish` only buffers (nats.js sends it in the background, and keeps it
// across a reconnection); what is lost on the way the console reads from JetStream, the source of truth
// (./jetstream-replicator.ts). Events stored before `start()` are not sent here: the replica brings them.
// What the node the table was connected to had not passed on when it was lost is lost with it, and the
// console would wait for the replica's copy to fill that gap; so when the connection is made again (to
// another node) the last events sent (up to `resendOnReconnect`) are sent again — the console applies each once.
// A console that finds a gap (its own node lost, it missed what passed while it reconnected) asks on
// `live.<prefix>.<tableId>.resend` with the seq it needs; the events from it that are still kept go again.
import type { NatsConnection, Subscription as NatsSubscription } from 'nats';
import type { Subscription } from 'rxjs';
import type { EventStore } from '../../ports/event-store.js';
import { encodeEvent } from './jetstream-log.js';
import { watchReconnections, type ReconnectionWatch } from './nats-reconnections.js';

/** Where a table's events go on the live path (`prefix`: the JetStream subjects' first token). */
export function liveEventSubject(subjectPrefix: string, tableId: string): string {
  return `live.${subjectPrefix}.${tableId}.events`;
}

/** Where a console asks a table to send its kept events again from a seq (the body: the seq). */
export function liveResendSubject(subjectPrefix: string, tableId: string): string {
  return `live.${subjectPrefix}.${tableId}.resend`;
}

/** Every table's live events under a prefix. */
export function liveEventPattern(subjectPrefix: string): string {
  return `live.${subjectPrefix}.*.events`;
}

export interface LiveEventPublisherOptions {
  readonly source: EventStore;
  readonly tableId: string;
  readonly connection: NatsConnection;
  /** The JetStream subjects' first token (JetStreamLogOptions.subjectPrefix; default `tables`). */
  readonly subjectPrefix?: string;
  readonly logger?: { warn(obj: object, msg?: string): void };
  /** The last events sent again when the connection is made again (default 256). */
  readonly resendOnReconnect?: number;
}

export class LiveEventPublisher {
  private subscription: Subscription | undefined;
  private reconnections: ReconnectionWatch | null = null;
  /** The last events sent, oldest first. */
  private readonly recent: Array<{ seq: number; body: Uint8Array }> = [];
  private asks: NatsSubscription | null = null;
  /** The watch of the connection's events; ends on `stop()`. */
  watching: Promise<void> = Promise.resolve();
  published = 0;
  resent = 0;
  failures = 0;

  constructor(private readonly options: LiveEventPublisherOptions) {}

  async start(): Promise<void> {
    const { source, tableId, connection } = this.options;
    const prefix = this.options.subjectPrefix ?? 'tables';
    const subject = liveEventSubject(prefix, tableId);
    const head = await source.head(tableId);
    const keep = this.options.resendOnReconnect ?? 256;
    this.subscription = source.follow(tableId, head.version + 1).subscribe({
      next: (event) => {
        const body = encodeEvent(event);
        if (keep > 0) {
          this.recent.push({ seq: event.seq, body });
          if (this.recent.length > keep) this.recent.shift();
        }
        if (this.send(subject, body)) this.published++;
      },
      error: (err: unknown) => this.options.logger?.warn({ err, tableId }, 'the live path stopped following the log: the console reads the events from JetStream'),
    });
    this.asks = connection.subscribe(liveResendSubject(prefix, tableId), {
      callback: (err, m) => {
        const from = err ? NaN : Number(m.string());
        if (Number.isInteger(from)) for (const kept of this.recent) if (kept.seq >= from && this.send(subject, kept.body)) this.resent++;
      },
    });
    // Each time the connection is made again, the last events go again (see the file's head).
    this.reconnections = watchReconnections(connection, () => {
      for (const { body } of this.recent) if (this.send(subject, body)) this.resent++;
    });
    this.watching = this.reconnections.done.catch((err: unknown) => {
      this.options.logger?.warn({ err, tableId }, 'the live path stopped watching its NATS connection');
    });
  }

  private send(subject: string, body: Uint8Array): boolean {
    try {
      this.options.connection.publish(subject, body);
      return true;
    } catch (err) {
      // A closed connection: the replica is the durable copy, the console reads the event from it.
      this.failures++;
      if (this.failures % 100 === 1) this.options.logger?.warn({ err, tableId: this.options.tableId }, 'event not sent on the live path: the console reads it from JetStream');
      return false;
    }
  }

  stop(): void {
    this.reconnections?.stop();
    this.asks?.unsubscribe();
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }
}
