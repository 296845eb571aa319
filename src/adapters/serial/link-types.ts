// The shoe link's public types: its states, counters, events and options (PROTOCOL.md §8-§10).

import type { LinkReason } from './link-reasons.js';
import type { IncidentCause } from '../../ports/sequence-incident.js';
import type { BindingInterface } from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import type {
  ControllerCommand,
  DiscardReason,
  HelloMessage,
  NakReason,
  SequenceContinuity,
  ShoeEvent,
  VersionRange,
} from '../../../firmware-protocol/src/index.js';
import type { CaptureSink } from './capture.js';
import type { Clock } from '../../ports/clock.js';

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
  /** When the frame was received: wall-clock milliseconds since the Unix epoch (Clock.wallNow). */
  receivedAt: number;
}

// Every `at` below is wall-clock milliseconds since the Unix epoch (Clock.wallNow): when, for a reader.
export type LinkEvent =
  | { type: 'state'; state: LinkState; previous: LinkState; reason: string; code: LinkReason['code']; params: LinkReason['params']; at: number }
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
  | { type: 'io-error'; message: string; at: number }
  /** Every failed attempt to open the port: why, and when the link tries again (while `connecting`, its state does not change). */
  | { type: 'open-failed'; path: string; message: string; retryInMs: number; at: number };

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
  /** The same, coded (src/ports/sequence-incident.ts `IncidentCause`): its code and values. */
  cause?: IncidentCause;
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
  /** The table's clock (src/ports/clock.ts): its timers, its readings (§9.2, §10). */
  clock: Clock;
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
