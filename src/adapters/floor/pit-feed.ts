// What feeds the pit console's board (src/app/floor/pit-board.ts) from the floor: every table's events from
// the JetStream copy, through one ordered consumer over every table's subject (from the stream's start,
// or from a time), and which tables are stale from their heartbeats (./table-liveness.ts, every table).
// `seen$` tells each event as the board took it (the floor bench times a card's way to the console by it).
// Beside the copy, the live path (docs/adr/0016-a-live-path-beside-the-durable-copy.md): a core subscription
// to every table's events as each table stores them, merged by each table's log seq (./live-event-merge.ts),
// so the console keeps up while a stream elects a leader after a node's loss.
import { DeliverPolicy, type NatsConnection, type Subscription } from 'nats';
import { Subject, type Observable } from 'rxjs';
import type { Clock } from '../../ports/clock.js';
import type { StoredEvent } from '../../ports/event-store.js';
import { JetStreamLog } from '../store/jetstream-log.js';
import { OrderedReader } from '../store/ordered-reader.js';
import { liveEventPattern, liveResendSubject } from '../store/live-event-publisher.js';
import { watchReconnections, type ReconnectionWatch } from '../store/nats-reconnections.js';
import { TableLiveness } from './table-liveness.js';
import { LiveEventMerge, type EventPath } from './live-event-merge.js';

export interface PitFeedOptions {
  readonly connection: NatsConnection;
  readonly clock: Clock;
  /** Takes each event (the board: src/app/floor/pit-board.ts). */
  readonly board: { push(event: StoredEvent): void };
  readonly streamName: string;
  readonly subjectPrefix: string;
  readonly replicas?: number;
  /** Read events from this time on (ISO); the whole stream without it. */
  readonly since?: string;
  readonly staleAfterMs?: number;
  /** Told when the events' consumer stopped answering and was made again (a lost node). */
  readonly onReaderRemade?: (why: string, nextStreamSeq: number | null) => void;
  /** Also take the tables' events from the live path on core NATS (default true). */
  readonly livePath?: boolean;
}

export class PitFeed {
  readonly liveness: TableLiveness;
  private readonly seen = new Subject<StoredEvent>();
  /** Each event applied once, in its table's order, from whichever path brought it first. */
  readonly merge: LiveEventMerge;
  /** The path that brought each event the board took, as `seen$` tells it. */
  lastPath: EventPath = 'durable';
  /** Messages on the live path that were not events (ignored). */
  unreadable = 0;
  private live: Subscription | null = null;
  private reconnections: ReconnectionWatch | null = null;
  private stopReading: () => void = () => undefined;
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly options: PitFeedOptions) {
    this.merge = new LiveEventMerge(
      (event, path) => {
        this.lastPath = path;
        options.board.push(event);
        this.seen.next(event);
      },
      undefined,
      // A gap on the live path (this console's node lost, or the table's): the table sends its kept events again.
      (tableId, next) => this.ask(tableId, next),
    );
    this.liveness = new TableLiveness({ connection: options.connection, clock: options.clock, ...(options.staleAfterMs !== undefined ? { staleAfterMs: options.staleAfterMs } : {}) });
  }

  get seen$(): Observable<StoredEvent> {
    return this.seen.asObservable();
  }

  async start(): Promise<void> {
    this.liveness.start();
    const o = this.options;
    const log = await JetStreamLog.open(o.connection, { streamName: o.streamName, subjectPrefix: o.subjectPrefix, ...(o.replicas !== undefined ? { replicas: o.replicas } : {}) });
    // An ordered consumer starts at the stream's first message by itself (see src/cli/floor-report.ts); one
    // whose node is lost is made again on a live node, after the last event read (../store/ordered-reader.ts).
    const messages = new OrderedReader({
      connection: o.connection,
      stream: log.streamName,
      clock: o.clock,
      consumer: {
        filterSubjects: log.subjectPattern,
        ...(o.since !== undefined ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(o.since).toISOString() } : {}),
      },
      ...(o.onReaderRemade ? { onRemade: o.onReaderRemade } : {}),
    });
    this.stopReading = () => messages.close();
    const decoder = new TextDecoder();
    if (o.livePath ?? true) {
      this.live = o.connection.subscribe(liveEventPattern(o.subjectPrefix), {
        callback: (err, m) => {
          if (err) return;
          let event: StoredEvent;
          try {
            event = JSON.parse(decoder.decode(m.data)) as StoredEvent;
          } catch {
            // Not an event (core NATS takes anyone's message): the copy in JetStream is what counts.
            this.unreadable++;
            return;
          }
          this.merge.live(event);
        },
      });
      // This console's connection made again (its node lost): what passed on the live path meanwhile is
      // missed, and a table that has stopped dealing sends nothing that would show the gap; every table is
      // asked for its kept events from the seq this console needs.
      this.reconnections = watchReconnections(o.connection, () => {
        for (const [tableId, next] of this.merge.nextSeqs()) this.ask(tableId, next);
      });
    }
    this.reading = (async () => {
      for await (const m of messages) this.merge.durable(JSON.parse(decoder.decode(m.data)) as StoredEvent);
    })();
  }

  private ask(tableId: string, next: number): void {
    if (!this.options.connection.isClosed()) this.options.connection.publish(liveResendSubject(this.options.subjectPrefix, tableId), String(next));
  }

  /** Whether the floor has stopped hearing the table. */
  isStale(tableId: string): boolean {
    return this.liveness.stale(tableId) !== null;
  }

  async stop(): Promise<void> {
    this.live?.unsubscribe();
    this.reconnections?.stop();
    this.stopReading();
    await this.reading.catch(() => undefined);
    await this.reconnections?.done.catch(() => undefined);
    this.liveness.stop();
    this.seen.complete();
  }
}
