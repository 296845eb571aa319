// The gateway's side of the fan-out (ADR 0005): one table's views read from NATS — for each audience one
// ordered consumer on `tables.<id>.views.<audience>` that starts at the subject's last message (the
// current view) and then follows — shared by every display of that audience on this gateway. Stateless:
// the gateway keeps only the current view per audience; start as many as the audience needs.
// Each audience's views reach the displays through a ViewPacer (./view-pacer.ts): the newest of those
// that came while the gateway was busy, at most one per `minIntervalMs`.
import type { Logger } from 'pino';
import { DeliverPolicy, type NatsConnection } from 'nats';
import { defer, type Observable } from 'rxjs';
import { ViewChannel, type AudienceViewSource, type DisplayAudience, type SharedView } from '../../ports/shared-view.js';
import { ViewPacer } from './view-pacer.js';
import { OrderedReader } from '../store/ordered-reader.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { PUBLISHED_AUDIENCES, VIEW_STREAM, viewSubject, type PublishedAudience } from './view-stream.js';

export interface NatsViewSourceOptions {
  readonly connection: NatsConnection;
  readonly tableId: string;
  readonly logger?: Logger;
  /** Least time between two fan-outs of an audience (ms); 0: once per turn of the event loop. */
  readonly minIntervalMs?: number;
  /** The gateway's clock (default: the process's): the pacing and the receipts' times. */
  readonly clock?: Clock;
}

function isPublished(audience: DisplayAudience): audience is PublishedAudience {
  return (PUBLISHED_AUDIENCES as readonly string[]).includes(audience);
}

export class NatsViewSource implements AudienceViewSource {
  private readonly channels = new Map<PublishedAudience, ViewChannel>();
  private readonly conflation = new Map<PublishedAudience, ViewPacer>();
  private readonly feeds: OrderedReader[] = [];
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
      void (async () => {
        try {
          for await (const m of messages) {
            const seq = Number(m.headers?.get('Table-Seq') ?? 0);
            const madeAtHeader = m.headers?.get('Made-At') || null;
            const madeAt = madeAtHeader === null ? NaN : Date.parse(madeAtHeader);
            this.lastReceipt.set(audience, { madeAt: madeAtHeader, receivedAt: this.clock.wallNow() });
            turn.offer({ audience, seq, view: undefined, json: m.string(), ...(Number.isFinite(madeAt) ? { madeAt } : {}) });
          }
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
    for (const m of this.feeds.splice(0)) m.close();
    for (const c of this.conflation.values()) c.close();
  }
}
