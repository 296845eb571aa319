// The controller's end of the shoe link (firmware-protocol/PROTOCOL.md).
//
// Opens the serial port, runs the HELLO handshake (§8), keeps per-direction sequence numbers
// across reconnects (§8.4), suppresses duplicates (§6.3), supervises the link with the shoe's
// heartbeat (§10.2), reconnects with backoff when the device disappears (§10.2), retransmits its
// own commands (§9.2), and counts everything.
//
// Delivery contract (§9.6, "persist, then act"): each shoe event is handed to
// `onMessage(msg): Promise<void>` exactly once and in sequence order; the ACK is sent only after
// that promise resolves. If it rejects, nothing is acknowledged and the shoe's retransmission
// offers the same event again. To keep "exactly once" across controller restarts, persist the
// `seq` of each delivered message and pass the last one back as `resume.lastRxSeq`.

import { SerialPort } from 'serialport';
import type { BindingInterface } from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import {
  ackSettles,
  buildHello,
  crcNakDue,
  Deframer,
  encodeFrame,
  helloRetryMs,
  incidentOf,
  inFlightVerdict,
  judgePeerHello,
  nextSeq,
  onAckTimeout,
  onPeerNak,
  PeerSessions,
  receiveSequenced,
  rejectInvalidFrame,
  resyncFromHello,
  MIN_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  SHOE_EVENT_TYPES,
  TIMING,
  toHex,
  type ControllerCommand,
  type DiscardReason,
  type DiscardedBytes,
  type Frame,
  type GateState,
  type HelloMessage,
  type IndicatorTarget,
  type Message,
  type NakReason,
  type SequenceContinuity,
  type ShoeEvent,
  type StatusMessage,
  type VersionRange,
} from '../../../firmware-protocol/src/index.js';
import { randomInt } from 'node:crypto';
import type { CaptureSink } from './capture.js';
import { realScheduler, type Scheduler, type TimerHandle } from './scheduler.js';

export type LinkState =
  /** Not started, or closed by close(). */
  | 'closed'
  /** The port is not open: opening, or waiting to retry (device absent). */
  | 'connecting'
  /** The port is open and no session has been up since it opened. */
  | 'handshaking'
  /** Session up: events flow. */
  | 'up'
  /** The port is open but the session was lost (missed heartbeats, retransmission limit); re-handshaking. */
  | 'down'
  /** The shoe speaks no protocol version we speak (§8.3). */
  | 'incompatible';

export interface LinkCounters {
  bytesRx: number;
  bytesTx: number;
  framesRx: number;
  framesTx: number;
  /** Candidate frames that failed their CRC (§4.3). */
  crcErrors: number;
  /** Bytes the deframer skipped, all reasons (§11). */
  discardedBytes: number;
  discardedByReason: Partial<Record<DiscardReason, number>>;
  /** Our commands sent again (ACK timeout or NAK CRC_ERROR, §9.2). */
  retransmissions: number;
  /** Shoe events not delivered (nor ACKed) while a sequence incident holds the link. */
  heldFrames: number;
  /** Sequence incidents reported (§8.4, §8.6). */
  sequenceIncidents: number;
  /** Shoe frames received again and re-ACKed without delivery (§6.3). */
  duplicatesSuppressed: number;
  /** Retransmissions that arrived while the first copy was still being persisted. */
  duplicatesInFlight: number;
  delivered: number;
  naksSent: number;
  naksReceived: number;
  heartbeats: number;
  handshakes: number;
  /** Times the session was lost after having been up. */
  linkDowns: number;
  /** Port (re)opened successfully. */
  portOpens: number;
  openFailures: number;
  /** Port closed by the device going away. */
  disconnects: number;
  /** I/O aborted by closing the port (`err.canceled`), expected during close/unplug. */
  canceledIo: number;
  ioErrors: number;
  handlerFailures: number;
  protocolErrors: number;
}

export interface DeliveredShoeMessage {
  /** The shoe's sequence number of this event; persist it (see `resume`). */
  seq: number;
  message: ShoeEvent;
  /** Scheduler time when the frame was received. */
  receivedAt: number;
}

export type LinkEvent =
  | { type: 'state'; state: LinkState; previous: LinkState; reason: string; at: number }
  | { type: 'counters'; counters: LinkCounters; at: number }
  | { type: 'handshake'; shoe: HelloMessage; initiatedBy: 'shoe' | 'controller'; at: number }
  | { type: 'sequence'; continuity: Exclude<SequenceContinuity, { kind: 'continuous' }>; at: number }
  /**
   * A sequence incident (§8.4, §8.6): the link stops delivering shoe events (they stay unacknowledged
   * in the shoe, §9.2) until the application calls `releaseHold()` — after a supervisor resumed.
   */
  | { type: 'incident'; incident: SequenceIncident; at: number }
  | { type: 'version-mismatch'; shoe: HelloMessage; controller: VersionRange; at: number }
  | { type: 'protocol-error'; reason: string; detail: string; hex: string; seq?: number; at: number }
  | { type: 'handler-error'; seq: number; message: ShoeEvent; error: unknown; at: number }
  | { type: 'io-error'; message: string; at: number };

/** What the link saw when the shoe's sequence state did not follow on (PROTOCOL.md §8.4, §8.6). */
export interface SequenceIncident {
  /**
   * peer-cold-start: a shoe already in session with this link announced a cold start (new power-up);
   * gap / rollback: §8.4 b; stale-hello: a HELLO from a session that is over (its nonce is one this
   * link moved on from, or a cold start under the nonce of a session that has already sent events) —
   * a replayed or flushed old frame, ignored.
   */
  kind: 'peer-cold-start' | 'gap' | 'rollback' | 'stale-hello';
  /** One line for people. */
  detail: string;
  /** The HELLO that caused it: fields and exact wire bytes. */
  hello: { coldStart: boolean; reply: boolean; nextTxSeq: number; lastRxSeq: number; bootNonce: number | null; peerNonce: number | null; serialNumber: string; hex: string };
  /** The link's sequence state when it arrived, and after. */
  link: { lastRxSeqBefore: number; lastRxSeqAfter: number; shoeNonce: number | null; deliveredInSession: number };
}

export interface ShoeLinkOptions {
  path: string;
  baudRate: number;
  onMessage: (msg: DeliveredShoeMessage) => Promise<void>;
  onEvent?: (event: LinkEvent) => void;
  /** Serial binding; default: the platform binding of `serialport`. Tests pass a mock binding. */
  binding?: BindingInterface;
  scheduler?: Scheduler;
  /** Persisted sequence state (§8.2). Without it the controller cold-starts (§8.4 a). */
  resume?: { lastRxSeq: number; nextTxSeq?: number };
  identity?: { softwareVersion?: string; id?: string; expectedDecks?: number };
  /** Reconnect backoff (§10.2): first delay, doubling up to the maximum. */
  reconnect?: { initialMs?: number; maxMs?: number };
  /** Minimum interval between 'counters' events; they are also sent with every state change. */
  countersIntervalMs?: number;
  capture?: CaptureSink;
  /** Advertised protocol versions; only tests change this. */
  protocolVersions?: VersionRange;
  /** §8.6: draws this link's session nonce (1..2^32-1); default: node:crypto. */
  nonceSource?: () => number;
}

export class LinkClosedError extends Error {
  override name = 'LinkClosedError';
}
export class CommandRejectedError extends Error {
  override name = 'CommandRejectedError';
  constructor(
    readonly command: ControllerCommand,
    readonly reason: NakReason,
  ) {
    super(`shoe rejected ${command.type}: NAK ${reason}`);
  }
}

interface Pending {
  cmd: ControllerCommand;
  settle: { resolve: () => void; reject: (e: Error) => void }[];
  /** Called with the sequence number when the command is first transmitted. */
  onSeq?: (seq: number) => void;
}
interface Outstanding extends Pending {
  seq: number;
  bytes: Uint8Array;
  retransmissions: number;
}

type DesiredGate = { state: 'locked' } | { state: 'unlocked'; allowance: number };

const SHOE_EVENTS: ReadonlySet<string> = new Set(SHOE_EVENT_TYPES);

const isGateCommand = (cmd: ControllerCommand): boolean => cmd.type === 'GATE_LOCK' || cmd.type === 'GATE_UNLOCK';

export class ShoeLink {
  private readonly o: ShoeLinkOptions;
  private readonly sched: Scheduler;
  private readonly versions: VersionRange;
  private readonly backoffInitial: number;
  private readonly backoffMax: number;

  private port: SerialPort | null = null;
  private portGen = 0;
  private started = false;
  private closing = false;
  private state_: LinkState = 'closed';
  private deframer = new Deframer({ from: 'shoe' });
  private backoff: number;
  private awaitingReply = false;

  // §8.2 sequence state.
  private lastRx: number;
  private noHistory: boolean;
  private coldStart: boolean;
  private nextTx: number;
  private inFlight: number | null = null;
  private outstanding: Outstanding | null = null;
  private queue: Pending[] = [];
  private desiredGate: DesiredGate = { state: 'locked' };
  private readonly statusWaiters = new Map<number, { resolve: (s: StatusMessage) => void; reject: (e: Error) => void }>();

  private ackTimer: TimerHandle | null = null;
  private helloTimer: TimerHandle | null = null;
  private watchdog: TimerHandle | null = null;
  private reconnectTimer: TimerHandle | null = null;
  private countersTimer: TimerHandle | null = null;
  private countersDirty = false;
  private lastCrcNakAt = -Infinity;

  private peer_: HelloMessage | null = null;
  // §8.6 session nonces: ours (this link instance), the shoe's current one, those it moved on from.
  private readonly bootNonce: number;
  private readonly shoe = new PeerSessions();
  /** Why a sequence incident holds deliveries until releaseHold() (the LinkHold port), or null. */
  private hold_: string | null = null;
  /** The incident last reported: the same one again while held (the shoe re-handshaking) is not re-reported. */
  private lastIncidentKey = '';
  private shoeStatus_: { uptimeMs: number; gate: GateState; queued: number; at: number } | null = null;

  private readonly counters_: LinkCounters = {
    bytesRx: 0,
    bytesTx: 0,
    framesRx: 0,
    framesTx: 0,
    crcErrors: 0,
    discardedBytes: 0,
    discardedByReason: {},
    retransmissions: 0,
    heldFrames: 0,
    sequenceIncidents: 0,
    duplicatesSuppressed: 0,
    duplicatesInFlight: 0,
    delivered: 0,
    naksSent: 0,
    naksReceived: 0,
    heartbeats: 0,
    handshakes: 0,
    linkDowns: 0,
    portOpens: 0,
    openFailures: 0,
    disconnects: 0,
    canceledIo: 0,
    ioErrors: 0,
    handlerFailures: 0,
    protocolErrors: 0,
  };

  constructor(options: ShoeLinkOptions) {
    this.o = options;
    this.sched = options.scheduler ?? realScheduler();
    this.versions = options.protocolVersions ?? { min: MIN_PROTOCOL_VERSION, max: PROTOCOL_VERSION };
    this.backoffInitial = options.reconnect?.initialMs ?? 250;
    this.backoffMax = options.reconnect?.maxMs ?? 5000;
    this.backoff = this.backoffInitial;
    const r = options.resume;
    this.lastRx = r?.lastRxSeq ?? 0;
    this.nextTx = r?.nextTxSeq !== undefined && r.nextTxSeq >= 1 && r.nextTxSeq <= 0xffff ? r.nextTxSeq : 1;
    this.noHistory = !r;
    // The application persists the shoe's sequence (every shoe event carries it onto the log) but not
    // our own transmit sequence: then we keep `last_rx` and announce a cold start of our direction
    // only (§8.2, §8.4 a), so the shoe accepts our seq 1 while its events are never delivered twice.
    this.coldStart = !r || r.nextTxSeq === undefined;
    this.bootNonce = (options.nonceSource ?? (() => randomInt(1, 0xffffffff)))();
  }

  // ---- public surface -------------------------------------------------------------------------

  get state(): LinkState {
    return this.state_;
  }
  get counters(): Readonly<LinkCounters> {
    return this.counters_;
  }
  /** The shoe's last HELLO (identity, versions, deck count). */
  get peer(): HelloMessage | null {
    return this.peer_;
  }
  /** From the shoe's last HEARTBEAT. */
  get shoeStatus(): { uptimeMs: number; gate: GateState; queued: number; at: number } | null {
    return this.shoeStatus_;
  }
  /** Sequence state to persist for `resume` (§8.2). */
  get sequence(): { lastRxSeq: number; nextTxSeq: number; outstandingSeq: number | null; queued: number } {
    return { lastRxSeq: this.lastRx, nextTxSeq: this.outstanding?.seq ?? this.nextTx, outstandingSeq: this.outstanding?.seq ?? null, queued: this.queue.length };
  }

  /** Why deliveries are held (a sequence incident, §8.4, §8.6), or null. */
  get held(): string | null {
    return this.hold_;
  }

  /**
   * Holds deliveries (e.g. at start-up, when the log still has an incident open): shoe events are
   * neither delivered nor acknowledged, so the shoe keeps them (§9.2) until releaseHold().
   */
  hold(reason: string): void {
    this.hold_ = reason;
  }

  /** A supervisor dealt with the incident: deliveries resume with the shoe's next retransmission. */
  releaseHold(): void {
    this.hold_ = null;
  }

  /** Opens the port and keeps the link up until close(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.openPort();
  }

  /** Closes the port; pending commands are rejected with LinkClosedError. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const t of [this.ackTimer, this.helloTimer, this.watchdog, this.reconnectTimer, this.countersTimer]) this.sched.clearTimeout(t);
    this.ackTimer = this.helloTimer = this.watchdog = this.reconnectTimer = this.countersTimer = null;
    const err = new LinkClosedError('shoe link closed');
    for (const p of [...(this.outstanding ? [this.outstanding] : []), ...this.queue]) for (const s of p.settle) s.reject(err);
    this.outstanding = null;
    this.queue = [];
    for (const w of this.statusWaiters.values()) w.reject(err);
    this.statusWaiters.clear();
    const port = this.port;
    this.port = null;
    this.portGen++;
    if (port?.isOpen) {
      await new Promise<void>((resolve) => port.close(() => resolve()));
    }
    this.setState('closed', 'closed by the application');
    this.flushCounters();
    await this.o.capture?.close();
  }

  /** Sends a command; resolves when the shoe has acknowledged it (§9). Queued while the link is down. */
  send(cmd: ControllerCommand): Promise<void> {
    if (this.closing) return Promise.reject(new LinkClosedError('shoe link closed'));
    try {
      encodeFrame({ seq: 1, message: cmd }); // validate now: an invalid command must not reach the queue
    } catch (e) {
      return Promise.reject(e as Error);
    }
    if (cmd.type === 'GATE_LOCK') return this.lockGate();
    if (cmd.type === 'GATE_UNLOCK') return this.unlockGate(cmd.allowance);
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, settle: [{ resolve, reject }] });
      this.pump();
    });
  }

  /** §7.5.2: lock the draw gate; remembered and re-sent after every handshake (§8.5). */
  lockGate(): Promise<void> {
    this.desiredGate = { state: 'locked' };
    return this.sendGate();
  }

  /** §7.5.3: unlock for `allowance` cards (0 = until lockGate()); re-sent with the remaining allowance after a handshake. */
  unlockGate(allowance = 1): Promise<void> {
    this.desiredGate = { state: 'unlocked', allowance };
    return this.sendGate();
  }

  /**
   * Queues the wanted gate state. §7.5.3: a gate command says what the controller wants *when it is
   * transmitted* — its allowance and `seenSeq` are computed then (pump()), not now: a command that
   * waited behind others while the shoe's next card was delivered and acknowledged would otherwise carry
   * a stale anchor, and the shoe would grant that card's allowance a second time. For the same reason
   * only the newest wish waits: an earlier gate command not yet sent is superseded (its callers are
   * settled with the new one's ACK).
   */
  private sendGate(): Promise<void> {
    if (this.closing) return Promise.reject(new LinkClosedError('shoe link closed'));
    return new Promise((resolve, reject) => {
      const waiting = this.queue.find((p) => isGateCommand(p.cmd));
      if (waiting) waiting.settle.push({ resolve, reject });
      else this.queue.push({ cmd: this.wantedGate(), settle: [{ resolve, reject }] });
      this.pump();
    });
  }

  /** The gate command that says what we want now (§7.5.2, §7.5.3 anchored to the last shoe event seen). */
  private wantedGate(): ControllerCommand {
    return this.desiredGate.state === 'locked' ? { type: 'GATE_LOCK' } : { type: 'GATE_UNLOCK', allowance: this.desiredGate.allowance, seenSeq: this.seenSeq() };
  }

  /**
   * §7.5.3 (version 2): the last shoe event accounted for in the allowance we grant — the one being
   * delivered (its card was counted when it arrived, noteReleasedCard) or else the last delivered.
   */
  private seenSeq(): number {
    return this.inFlight ?? this.lastRx;
  }

  /** §7.5.4 */
  setIndicator(target: IndicatorTarget, seat = 0, hand = 0): Promise<void> {
    return this.send({ type: 'INDICATOR', target, seat, hand });
  }

  /** §7.5.6: sends the scheduler's clock. */
  syncTime(): Promise<void> {
    return this.send({ type: 'TIME_SYNC', epochMs: this.sched.now() });
  }

  /** §7.5.5: resolves with the STATUS that answers it (which is also delivered to onMessage). */
  requestStatus(): Promise<StatusMessage> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        cmd: { type: 'STATUS_REQUEST' },
        settle: [{ resolve: () => undefined, reject }],
        onSeq: (seq) => this.statusWaiters.set(seq, { resolve, reject }),
      });
      this.pump();
    });
  }

  // ---- port lifecycle -------------------------------------------------------------------------

  private openPort(): void {
    if (this.closing) return;
    this.setState('connecting', this.counters_.portOpens === 0 ? 'opening the port' : 'reopening the port');
    const gen = ++this.portGen;
    const opts = { path: this.o.path, baudRate: this.o.baudRate, autoOpen: false } as ConstructorParameters<typeof SerialPort>[0];
    if (this.o.binding) (opts as { binding?: BindingInterface }).binding = this.o.binding;
    const port = new SerialPort(opts);
    port.on('error', (err: Error & { canceled?: boolean }) => this.onPortError(gen, err));
    port.on('data', (chunk: Buffer) => {
      if (gen === this.portGen) this.onBytes(chunk);
    });
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) => this.onPortClose(gen, err, port));
    port.open((err) => {
      if (gen !== this.portGen) {
        if (!err) port.close(() => undefined);
        return;
      }
      if (err) {
        this.counters_.openFailures++;
        this.markCounters();
        this.scheduleReconnect(`cannot open ${this.o.path}: ${err.message}`);
        return;
      }
      this.port = port;
      this.counters_.portOpens++;
      this.deframer = new Deframer({ from: 'shoe' });
      this.setState('handshaking', `port ${this.o.path} open at ${this.o.baudRate} baud`);
      this.armWatchdog();
      this.sendHelloRequest();
    });
  }

  private onPortError(gen: number, err: Error & { canceled?: boolean }): void {
    // Closing a port with I/O pending aborts that I/O with err.canceled: expected, not a fault.
    // The same holds for any error from a port we are closing or have already given up (the
    // mock binding's "Write canceled" carries no `canceled` flag).
    if (err.canceled || this.closing || gen !== this.portGen) {
      this.counters_.canceledIo++;
      this.markCounters();
      return;
    }
    this.counters_.ioErrors++;
    this.markCounters();
    this.emit({ type: 'io-error', message: err.message, at: this.sched.now() });
    // A failed write on a vanished device is followed by 'close'; make sure we notice if not.
    if (gen === this.portGen && this.port && !this.port.isOpen && !this.closing) this.onPortClose(gen, err, this.port);
  }

  private onPortClose(gen: number, err: (Error & { disconnected?: boolean }) | null, port: SerialPort): void {
    if (gen !== this.portGen || this.closing) return;
    // The stream may have been destroyed by a failed write while its binding is still open;
    // release the device so it can be reopened.
    if (port.isOpen) port.close(() => undefined);
    this.port = null;
    this.portGen++;
    this.counters_.disconnects++;
    const r = this.deframer.reset();
    for (const d of r.discarded) this.countDiscarded(d);
    this.loseSession();
    this.scheduleReconnect(err ? `device disconnected: ${err.message}` : 'port closed');
  }

  private scheduleReconnect(reason: string): void {
    if (this.closing) return;
    this.sched.clearTimeout(this.helloTimer);
    this.sched.clearTimeout(this.watchdog);
    this.helloTimer = this.watchdog = null;
    this.setState('connecting', `${reason}; retrying in ${this.backoff} ms`);
    this.sched.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = this.sched.setTimeout(() => {
      this.reconnectTimer = null;
      this.openPort();
    }, this.backoff);
    this.backoff = Math.min(this.backoffMax, this.backoff * 2);
  }

  private writeBytes(bytes: Uint8Array): void {
    const port = this.port;
    if (!port?.isOpen) return;
    this.counters_.framesTx++;
    this.counters_.bytesTx += bytes.length;
    this.o.capture?.record(this.sched.now(), 'tx', bytes);
    port.write(Buffer.from(bytes));
    this.markCounters();
  }

  private writeMessage(message: Message): void {
    this.writeBytes(encodeFrame({ seq: 0, message }));
  }

  // ---- session (§8) ---------------------------------------------------------------------------

  private hello(reply: boolean): HelloMessage {
    const id = this.o.identity;
    return buildHello(
      { role: 'controller', versions: this.versions, firmwareVersion: id?.softwareVersion ?? '0.1.0', serialNumber: id?.id ?? '', deckCount: id?.expectedDecks ?? 0 },
      { coldStart: this.coldStart, nextTxSeq: this.outstanding?.seq ?? this.nextTx, lastRxSeq: this.lastRx, bootNonce: this.bootNonce, peerNonce: this.shoe.current },
      reply,
    );
  }

  private sendHelloRequest(): void {
    this.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    if (!this.port?.isOpen || this.state_ === 'up' || this.closing) return;
    this.awaitingReply = true;
    this.writeMessage(this.hello(false));
    this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), helloRetryMs(this.state_ === 'incompatible'));
  }

  /** Session lost (port still open or not): stop the ACK timer, keep the outstanding frame. */
  private loseSession(): void {
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = null;
    if (this.state_ === 'up') {
      this.counters_.linkDowns++;
      this.markCounters();
    }
  }

  private onHello(h: HelloMessage): void {
    const at = this.sched.now();
    const verdict = judgePeerHello(h, 'shoe', this.versions, this.awaitingReply, this.state_ === 'up');
    if (verdict.kind === 'echo') {
      // §8.1: our own HELLO came back: an echoing line or a loopback.
      this.protocolError('loopback', `received a HELLO with role "${h.role}": the line echoes`, new Uint8Array(0));
      return;
    }
    if (verdict.kind === 'incompatible') {
      this.peer_ = h;
      // §8.3: no session; answer requests; retry every 5 s.
      this.loseSession();
      this.emit({ type: 'version-mismatch', shoe: h, controller: this.versions, at });
      this.setState('incompatible', `shoe speaks protocol ${h.minProtocolVersion}..${h.protocolVersion}, controller ${this.versions.min}..${this.versions.max}`);
      if (!h.reply) this.writeMessage(this.hello(true));
      this.sched.clearTimeout(this.helloTimer);
      this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), TIMING.incompatibleHelloIntervalMs);
      return;
    }
    if (verdict.kind === 'late-reply') return; // §8.1
    const lastRxBefore = this.lastRx;
    const stale = this.shoe.staleHello(h);
    if (stale) {
      // §8.6: a HELLO from a session that is over: a replayed or flushed old frame. It changes
      // nothing (no reply, no reset of the sequence state), and it is an incident.
      this.raiseIncident('stale-hello', stale, h, lastRxBefore);
      return;
    }
    this.peer_ = h; // the shoe as it is now (a stale HELLO above is not)
    const r = resyncFromHello(h, { lastDelivered: this.lastRx, noHistory: this.noHistory, outstanding: this.outstanding?.seq ?? null, bootNonce: this.bootNonce });
    // Never step back under a delivery in progress: if the shoe re-announces the frame being
    // persisted, keep lastRx; the delivery completes and ACKs it.
    this.lastRx = r.lastDelivered;
    // A new power-up of a shoe this link was in session with (its nonce changed). The same nonce
    // again is the shoe repeating its cold-start HELLO because our reply was lost (§8.1): no incident.
    const restartedInSession = this.shoe.restartedInSession(h);
    this.shoe.adopt(h);
    if (r.continuity.kind !== 'continuous') {
      this.emit({ type: 'sequence', continuity: r.continuity, at });
      const incident = incidentOf(r.continuity, restartedInSession); // §8.4
      if (incident) this.raiseIncident(incident.kind, incident.detail, h, lastRxBefore);
    }
    if (!h.reply) this.writeMessage(this.hello(true));
    this.awaitingReply = false;
    this.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.noHistory = false;
    this.coldStart = false;
    this.counters_.handshakes++;
    this.backoff = this.backoffInitial;
    this.emit({ type: 'handshake', shoe: h, initiatedBy: h.reply ? 'controller' : 'shoe', at });
    this.setState('up', h.reply ? 'HELLO reply received' : 'shoe HELLO request answered');
    // §8.5: the wanted gate state and the time go first. This must precede settling the outstanding
    // frame: completing it pumps the queue, and a gate command queued before the link went down
    // would otherwise go out (and be carried out) ahead of the wanted one.
    this.resendSessionState();
    // §8.4 c: the shoe delivered our outstanding frame; only its ACK was lost.
    if (this.outstanding && r.outstandingDelivered) this.completeOutstanding();
    // §8.4 c: the shoe never delivered our outstanding frame. If it is a gate command, it may be stale:
    // retransmitting an old GATE_UNLOCK ahead of the wanted GATE_LOCK would open the gate for a moment.
    // The shoe has not seen that sequence number, so it carries the wanted gate state instead.
    const o = this.outstanding;
    if (o && isGateCommand(o.cmd)) {
      const wanted = this.queue.shift();
      if (wanted && isGateCommand(wanted.cmd)) {
        const cmd = this.wantedGate();
        this.outstanding = { ...o, cmd, bytes: encodeFrame({ seq: o.seq, message: cmd }), settle: [...o.settle, ...wanted.settle] };
      } else if (wanted) this.queue.unshift(wanted);
    }
    if (this.outstanding) {
      this.outstanding.retransmissions = 0;
      this.transmitOutstanding();
    } else this.pump();
  }

  private raiseIncident(kind: SequenceIncident['kind'], detail: string, h: HelloMessage, lastRxBefore: number): void {
    const incident: SequenceIncident = {
      kind,
      detail,
      hello: {
        coldStart: h.coldStart, reply: h.reply, nextTxSeq: h.nextTxSeq, lastRxSeq: h.lastRxSeq,
        bootNonce: h.bootNonce ?? null, peerNonce: h.peerNonce ?? null, serialNumber: h.serialNumber,
        hex: toHex(encodeFrame({ seq: 0, message: h })),
      },
      link: { lastRxSeqBefore: lastRxBefore, lastRxSeqAfter: this.lastRx, shoeNonce: this.shoe.current || null, deliveredInSession: this.shoe.deliveredInSession },
    };
    const key = `${kind}|${h.bootNonce ?? ''}|${h.nextTxSeq}|${lastRxBefore}`;
    if (this.hold_ && key === this.lastIncidentKey) return;
    this.lastIncidentKey = key;
    // Hold deliveries from now on: nothing the incident carried becomes an input until released.
    this.hold_ ??= `${kind}: ${detail}`;
    this.counters_.sequenceIncidents++;
    this.markCounters();
    this.emit({ type: 'incident', incident, at: this.sched.now() });
  }

  /** §8.5: the shoe locked its gate when the session started; tell it what we want, and the time. */
  private resendSessionState(): void {
    const gateSettles: Pending['settle'] = [];
    this.queue = this.queue.filter((p) => {
      if (p.cmd.type === 'GATE_LOCK' || p.cmd.type === 'GATE_UNLOCK') {
        gateSettles.push(...p.settle);
        return false;
      }
      if (p.cmd.type === 'TIME_SYNC') {
        gateSettles.push(...p.settle);
        return false;
      }
      return true;
    });
    // §7.5.3: the allowance is anchored to the shoe events seen so far; cards the shoe released
    // after them (still in its queue after a reconnect) count against it at the shoe.
    this.queue.unshift({ cmd: this.wantedGate(), settle: [] }, { cmd: { type: 'TIME_SYNC', epochMs: this.sched.now() }, settle: gateSettles });
  }

  private setState(state: LinkState, reason: string): void {
    if (this.state_ === state) return;
    const previous = this.state_;
    this.state_ = state;
    this.emit({ type: 'state', state, previous, reason, at: this.sched.now() });
    this.flushCounters();
  }

  // ---- supervision (§10.2) --------------------------------------------------------------------

  private armWatchdog(): void {
    this.sched.clearTimeout(this.watchdog);
    this.watchdog = this.sched.setTimeout(() => this.onWatchdog(), TIMING.linkDownAfterMs);
  }

  private onWatchdog(): void {
    this.watchdog = null;
    if (!this.port?.isOpen || this.closing) return;
    if (this.state_ === 'up') {
      this.loseSession();
      this.setState('down', `no valid frame from the shoe for ${TIMING.linkDownAfterMs} ms (${TIMING.missedHeartbeatsForLinkDown} heartbeats missed)`);
      this.sendHelloRequest();
    }
    this.armWatchdog();
  }

  // ---- transmit (§9) --------------------------------------------------------------------------

  private pump(): void {
    if (this.outstanding || this.state_ !== 'up') return;
    const p = this.queue.shift();
    if (!p) return;
    // §7.5.3: a gate command carries the gate state wanted at the moment it goes out (sendGate()).
    if (isGateCommand(p.cmd)) p.cmd = this.wantedGate();
    const seq = this.nextTx;
    this.nextTx = nextSeq(seq);
    this.outstanding = { ...p, seq, bytes: encodeFrame({ seq, message: p.cmd }), retransmissions: 0 };
    p.onSeq?.(seq);
    this.transmitOutstanding();
  }

  private transmitOutstanding(): void {
    const o = this.outstanding;
    if (!o || this.state_ !== 'up') return;
    this.writeBytes(o.bytes);
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = this.sched.setTimeout(() => this.ackTimedOut(), TIMING.ackTimeoutMs);
  }

  private ackTimedOut(): void {
    this.ackTimer = null;
    const o = this.outstanding;
    if (!o || this.state_ !== 'up') return;
    if (onAckTimeout(o) === 'session-lost') {
      // §9.2: session lost; keep the frame, handshake again.
      this.loseSession();
      this.setState('down', `no ACK for ${o.cmd.type} seq ${o.seq} after ${TIMING.maxRetransmissions} retransmissions`);
      this.sendHelloRequest();
      return;
    }
    o.retransmissions++;
    this.counters_.retransmissions++;
    this.transmitOutstanding();
  }

  private completeOutstanding(err?: Error): void {
    const o = this.outstanding;
    if (!o) return;
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = null;
    this.outstanding = null;
    for (const s of o.settle) (err ? s.reject(err) : s.resolve());
    this.pump();
  }

  // ---- receive --------------------------------------------------------------------------------

  private onBytes(chunk: Buffer): void {
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.counters_.bytesRx += bytes.length;
    this.o.capture?.record(this.sched.now(), 'rx', bytes);
    const r = this.deframer.push(bytes);
    for (const d of r.discarded) this.onDiscarded(d);
    for (const f of r.frames) this.onFrame(f);
    this.markCounters();
  }

  private countDiscarded(d: DiscardedBytes): void {
    this.counters_.discardedBytes += d.length;
    this.counters_.discardedByReason[d.reason] = (this.counters_.discardedByReason[d.reason] ?? 0) + d.length;
    if (d.reason === 'bad-crc') this.counters_.crcErrors++;
    this.markCounters();
  }

  private onDiscarded(d: DiscardedBytes): void {
    this.countDiscarded(d);
    if (d.reason === 'bad-crc') {
      // §9.4: ask for a retransmission now rather than after the shoe's timeout.
      const now = this.sched.now();
      if (this.state_ === 'up' && crcNakDue(now, this.lastCrcNakAt)) {
        this.lastCrcNakAt = now;
        this.nak(0, 'CRC_ERROR');
      }
      return;
    }
    if (d.msgId === undefined) return; // line noise (§11 checks 1-4): nothing to answer
    // CRC-good but invalid: a firmware defect or an echo. Report with the raw bytes.
    this.protocolError(d.reason, d.detail, d.bytes, d.seq);
    const rejected = this.state_ === 'up' ? rejectInvalidFrame(d, this.lastRx, this.inFlight) : null;
    if (!rejected) return;
    this.lastRx = rejected.lastDelivered; // §9.4: consumed, so the link does not stall on it
    this.nak(rejected.nak.seq, rejected.nak.reason);
  }

  private nak(seq: number, reason: NakReason): void {
    this.counters_.naksSent++;
    this.writeMessage({ type: 'NAK', nakSeq: seq, reason });
  }

  private onFrame(f: Frame): void {
    this.counters_.framesRx++;
    if (this.port?.isOpen) this.armWatchdog(); // §10.2: any valid frame proves the shoe alive
    const m = f.message;
    switch (m.type) {
      case 'HELLO':
        this.onHello(m);
        return;
      case 'ACK':
        if (ackSettles(m.ackSeq, this.outstanding?.seq ?? null) && this.state_ === 'up') this.completeOutstanding();
        return;
      case 'NAK':
        this.onNak(m.nakSeq, m.reason);
        return;
      case 'HEARTBEAT':
        this.counters_.heartbeats++;
        this.shoeStatus_ = { uptimeMs: m.uptimeMs, gate: m.gate, queued: m.queued, at: this.sched.now() };
        return;
      default:
        if (SHOE_EVENTS.has(m.type)) this.onShoeEvent(f.seq, m as ShoeEvent);
    }
  }

  private onNak(seq: number, reason: NakReason): void {
    this.counters_.naksReceived++;
    const o = this.outstanding;
    switch (onPeerNak(reason, seq, o?.seq ?? null, this.state_ === 'up')) {
      case 'retransmit':
        (o as Outstanding).retransmissions++;
        this.counters_.retransmissions++;
        this.transmitOutstanding();
        return;
      case 'rejected':
        this.protocolError(`nak-${reason}`, `the shoe rejected ${o!.cmd.type} seq ${seq}`, o!.bytes, seq);
        this.completeOutstanding(new CommandRejectedError(o!.cmd, reason));
        return;
      case 'resync':
        // §7.2.3: only about our current frame; a late NAK for a settled frame must not tear down
        // a session that has since been re-established.
        if (this.state_ === 'up') {
          this.loseSession();
          this.setState('down', `shoe answered NAK ${reason}`);
        }
        this.sendHelloRequest();
        return;
      case 'incompatible':
        this.loseSession();
        this.setState('incompatible', 'shoe answered NAK VERSION_MISMATCH');
        return;
      case 'ignore':
        return;
    }
  }

  private onShoeEvent(seq: number, message: ShoeEvent): void {
    const session = this.state_ === 'up' || this.state_ === 'incompatible' ? this.state_ : 'down';
    const action = receiveSequenced(session, this.lastRx, seq);
    if (action.kind === 'nak') return this.nak(seq, action.reason);
    if (action.kind === 'ack-again') {
      // §6.3: our ACK was lost or late: ACK again, deliver nothing.
      this.counters_.duplicatesSuppressed++;
      this.writeMessage({ type: 'ACK', ackSeq: seq });
      return;
    }
    const busy = inFlightVerdict(this.inFlight, seq);
    if (busy === 'in-flight-duplicate') {
      // §6.3: retransmitted while the first copy is being persisted: no second delivery, ACK later.
      this.counters_.duplicatesInFlight++;
      return;
    }
    if (busy === 'busy') return this.nak(seq, 'UNEXPECTED_SEQ');
    if (this.hold_) {
      // A sequence incident is open: deliver nothing, ACK nothing; the shoe keeps the event and
      // retransmits it (§9.2) until a supervisor has dealt with the incident (releaseHold()).
      this.counters_.heldFrames++;
      this.markCounters();
      return;
    }
    this.inFlight = seq;
    // The card has left the shoe, which spent one of its allowance when it released it (§7.5.3):
    // account for it before the application runs, so a gate command the application sends while
    // handling this card (the next card is due) is what we re-send after a re-handshake (§8.5).
    this.noteReleasedCard(message);
    const delivered: DeliveredShoeMessage = { seq, message, receivedAt: this.sched.now() };
    const gen = this.portGen;
    Promise.resolve()
      .then(() => this.o.onMessage(delivered))
      .then(
        () => {
          this.inFlight = null;
          if (this.closing) return;
          this.lastRx = seq;
          this.counters_.delivered++;
          this.shoe.noteDelivered();
          this.afterDelivery(message);
          // ACK only now that the application has persisted it (§9.6). If the port changed in the
          // meantime the ACK is lost; the next HELLO's lastRxSeq tells the shoe (§8.4 c).
          if (gen === this.portGen) this.writeMessage({ type: 'ACK', ackSeq: seq });
          this.markCounters();
        },
        (error: unknown) => {
          this.inFlight = null;
          this.counters_.handlerFailures++;
          this.markCounters();
          this.emit({ type: 'handler-error', seq, message, error, at: this.sched.now() });
        },
      );
  }

  /** Gate allowance bookkeeping (§7.5.3). */
  private noteReleasedCard(m: ShoeEvent): void {
    const releasedCard = (m.type === 'CARD_DRAWN' && !m.rescan) || m.type === 'CARD_UNREADABLE';
    if (releasedCard && this.desiredGate.state === 'unlocked' && this.desiredGate.allowance > 0) {
      const left = this.desiredGate.allowance - 1;
      this.desiredGate = left === 0 ? { state: 'locked' } : { state: 'unlocked', allowance: left };
    }
  }

  /** STATUS replies. */
  private afterDelivery(m: ShoeEvent): void {
    if (m.type === 'STATUS' && m.inReplyTo !== 0) {
      const w = this.statusWaiters.get(m.inReplyTo);
      this.statusWaiters.delete(m.inReplyTo);
      w?.resolve(m);
    }
  }

  private protocolError(reason: string, detail: string, bytes: Uint8Array, seq?: number): void {
    this.counters_.protocolErrors++;
    this.markCounters();
    const e: LinkEvent = { type: 'protocol-error', reason, detail, hex: toHex(bytes), at: this.sched.now() };
    if (seq !== undefined) e.seq = seq;
    this.emit(e);
  }

  // ---- events ---------------------------------------------------------------------------------

  private markCounters(): void {
    this.countersDirty = true;
    if (this.countersTimer || this.closing) return;
    this.countersTimer = this.sched.setTimeout(() => {
      this.countersTimer = null;
      this.flushCounters();
    }, this.o.countersIntervalMs ?? 1000);
  }

  private flushCounters(): void {
    if (!this.countersDirty) return;
    this.countersDirty = false;
    this.emit({ type: 'counters', counters: structuredClone(this.counters_), at: this.sched.now() });
  }

  private emit(e: LinkEvent): void {
    try {
      this.o.onEvent?.(e);
    } catch {
      // A failing listener must not break the link.
    }
  }
}
