// What a table is started with and what it hands back (./table-runtime.ts, startTable): the runtime's
// options — the table file, the shoe (a serial device, or the emulated shoe), the bot, the one clock
// (docs/architecture.md, "The clock"), the store and the hooks tests use — the web server it is given, and
// the running table with its stop.
import type { Logger } from 'pino';
import type { TableConfig } from '../config/table-config.js';
import type { ShoeLink } from '../adapters/serial/shoe-link.js';
import type { ShoeEmulator } from '../adapters/shoe-emulator/emulator.js';
import type { MockShoeWire } from '../adapters/shoe-emulator/mock-wire.js';
import type { Clock } from '../ports/clock.js';
import type { EventStore } from '../ports/event-store.js';
import type { TableService } from '../app/table/table-service.js';
import type { ExactAnalysisSource } from '../app/par-sheet/exact-analysis-source.js';
import type { AcceptLogBehindAnchor } from './log-guard.js';
import type { TableProjections } from '../app/displays/table-projections.js';
import type { TableHealth } from '../adapters/web/table-health.js';
import type { TableFeed } from './table-feed.js';

export interface WebServerHandle {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
}

/** `botSeats`: the seats the demo's bot plays (none without a bot, all but the manual ones with one). */
export type WebServerFactory = (deps: { service: TableService; store: EventStore; config: TableConfig; rulesId: string; decisionSeconds: number; logger: Logger; views: TableProjections; health: TableHealth; clock: Clock; botSeats: readonly number[] }) => WebServerHandle;

export interface RuntimeOptions {
  readonly config: TableConfig;
  readonly logger: Logger;
  /** A real shoe on this serial device; without it the emulated shoe deals (demo mode). */
  readonly serialPath?: string;
  /** Leave every seat to people at the page (no bot bets or decisions). */
  readonly manual?: boolean;
  /** No bot and no demo dealer at all (tests drive the table themselves). */
  readonly quiet?: boolean;
  /** Bot players also with a real (or pty) shoe; by default they play only in demo mode. */
  readonly bot?: boolean;
  readonly web?: WebServerFactory;
  /** Milliseconds the demo dealer takes per card, and the bot per decision. */
  readonly paceMs?: number;
  readonly seed?: number;
  readonly store?: EventStore;
  /**
   * The table's one clock (src/ports/clock.ts): the link, the emulated shoe, the timers, the watchdog, the
   * projections, the floor, the feed and every retry run on it. Default: the process's clock; tests pass a
   * VirtualClock and run a whole table on virtual time.
   */
  readonly clock?: Clock;
  /**
   * Tests only: the shoe link's and the emulated shoe's clock when it must not be the table's (a soak that
   * compresses the table's own time keeps the wire at its real pace). Default: the table's clock.
   */
  readonly wireClock?: Clock;
  /** Record the raw bytes of the shoe link and every input to this file (JSONL), for `replay-capture`. */
  readonly capturePath?: string;
  /** Demo mode: called with the emulated shoe and its wire before the shoe is powered on (tests tap the wire). */
  readonly onEmulatedShoe?: (shoe: { emulator: ShoeEmulator; wire: MockShoeWire }) => void;
  /**
   * This controller lost the right to append (another writer wrote to its log): called after
   * LOST_WRITER_EXIT_MS (./table-runtime.ts), during which the table deals nothing and reports not ready; the caller exits.
   */
  readonly onLostWriter?: (reason: string) => void;
  /** An operator's decision to start on a log behind its anchor, recorded on the log. */
  readonly acceptLogBehindAnchor?: AcceptLogBehindAnchor;
  /** The settlement feed's randomness (its backoff's jitter); default Math.random. */
  readonly random?: () => number;
  /**
   * Where the demo bot's strategy and the edge check's analysis come from (src/app/par-sheet/exact-analysis-source.ts);
   * default: computed in a worker. Tests give analyses computed before.
   */
  readonly analysis?: ExactAnalysisSource;
}

export interface TableRuntime {
  readonly service: TableService;
  readonly store: EventStore;
  readonly url: string | null;
  readonly emulator: ShoeEmulator | null;
  /** The emulated shoe's mock serial device (demo mode): unplug and replug it. */
  readonly wire: MockShoeWire | null;
  readonly link: ShoeLink;
  /** Each audience's display projection, folded once for every display. */
  readonly views: TableProjections;
  /** The settlement feed, when the table file has `feed:`. */
  readonly feed: TableFeed | null;
  /** The clock the table runs on. */
  readonly clock: Clock;
  stop(): Promise<void>;
}
