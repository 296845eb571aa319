// The live path of a table's events (docs/adr/0016-a-live-path-beside-the-durable-copy.md): each event, once
// the SQLite log has it (the store's append notification comes after the commit: persist, then act), is
// published on core NATS at `live.<prefix>.<tableId>.events` — a subject no stream holds. Core NATS hands a
// message to every subscriber of its subject whether or not a stream could store it, so the pit console
// sees an event while the table's stream elects a leader (nats-server 2.9.10: 4-9 s after its leader is
// lost). Never blocks the table: `publish` only buffers (nats.js sends it in the background, and keeps it
// across a reconnection); what is lost on the way the console reads from JetStream, the source of truth
// (./jetstream-replicator.ts). Events stored before `start()` are not sent here: the replica brings them.
import type { NatsConnection } from 'nats';
import type { Subscription } from 'rxjs';
import type { EventStore } from '../../ports/event-store.js';
import { encodeEvent } from './jetstream-log.js';

/** Where a table's events go on the live path (`prefix`: the JetStream subjects' first token). */
export function liveEventSubject(subjectPrefix: string, tableId: string): string {
  return `live.${subjectPrefix}.${tableId}.events`;
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
}

export class LiveEventPublisher {
  private subscription: Subscription | undefined;
  published = 0;
  failures = 0;

  constructor(private readonly options: LiveEventPublisherOptions) {}

  async start(): Promise<void> {
    const { source, tableId, connection } = this.options;
    const subject = liveEventSubject(this.options.subjectPrefix ?? 'tables', tableId);
    const head = await source.head(tableId);
    this.subscription = source.follow(tableId, head.version + 1).subscribe({
      next: (event) => {
        try {
          connection.publish(subject, encodeEvent(event));
          this.published++;
        } catch (err) {
          // A closed connection: the replica is the durable copy, the console reads the event from it.
          this.failures++;
          if (this.failures % 100 === 1) this.options.logger?.warn({ err, tableId }, 'event not sent on the live path: the console reads it from JetStream');
        }
      },
      error: (err: unknown) => this.options.logger?.warn({ err, tableId }, 'the live path stopped following the log: the console reads the events from JetStream'),
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }
}
