// The soak (issue acceptance: "the service runs on an emulated shoe for 2,000 rounds with 50 display
// clients connected; no client misses or reorders an event; memory stays flat"), shared by
// test/soak/table-soak.timing.test.ts (a shorter run, asserted) and bench/soak.ts (the full run, printed).
//
// What runs: the whole table as `npm start` wires it (startTable: emulated shoe over the mock serial
// binding, demo dealer and bot players, SQLite log, decision timer, web server on port 0), with N
// display clients on /ws/dealer (role `display`) in a worker thread (./display-clients.worker.mjs).
//
// Why /ws/dealer: of the sockets a `display` may open it is the one whose views carry the log position
// (`seq`); public views carry none by design, so a public client cannot prove it missed nothing.
//
// What a client must see (the socket's protocol, src/adapters/web/view-sockets.ts and
// src/app/displays/dealer-projection.ts): one view at the log position it connected at, then one view
// per change, seq strictly increasing. A view leaves out a seq only when that event changed nothing the
// view shows — so a gap between two views is explained iff the part of the view the log decides (table,
// pause, open faults) is the same at every seq inside the gap. That part is recomputed here from the
// stored log with the product's own fold functions (the server's state at each seq) and compared, by
// hash, with every view every client received.
//
// `phase` and `instruction` are read from the live table when a view is sent, not from the log, so a view
// that changes only them (typically at an input record) is not implied by the log. Those are checked
// across clients instead: once every display has caught up (every client has its first view), all of
// them are live subscribers of the same log and compute each view at the same instant, so from the first
// seq all of them received on, every client must receive exactly the same views (same seqs, same bytes
// but the send time) until the end: a view one client lacks is a missed message.
//
// Time: the demo bot waits 0.2 s before betting each round (src/app/players/demo-bot.ts), so real time
// caps a table near 4 rounds/s. The table's timers (bot, demo dealer, decision timer) run on a clock
// that compresses their delays by `timeScale` (startTable's `clock` option, the port tests already
// inject); their ratios — and so the play — are unchanged. The shoe link and the web server keep real
// time (startTable's `wireClock`, the web server's own `clock`). The same clock holds the table's
// timers until every display is connected and has its first view, so the rounds are played with all 50
// connected (connecting them while the table runs flat out takes seconds).
//
// Known product problem worked around here: the first shoe of a demo table has no cut card
// (src/composition/table-runtime.ts, startTable, builds the ShoeEmulator without `cutCardAfter`; only
// DemoDealer.loadNewShoe sets one), so after ~25 rounds the table pauses with `cutCardMissing` and stays
// paused. The soak answers that pause as a floor supervisor would — POST /api/supervisor/shoe-change —
// and the demo dealer loads a shoe with a cut card. Any other pause fails the soak.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { factOf } from '../../src/app/audit/log-records.js';
import { foldTableView } from '../../src/app/displays/fold-table-view.js';
import { NO_FAULTS, foldFaults, type FaultsView } from '../../src/app/displays/open-faults.js';
import { NO_HOLE_CARD, publicFact } from '../../src/app/displays/public-redaction.js';
import { emptyTableView, type TableView } from '../../src/app/displays/table-view.js';
import type { StoredEvent } from '../../src/ports/event-store.js';
import type { Clock, Instant, TimerHandle } from '../../src/ports/clock.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';

export const DISPLAY_TOKEN = 'display-token-1';
export const SUPERVISOR_TOKEN = 'supervisor-token-1';

export interface SoakOptions {
  readonly rounds: number;
  readonly clients: number;
  /** Rounds per heap window (the heap of a window is the median of its samples). */
  readonly windowRounds: number;
  /** A heap sample every this many rounds (default: a fifth of a window). */
  readonly sampleEveryRounds?: number;
  readonly rules?: string;
  readonly seed?: number;
  readonly paceMs?: number;
  /** Factor on every delay of the table's clock (1 = real time). Default 0.01. */
  readonly timeScale?: number;
  /** Give up when the rounds have not ended by then. */
  readonly timeoutMs: number;
  /** Called as each heap window closes and every `progressEveryRounds` rounds. */
  readonly onWindow?: (window: HeapWindow) => void;
  readonly onProgress?: (progress: { rounds: number; seconds: number; messages: number }) => void;
  readonly progressEveryRounds?: number;
}

export interface HeapWindow {
  readonly window: number;
  readonly fromRound: number;
  readonly toRound: number;
  readonly samples: number;
  /** Median heapUsed of the window's samples, bytes. */
  readonly heapUsed: number;
  /** Seconds since the table started, at the window's end. */
  readonly at: number;
}

export interface GapReport {
  readonly client: number;
  /** The two consecutive views around the gap. */
  readonly from: number;
  readonly to: number;
  /** A seq inside the gap whose event changed the view. */
  readonly changedAt: number;
  readonly eventType: string;
}

export interface ClientReport {
  readonly index: number;
  readonly messages: number;
  readonly bytes: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly orderViolations: number;
  readonly firstViolations: readonly { after: number; got: number; at: number }[];
  readonly malformed: number;
  readonly unexplainedGaps: number;
  readonly closedEarly: { code: number; reason: string } | null;
  readonly error: string | null;
  /** The log-decided part of the client's last view, and the server's at the same seq. */
  readonly finalView: LogPart | null;
  readonly serverAtFinalSeq: LogPart | null;
}

export interface LogPart {
  readonly table: TableView;
  readonly paused: FaultsView['paused'];
  readonly faults: FaultsView['faults'];
}

export interface SoakReport {
  readonly rounds: number;
  /** From the release of the table (all displays connected) to the last round counted. */
  readonly seconds: number;
  /** From start until every display was connected and had its first view (the table held meanwhile). */
  readonly connectSeconds: number;
  readonly roundsPerSecond: number;
  /** Seconds spent checking the clients after the run. */
  readonly verifySeconds: number;
  /** The log position when the last counted round ended; every client must have reached it. */
  readonly headAtEnd: number;
  readonly logEvents: number;
  readonly clients: readonly ClientReport[];
  readonly messages: number;
  readonly bytes: number;
  readonly orderViolations: number;
  readonly unexplainedGaps: number;
  readonly gapExamples: readonly GapReport[];
  /** First seq of the live stretch: every client received a view there, after all had caught up. */
  readonly liveFrom: number;
  /** Last seq every client reached (the end of the compared stretch). */
  readonly liveTo: number;
  /** Distinct views sent in [liveFrom, liveTo] (each client must have all of them). */
  readonly liveViews: number;
  /** Views of [liveFrom, liveTo] some client received and another did not, summed over clients. */
  readonly missedLive: number;
  readonly missedExamples: readonly { client: number; seq: number; eventType: string }[];
  /** Views of [liveFrom, liveTo] that differ between clients at the same seq (phase, instruction…). */
  readonly liveDivergent: number;
  /** The same before liveFrom, while displays were catching up (allowed: live fields read later). */
  readonly catchUpDivergent: number;
  /** Views whose log part differs from the server's at their seq. */
  readonly contentMismatches: number;
  readonly contentExamples: readonly { seq: number; eventType: string }[];
  /** Clients that got a different log part than another client at the same seq (never allowed). */
  readonly partDivergent: number;
  /** Clients whose last seq is below headAtEnd, or whose last view differs from the server's at its seq. */
  readonly finalMismatches: number;
  readonly closedEarly: number;
  readonly windows: readonly HeapWindow[];
  readonly gcForced: boolean;
  readonly pauses: readonly string[];
  readonly shoeChanges: number;
  readonly timeScale: number;
}

/** How often a timer held back by mayGo() asks again. */
const MAY_GO_CHECK_MS = 5;
/**
 * How far (in log events) the table may run ahead of its slowest display: a view here averages ~1.4 KB
 * (857 MiB in 630,198 views), so 100 events is ~140 KB, with what arrives during one of the displays'
 * progress reports (every 25 ms) still well under the server's 256 KiB per display before it conflates.
 */
const DISPLAY_LAG_EVENTS = 100;

interface HeldTimer extends TimerHandle {
  timer: NodeJS.Timeout | undefined;
  cancelled: boolean;
}

/**
 * The table's own timers (bot, demo dealer, decision timer) with every delay times `scale` (1: real
 * time), held until `release()`: the table does nothing of its own accord until the displays are
 * connected (the shoe link, on its own clock, comes up meanwhile). Its readings are the process's clock's. After that a timer that comes due
 * while `mayGo()` says no waits until it says yes: the soak keeps the table from running further ahead of
 * its slowest display than the server lets a display fall behind before it conflates its views
 * (src/adapters/web/conflated-sender.ts). Its 50 clients share one worker thread on a two-core machine
 * beside a table run a hundred times faster than real time, which on a slow day cannot read ~60,000 views a
 * second; a conflated view would then count as a miss, though the server did what it is meant to do for a
 * slow display (conflation itself is tested in test/adapters/web/view-delivery.timing.test.ts). A view
 * lost or reordered on the way still fails the soak.
 */
export class SoakClock implements Clock {
  private held: { handle: HeldTimer; callback: () => void; ms: number }[] | null = [];
  private readonly real = realClock();
  private next = 1;

  constructor(private readonly scale: number, private readonly mayGo: () => boolean = () => true) {}

  now(): number {
    return this.real.now();
  }

  wallNow(): number {
    return this.real.wallNow();
  }

  instant(): Instant {
    return this.real.instant();
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const handle: HeldTimer = { id: this.next++, timer: undefined, cancelled: false };
    if (this.held) this.held.push({ handle, callback, ms });
    else this.start(handle, callback, ms * this.scale);
    return handle;
  }

  /** Runs `callback` after `ms`, and from then on as soon as mayGo() allows (checked every few ms). */
  private start(handle: HeldTimer, callback: () => void, ms: number): void {
    handle.timer = setTimeout(() => {
      if (handle.cancelled) return;
      if (this.mayGo()) callback();
      else this.start(handle, callback, MAY_GO_CHECK_MS);
    }, ms);
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (!handle) return;
    const h = handle as HeldTimer;
    h.cancelled = true;
    if (h.timer !== undefined) clearTimeout(h.timer);
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { handle, callback, ms } of held) if (!handle.cancelled) this.start(handle, callback, ms * this.scale);
  }
}

/** `global.gc` when the process runs with --expose-gc; else the same function obtained at run time; else null. */
export function forcedGc(): (() => void) | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Heap growth of a run: the median window heap of its last quarter over that of its second quarter
 * (the first quarter is warm-up: JIT, caches, the catch-up of the clients that connected).
 */
export function heapGrowth(windows: readonly HeapWindow[]): { second: number; last: number; ratio: number } {
  const k = windows.length;
  if (k < 4) throw new Error(`need at least 4 heap windows, have ${k}`);
  const second = median(windows.slice(Math.floor(k / 4), Math.floor(k / 2)).map((w) => w.heapUsed));
  const last = median(windows.slice(Math.floor((3 * k) / 4)).map((w) => w.heapUsed));
  return { second, last, ratio: last / second };
}

function logPartHash([table, ...rest]: readonly [TableView, ...unknown[]]): string {
  // Without the stage, as the clients hash it (display-clients.worker.mjs): the staff views show the next
  // step's stage (src/app/displays/consistent-stage.ts), which may run ahead of the log.
  return createHash('sha1').update(JSON.stringify([{ ...table, stage: undefined }, ...rest])).digest('base64');
}

interface WorkerClient {
  index: number;
  seqs: Int32Array;
  messages: number;
  bytes: number;
  orderViolations: number;
  firstViolations: { after: number; got: number; at: number }[];
  malformed: number;
  lastView: (LogPart & { seq: number }) | null;
  closedEarly: { code: number; reason: string } | null;
  error: string | null;
}

interface WorkerDone {
  clients: WorkerClient[];
  views: [number, { part: string; full: string }][];
  partDivergent: { client: number; seq: number }[];
  fullDivergent: [number, number][];
}

/** Index of the first element >= value in a sorted array. */
function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function has(sorted: Int32Array, value: number): boolean {
  return sorted[lowerBound(sorted, value)] === value;
}

class DisplayClients {
  readonly worker: Worker;
  minLast = -1;
  messages = 0;
  bytes = 0;
  closed = 0;
  private readonly connected: Promise<void>;
  /** Every client has its first view. */
  readonly caughtUp: Promise<void>;
  private done: Promise<WorkerDone> | null = null;

  constructor(url: string, clients: number, onAllFirst: () => void) {
    let allFirst!: () => void;
    this.caughtUp = new Promise((resolve) => (allFirst = resolve));
    this.worker = new Worker(new URL('./display-clients.worker.mjs', import.meta.url), {
      workerData: { url, path: `/ws/dealer?token=${DISPLAY_TOKEN}`, clients },
    });
    this.connected = new Promise((resolve, reject) => {
      this.worker.on('error', reject);
      this.worker.on('message', (m: { type: string; error?: string; minLast?: number; messages?: number; bytes?: number; closed?: number }) => {
        if (m.type === 'connected') resolve();
        else if (m.type === 'allFirst') {
          onAllFirst();
          allFirst();
        }
        else if (m.type === 'failed') reject(new Error(`display clients: ${m.error}`));
        else if (m.type === 'progress') {
          this.minLast = m.minLast ?? -1;
          this.messages = m.messages ?? 0;
          this.bytes = m.bytes ?? 0;
          this.closed = m.closed ?? 0;
        }
      });
    });
  }

  ready(): Promise<void> {
    return this.connected;
  }

  /** Until every client has a view at `seq` or later (false on timeout or when a client dropped). */
  async reached(seq: number, timeoutMs: number): Promise<boolean> {
    const until = performance.now() + timeoutMs;
    while (performance.now() < until) {
      if (this.minLast >= seq) return true;
      if (this.closed > 0) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  finish(): Promise<WorkerDone> {
    this.done ??= new Promise((resolve, reject) => {
      this.worker.on('message', (m: { type: string } & WorkerDone) => {
        if (m.type === 'done') resolve(m);
      });
      this.worker.once('error', reject);
      this.worker.postMessage({ type: 'finish' });
    });
    return this.done;
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The log-decided part of the dealer view after every seq, from the stored log (the product's folds). */
function referenceParts(log: readonly StoredEvent[], rules: TableRuntime['service']['rules'], seats: number, decisionSeconds: number, keep: ReadonlySet<number>, bettingSeconds?: number) {
  const hashes: string[] = new Array<string>(log.length + 1);
  const kept = new Map<number, LogPart>();
  let secrecy = NO_HOLE_CARD;
  let table = emptyTableView(seats);
  let faults: FaultsView = NO_FAULTS;
  hashes[0] = logPartHash([table, faults.paused, faults.faults]);
  if (keep.has(0)) kept.set(0, { table, paused: faults.paused, faults: faults.faults });
  for (const event of log) {
    const { fact, secrecy: after } = publicFact(event, secrecy);
    secrecy = after;
    const nextTable = fact ? foldTableView(table, { fact, at: event.wallTime }, { rules, decisionSeconds, ...(bettingSeconds !== undefined ? { bettingSeconds } : {}) }) : table;
    const nextFaults = foldFaults(faults, event);
    hashes[event.seq] = nextTable === table && nextFaults === faults ? (hashes[event.seq - 1] as string) : logPartHash([nextTable, nextFaults.paused, nextFaults.faults]);
    table = nextTable;
    faults = nextFaults;
    if (keep.has(event.seq)) kept.set(event.seq, { table, paused: faults.paused, faults: faults.faults });
  }
  // required[s]: how many seqs in 1..s changed the log part (a view must be sent at each of them).
  const required = new Int32Array(log.length + 1);
  for (let s = 1; s <= log.length; s++) required[s] = (required[s - 1] as number) + (hashes[s] !== hashes[s - 1] ? 1 : 0);
  return { hashes, required, kept };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const dir = mkdtempSync(join(tmpdir(), 'table-soak-'));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
  try {
    return await soak(options, dir, store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function soak(options: SoakOptions, dir: string, store: SqliteEventStore): Promise<SoakReport> {
  const timeScale = options.timeScale ?? 0.01;
  const sampleEvery = options.sampleEveryRounds ?? Math.max(1, Math.floor(options.windowRounds / 5));
  const progressEvery = options.progressEveryRounds ?? options.windowRounds;
  const config = parseTableConfig({
    id: 'soak',
    rules: options.rules ?? 'six-deck',
    store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' },
    decisionTimerSeconds: 5,
    bettingSeconds: 0.02, resultsSeconds: 0,
    http: { host: '127.0.0.1', port: 0 },
    roles: { display: [{ name: 'wall', token: DISPLAY_TOKEN }], supervisor: [{ name: 'floor', token: SUPERVISOR_TOKEN }] },
  }, 'soak');
  const gc = forcedGc();
  let displays: DisplayClients | undefined;
  let position = (): number => 0;
  // A display that closed stops reading: the table goes on, and the soak reports the closed display.
  const clock = new SoakClock(timeScale, () => displays === undefined || displays.closed > 0 || position() - displays.minLast <= DISPLAY_LAG_EVENTS);
  const t0 = performance.now();
  const runtime = await startTable({
    config, store, logger: pino({ level: process.env['DEBUG_RUNTIME'] ? 'debug' : 'silent' }),
    paceMs: options.paceMs ?? 1, seed: options.seed ?? 11, clock, wireClock: realClock(),
    web: (deps) => createTableWebServer({ ...deps, clock: realClock() }),
  });
  const url = runtime.url;
  if (!url) throw new Error('the web server did not start');
  /** The log position once every client had its first view (all caught up, all live): at least that. */
  let caughtUpAt = -1;
  position = () => runtime.service.position;
  displays = new DisplayClients(url, options.clients, () => (caughtUpAt = runtime.service.position));

  const pauses: string[] = [];
  let shoeChanges = 0;
  const samples: { round: number; heap: number }[] = [];
  const windows: HeapWindow[] = [];
  let ended = 0;
  let headAtEnd = 0;
  let tEnd = 0;
  let tPlay = 0;
  let connectSeconds = 0;
  let failure: Error | null = null as Error | null;

  const closeWindow = (w: number): void => {
    const inWindow = samples.filter((s) => Math.floor((s.round - 1) / options.windowRounds) === w).map((s) => s.heap);
    if (inWindow.length === 0) return;
    const window: HeapWindow = {
      window: w, fromRound: w * options.windowRounds + 1, toRound: (w + 1) * options.windowRounds,
      samples: inWindow.length, heapUsed: median(inWindow), at: (performance.now() - t0) / 1000,
    };
    windows.push(window);
    options.onWindow?.(window);
  };

  let resolveRounds!: () => void;
  let rejectRounds!: (e: Error) => void;
  const roundsDone = new Promise<void>((resolve, reject) => ((resolveRounds = resolve), (rejectRounds = reject)));
  const roundsOutcome = roundsDone.then(() => null, (e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  const subscription = runtime.service.events$.subscribe((event) => {
    if (event.type === 'table.paused') {
      const fact = factOf(event) as { reason?: string; fault?: { kind: string } };
      pauses.push(fact.reason ?? 'paused');
      if (fact.fault?.kind === 'cutCardMissing') {
        shoeChanges++;
        void fetch(`${url}/api/supervisor/shoe-change`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SUPERVISOR_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'cut card missing' }),
        }).then(async (r) => { if (!r.ok) rejectRounds(new Error(`shoe change refused: ${r.status} ${await r.text()}`)); }, (e: unknown) => rejectRounds(e as Error));
      } else {
        rejectRounds(new Error(`table paused: ${fact.reason} (round ${event.round}, after ${ended} rounds)`));
      }
      return;
    }
    if (event.type !== 'round.ended' || ended >= options.rounds) return;
    ended++;
    if (ended % sampleEvery === 0) {
      const round = ended;
      setImmediate(() => {
        gc?.();
        samples.push({ round, heap: process.memoryUsage().heapUsed });
        // The window's last sample closes it.
        const w = Math.floor((round - 1) / options.windowRounds);
        if (round + sampleEvery > (w + 1) * options.windowRounds) closeWindow(w);
      });
    }
    if (ended % progressEvery === 0) options.onProgress?.({ rounds: ended, seconds: (performance.now() - t0) / 1000, messages: displays.messages });
    if (ended === options.rounds) {
      headAtEnd = runtime.service.position;
      tEnd = performance.now();
      resolveRounds();
    }
  });
  const timeout = setTimeout(() => rejectRounds(new Error(`only ${ended} of ${options.rounds} rounds ended in ${options.timeoutMs} ms; table ${runtime.service.phase}`)), options.timeoutMs);

  let done: WorkerDone;
  try {
    await displays.ready();
    const stalled = roundsOutcome.then((e) => Promise.reject(e ?? new Error('the rounds ended before the displays caught up')));
    stalled.catch(() => undefined);
    await Promise.race([displays.caughtUp, stalled]);
    connectSeconds = (performance.now() - t0) / 1000;
    tPlay = performance.now();
    clock.release();
    failure = await roundsOutcome;
    clearTimeout(timeout);
    // Every client must catch up with the table as it was when the last round ended (the table plays on,
    // so a view at or after that position comes as soon as anything changes).
    if (!failure && !(await displays.reached(headAtEnd, 20_000))) failure = new Error(`a display did not reach seq ${headAtEnd} (slowest at ${displays.minLast}, ${displays.closed} dropped)`);
    done = await displays.finish();
  } finally {
    clearTimeout(timeout);
    subscription.unsubscribe();
    await runtime.stop();
    SerialPortMock.binding.reset();
    await displays.terminate();
  }
  // Windows whose closing sample had not run yet.
  await new Promise((r) => setImmediate(r));

  const tVerify = performance.now();
  const log = await store.read(runtime.service.tableId);
  const typeAt = (seq: number): string => log[seq - 1]?.type ?? '(none)';

  const lastSeqs = new Set(done.clients.map((c) => c.lastView?.seq ?? -1));
  const decisionSeconds = config.decisionTimerSeconds ?? runtime.service.rules.timeout.decisionSeconds;
  const reference = referenceParts(log, runtime.service.rules, runtime.service.rules.seats, decisionSeconds, lastSeqs, config.bettingSeconds);

  let contentMismatches = 0;
  const contentExamples: { seq: number; eventType: string }[] = [];
  for (const [seq, hash] of done.views) {
    if (reference.hashes[seq] !== hash.part) {
      contentMismatches++;
      if (contentExamples.length < 5) contentExamples.push({ seq, eventType: typeAt(seq) });
    }
  }

  const gapExamples: GapReport[] = [];
  let unexplainedGaps = 0;
  let finalMismatches = 0;
  const clients: ClientReport[] = done.clients.map((c) => {
    let gaps = 0;
    for (let i = 0; i + 1 < c.seqs.length; i++) {
      const from = c.seqs[i] as number;
      const to = c.seqs[i + 1] as number;
      if (to <= from + 1) continue;
      if ((reference.required[to - 1] ?? 0) - (reference.required[from] ?? 0) > 0) {
        gaps++;
        if (gapExamples.length < 10) {
          let changedAt = from + 1;
          while (changedAt < to && reference.hashes[changedAt] === reference.hashes[from]) changedAt++;
          gapExamples.push({ client: c.index, from, to, changedAt, eventType: typeAt(changedAt) });
        }
      }
    }
    unexplainedGaps += gaps;
    const lastSeq = c.lastView?.seq ?? -1;
    const finalView = c.lastView ? { table: c.lastView.table, paused: c.lastView.paused, faults: c.lastView.faults } : null;
    const serverAtFinalSeq = reference.kept.get(lastSeq) ?? null;
    if (lastSeq < headAtEnd || finalView === null || reference.hashes[lastSeq] !== logPartHash([finalView.table, finalView.paused, finalView.faults])) finalMismatches++;
    return {
      index: c.index, messages: c.messages, bytes: c.bytes, firstSeq: c.seqs[0] ?? -1, lastSeq,
      orderViolations: c.orderViolations, firstViolations: c.firstViolations, malformed: c.malformed,
      unexplainedGaps: gaps, closedEarly: c.closedEarly, error: c.error, finalView, serverAtFinalSeq,
    };
  });
  if (failure) throw failure;
  if (caughtUpAt < 0) throw new Error('the displays never all had their first view');

  // The live stretch: from the first seq after caughtUpAt that every client received, to the last seq
  // every client reached. Within it each client must hold every view any client received.
  const seqLists = done.clients.map((c) => c.seqs);
  const first = seqLists[0] ?? new Int32Array(0);
  let liveFrom = -1;
  for (let i = lowerBound(first, caughtUpAt + 1); i < first.length; i++) {
    const s = first[i] as number;
    if (seqLists.every((list) => has(list, s))) {
      liveFrom = s;
      break;
    }
  }
  const liveTo = Math.min(...clients.map((c) => c.lastSeq));
  if (liveFrom < 0 || liveTo < liveFrom) throw new Error(`no view received by every client after seq ${caughtUpAt}`);
  const union = Int32Array.from(done.views.map(([seq]) => seq).filter((s) => s >= liveFrom && s <= liveTo)).sort();
  let missedLive = 0;
  const missedExamples: { client: number; seq: number; eventType: string }[] = [];
  done.clients.forEach((c) => {
    const held = lowerBound(c.seqs, liveTo + 1) - lowerBound(c.seqs, liveFrom);
    const missed = union.length - held;
    if (missed <= 0) return;
    missedLive += missed;
    for (const s of union) {
      if (missedExamples.length >= 10 || has(c.seqs, s)) continue;
      missedExamples.push({ client: c.index, seq: s, eventType: typeAt(s) });
    }
  });
  const liveDivergent = done.fullDivergent.filter(([, s]) => s >= liveFrom && s <= liveTo).length;
  const catchUpDivergent = done.fullDivergent.filter(([, s]) => s < liveFrom).length;

  const seconds = (tEnd - tPlay) / 1000;
  return {
    rounds: ended, seconds, connectSeconds, roundsPerSecond: ended / seconds, verifySeconds: (performance.now() - tVerify) / 1000,
    headAtEnd, logEvents: log.length, clients,
    messages: clients.reduce((n, c) => n + c.messages, 0),
    bytes: clients.reduce((n, c) => n + c.bytes, 0),
    orderViolations: clients.reduce((n, c) => n + c.orderViolations, 0),
    unexplainedGaps, gapExamples, contentMismatches, contentExamples,
    partDivergent: done.partDivergent.length, finalMismatches,
    liveFrom, liveTo, liveViews: union.length, missedLive, missedExamples, liveDivergent, catchUpDivergent,
    closedEarly: clients.filter((c) => c.closedEarly !== null).length,
    windows, gcForced: gc !== null, pauses, shoeChanges, timeScale,
  };
}
