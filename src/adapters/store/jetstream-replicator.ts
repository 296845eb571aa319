/**
 * Copies one table's log from its source of truth (the SQLite store) to JetStream.
 *
 * - The table never waits for it: appends go to SQLite only; this runs beside them. While
 *   JetStream is unreachable the events simply wait in the SQLite log (the queue is the durable
 *   log itself, so an outage of any length costs no memory and loses nothing).
 * - In order, no gap, no duplicate: on every (re)start it asks JetStream for the last seq it
 *   holds for the table, checks that event's hash against the source (a diverged copy stops the
 *   replicator instead of being papered over), and publishes from the next seq, several events
 *   in flight (jetstream-publish-window.ts: each with `Nats-Msg-Id: <tableId>:<seq>`, the first
 *   behind an acknowledged one with `Nats-Expected-Last-Subject-Sequence`). On a failure it lets
 *   what is in flight settle, re-reads JetStream's head, checks that the events stored after the
 *   last acknowledged one are the source's next ones, in order (a publish whose ack was lost is
 *   there once; a gap stops the replicator), and carries on from the head.
 * - The connection should be made with `maxReconnectAttempts: -1` (and `waitOnFirstConnect`)
 *   so that nats.js keeps reconnecting; the replicator retries with capped backoff meanwhile.
 *
 * Beside it: what it is given (jetstream-replicator-options.ts) and how it tells a diverged copy
 * (jetstream-replica-divergence.ts).
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import { validateStreamId } from '../../log/event-validation.js';
import { JetStreamLog, encodeEvent } from './jetstream-log.js';
import { ConnectionEpochs, DEFAULT_WINDOW, PublishWindow, type PublishWindowLimits, type Replicated } from './jetstream-publish-window.js';
import type { JetStreamReplicatorOptions } from './jetstream-replicator-options.js';
import { ReplicaDivergedError, checkStoredAfter } from './jetstream-replica-divergence.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';

export type { JetStreamReplicatorOptions, ReplicatorLogger } from './jetstream-replicator-options.js';
export { ReplicaDivergedError } from './jetstream-replica-divergence.js';

export type ReplicatorState = 'idle' | 'catching-up' | 'live' | 'retrying' | 'stopped' | 'failed';

export interface ReplicatorStatus {
  readonly tableId: string;
  readonly state: ReplicatorState;
  /** Last seq known to be in JetStream. */
  readonly replicatedSeq: number;
  /** Last seq known to be in the source. */
  readonly sourceSeq: number;
  /** Failed attempts since the last success. */
  readonly retries: number;
  readonly lastError?: string;
}

export class JetStreamReplicator {
  private readonly statusSubject: BehaviorSubject<ReplicatorStatus>;
  private log: JetStreamLog | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private dirty = false;
  private wakeUp: (() => void) | undefined;
  private wakeups: Subscription | undefined;
  /** The last event JetStream acknowledged to this replicator, kept across its sessions. */
  private acknowledged: Replicated | undefined;
  private readonly epochs: ConnectionEpochs;
  private readonly limits: PublishWindowLimits;

  private readonly clock: Clock;

  constructor(private readonly options: JetStreamReplicatorOptions) {
    validateStreamId(options.tableId);
    this.clock = options.clock ?? realClock();
    this.epochs = new ConnectionEpochs(options.connection);
    this.limits = { ...DEFAULT_WINDOW, ...options.window };
    this.statusSubject = new BehaviorSubject<ReplicatorStatus>({ tableId: options.tableId, state: 'idle', replicatedSeq: 0, sourceSeq: 0, retries: 0 });
  }

  get status(): ReplicatorStatus {
    return this.statusSubject.value;
  }

  get status$(): Observable<ReplicatorStatus> {
    return this.statusSubject.asObservable();
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.epochs.start();
    this.running = this.run().catch((error: unknown) => {
      // Only the source itself failing gets here (e.g. the store was closed).
      this.options.logger?.error({ tableId: this.options.tableId, err: error }, 'replicator stopped: cannot read the table log');
      this.update({ state: 'failed', lastError: error instanceof Error ? error.message : String(error) });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
    this.running = undefined;
    this.wakeups?.unsubscribe();
    this.wakeups = undefined;
    this.epochs.stop();
    if (this.status.state !== 'failed') this.update({ state: 'stopped' });
  }

  /** Resolves once JetStream holds the table up to `seq` (`timeoutMs` on the replicator's clock). */
  async waitFor(seq: number, timeoutMs = 30_000): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let subscription: Subscription | undefined;
      const settle = (error?: Error): void => {
        if (settled) return;
        settled = true;
        this.clock.clearTimeout(timer);
        subscription?.unsubscribe();
        if (error) reject(error);
        else resolve();
      };
      const timer = this.clock.setTimeout(() => settle(new Error(`replicator: seq ${seq} not in JetStream after ${timeoutMs} ms`)), timeoutMs);
      subscription = this.statusSubject.subscribe((s) => {
        if (s.replicatedSeq >= seq || s.state === 'failed') settle();
      });
      if (settled) subscription.unsubscribe();
    });
    if (this.status.replicatedSeq < seq) throw new Error(`replicator failed: ${this.status.lastError ?? 'unknown'}`);
  }

  private async run(): Promise<void> {
    const { source, tableId } = this.options;
    const head = await source.head(tableId);
    this.update({ sourceSeq: head.version });
    // Append notifications only wake the loop up; the events themselves are read from the log.
    this.wakeups = source.follow(tableId, head.version + 1).subscribe({
      next: (event) => {
        if (event.seq > this.status.sourceSeq) this.update({ sourceSeq: event.seq });
        this.wake();
      },
      error: () => this.wake(),
    });
    let delay = this.options.retryDelayMs ?? 200;
    while (!this.stopping) {
      try {
        await this.replicate(() => {
          delay = this.options.retryDelayMs ?? 200;
        });
      } catch (error) {
        if (this.stopping) break;
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ReplicaDivergedError) {
          this.options.logger?.error({ tableId, err: error }, 'JetStream copy diverged from the table log');
          this.update({ state: 'failed', lastError: message });
          return;
        }
        this.options.logger?.warn({ tableId, err: error, retryInMs: delay }, 'JetStream replication interrupted; the table keeps appending to SQLite');
        this.update({ state: 'retrying', retries: this.status.retries + 1, lastError: message });
        await this.pause(delay);
        delay = Math.min(delay * 2, this.options.maxRetryDelayMs ?? 5000);
      }
    }
  }

  /** One connected session: resync from JetStream's head, then copy until an error or stop. */
  private async replicate(onProgress: () => void): Promise<void> {
    const { source, tableId } = this.options;
    this.log ??= await JetStreamLog.open(this.options.connection, this.options.jetstream);
    const log = this.log;
    const remote = await log.head(tableId);
    if (remote.version > 0) {
      const [local] = await source.read(tableId, { from: remote.version, limit: 1 });
      if (!local || local.hash !== remote.hash) throw new ReplicaDivergedError(tableId, remote.version);
    }
    if (this.acknowledged && remote.version > this.acknowledged.seq) await checkStoredAfter(source, tableId, log, this.acknowledged, remote);
    const window = new PublishWindow(log, { seq: remote.version, streamSeq: remote.streamSeq }, this.limits, this.epochs, this.clock);
    this.acknowledged = window.acknowledged;
    this.update({ replicatedSeq: remote.version, state: 'catching-up' });
    const pageSize = this.options.pageSize ?? 500;
    const settle = async (): Promise<void> => {
      const event = await window.settleOldest();
      this.acknowledged = window.acknowledged;
      onProgress();
      const sourceSeq = Math.max(event.seq, this.status.sourceSeq);
      this.update({ replicatedSeq: event.seq, sourceSeq, retries: 0, state: event.seq < sourceSeq ? 'catching-up' : 'live' });
    };
    try {
      while (!this.stopping) {
        this.dirty = false;
        const page = await source.read(tableId, { from: window.nextSeq, limit: pageSize });
        for (const event of page) {
          if (this.stopping) return;
          const body = encodeEvent(event);
          while (!window.canSend(body.length)) await settle();
          window.send(event, body);
        }
        if (page.length < pageSize) {
          // Everything appended is sent: take its acks (appends meanwhile go in the next round).
          while (window.size > 0 && !this.stopping) await settle();
          if (this.status.state !== 'live') this.update({ state: 'live', retries: 0 });
          await this.pause(this.options.pollIntervalMs ?? 1000, true);
        }
      }
    } finally {
      await window.drain();
    }
  }

  private wake(): void {
    this.dirty = true;
    this.wakeUp?.();
  }

  /** Waits `ms`, or less on stop (and, with `wakeable`, on an append). */
  private async pause(ms: number, wakeable = false): Promise<void> {
    if (this.stopping || (wakeable && this.dirty)) return;
    await new Promise<void>((resolve) => {
      const timer = this.clock.setTimeout(resolve, ms);
      this.wakeUp = () => {
        if (wakeable || this.stopping) {
          this.clock.clearTimeout(timer);
          resolve();
        }
      };
    });
    this.wakeUp = undefined;
  }

  private update(change: Partial<ReplicatorStatus>): void {
    this.statusSubject.next({ ...this.statusSubject.value, ...change });
  }
}
