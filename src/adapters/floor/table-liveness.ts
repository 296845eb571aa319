// Which tables of the floor are stale (./table-heartbeat.ts): one subscription to every table's heartbeat
// (or one table's, for a gateway), and a look every half second. A table is stale when nothing was heard
// from it for `staleAfterMs` (default 3 s: three heartbeats missed), or when its heartbeats say its
// JetStream copy has stayed behind its log as long. A table that was never heard is not listed.
import type { NatsConnection, Subscription } from 'nats';
import { Subject, type Observable } from 'rxjs';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { heartbeatSubject, type Heartbeat } from './table-heartbeat.js';

export const STALE_AFTER_MS = 3000;
const LOOK_EVERY_MS = 500;

/** Why a table is stale, for its words (reason.tableStale, reason.tableReplicaBehind). */
export type Staleness =
  | { readonly kind: 'silent'; readonly seconds: number }
  | { readonly kind: 'behind'; readonly seconds: number; readonly events: number };

interface Heard {
  /** Monotonic time of the last heartbeat. */
  lastAt: number;
  last: Heartbeat;
  /** Since when (monotonic) the copy has been behind the log, if it is. */
  behindSince: number | null;
  stale: Staleness | null;
}

export interface TableLivenessOptions {
  readonly connection: NatsConnection;
  readonly clock: Clock;
  /** One table (a gateway's); every table when absent (the pit console). */
  readonly tableId?: string;
  readonly staleAfterMs?: number;
}

export class TableLiveness {
  private readonly heard = new Map<string, Heard>();
  private readonly changes = new Subject<{ readonly tableId: string; readonly stale: Staleness | null }>();
  private subscription: Subscription | undefined;
  private timer: TimerHandle | undefined;
  private readonly staleAfterMs: number;

  constructor(private readonly options: TableLivenessOptions) {
    this.staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  }

  /** Each table's turn to stale and back (its staleness, or null when it is heard again). */
  get changes$(): Observable<{ readonly tableId: string; readonly stale: Staleness | null }> {
    return this.changes.asObservable();
  }

  start(): void {
    const subject = heartbeatSubject(this.options.tableId ?? '*');
    this.subscription = this.options.connection.subscribe(subject, {
      callback: (err, message) => {
        if (err) return;
        let beat: Heartbeat;
        try {
          beat = JSON.parse(message.string()) as Heartbeat;
        } catch {
          return;
        }
        if (typeof beat.tableId !== 'string' || !Number.isSafeInteger(beat.logSeq) || !Number.isSafeInteger(beat.replicatedSeq)) return;
        this.hear(beat);
      },
    });
    this.look();
  }

  private hear(beat: Heartbeat): void {
    const now = this.options.clock.now();
    const known = this.heard.get(beat.tableId);
    const behind = beat.replicatedSeq < beat.logSeq;
    const behindSince = behind ? (known?.behindSince ?? now) : null;
    if (known) Object.assign(known, { lastAt: now, last: beat, behindSince });
    else this.heard.set(beat.tableId, { lastAt: now, last: beat, behindSince, stale: null });
    this.judge(beat.tableId, now);
  }

  private look(): void {
    const now = this.options.clock.now();
    for (const tableId of this.heard.keys()) this.judge(tableId, now);
    this.timer = this.options.clock.setTimeout(() => this.look(), LOOK_EVERY_MS, { unref: true });
  }

  private judge(tableId: string, now: number): void {
    const h = this.heard.get(tableId);
    if (!h) return;
    const silentMs = now - h.lastAt;
    const behindMs = h.behindSince === null ? 0 : now - h.behindSince;
    const stale: Staleness | null = silentMs >= this.staleAfterMs
      ? { kind: 'silent', seconds: Math.floor(silentMs / 1000) }
      : behindMs >= this.staleAfterMs ? { kind: 'behind', seconds: Math.floor(behindMs / 1000), events: h.last.logSeq - h.last.replicatedSeq } : null;
    const changed = (stale === null) !== (h.stale === null) || (stale !== null && h.stale !== null && stale.kind !== h.stale.kind);
    h.stale = stale;
    if (changed) this.changes.next({ tableId, stale });
  }

  /** The table's staleness now, or null (fresh, or never heard). */
  stale(tableId: string): Staleness | null {
    return this.heard.get(tableId)?.stale ?? null;
  }

  /** The last heartbeat of the table, if any. */
  lastHeartbeat(tableId: string): Heartbeat | undefined {
    return this.heard.get(tableId)?.last;
  }

  /** Every table heard so far. */
  tables(): string[] {
    return [...this.heard.keys()].sort();
  }

  stop(): void {
    this.subscription?.unsubscribe();
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.changes.complete();
  }
}
