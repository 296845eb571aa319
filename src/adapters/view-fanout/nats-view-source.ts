// The gateway's side of the fan-out (ADR 0005): one table's views read from NATS — for each audience one
// ordered consumer on `tables.<id>.views.<audience>` that starts at the subject's last message (the
// current view) and then follows — shared by every display of that audience on this gateway. Stateless:
// the gateway keeps only the current view per audience; start as many as the audience needs.
// Each audience's views reach the displays through a ViewPacer (./view-pacer.ts): the newest of those
// that came while the gateway was busy, at most one per `minIntervalMs`.
// Beside the stream, the live path (docs/adr/0016-a-live-path-beside-the-durable-copy.md): a core
// subscription to the subject the table also sends each view on, which brings views while the views' stream
// elects a leader. A view is a whole state: the gateway takes the newest by the log seq it carries
// (`Table-Seq`), from whichever path brings it first, and ignores an older or equal one.
import type { Logger } from 'pino';
import { DeliverPolicy, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import { defer, type Observable } from 'rxjs';
import { ViewChannel, type AudienceViewSource, type DisplayAudience, type SharedView } from '../../ports/shared-view.js';
import { ViewPacer } from './view-pacer.js';
import { OrderedReader } from '../store/ordered-reader.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { PUBLISHED_AUDIENCES, VIEW_STREAM, liveViewSubject, viewSubject, type PublishedAudience } from './view-stream.js';

export interface NatsViewSourceOptions {
  readonly connection: NatsConnection;
  readonly tableId: string;
  readonly logger?: Logger;
  /** Least time between two fan-outs of an audience (ms); 0: once per turn of the event loop. */
  readonly minIntervalMs?: number;
  /** The gateway's clock (default: the process's): the pacing and the receipts' times. */
  readonly clock?: Clock;
  /** Also take views from the live path on core NATS (default true). */
  readonly livePath?: boolean;
}

function isPublished(audience: DisplayAudience): audience is PublishedAudience {
  return (PUBLISHED_AUDIENCES as readonly string[]).includes(audience);
}

export class NatsViewSource implements AudienceViewSource {
  private readonly channels = new Map<PublishedAudience, ViewChannel>();
  private readonly conflation = new Map<PublishedAudience, ViewPacer>();
  private readonly feeds: OrderedReader[] = [];
  private readonly live: Subscription[] = [];
  /** The newest view's seq per audience: an older or equal one is ignored. */
  private readonly newest = new Map<PublishedAudience, number>();
  /** Views taken per path (for tests and metrics). */
  readonly taken = { live: 0, durable: 0 };
  private stopped = false;
  /** When each audience's newest view was made at the table and received here (for delivery latency). */
  readonly lastReceipt = new Map<PublishedAudience, { madeAt: string | null; receivedAt: number }>();

  private readonly clock: Clock;

  constructor(private readonly options: NatsViewSourceOptions) {
    this.clock = options.clock ?? realClock();
  }

  async start(): Promise<void> {
    for (const audience of PUBLISHED_AUDIENCES) {
      const channel = new ViewChannel();
      const turn = new ViewPacer(channel, this.options.minIntervalMs ?? 0, this.clock);
      this.channels.set(audience, channel);
      this.conflation.set(audience, turn);
      // One subject, as a string: filter_subject (nats-server 2.9 has no filter_subjects). A consumer whose
      // node is lost is made again on a live one, after the last view read (../store/ordered-reader.ts).
      const messages = new OrderedReader({
        connection: this.options.connection,
        stream: VIEW_STREAM,
        clock: this.clock,
        consumer: { filterSubjects: viewSubject(this.options.tableId, audience), deliver_policy: DeliverPolicy.LastPerSubject },
        onRemade: (why) => this.options.logger?.warn({ why, audience, tableId: this.options.tableId }, 'views\' consumer stopped answering (a NATS node lost?): reading on from a new one on a live node'),
      });
      this.feeds.push(messages);
      const take = (m: { readonly headers?: MsgHdrs | undefined; string(): string }, path: 'live' | 'durable'): void => {
        const seq = Number(m.headers?.get('Table-Seq') ?? 0);
        if (seq <= (this.newest.get(audience) ?? -1)) return;
        this.newest.set(audience, seq);
        this.taken[path]++;
        const madeAtHeader = m.headers?.get('Made-At') || null;
        const madeAt = madeAtHeader === null ? NaN : Date.parse(madeAtHeader);
        this.lastReceipt.set(audience, { madeAt: madeAtHeader, receivedAt: this.clock.wallNow() });
        turn.offer({ audience, seq, view: undefined, json: m.string(), ...(Number.isFinite(madeAt) ? { madeAt } : {}) });
      };
      if (this.options.livePath ?? true) {
        this.live.push(this.options.connection.subscribe(liveViewSubject(this.options.tableId, audience), {
          callback: (err, m) => {
            if (!err) take(m, 'live');
          },
        }));
      }
      void (async () => {
        try {
          for await (const m of messages) take(m, 'durable');
          turn.close();
        } catch (err) {
          if (!this.stopped) this.options.logger?.error({ err, audience }, 'views from NATS stopped');
          turn.close(err);
        }
      })();
    }
  }

  private channel(audience: DisplayAudience): ViewChannel {
    const channel = isPublished(audience) ? this.channels.get(audience) : undefined;
    if (!channel) throw new Error(`the ${audience} views are not published to NATS`);
    return channel;
  }

  views$(audience: DisplayAudience): Observable<SharedView> {
    return defer(() => this.channel(audience).views$);
  }

  current(audience: DisplayAudience): Promise<SharedView> {
    return this.channel(audience).first();
  }

  watchers(audience: PublishedAudience): number {
    return this.channels.get(audience)?.watchers ?? 0;
  }

  /** Views from NATS that a newer one replaced before they were fanned out, per audience. */
  conflated(audience: PublishedAudience): number {
    return this.conflation.get(audience)?.conflated ?? 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.live.splice(0)) s.unsubscribe();
    for (const m of this.feeds.splice(0)) m.close();
    for (const c of this.conflation.values()) c.close();
  }
}
