// One projection per audience, not per connection. The table process folds its log once
// into each audience's state — from the projections' last snapshot (or seq 1 when there is none), then
// live from the table service's stream of stored events, the one its reactions are run on (./table-log.ts)
// — and keeps each audience's current view. A display that connects gets
// the current view at once, then each change: no per-connection or per-request replay, so the cost of a
// viewer is the bytes sent to it, not the length of the log.
//
// The views are made only for audiences someone watches (a socket, the NATS publisher); an audience no
// one watches is made on demand (GET /api/views/*). Views are whole states: a slow display may skip to
// the newest one (src/adapters/web/conflated-sender.ts). A halt of the table (the log cannot be written:
// ./halt-view.ts) is no event of the log: the views are sent again when it starts and when it ends.
import { defer, type Observable, type Subscription } from 'rxjs';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { EventStore, JsonValue, StoredEvent } from '../../ports/event-store.js';
import { ChainVerifier, GENESIS_HASH } from '../../log/event-chain.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { LiveTable } from './dealer-instruction.js';
import { dealerFoldStep, initialDealerFold, staffView, type DealerFold, type LiveProjectionOptions } from './dealer-projection.js';
import { initialPublicFold, publicFoldStep, publicViewOf, type PublicFold } from './public-projection.js';
import { DISPLAY_AUDIENCES, ViewChannel, type AudienceViewSource, type DisplayAudience, type SharedView } from '../../ports/shared-view.js';
import { initialSupervisorFold, supervisorFoldStep, supervisorViewOf, type SupervisorFold } from './supervisor-projection.js';
import type { TableMeta } from './table-meta.js';
import { tableLog$, type StoredEvents } from './table-log.js';
import { isSnapshot, PROJECTIONS_FORMAT, type ProjectionsSnapshot } from './projections-snapshot.js';

/** A catch-up this long is announced, with progress every PROGRESS_EVERY events (the pages wait for it). */
const LONG_CATCH_UP = 20_000;
const PROGRESS_EVERY = 50_000;

export interface TableProjectionsOptions {
  readonly store: EventStore;
  readonly tableId: string;
  readonly meta: TableMeta;
  readonly rules: RuleSet;
  readonly decisionSeconds: number;
  /** Seconds of the betting countdown (the table file's `bettingSeconds`). */
  readonly bettingSeconds?: number;
  /**
   * The live table: the staff views' phase, next step and halt, the log position to catch up to, its stream
   * of stored events (TableService.events$) and when the halt changes.
   */
  readonly live: LiveTable & StoredEvents & { readonly fault$?: Observable<unknown> };
  readonly logger?: Logger;
  /** The timer of reading the log again after it failed. */
  readonly clock: Clock;
  /** How long to wait before reading the log again after it failed (ms). */
  readonly retryMs?: number;
}

interface Folds {
  seq: number;
  hash: string;
  public: PublicFold;
  dealer: DealerFold;
  supervisor: SupervisorFold;
  chain: ChainVerifier;
}

export class TableProjections implements AudienceViewSource {
  private folds: Folds;
  private readonly channels = new Map<DisplayAudience, ViewChannel>(DISPLAY_AUDIENCES.map((a) => [a, new ViewChannel()]));
  /** The change key of the view last published per audience (a view equal to it is not sent again). */
  private readonly keys = new Map<DisplayAudience, string>();
  /** Audiences whose view is behind the folds (no one watched when events came). */
  private readonly stale = new Set<DisplayAudience>(DISPLAY_AUDIENCES);
  private subscription: Subscription | null = null;
  private halts: Subscription | null = null;
  private retry: TimerHandle | null = null;
  private caughtUp = false;
  private stopped = false;
  private readonly readyWaiters: Array<() => void> = [];
  /** The log position at start: views are made from there on (the catch-up before it is folded only). */
  private catchUpTo = 0;
  private readonly liveOptions: LiveProjectionOptions;
  /** Events folded since start (the catch-up included): the cost of the projections. */
  folded = 0;

  constructor(private readonly options: TableProjectionsOptions, saved?: JsonValue) {
    this.liveOptions = {
      meta: options.meta, rules: options.rules, decisionSeconds: options.decisionSeconds, live: options.live,
      ...(options.bettingSeconds !== undefined ? { bettingSeconds: options.bettingSeconds } : {}),
    };
    this.folds = isSnapshot(saved) ? this.restored(saved) : this.fromGenesis();
    if (saved !== undefined && !isSnapshot(saved)) options.logger?.warn({ tableId: options.tableId }, 'display projections: snapshot of another format, folding the log from seq 1');
  }

  private fromGenesis(): Folds {
    const { meta } = this.options;
    return { seq: 0, hash: GENESIS_HASH, public: initialPublicFold(meta), dealer: initialDealerFold(meta), supervisor: initialSupervisorFold(meta), chain: new ChainVerifier() };
  }

  private restored(s: ProjectionsSnapshot): Folds {
    return { seq: s.seq, hash: s.hash, public: s.public, dealer: s.dealer, supervisor: s.supervisor, chain: new ChainVerifier({ seq: s.seq, hash: s.hash }) };
  }

  /** The log position the folds reflect. */
  get position(): number {
    return this.folds.seq;
  }

  /** Folds the log from the state it holds (catch-up), then live. */
  start(): void {
    this.catchUpTo = this.options.live.position;
    const behind = this.catchUpTo - this.folds.seq;
    if (behind >= LONG_CATCH_UP) {
      this.options.logger?.warn({ tableId: this.options.tableId, from: this.folds.seq + 1, to: this.catchUpTo }, `display projections: no saved views fit this log, folding ${behind} events before the pages show the table (progress follows)`);
    }
    this.follow();
    this.halts = this.options.live.fault$?.subscribe(() => this.refresh()) ?? null;
  }

  /** The live table changed without an event (a halt began or ended): every watched view is sent again if it changed. */
  private refresh(): void {
    if (!this.caughtUp || this.stopped) return;
    for (const audience of DISPLAY_AUDIENCES) {
      if (this.channel(audience).watchers > 0) this.publish(audience);
      else this.stale.add(audience);
    }
  }

  private follow(): void {
    if (this.stopped) return;
    this.subscription = tableLog$(this.options.store, this.options.tableId, this.options.live, this.folds.seq + 1).subscribe({
      next: (event) => this.fold(event),
      error: (err: unknown) => {
        this.options.logger?.error({ err, tableId: this.options.tableId, at: this.folds.seq }, 'display projections: the log failed; reading it again');
        this.subscription = null;
        this.retry = this.options.clock.setTimeout(() => {
          this.retry = null;
          this.follow();
        }, this.options.retryMs ?? 1000, { unref: true });
      },
      complete: () => this.close(),
    });
    if (!this.caughtUp && this.folds.seq >= this.catchUpTo) this.becomeLive();
  }

  private fold(event: StoredEvent): void {
    if (event.seq === this.folds.seq + 1 && event.prevHash !== this.folds.hash && this.folds.seq > 0 && this.folded === 0) {
      // The snapshot does not fit this log (a log replaced under it): fold from seq 1 instead.
      this.options.logger?.warn({ tableId: this.options.tableId, at: this.folds.seq }, 'display projections: snapshot does not fit the log, folding from seq 1');
      this.subscription?.unsubscribe();
      this.folds = this.fromGenesis();
      queueMicrotask(() => this.follow());
      return;
    }
    const f = this.folds;
    const context = this.liveOptions;
    f.public = publicFoldStep(f.public, event, context);
    f.dealer = dealerFoldStep(f.dealer, event, context);
    f.supervisor = supervisorFoldStep(f.supervisor, event, f.chain, context);
    f.seq = event.seq;
    f.hash = event.hash;
    this.folded += 1;
    if (!this.caughtUp) {
      if (event.seq >= this.catchUpTo) this.becomeLive();
      else if (this.catchUpTo - this.folds.seq + this.folded >= LONG_CATCH_UP && this.folded % PROGRESS_EVERY === 0) {
        this.options.logger?.info({ tableId: this.options.tableId, at: event.seq, to: this.catchUpTo }, `display projections: ${Math.floor((100 * event.seq) / this.catchUpTo)} % folded (${event.seq} of ${this.catchUpTo} events)`);
      }
      return;
    }
    for (const audience of DISPLAY_AUDIENCES) {
      if (this.channel(audience).watchers > 0) this.publish(audience);
      else this.stale.add(audience);
    }
  }

  private becomeLive(): void {
    this.caughtUp = true;
    for (const audience of DISPLAY_AUDIENCES) if (this.channel(audience).watchers > 0) this.publish(audience);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  private channel(audience: DisplayAudience): ViewChannel {
    return this.channels.get(audience) as ViewChannel;
  }

  private viewOf(audience: DisplayAudience): { view: unknown; json: string; key: string } {
    const f = this.folds;
    switch (audience) {
      case 'public': {
        // No log position: the public learns nothing from how many hidden events passed.
        const view = publicViewOf(f.public, this.options.meta, this.options.live.halted != null);
        const json = JSON.stringify(view);
        return { view, json, key: json };
      }
      case 'dealer': {
        const view = staffView(f.dealer, this.liveOptions);
        // A new seq alone is no change for the dealer.
        return { view, json: JSON.stringify(view), key: JSON.stringify({ ...view, seq: 0 }) };
      }
      case 'supervisor': {
        const view = supervisorViewOf(f.supervisor, this.liveOptions);
        return { view, json: JSON.stringify(view), key: `${f.seq}${view.halt ? `:${view.halt.kind}` : ''}` };
      }
    }
  }

  private publish(audience: DisplayAudience): void {
    this.stale.delete(audience);
    const { view, json, key } = this.viewOf(audience);
    const shared: SharedView = { audience, seq: this.folds.seq, view, json };
    // A display that connects gets the view at the log head; the ones watching are sent changes only.
    if (this.keys.get(audience) === key && this.channel(audience).current) return this.channel(audience).restamp(shared);
    this.keys.set(audience, key);
    this.channel(audience).publish(shared);
  }

  /** Resolves once the catch-up reached the log position at start. */
  ready(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  views$(audience: DisplayAudience): Observable<SharedView> {
    return defer(() => {
      if (this.caughtUp && this.stale.has(audience)) this.publish(audience);
      return this.channel(audience).views$;
    });
  }

  async current(audience: DisplayAudience): Promise<SharedView> {
    await this.ready();
    if (this.stale.has(audience) || !this.channel(audience).current) this.publish(audience);
    return this.channel(audience).first();
  }

  /** How many displays watch each audience now. */
  watchers(audience: DisplayAudience): number {
    return this.channel(audience).watchers;
  }

  /** The folds as JSON, for the table's snapshot. */
  snapshot(): JsonValue {
    const f = this.folds;
    const state: ProjectionsSnapshot = { format: PROJECTIONS_FORMAT, seq: f.seq, hash: f.hash, public: f.public, dealer: f.dealer, supervisor: f.supervisor };
    return state as unknown as JsonValue;
  }

  private close(): void {
    for (const channel of this.channels.values()) channel.close();
  }

  /** Stops following the log; every display's stream completes. */
  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.halts?.unsubscribe();
    if (this.retry) this.options.clock.clearTimeout(this.retry);
    this.close();
  }
}
