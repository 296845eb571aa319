// The settlement feed's worker (docs/operations.md, "The settlement feed"; the receiver's side: docs/web-api.md,
// "Settlement feed"): an outbox that follows the table's log. It derives the wallet transactions the log owes
// (./feed-source.ts), sends them one at a time in log order — the next only once the receiver acknowledged
// the one before — tries a failed one again after a capped exponential backoff with full jitter, until it is
// acknowledged, and notes the acknowledgements on the log in batches (./feed-acks.ts). Dealing never waits
// for it: it reads the log beside the table and its only write is the batched note. Time, timers and
// randomness are inputs.
import type { Subscription } from 'rxjs';
import type { TimerHandle } from '../../ports/clock.js';
import { FeedDeliveryError, type FeedFailure, type FeedStatus } from '../../ports/settlement-feed.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import type { WalletTransaction } from '../money/wallet-transaction.js';
import { FIRST_BACKOFF_MS, backoffMs } from './feed-backoff.js';
import { FeedAcks } from './feed-acks.js';
import { FeedAlarm } from './feed-alarm.js';
import { FeedSource } from './feed-source.js';
import { OwedQueue } from './owed-queue.js';
import type { FeedWorkerOptions } from './feed-worker-options.js';

export type { FeedWorkerOptions };

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How often the alarm is judged. */
const CHECK_MS = 1000;
/** A feed whose oldest owed transaction is this old, though nothing fails, is catching up: `behind`. */
const BEHIND_SECONDS = 5;

export class FeedWorker {
  private source: FeedSource | null = null;
  private readonly owed = new OwedQueue();
  private logHead = 0;
  private startedMs = 0;
  private stopping = false;
  private running: Promise<void> = Promise.resolve();
  private stopped: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private pause: { readonly timer: TimerHandle; readonly resolve: () => void } | null = null;
  private checkTimer: TimerHandle | undefined;
  private subscription: Subscription | null = null;
  private failure: { readonly reason: FeedFailure; readonly attempts: number } | null = null;
  private delivered = 0;
  private retries = 0;
  private through: { readonly id: string; readonly seq: number } | null = null;
  private readonly acks: FeedAcks;
  private readonly alarm: FeedAlarm;
  private readonly name: string;

  constructor(private readonly options: FeedWorkerOptions) {
    const { transport, clock } = options;
    this.name = `settlement feed (${transport.target} ${transport.destination})`;
    this.acks = new FeedAcks({
      target: transport.target, record: options.recordNote, clock,
      ...(options.ackEveryMs !== undefined ? { everyMs: options.ackEveryMs } : {}), ...(options.ackEvery !== undefined ? { every: options.ackEvery } : {}),
      onError: (err, id) => this.log('warn', { err, through: id }, `${this.name}: the note of deliveries through ${id} could not be written to the log; they are noted with the next batch, and sent again after a restart if none is written (the receiver de-duplicates them by id)`),
    });
    this.alarm = new FeedAlarm({
      alarmMs: options.alarmSeconds * 1000,
      warn: (oldest, seconds, first) => this.log('warn', { transaction: oldest.id, seconds, error: this.failure ? reasonSentence(this.failure.reason) : null },
        `${this.name}: transaction ${oldest.id} ${first ? 'undelivered' : 'still undelivered'} for ${seconds} s${this.failure ? ` (${reasonSentence(this.failure.reason)})` : ''}; the table deals on and keeps every transaction on its log: check that the receiver is up and answers 2xx, and the network between; delivery resumes by itself, oldest first${first ? ' (a reminder follows every minute while it lasts)' : ''}`),
      cleared: (seconds) => this.log('info', { seconds }, `${this.name}: the undelivered transactions went through; alarm cleared after ${seconds} s`),
    });
  }

  /** Finds where to resume (the target's last note on the log) and starts delivering in the background. */
  async start(): Promise<void> {
    const { store, tableId, transport } = this.options;
    this.startedMs = this.nowMs();
    this.subscription = this.options.appended$.subscribe((event) => {
      this.logHead = Math.max(this.logHead, event.seq);
      this.wake?.();
    });
    this.logHead = Math.max(this.logHead, (await store.head(tableId)).version);
    const { source, through } = await FeedSource.open({ store, tableId, target: transport.target, currency: this.options.currency, index: this.options.index, rules: this.options.rules, turn: this.options.turn ?? nextTurn });
    this.source = source;
    this.through = through ? { id: through.id, seq: through.seq } : null;
    this.log('info', { from: source.position, through: through?.id ?? null }, `${this.name}: started, ${through ? `after transaction ${through.id}, the last the log notes as acknowledged` : 'from the log\'s first transaction (no acknowledgement on the log yet)'}`);
    this.running = this.run().catch((err: unknown) => this.crashed(err));
    this.scheduleCheck();
  }

  status(): FeedStatus {
    const { transport } = this.options;
    const oldest = this.owed.first;
    const lagSeconds = oldest ? Math.max(0, (this.nowMs() - Date.parse(oldest.transaction.wallTime)) / 1000) : 0;
    return {
      target: transport.target, destination: transport.destination,
      state: this.failure ? 'failing' : oldest && lagSeconds >= BEHIND_SECONDS ? 'behind' : 'delivering',
      pending: this.owed.size, pendingAtLeast: this.source !== null && this.source.position <= this.logHead,
      lagSeconds: Math.round(lagSeconds * 1000) / 1000, delivered: this.delivered, retries: this.retries,
      deliveredThrough: this.through, lastError: this.failure?.reason ?? null, alarm: this.alarm.current,
    };
  }

  /**
   * Stops: a delivery under way has a short grace to be answered (so the receiver is not sent it again after a
   * restart), then is abandoned (owed again after a restart); the last acknowledgements are noted.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.subscription?.unsubscribe();
      if (this.checkTimer !== undefined) this.options.clock.clearTimeout(this.checkTimer);
      this.wake?.();
      this.endPause();
      await this.graceForDelivery();
      await this.options.transport.close();
      await this.running;
      this.acks.stop();
      await this.acks.flush();
    })();
    return this.stopped;
  }

  private async graceForDelivery(): Promise<void> {
    if (this.options.stopGraceMs === 0) return;
    let timer: TimerHandle | undefined;
    const grace = new Promise<void>((resolve) => (timer = this.options.clock.setTimeout(resolve, this.options.stopGraceMs ?? 1000)));
    await Promise.race([this.running, grace]);
    this.options.clock.clearTimeout(timer);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      await this.fill();
      const next = this.owed.first;
      if (!next) {
        await this.appended();
        await (this.options.turn ?? nextTurn)();
        continue;
      }
      if (!(await this.deliver(next.transaction))) return;
      // Acknowledged, even if the worker is stopping meanwhile: noted with the last batch.
      this.owed.take();
      this.through = { id: next.transaction.id, seq: next.transaction.seq };
      this.acks.acknowledged(next.transaction);
    }
  }

  /** Derives what the log owes, up to the look-ahead. */
  private async fill(): Promise<void> {
    const source = this.source as FeedSource;
    while (!this.stopping && this.owed.size < (this.options.lookAhead ?? 10_000) && source.position <= this.logHead) {
      const before = source.position;
      for (const transaction of await source.read(this.options.pageSize ?? 500)) {
        this.owed.push({ transaction, sinceMs: Math.max(Date.parse(transaction.wallTime), this.startedMs) });
      }
      if (source.position === before) return;
      await (this.options.turn ?? nextTurn)();
    }
  }

  /** Resolves when the log has moved past what was read (or the worker stops). */
  private appended(): Promise<void> {
    if (this.stopping || (this.source as FeedSource).position <= this.logHead) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
    });
  }

  /** Sends until acknowledged; false when the worker stopped first. */
  private async deliver(transaction: WalletTransaction): Promise<boolean> {
    const message = { id: transaction.id, body: JSON.stringify(transaction) };
    while (!this.stopping) {
      try {
        await this.options.transport.deliver(message);
        this.delivered += 1;
        if (this.failure) this.log('info', { transaction: transaction.id, attempts: this.failure.attempts + 1 }, `${this.name}: delivering again: transaction ${transaction.id} acknowledged after ${this.failure.attempts} failed attempts`);
        this.failure = null;
        return true;
      } catch (err) {
        if (this.stopping) return false;
        this.retries += 1;
        const reason = err instanceof FeedDeliveryError ? err.reason : ({ code: 'feedFailed', params: { error: (err as Error).message } } as const);
        const attempts = (this.failure?.attempts ?? 0) + 1;
        const wait = backoffMs(attempts, { firstMs: this.options.firstBackoffMs ?? FIRST_BACKOFF_MS, maxMs: this.options.maxBackoffMs }, this.options.random);
        if (!this.failure) this.log('warn', { transaction: transaction.id, error: reasonSentence(reason), code: reason.code }, `${this.name}: transaction ${transaction.id} not acknowledged (${reasonSentence(reason)}); trying again with backoff (at most ${Math.round(this.options.maxBackoffMs / 1000)} s apart) until it is; the table deals on`);
        else this.log('debug', { transaction: transaction.id, attempts, waitMs: wait, error: reasonSentence(reason) }, `${this.name}: attempt ${attempts} failed`);
        this.failure = { reason, attempts };
        await this.sleep(wait);
        // What the log owes meanwhile is counted (pending, the lag), up to the look-ahead.
        await this.fill();
      }
    }
    return false;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.options.clock.setTimeout(() => {
        this.pause = null;
        resolve();
      }, ms);
      this.pause = { timer, resolve };
    });
  }

  private endPause(): void {
    if (!this.pause) return;
    this.options.clock.clearTimeout(this.pause.timer);
    this.pause.resolve();
    this.pause = null;
  }

  private scheduleCheck(): void {
    if (this.stopping) return;
    this.checkTimer = this.options.clock.setTimeout(() => {
      const oldest = this.owed.first;
      this.alarm.check(this.nowMs(), oldest ? { id: oldest.transaction.id, sinceMs: oldest.sinceMs } : null);
      this.scheduleCheck();
    }, CHECK_MS);
  }

  private crashed(err: unknown): void {
    if (this.stopping) return;
    this.failure = { reason: { code: 'feedFailed', params: { error: (err as Error).message } }, attempts: (this.failure?.attempts ?? 0) + 1 };
    this.log('error', { err }, `${this.name} stopped: ${(err as Error).message}; nothing more is delivered until the table is restarted (it then resumes after the last acknowledged transaction)`);
  }

  private nowMs(): number {
    return this.options.clock.wallNow();
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', fields: object, message: string): void {
    this.options.logger?.[level]({ feed: this.options.transport.target, destination: this.options.transport.destination, ...fields }, message);
  }
}
