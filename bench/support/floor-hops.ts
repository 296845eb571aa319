// bench:floor's hop by hop timing of a card (docs/benchmarks.md, "bench:floor"): where a card's way from its
// table's log to the console and to a viewer goes. Wraps, in the process that installs it (the tables' or the
// gateways'), the replica's publish (sent, acknowledged), the tables' view publishes and the gateway's pacer (a
// view received from NATS), and watches that process's event loop delay. Stamps are Date.now(): the bench's
// processes share the machine's one wall clock, so stamps taken in different processes compare.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { JetStreamLog } from '../../src/adapters/store/jetstream-log.js';
import { ViewPacer } from '../../src/adapters/view-fanout/view-pacer.js';
import type { StoredEvent } from '../../src/ports/event-store.js';
import type { SharedView } from '../../src/ports/shared-view.js';

export interface CardHops {
  /** The replica read the card from the log and sent it to JetStream. */
  sent?: number;
  /** JetStream acknowledged it (three copies). */
  acked?: number;
}

export class FloorHops {
  readonly cards = new Map<string, CardHops>();
  /** A view's way to the gateway: made at the table -> received from NATS by the gateway, ms. */
  readonly viewToGateway: number[] = [];
  /** The tables' view publishes (public views): how long each took to be acknowledged, and the failed ones. */
  readonly viewPublishMs: number[] = [];
  viewPublishFailures = 0;
  /** The longest wait between two public views a gateway received, per gateway. */
  readonly gatewayGaps = new Map<ViewPacer, { last: number; longest: number }>();
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  measuring = false;

  install(): void {
    const cards = this.cards;
    const original = JetStreamLog.prototype.publish;
    JetStreamLog.prototype.publish = function (this: JetStreamLog, event: StoredEvent, expect: number | undefined, extra) {
      const ack = original.call(this, event, expect, extra);
      if (event.type === 'card.dealt') {
        const hops: CardHops = { sent: Date.now() };
        cards.set(`${event.tableId}:${event.seq}`, hops);
        void ack.then(() => (hops.acked = Date.now()), () => undefined);
      }
      return ack;
    };
    const offer = ViewPacer.prototype.offer;
    const samples = this.viewToGateway;
    const self = this;
    ViewPacer.prototype.offer = function (this: ViewPacer, view: SharedView) {
      if (self.measuring && view.madeAt !== undefined) samples.push(Date.now() - view.madeAt);
      if (self.measuring && view.audience === 'public') {
        const now = Date.now();
        const gap = self.gatewayGaps.get(this) ?? { last: now, longest: 0 };
        gap.longest = Math.max(gap.longest, now - gap.last);
        gap.last = now;
        self.gatewayGaps.set(this, gap);
      }
      offer.call(this, view);
    };
    // The tables' view publishes, through nats.js's JetStream client (the bench's process only).
    const { JetStreamClientImpl } = createRequire(import.meta.url)('nats/lib/jetstream/jsclient.js') as { JetStreamClientImpl: { prototype: { publish(subject: string, ...rest: unknown[]): Promise<unknown> } } };
    const publish = JetStreamClientImpl.prototype.publish;
    JetStreamClientImpl.prototype.publish = function (this: unknown, subject: string, ...rest: unknown[]) {
      const result = publish.call(this, subject, ...rest);
      if (self.measuring && subject.endsWith('.views.public')) {
        const at = Date.now();
        result.then(() => self.viewPublishMs.push(Date.now() - at), () => { self.viewPublishFailures++; self.viewPublishMs.push(Date.now() - at); });
      }
      return result;
    };
  }

  startLoop(): void {
    this.loop.enable();
    this.loop.reset();
  }

  /** The event loop's delay over the run, ms: p50, p99, max. */
  loopDelay(): { p50: number; p99: number; max: number } {
    this.loop.disable();
    return { p50: this.loop.percentile(50) / 1e6, p99: this.loop.percentile(99) / 1e6, max: this.loop.max / 1e6 };
  }
}
