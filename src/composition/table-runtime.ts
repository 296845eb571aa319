// The composition root (issue 5): one table, wired. The SQLite log, the table service, the decision
// timer, the shoe (a real serial device, or the emulated shoe speaking the real protocol over the mock
// serial binding), the web server with its displays, and — when configured — the JetStream replica.
import type { Logger } from 'pino';
import { SerialPortMock } from 'serialport';
import { connect, type NatsConnection } from 'nats';
import type { TableConfig } from '../config/table-config.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';
import { JetStreamReplicator } from '../adapters/store/jetstream-replicator.js';
import { systemClock } from '../adapters/clock/system-clock.js';
import { ShoeLink, type LinkCounters, type LinkEvent } from '../adapters/serial/shoe-link.js';
import { TableCaptureWriter } from '../adapters/serial/table-capture.js';
import { realScheduler as linkScheduler } from '../adapters/serial/scheduler.js';
import { ShoeEmulator } from '../adapters/shoe-emulator/emulator.js';
import { connectEmulatorToMockBinding, type MockShoeWire } from '../adapters/shoe-emulator/mock-wire.js';
import { mulberry32, shuffledShoe } from '../adapters/shoe-emulator/prng.js';
import { realScheduler, type Scheduler } from '../ports/scheduler.js';
import type { EventStore } from '../ports/event-store.js';
import { TableService } from '../app/table-service.js';
import { DecisionTimer } from '../app/decision-timer.js';
import { ShoeBridge } from '../app/shoe-bridge.js';
import { isInputRecord, recordedInput } from '../app/log-records.js';
import { DemoBot } from '../app/demo/demo-bot.js';
import { strategyInBackground } from '../app/par/strategy-in-background.js';
import { DemoDealer } from './demo-dealer.js';

export interface WebServerHandle {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
}

export type WebServerFactory = (deps: { service: TableService; store: EventStore; config: TableConfig; decisionSeconds: number; logger: Logger }) => WebServerHandle;

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
  readonly scheduler?: Scheduler;
  /** Record the raw bytes of the shoe link and every input to this file (JSONL), for `replay-capture`. */
  readonly capturePath?: string;
}

export interface TableRuntime {
  readonly service: TableService;
  readonly store: EventStore;
  readonly url: string | null;
  readonly emulator: ShoeEmulator | null;
  /** The emulated shoe's mock serial device (demo mode): unplug and replug it. */
  readonly wire: MockShoeWire | null;
  readonly link: ShoeLink;
  stop(): Promise<void>;
}

/**
 * The last shoe sequence number on the log: the link resumes there (firmware-protocol §8.2). Read
 * backwards from the head a page at a time — the recent end holds it — so start-up does not read the
 * whole log again after the snapshot spared the table service from doing so.
 */
export async function lastShoeSeq(store: EventStore, tableId: string, head: number, page = 1000): Promise<number> {
  for (let to = head; to >= 1; to -= page) {
    const from = Math.max(1, to - page + 1);
    const events = await store.read(tableId, { from, limit: to - from + 1 });
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      const seq = e && isInputRecord(e) ? recordedInput(e).origin.shoeSeq : undefined;
      if (seq !== undefined) return seq;
    }
  }
  return 0;
}

export async function startTable(options: RuntimeOptions): Promise<TableRuntime> {
  const { config, logger } = options;
  const log = logger.child({ tableId: config.id });
  const { rules, rulesId } = loadRuleSet(config.rules);
  const store = options.store ?? new SqliteEventStore({ path: config.store.path, synchronous: config.store.synchronous, pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: config.id, rules, rulesId, store, clock: systemClock, logger: log });
  const scheduler = options.scheduler ?? realScheduler;
  const decisionSeconds = config.decisionTimerSeconds ?? rules.timeout.decisionSeconds;
  const timer = new DecisionTimer(service, decisionSeconds, scheduler);
  timer.start();

  // The shoe: a real device, or the emulator behind the mock serial binding (nothing to install).
  let emulator: ShoeEmulator | null = null;
  let wire: MockShoeWire | null = null;
  const path = options.serialPath ?? config.serial?.path ?? `/dev/emulated-shoe-${config.id}`;
  const demo = options.serialPath === undefined && config.serial === undefined;
  if (demo) {
    const rng = mulberry32(options.seed ?? Date.now() % 2 ** 31);
    SerialPortMock.binding.createPort(path);
    const cards = shuffledShoe(rules.deck.decks, rng).filter((c) => rules.deck.ranks.includes(c[0] as never));
    emulator = new ShoeEmulator({ scheduler: linkScheduler(), rng, cards, cutCardAfter: Math.floor(cards.length * 0.75), decks: rules.deck.decks, serialNumber: 'EMU-0001' });
    wire = connectEmulatorToMockBinding(emulator, path);
    emulator.powerOn();
  }
  let bridge: ShoeBridge | null = null;
  // Link error counters are notes on the log (issue 3), written when one of them changes.
  let lastCounters = '';
  const recordErrorCounters = (c: LinkCounters) => {
    const errors = { crcErrors: c.crcErrors, discardedBytes: c.discardedBytes, retransmissions: c.retransmissions, duplicatesSuppressed: c.duplicatesSuppressed, naksSent: c.naksSent, naksReceived: c.naksReceived, linkDowns: c.linkDowns, protocolErrors: c.protocolErrors, handlerFailures: c.handlerFailures };
    const key = JSON.stringify(errors);
    if (key === lastCounters) return;
    lastCounters = key;
    void service.recordNote('link.counters', errors).catch((err: unknown) => log.error({ err }, 'link counters not recorded'));
  };
  const capture = options.capturePath ? new TableCaptureWriter(options.capturePath) : null;
  const captureInputs = capture
    ? service.events$.subscribe((e) => {
      if (e.type !== 'input') return;
      const { input, source, by, shoeSeq } = e.data as { input: unknown; source: string; by?: string; shoeSeq?: number };
      capture.recordInput(input, { source, ...(by !== undefined ? { by } : {}), ...(shoeSeq !== undefined ? { shoeSeq } : {}) });
    })
    : null;
  const lastRxSeq = await lastShoeSeq(store, config.id, service.position);
  const link = new ShoeLink({
    path,
    baudRate: config.serial?.baud ?? 115200,
    ...(wire ? { binding: wire.binding } : {}),
    ...(lastRxSeq > 0 ? { resume: { lastRxSeq } } : {}),
    ...(capture ? { capture } : {}),
    onMessage: async (m) => {
      if (bridge) await bridge.onShoeEvent(m.message, m.seq);
    },
    onEvent: (e: LinkEvent) => {
      if (e.type === 'state') void bridge?.onLinkState(e.state, e.previous, e.reason).catch((err: unknown) => log.error({ err }, 'link state not recorded'));
      else if (e.type === 'counters') recordErrorCounters(e.counters);
      else log.info({ link: e }, `link ${e.type}`);
    },
  });
  bridge = new ShoeBridge(service, link);
  bridge.start();
  link.start();

  const paceMs = options.paceMs ?? 700;
  const dealer = emulator && !options.quiet ? new DemoDealer(service, emulator, scheduler, mulberry32(options.seed ?? 7), paceMs) : null;
  dealer?.start();
  const bot = !options.quiet && (options.bot ?? demo)
    ? new DemoBot(service, scheduler, {
      strategy: strategyInBackground(rules, (err) => log.warn({ err }, 'computed strategy unavailable; the demo bot plays the compact chart')).current,
      bettingSeconds: config.bettingSeconds,
      thinkSeconds: paceMs / 1000,
      ...(options.manual ? { manualSeats: Array.from({ length: rules.seats }, (_, i) => i + 1) } : {}),
    })
    : null;
  bot?.start();

  let nats: NatsConnection | null = null;
  let replicator: JetStreamReplicator | null = null;
  if (config.nats) {
    // The SQLite log stays the source of truth; a JetStream outage never blocks the table.
    nats = await connect({ servers: config.nats.url, maxReconnectAttempts: -1, waitOnFirstConnect: true });
    replicator = new JetStreamReplicator({ source: store, tableId: config.id, connection: nats, logger: log });
    replicator.start();
  }

  const web = options.web?.({ service, store, config, decisionSeconds, logger: log }) ?? null;
  const url = web ? await web.listen({ host: config.http.host, port: config.http.port }) : null;
  log.info({ url, demo, rules: rules.name, decisionSeconds }, 'table running');

  return {
    service, store, url, emulator, wire, link,
    async stop() {
      bot?.stop();
      dealer?.stop();
      timer.stop();
      bridge?.stop();
      await web?.close();
      await link.close();
      captureInputs?.unsubscribe();
      await capture?.close();
      wire?.dispose();
      emulator?.powerOff();
      await replicator?.stop();
      await nats?.close();
      service.close();
      if (!options.store) await store.close();
    },
  };
}
