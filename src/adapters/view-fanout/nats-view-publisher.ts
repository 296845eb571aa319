// The table's side of the fan-out (ADR 0005): each published audience's views, as the shared projection
// makes them, go to `tables.<id>.views.<audience>` on the last-value stream (./view-stream.ts). The
// projections only ever hold views of durable events, so what reaches NATS is durable ("persist, then
// act"). Never blocks the table: one publish in flight per audience, and while it waits only the newest
// view is kept (the same conflation as a slow socket); a NATS outage is logged and the newest view is
// published once NATS is back. The views of one append (one input's facts, folded one by one in the same
// turn) go out as one message, the newest: a publish waits for the end of the turn (a microtask). Each
// message carries `Made-At`, when the table made the view (right after its facts were durable), so every
// hop after it can be measured against durability (bench:viewers).
// Each turn's newest view also goes at once, without waiting for anything, on the live subject on core NATS
// (view-stream.ts liveViewSubject; docs/adr/0016-a-live-path-beside-the-durable-copy.md): while the views'
// stream has no leader, the one publish in flight waits and later views are held back, but the gateways
// still get every turn's newest view.
import type { Logger } from 'pino';
import { headers, type JetStreamClient, type MsgHdrs, type NatsConnection } from 'nats';
import type { Subscription } from 'rxjs';
import type { AudienceViewSource, SharedView } from '../../ports/shared-view.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { PUBLISHED_AUDIENCES, ensureViewStream, liveViewSubject, viewSubject, type PublishedAudience } from './view-stream.js';
import { watchReconnections, type ReconnectionWatch } from '../store/nats-reconnections.js';

export interface ViewPublisherOptions {
  readonly tableId: string;
  readonly views: AudienceViewSource;
  readonly connection: NatsConnection;
  readonly logger?: Logger;
  /** The table's clock: when each view was made (`Made-At`), and the wait before trying again. */
  readonly clock: Clock;
  /** Copies JetStream keeps of the views' stream when this table creates it (default 1). */
  readonly replicas?: number;
  /** Also send each turn's newest view on the live subject (default true). */
  readonly livePath?: boolean;
  /** Wait before trying again after a failed publish (default 250 ms). */
  readonly retryMs?: number;
  /**
   * How long a publish waits for JetStream's answer (default 1,000 ms, not the API's 5 s): while the views'
   * stream elects a new leader (a node lost) no answer comes, and the newest view is sent again sooner after
   * the election (docs/operations.md, "The floor on a cluster").
   */
  readonly publishTimeoutMs?: number;
}

/** A view and when the table made it (ms since the epoch). */
interface MadeView {
  readonly view: SharedView;
  readonly madeAt: number;
}

class AudiencePublisher {
  private inFlight: MadeView | null = null;
  /** Counts publishes sent: the answer of one given up (the connection made again) is ignored. */
  private sent = 0;
  private scheduled = false;
  private pending: MadeView | null = null;
  /** The newest view of this turn for the live path, sent at the end of the turn. */
  private live: MadeView | null = null;
  livePublished = 0;
  liveFailures = 0;
  private retry: TimerHandle | null = null;
  published = 0;
  conflated = 0;
  failures = 0;

  constructor(
    private readonly js: JetStreamClient,
    private readonly subject: string,
    private readonly liveSubject: string | null,
    private readonly options: ViewPublisherOptions,
  ) {}

  offer(view: SharedView): void {
    if (this.pending) this.conflated++;
    const made = { view, madeAt: this.options.clock.wallNow() };
    this.pending = made;
    if (this.liveSubject !== null) this.live = made;
    if (this.scheduled) return;
    if ((this.inFlight || this.retry) && this.liveSubject === null) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.sendLive();
      if (!this.inFlight && !this.retry) this.flush();
    });
  }

  /** The turn's newest view on core NATS: buffered by nats.js, never awaited. */
  private sendLive(): void {
    const made = this.live;
    this.live = null;
    if (!made || this.liveSubject === null) return;
    try {
      this.options.connection.publish(this.liveSubject, made.view.json, { headers: viewHeaders(made) });
      this.livePublished++;
    } catch (err) {
      // A closed connection: the JetStream publish is the durable one, the gateways read it from the stream.
      this.liveFailures++;
      if (this.liveFailures % 100 === 1) this.options.logger?.warn({ err, subject: this.liveSubject }, 'view not sent on the live path');
    }
  }

  /**
   * The connection was made again to another node: a publish in flight may have gone down with the node it
   * was sent to, and its answer would only come as a time-out (the API's 5 s). It is given up and the newest
   * view (it, or one offered since) sent at once (docs/operations.md, "The floor on a cluster").
   */
  reconnected(): void {
    const lost = this.inFlight;
    if (!lost) return;
    this.inFlight = null;
    this.sent++;
    this.pending ??= lost;
    if (!this.retry) this.flush();
  }

  private async publish(made: MadeView): Promise<void> {
    this.inFlight = made;
    const mine = ++this.sent;
    try {
      await this.js.publish(this.subject, made.view.json, { headers: viewHeaders(made) });
      if (mine !== this.sent) return;
      this.published++;
    } catch (err) {
      if (mine !== this.sent) return;
      this.failures++;
      if (this.failures % 100 === 1) this.options.logger?.warn({ err, subject: this.subject }, 'view not published to NATS: trying again with the newest');
      this.pending ??= made;
      this.inFlight = null;
      this.retry = this.options.clock.setTimeout(() => {
        this.retry = null;
        this.flush();
      }, this.options.retryMs ?? 250, { unref: true });
      return;
    }
    this.inFlight = null;
    this.flush();
  }

  private flush(): void {
    const next = this.pending;
    this.pending = null;
    if (next) void this.publish(next);
  }

  stop(): void {
    if (this.retry) this.options.clock.clearTimeout(this.retry);
    this.pending = null;
    this.live = null;
  }
}

/** A view message's headers: the log position it reflects and when the table made it. */
function viewHeaders({ view, madeAt }: MadeView): MsgHdrs {
  const h = headers();
  h.set('Table-Seq', String(view.seq));
  h.set('Made-At', new Date(madeAt).toISOString());
  return h;
}

export class NatsViewPublisher {
  private readonly subscriptions: Subscription[] = [];
  private readonly publishers = new Map<PublishedAudience, AudiencePublisher>();
  private reconnections: ReconnectionWatch | null = null;
  /** The watch of the connection's events; ends on `stop()`. */
  watching: Promise<void> = Promise.resolve();

  constructor(private readonly options: ViewPublisherOptions) {}

  async start(): Promise<void> {
    await ensureViewStream(await this.options.connection.jetstreamManager(), this.options.replicas ?? 1);
    const js = this.options.connection.jetstream({ timeout: this.options.publishTimeoutMs ?? 1000 });
    for (const audience of PUBLISHED_AUDIENCES) {
      const live = (this.options.livePath ?? true) ? liveViewSubject(this.options.tableId, audience) : null;
      const publisher = new AudiencePublisher(js, viewSubject(this.options.tableId, audience), live, this.options);
      this.publishers.set(audience, publisher);
      this.subscriptions.push(this.options.views.views$(audience).subscribe((view) => publisher.offer(view)));
    }
    // Each time the connection is made again, the publishes in flight are sent again (AudiencePublisher.reconnected).
    this.reconnections = watchReconnections(this.options.connection, () => {
      for (const p of this.publishers.values()) p.reconnected();
    });
    this.watching = this.reconnections.done.catch((err: unknown) => {
      this.options.logger?.error({ err }, 'the views\' publisher stopped watching its NATS connection');
    });
  }

  /** Views sent on the live path per audience (for tests and metrics). */
  livePublished(audience: PublishedAudience): number {
    return this.publishers.get(audience)?.livePublished ?? 0;
  }

  /** Views published per audience (for tests and metrics). */
  published(audience: PublishedAudience): number {
    return this.publishers.get(audience)?.published ?? 0;
  }

  stop(): void {
    this.reconnections?.stop();
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
    for (const p of this.publishers.values()) p.stop();
  }
}
