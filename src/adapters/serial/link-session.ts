// The controller's session with the shoe (PROTOCOL.md §8, §10.2): HELLO requests and replies,
// resynchronising the sequence state, session nonces and sequence incidents (§8.4, §8.6) that hold
// deliveries, and the watchdog that declares the session lost when the shoe falls silent.

import { randomInt } from 'node:crypto';
import {
  buildHello,
  helloRetryMs,
  incidentOf,
  judgePeerHello,
  MIN_PROTOCOL_VERSION,
  PeerSessions,
  PROTOCOL_VERSION,
  resyncFromHello,
  TIMING,
  type GateState,
  type HeartbeatMessage,
  type HelloMessage,
  type VersionRange,
} from '../../../firmware-protocol/src/index.js';
import type { LinkContext } from './link-context.js';
import { continuityCause, incidentRecord, staleCause } from './link-incident.js';
import type { SequenceIncident } from './link-types.js';
import type { IncidentCause } from '../../ports/sequence-incident.js';
import type { TimerHandle } from '../../ports/clock.js';
import { linkReason, type LinkReason } from './link-reasons.js';

export type ShoeStatus = { uptimeMs: number; gate: GateState; queued: number; at: number };

export class LinkSession {
  readonly versions: VersionRange;
  /** §8.6: this link's session nonce, and the shoe's (current and past). */
  private readonly bootNonce: number;
  private readonly shoe = new PeerSessions();
  private awaitingReply = false;
  private helloTimer: TimerHandle | null = null;
  private watchdog: TimerHandle | null = null;
  peer: HelloMessage | null = null;
  shoeStatus: ShoeStatus | null = null;
  /** Why a sequence incident holds deliveries until releaseHold() (the LinkHold port), or null. */
  hold: string | null = null;
  /** The incident last reported: the same one again while held (the shoe re-handshaking) is not re-reported. */
  private lastIncidentKey = '';

  constructor(private readonly c: LinkContext) {
    this.versions = c.o.protocolVersions ?? { min: MIN_PROTOCOL_VERSION, max: PROTOCOL_VERSION };
    this.bootNonce = (c.o.nonceSource ?? (() => randomInt(1, 0xffffffff)))();
  }

  /** A shoe event was delivered under the shoe's current nonce. */
  noteDelivered(): void {
    this.shoe.noteDelivered();
  }

  onPortOpen(): void {
    this.armWatchdog();
    this.sendHelloRequest();
  }

  stopTimers(): void {
    this.c.sched.clearTimeout(this.helloTimer);
    this.c.sched.clearTimeout(this.watchdog);
    this.helloTimer = this.watchdog = null;
  }

  onHeartbeat(m: HeartbeatMessage): void {
    this.c.count.heartbeats++;
    this.shoeStatus = { uptimeMs: m.uptimeMs, gate: m.gate, queued: m.queued, at: this.c.sched.wallNow() };
  }

  private hello(reply: boolean): HelloMessage {
    const c = this.c;
    const id = c.o.identity;
    return buildHello(
      { role: 'controller', versions: this.versions, firmwareVersion: id?.softwareVersion ?? '0.1.0', serialNumber: id?.id ?? '', deckCount: id?.expectedDecks ?? 0 },
      { coldStart: c.coldStart, nextTxSeq: c.parts.sender.announcedNextTx, lastRxSeq: c.lastRx, bootNonce: this.bootNonce, peerNonce: this.shoe.current },
      reply,
    );
  }

  sendHelloRequest(): void {
    const c = this.c;
    c.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    if (!c.parts.transport.isOpen || c.state === 'up' || c.closing) return;
    this.awaitingReply = true;
    c.writeMessage(this.hello(false));
    this.helloTimer = c.sched.setTimeout(() => this.sendHelloRequest(), helloRetryMs(c.state === 'incompatible'));
  }

  /** Session lost (port still open or not): stop the ACK timer, keep the outstanding frame. */
  loseSession(): void {
    this.c.parts.sender.stopAckTimer();
    if (this.c.state === 'up') {
      this.c.count.linkDowns++;
      this.c.counters.mark();
    }
  }

  /** Lost while up (§9.2, §10.2, §7.2.3): go down and ask for a new handshake. */
  sessionLost(reason: LinkReason): void {
    this.loseSession();
    this.c.setState('down', reason);
    this.sendHelloRequest();
  }

  onHello(h: HelloMessage): void {
    const c = this.c;
    const at = c.sched.wallNow();
    const verdict = judgePeerHello(h, 'shoe', this.versions, this.awaitingReply, c.state === 'up');
    if (verdict.kind === 'echo') {
      // §8.1: our own HELLO came back: an echoing line or a loopback.
      c.protocolError('loopback', `received a HELLO with role "${h.role}": the line echoes`, new Uint8Array(0));
      return;
    }
    if (verdict.kind === 'incompatible') {
      this.peer = h;
      // §8.3: no session; answer requests; retry every 5 s.
      this.loseSession();
      c.emit({ type: 'version-mismatch', shoe: h, controller: this.versions, at });
      c.setState('incompatible', linkReason('protocolMismatch', { low: String(h.minProtocolVersion), high: String(h.protocolVersion), min: String(this.versions.min), max: String(this.versions.max) }));
      if (!h.reply) c.writeMessage(this.hello(true));
      c.sched.clearTimeout(this.helloTimer);
      this.helloTimer = c.sched.setTimeout(() => this.sendHelloRequest(), TIMING.incompatibleHelloIntervalMs);
      return;
    }
    if (verdict.kind === 'late-reply') return; // §8.1
    const lastRxBefore = c.lastRx;
    const stale = this.shoe.staleHello(h);
    if (stale) {
      // §8.6: a HELLO from a session that is over: a replayed or flushed old frame. It changes
      // nothing (no reply, no reset of the sequence state), and it is an incident.
      this.raiseIncident('stale-hello', stale, staleCause(h, this.shoe.current, this.shoe.deliveredInSession), h, lastRxBefore);
      return;
    }
    this.peer = h; // the shoe as it is now (a stale HELLO above is not)
    const r = resyncFromHello(h, { lastDelivered: c.lastRx, noHistory: c.noHistory, outstanding: c.parts.sender.outstandingSeq, bootNonce: this.bootNonce });
    // Never step back under a delivery in progress: if the shoe re-announces the frame being
    // persisted, keep lastRx; the delivery completes and ACKs it.
    c.lastRx = r.lastDelivered;
    // A new power-up of a shoe this link was in session with (its nonce changed). The same nonce
    // again is the shoe repeating its cold-start HELLO because our reply was lost (§8.1): no incident.
    const restartedInSession = this.shoe.restartedInSession(h);
    this.shoe.adopt(h);
    if (r.continuity.kind !== 'continuous') {
      c.emit({ type: 'sequence', continuity: r.continuity, at });
      const incident = incidentOf(r.continuity, restartedInSession); // §8.4
      if (incident) this.raiseIncident(incident.kind, incident.detail, continuityCause(r.continuity), h, lastRxBefore);
    }
    if (!h.reply) c.writeMessage(this.hello(true));
    this.awaitingReply = false;
    c.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    c.noHistory = false;
    c.coldStart = false;
    c.count.handshakes++;
    c.parts.transport.resetBackoff();
    c.emit({ type: 'handshake', shoe: h, initiatedBy: h.reply ? 'controller' : 'shoe', at });
    c.setState('up', linkReason(h.reply ? 'helloReply' : 'helloAnswered'));
    c.parts.sender.afterHandshake(r.outstandingDelivered);
  }

  private raiseIncident(kind: SequenceIncident['kind'], detail: string, cause: IncidentCause | undefined, h: HelloMessage, lastRxBefore: number): void {
    const c = this.c;
    const incident = incidentRecord(kind, detail, cause, h, {
      lastRxSeqBefore: lastRxBefore,
      lastRxSeqAfter: c.lastRx,
      shoeNonce: this.shoe.current || null,
      deliveredInSession: this.shoe.deliveredInSession,
    });
    const key = `${kind}|${h.bootNonce ?? ''}|${h.nextTxSeq}|${lastRxBefore}`;
    if (this.hold && key === this.lastIncidentKey) return;
    this.lastIncidentKey = key;
    // Hold deliveries from now on: nothing the incident carried becomes an input until released.
    this.hold ??= `${kind}: ${detail}`;
    c.count.sequenceIncidents++;
    c.counters.mark();
    c.emit({ type: 'incident', incident, at: c.sched.wallNow() });
  }

  // ---- supervision (§10.2) --------------------------------------------------------------------

  armWatchdog(): void {
    this.c.sched.clearTimeout(this.watchdog);
    this.watchdog = this.c.sched.setTimeout(() => this.onWatchdog(), TIMING.linkDownAfterMs);
  }

  private onWatchdog(): void {
    const c = this.c;
    this.watchdog = null;
    if (!c.parts.transport.isOpen || c.closing) return;
    if (c.state === 'up') {
      this.sessionLost(linkReason('noFrame', { ms: String(TIMING.linkDownAfterMs), count: String(TIMING.missedHeartbeatsForLinkDown) }));
    }
    this.armWatchdog();
  }
}
