// The gateway's side of the fan-out (issue 11): one table's views read from NATS — for each audience one
// ordered consumer on `tables.<id>.views.<audience>` that starts at the subject's last message (the
// current view) and then follows — shared by every display of that audience on this gateway. Stateless:
// the gateway keeps only the current view per audience; start as many as the audience needs.
import type { Logger } from 'pino';
import { DeliverPolicy, type ConsumerMessages, type NatsConnection } from 'nats';
import { defer, type Observable } from 'rxjs';
import { ViewChannel, type AudienceViewSource, type DisplayAudience, type SharedView } from '../../app/displays/shared-view.js';
import { PUBLISHED_AUDIENCES, VIEW_STREAM, viewSubject, type PublishedAudience } from './view-stream.js';

export interface NatsViewSourceOptions {
  readonly connection: NatsConnection;
  readonly tableId: string;
  readonly logger?: Logger;
}

function isPublished(audience: DisplayAudience): audience is PublishedAudience {
  return (PUBLISHED_AUDIENCES as readonly string[]).includes(audience);
}

export class NatsViewSource implements AudienceViewSource {
  private readonly channels = new Map<PublishedAudience, ViewChannel>();
  private readonly feeds: ConsumerMessages[] = [];
  private stopped = false;
  /** When each audience's newest view was made at the table and received here (for delivery latency). */
  readonly lastReceipt = new Map<PublishedAudience, { madeAt: string | null; receivedAt: number }>();

  constructor(private readonly options: NatsViewSourceOptions) {}

  async start(): Promise<void> {
    const js = this.options.connection.jetstream();
    for (const audience of PUBLISHED_AUDIENCES) {
      const channel = new ViewChannel();
      this.channels.set(audience, channel);
      // One subject, as a string: filter_subject (nats-server 2.9 has no filter_subjects).
      const consumer = await js.consumers.get(VIEW_STREAM, { filterSubjects: viewSubject(this.options.tableId, audience), deliver_policy: DeliverPolicy.LastPerSubject });
      const messages = await consumer.consume();
      this.feeds.push(messages);
      void (async () => {
        try {
          for await (const m of messages) {
            const seq = Number(m.headers?.get('Table-Seq') ?? 0);
            this.lastReceipt.set(audience, { madeAt: m.headers?.get('Made-At') ?? null, receivedAt: Date.now() });
            channel.publish({ audience, seq, view: undefined, json: m.string() });
          }
          channel.close();
        } catch (err) {
          if (!this.stopped) this.options.logger?.error({ err, audience }, 'views from NATS stopped');
          channel.close(err);
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

  async stop(): Promise<void> {
    this.stopped = true;
    for (const m of this.feeds.splice(0)) m.stop();
    for (const c of this.channels.values()) c.close();
  }
}
