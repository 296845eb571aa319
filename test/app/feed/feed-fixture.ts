// What the feed's tests share: a table's log with money on it (the money tests' random session), the table
// service reopened on it (the notes go through it), virtual time (a clock moved by the test),
// a transport scripted by the test, and a logger that keeps its lines.
import type { Logger } from 'pino';
import { TableService } from '../../../src/app/table/table-service.js';
import { HandsPerBoxOnLog } from '../../../src/app/audit/hands-per-box-on-log.js';
import { roundIndexOf } from '../../../src/app/audit/round-index.js';
import { FEED_DELIVERED_RECORD } from '../../../src/app/feed/feed-note.js';
import { FeedWorker, type FeedWorkerOptions } from '../../../src/app/feed/feed-worker.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { VirtualClock, flushIo } from '../../../src/adapters/clock/virtual-clock.js';
import { FeedDeliveryError, type FeedFailure, type FeedMessage, type FeedTransport } from '../../../src/ports/settlement-feed.js';

export const TABLE = 'feed-1';

/** The feed's virtual time: nothing fires until the test advances it, and each timer's work settles (20 turns) first. */
export function virtualTime(): VirtualClock {
  return new VirtualClock({ wall: '2026-03-01T12:00:00.000Z', mono: 0, ioTurns: 20 });
}

/** Lets promises and I/O callbacks run (a number of event-loop turns, not a time). */
export async function settle(turns = 20): Promise<void> {
  await flushIo(turns);
}

/** Waits, turn by turn, until `condition` holds; fails naming `what` if it never does. */
export async function until(condition: () => boolean, what: string, turns = 20_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never: ${what}`);
}

/**
 * Waits for real I/O (a socket, a request's own timeout) until `condition` holds; fails naming `what`, and what
 * `state` says of where things stood, after 10 s.
 */
export async function untilIo(condition: () => boolean, what: string, state?: () => string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 5) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${what}${state ? ` (${state()})` : ''}`);
}

/** A receiver scripted by the test: `answer` says, per attempt, whether it acknowledges (null) or why not. */
export class ScriptedTransport implements FeedTransport {
  readonly target = 'webhook' as const;
  readonly destination = 'https://wallet.test/feed';
  readonly attempts: FeedMessage[] = [];
  readonly acknowledged: FeedMessage[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private closing: (() => void) | null = null;
  private readonly closed = new Promise<FeedFailure>((resolve) => (this.closing = () => resolve({ code: 'feedClosed', params: {} })));
  answer: (message: FeedMessage, attempt: number) => FeedFailure | null | Promise<FeedFailure | null> = () => null;

  async deliver(message: FeedMessage): Promise<void> {
    this.attempts.push(message);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const failure = await Promise.race([this.answer(message, this.attempts.length), this.closed]);
      if (failure) throw new FeedDeliveryError(failure, failure.code);
      this.acknowledged.push(message);
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Abandons what is under way, as a real transport does. */
  async close(): Promise<void> {
    this.closing?.();
  }

  /** The attempts to deliver `id`. */
  attemptsOf(id: string | undefined): FeedMessage[] {
    return this.attempts.filter((m) => m.id === id);
  }
}

export const UNAVAILABLE: FeedFailure = { code: 'feedHttpStatus', params: { httpStatus: '503', address: 'https://wallet.test/feed' } };

/** A logger that keeps every line: level and message. */
export function keptLines(): { logger: Logger; lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> } {
  const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => void lines.push({ level, msg, fields });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger };
}

/** The table reopened on `store` (as a restarted controller opens it) and a worker on it (a stop abandons a delivery at once unless `extra` says otherwise). */
export async function openFeed(store: EventStore, rulesName: string, time: VirtualClock, transport: FeedTransport, extra: Partial<FeedWorkerOptions> = {}): Promise<{ service: TableService; worker: FeedWorker }> {
  const { rules, rulesId } = loadRuleSet(rulesName);
  const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: time });
  const worker = new FeedWorker({
    tableId: TABLE, currency: 'EUR', store, index: roundIndexOf(store), rules: new HandsPerBoxOnLog([[rulesId, rules.boxes.handsPerBox]]), transport,
    appended$: service.events$, recordNote: (note) => service.recordNote(FEED_DELIVERED_RECORD, note),
    clock: time, random: () => 1, maxBackoffMs: 60_000, alarmSeconds: 60, stopGraceMs: 0, ...extra,
  });
  return { service, worker };
}
