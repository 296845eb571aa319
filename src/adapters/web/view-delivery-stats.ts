// What the display sockets did, per audience: views sent, views dropped by conflation (a slow display
// skipped to a newer view), displays connected now, displays shed for not reading (./stalled-readers.ts).
// Read by /metrics (./table-metrics.ts, ./gateway-metrics.ts).
import type { DisplayAudience, SharedView } from '../../ports/shared-view.js';
import type { DeliveryCounts } from './conflated-sender.js';
import type { StalledCounts } from './stalled-readers.js';

export interface AudienceDelivery {
  sent: number;
  dropped: number;
  connected: number;
  /** Sockets shed because their display stopped reading. */
  stalled: number;
}

export class ViewDeliveryStats implements DeliveryCounts, StalledCounts {
  private readonly byAudience = new Map<DisplayAudience, AudienceDelivery>();
  /** Display requests (pages, views, display sockets) refused while the table was under pressure. */
  shed = 0;

  of(audience: DisplayAudience): AudienceDelivery {
    let entry = this.byAudience.get(audience);
    if (!entry) {
      entry = { sent: 0, dropped: 0, connected: 0, stalled: 0 };
      this.byAudience.set(audience, entry);
    }
    return entry;
  }

  sent(view: SharedView): void {
    this.of(view.audience).sent += 1;
  }

  dropped(view: SharedView): void {
    this.of(view.audience).dropped += 1;
  }

  connected(audience: DisplayAudience, change: 1 | -1): void {
    this.of(audience).connected += change;
  }

  stalled(audience: DisplayAudience): void {
    this.of(audience).stalled += 1;
  }

  /** Sockets shed for not reading, every audience. */
  get stalledTotal(): number {
    let n = 0;
    for (const entry of this.byAudience.values()) n += entry.stalled;
    return n;
  }
}
