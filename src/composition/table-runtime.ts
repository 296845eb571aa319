// The composition root: one table, wired. The SQLite log, the table service, the decision
// timer, the shoe (a real serial device, or the emulated shoe speaking the real protocol over the mock
// serial binding), the web server with its displays, and — when configured — the JetStream replica.
import { dirname } from 'node:path';
import { loadRuleSet } from '../config/load-rule-set.js';
import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';
import { lockTable } from '../adapters/store/table-lock.js';
import { noteNewTableFiles } from '../adapters/store/new-table-files.js';
import { realClock } from '../adapters/clock/real-clock.js';
import type { ShoeEmulator } from '../adapters/shoe-emulator/emulator.js';
import type { MockShoeWire } from '../adapters/shoe-emulator/mock-wire.js';
import { mulberry32, seedFromHash } from '../random/prng.js';
import type { TimerHandle } from '../ports/clock.js';
import { TableService } from '../app/table/table-service.js';
import { DecisionTimer } from '../app/table/decision-timer.js';
import { startShuffleCheck } from '../app/table/integrity/shuffle-check.js';
import { ResultsTimer, recordResultsMoment, recordShoeReceipts } from '../app/table/results-timer.js';
import { pauseWhenShoeRunsOut } from '../app/table/shoe-out-pause.js';
import { BettingTimer } from '../app/table/betting-timer.js';
import { logTableAlarms } from '../app/table/table-alarm-log.js';
import { DemoBot } from '../app/players/demo-bot.js';
import { strategyInBackground } from '../app/par/strategy-in-background.js';
import { checkTableEdge } from '../app/par-sheet/table-edge-warning.js';
import { packageVersion } from '../config/package-root.js';
import { DemoDealer } from './demo-dealer.js';
import { guardTableLog } from './log-guard.js';
import { logKeyOf } from '../config/log-key.js';
import { attachProjections } from '../app/displays/attach-projections.js';
import { meteredStore } from '../adapters/store/metered-store.js';
import { AppendMetrics } from '../adapters/web/table-health.js';
import { tableHealth } from './table-health.js';
import { plugInEmulatedShoe } from './emulated-shoe.js';
import { startTableShoeLink } from './table-shoe-link.js';
import { startTableFloor } from './table-floor.js';
import { startTableFeed } from './table-feed.js';
import type { RuntimeOptions, TableRuntime } from './table-runtime-options.js';

// What startTable is given and hands back: ./table-runtime-options.ts.
export type { RuntimeOptions, TableRuntime, WebServerFactory, WebServerHandle } from './table-runtime-options.js';

/** How long a controller that lost the right to append stays up, not ready and alarming, before it exits. */
export const LOST_WRITER_EXIT_MS = 5000;

/** The demo dealer's later shoes must not repeat the emulator's first one, shuffled from the same head. */
const DEALER_SEED_SALT = 0x5eed;

export async function startTable(options: RuntimeOptions): Promise<TableRuntime> {
  const { config, logger } = options;
  const clock = options.clock ?? realClock();
  const log = logger.child({ tableId: config.id });
  const { rules, rulesId, path: rulesPath } = loadRuleSet(config.rules);
  const macKey = logKeyOf(config);
  // Appends are measured for /metrics; everything else is the store's own.
  const appends = new AppendMetrics();
  const sqlite = options.store ?? new SqliteEventStore({ path: config.store.path, synchronous: config.store.synchronous, pollIntervalMs: 0, ...(macKey ? { macKey } : {}) });
  // A disk that cannot take the log (full, read-only): one line naming the folder, a new table's files removed again.
  const newFiles = sqlite instanceof SqliteEventStore ? noteNewTableFiles(sqlite.pathFor(config.id)) : undefined;
  const onDisk = (err: unknown): unknown => newFiles?.refusal(err) ?? err;
  // One writer per table: the table's lock is taken before its log is read or written.
  const lock = sqlite instanceof SqliteEventStore ? lockTable(sqlite.pathFor(config.id), config.id, new Date(clock.wallNow())) : null;
  const store = meteredStore(sqlite, (o) => appends.observe(o));
  // Start-up checks (docs/audit.md): quick_check, the chain (and MACs) over what the rebuild reads, the log against its anchors.
  const logGuard = await guardTableLog({
    tableId: config.id,
    logger: log,
    clock,
    ...(store instanceof SqliteEventStore ? { dbPath: store.pathFor(config.id) } : {}),
    ...(macKey ? { key: macKey } : {}),
    ...(config.nats ? { natsUrl: config.nats.url, natsReplicas: config.nats.replicas } : {}),
    ...(options.acceptLogBehindAnchor ? { acceptBehindAnchor: options.acceptLogBehindAnchor } : {}),
  }).catch(async (err: unknown) => {
    if (!options.store) await store.close();
    lock?.release();
    throw onDisk(err);
  });
  // A halt on a storage fault names the log's folder, and reminds once a minute while it lasts (src/app/table/table-halt.ts).
  const logFile = sqlite instanceof SqliteEventStore ? { logFile: sqlite.pathFor(config.id) } : {};
  const service = await TableService.open({ tableId: config.id, rules, rulesId, store, clock, logger: log, ...logFile, keyRetention: config.idempotency }).catch(async (err: unknown) => {
    await logGuard.dispose();
    if (!options.store) await store.close();
    lock?.release();
    throw onDisk(err);
  });
  await logGuard.afterOpen(service, store);
  // Lost the right to append: no dealing (the service refuses every input), not ready, then out.
  let lostWriterTimer: TimerHandle | undefined;
  const faults = service.fault$.subscribe((fault) => {
    if (fault?.kind !== 'lost-writer' || lostWriterTimer !== undefined) return;
    log.fatal({ exitInMs: LOST_WRITER_EXIT_MS }, `this controller stops: ${fault.reason}`);
    lostWriterTimer = clock.setTimeout(() => options.onLostWriter?.(fault.reason), LOST_WRITER_EXIT_MS);
  });
  const alarms = logTableAlarms(service.events$, config.id, log);
  // The recovery marker went on the log while the table opened, before the alarms were listening.
  // An earlier restart's pause never lifted waits as this one's would (src/app/table/restart-pause.ts).
  if (service.recovery) {
    const { interrupted, waitsForResume } = service.recovery;
    log.warn({ interrupted, waitsForResume }, waitsForResume ? 'table recovered after a restart: the interrupted round waits, paused, for a resume' : 'table recovered after a restart');
  }
  const decisionSeconds = config.decisionTimerSeconds ?? rules.timeout.decisionSeconds;
  const timer = new DecisionTimer(service, decisionSeconds, clock);
  timer.start();
  const shuffleCheck = await startShuffleCheck({ service, store, runLength: config.shuffleCheck.runLength, pause: config.shuffleCheck.pause, logger: log });
  const bettingTimer = new BettingTimer(service, config.bettingSeconds, clock);
  bettingTimer.start();
  const resultsTimer = new ResultsTimer(service, config.resultsSeconds, clock);
  resultsTimer.start();
  const stopShoeOutPause = pauseWhenShoeRunsOut(service, rules);
  await recordResultsMoment(service, config.resultsSeconds);
  await recordShoeReceipts(service, config.shoeReceipt);
  // One projection per audience, resumed from the one saved with the table's snapshot.
  const views = attachProjections(service, store, { decisionSeconds, bettingSeconds: config.bettingSeconds, currency: config.currency, logger: log });

  // The shoe: a real device, or the emulator behind the mock serial binding (nothing to install).
  let emulator: ShoeEmulator | null = null;
  let wire: MockShoeWire | null = null;
  const path = options.serialPath ?? config.serial?.path ?? `/dev/emulated-shoe-${config.id}`;
  const demo = options.serialPath === undefined && config.serial === undefined;
  // The demo's shoes differ on every start yet replay the same: their seed is the log's head hash, so a
  // second start never deals the first start's order (which the shuffle check would rightly flag).
  const demoSeed = options.seed ?? seedFromHash((await store.head(config.id)).hash);
  if (demo) ({ emulator, wire } = plugInEmulatedShoe(rules, path, demoSeed, options.wireClock ?? clock, options.onEmulatedShoe));
  const shoe = await startTableShoeLink({
    service, store, config, path, wire, clock, logger: log,
    ...(options.wireClock ? { wireClock: options.wireClock } : {}),
    logName: store instanceof SqliteEventStore ? store.pathFor(config.id) : config.id,
    ...(options.capturePath ? { capturePath: options.capturePath } : {}),
  });
  const link = shoe.link;

  const paceMs = options.paceMs ?? 700;
  const dealer = emulator && !options.quiet ? new DemoDealer(service, emulator, clock, mulberry32(options.seed ?? demoSeed ^ DEALER_SEED_SALT), paceMs) : null;
  dealer?.start();
  const botStrategy = !options.quiet && (options.bot ?? demo) ? strategyInBackground(rules, (err) => log.warn({ err }, 'computed strategy unavailable; the demo bot plays the compact chart'), options.analysis) : null;
  const bot = botStrategy
    ? new DemoBot(service, clock, {
      strategy: botStrategy.current,
      bettingSeconds: config.bettingSeconds,
      thinkSeconds: paceMs / 1000,
      ...(options.manual ? { manualSeats: Array.from({ length: rules.seats }, (_, i) => i + 1) } : {}),
    })
    : null;
  bot?.start();

  // The floor (NATS) never holds up the table: it connects in the background (table-floor.ts).
  const floor = config.nats
    ? await startTableFloor({ url: config.nats.url, replicas: config.nats.replicas, tableId: config.id, store, views, clock, logger: log, floorConnected: (connection) => logGuard.floorConnected(connection) })
    : null;

  // The settlement feed follows the log beside the table (docs/operations.md, "The settlement feed").
  const feed = startTableFeed({ config, rulesId, service, store, clock, random: options.random ?? Math.random, logger: log });
  const health = tableHealth({ store, tableId: config.id, link: () => link, appends, floor: floor?.link ?? null, halted: () => service.halted, feeds: () => feed?.status() ?? [] });
  const botSeats = bot && !options.manual ? Array.from({ length: rules.seats }, (_, i) => i + 1) : [];
  const web = options.web?.({ service, store, config, rulesId, decisionSeconds, logger: log, views, health, clock, botSeats }) ?? null;
  const url = web ? await web.listen({ host: config.http.host, port: config.http.port }) : null;
  log.info({ url, demo, rules: rules.name, decisionSeconds }, 'table running');
  // A rule set that pays the player is named in the log, in words, once the table runs (the verdict is kept
  // beside the log by the rule file's SHA-256: app/par-sheet/table-edge-warning.ts).
  const edgeCheck = checkTableEdge({
    rules, rulesPath, rulesSha256: rulesId, version: packageVersion(), clock,
    ...(options.analysis ? { analysis: options.analysis } : {}),
    ...(sqlite instanceof SqliteEventStore ? { cacheDir: dirname(sqlite.pathFor(config.id)) } : {}),
    warn: (message, edge) => log.warn({ rules: rules.name, rulesFile: rulesPath, edge }, message),
    onError: (err, what) => log.warn({ err }, what === 'cache' ? 'the rule set\'s edge verdict could not be kept beside the log' : 'the table could not check whether its rule set pays the player'),
  });

  return {
    service, store, url, emulator, wire, link, views, feed, clock,
    async stop() {
      edgeCheck.stop();
      await bot?.stop();
      botStrategy?.release();
      dealer?.stop();
      timer.stop();
      shuffleCheck.stop();
      bettingTimer.stop();
      resultsTimer.stop();
      stopShoeOutPause();
      shoe.stopInputs();
      // In order, each step logged (service life): the listener, the link, the replica, the store.
      const step = async (what: string, close: () => Promise<unknown>) => {
        const began = clock.now();
        try {
          await close();
          log.info({ step: what, ms: Math.round(clock.now() - began) }, `shutdown: ${what} closed`);
        } catch (err) {
          log.error({ err, step: what }, `shutdown: ${what} did not close cleanly`);
        }
      };
      if (web) await step('HTTP listener', () => web.close());
      // Its last acknowledgements go on the log before the store closes.
      if (feed) await step('settlement feed', () => feed.stop());
      views.stop();
      await step('shoe link', async () => {
        // The link's last state change is a note on the log: written before the store closes.
        await shoe.close();
        wire?.dispose();
        emulator?.powerOff();
      });
      if (floor) await step('NATS replica', () => floor.close());
      alarms.unsubscribe();
      faults.unsubscribe();
      clock.clearTimeout(lostWriterTimer);
      service.close();
      // The anchor at shutdown goes before the store closes.
      await step('log anchor', () => logGuard.close());
      await step('store', async () => {
        if (!options.store) await store.close();
        lock?.release();
      });
    },
  };
}
