// The HELLO handshake (PROTOCOL.md §8), shared by both ends: building our HELLO, judging the
// peer's, resynchronising the sequence state, and the session nonces that tell a HELLO of the
// current session from a replayed or flushed old one (§8.6). Pure: no clock, no randomness.

import { TIMING } from '../constants.js';
import type { HelloMessage } from '../messages.js';
import { applyPeerHello, negotiateVersion, type PeerHelloRuleOutput, type SequenceContinuity, type VersionRange } from '../sequence.js';

/** What this end says about itself in a HELLO (§7.2.1). */
export interface HelloIdentity {
  role: HelloMessage['role'];
  versions: VersionRange;
  firmwareVersion: string;
  serialNumber: string;
  deckCount: number;
}

/** This end's sequence state and nonces as a HELLO announces them (§8.2, §8.6). */
export interface HelloSequenceState {
  coldStart: boolean;
  nextTxSeq: number;
  lastRxSeq: number;
  bootNonce: number;
  peerNonce: number;
}

export function buildHello(id: HelloIdentity, s: HelloSequenceState, reply: boolean): HelloMessage {
  return {
    type: 'HELLO',
    protocolVersion: id.versions.max,
    minProtocolVersion: id.versions.min,
    role: id.role,
    reply,
    coldStart: s.coldStart,
    firmwareVersion: id.firmwareVersion,
    serialNumber: id.serialNumber,
    deckCount: id.deckCount,
    nextTxSeq: s.nextTxSeq,
    lastRxSeq: s.lastRxSeq,
    bootNonce: s.bootNonce,
    peerNonce: s.peerNonce,
  };
}

/** How often an end that has no session sends its HELLO request (§8.1, §8.3). */
export function helloRetryMs(incompatible: boolean): number {
  return incompatible ? TIMING.incompatibleHelloIntervalMs : TIMING.helloIntervalMs;
}

/** The first judgement on a peer HELLO (§8.1, §8.3). */
export type PeerHelloVerdict =
  /** Our own role: an echoing line or a loopback (§8.1). */
  | { kind: 'echo' }
  /** No common protocol version (§8.3): stay without a session, answer requests, retry slowly. */
  | { kind: 'incompatible' }
  /** A reply we did not wait for (§8.1): ignore it. */
  | { kind: 'late-reply' }
  | { kind: 'accept'; version: number };

export function judgePeerHello(h: HelloMessage, peerRole: HelloMessage['role'], versions: VersionRange, awaitingReply: boolean, sessionUp: boolean): PeerHelloVerdict {
  if (h.role !== peerRole) return { kind: 'echo' };
  const version = negotiateVersion(versions, { min: h.minProtocolVersion, max: h.protocolVersion });
  if (version === null) return { kind: 'incompatible' };
  if (h.reply && !(awaitingReply && !sessionUp)) return { kind: 'late-reply' };
  return { kind: 'accept', version };
}

/** §8.4: resynchronise this end's sequence state from the peer's HELLO. */
export function resyncFromHello(
  h: HelloMessage,
  s: { lastDelivered: number; noHistory: boolean; outstanding: number | null; bootNonce: number },
): PeerHelloRuleOutput {
  return applyPeerHello({
    lastDelivered: s.lastDelivered,
    noHistory: s.noHistory,
    outstanding: s.outstanding,
    peerNextTxSeq: h.nextTxSeq,
    peerLastRxSeq: h.lastRxSeq,
    peerColdStart: h.coldStart,
    // §8.6: the peer's lastRxSeq speaks of our frames only if it echoes our nonce.
    peerEchoesUs: h.peerNonce === undefined || h.peerNonce === s.bootNonce,
  });
}

/** The kinds of sequence incident (§8.4, §8.6). */
export type IncidentKind = 'peer-cold-start' | 'gap' | 'rollback' | 'stale-hello';

/**
 * §8.4: a gap or a rollback is always an incident; a cold start only from a peer that was already
 * in session with this end (`restartedInSession`): one powering up while we were down is a new
 * session, not an incident.
 */
export function incidentOf(c: SequenceContinuity, restartedInSession: boolean): { kind: IncidentKind; detail: string } | null {
  if (c.kind === 'gap') return { kind: 'gap', detail: `expected shoe seq ${c.expected}, the shoe announced ${c.announced}: events numbered in between were never delivered` };
  if (c.kind === 'rollback') return { kind: 'rollback', detail: `the shoe announced seq ${c.announced}, behind the last delivered ${c.lastDelivered}: stale or restored sequence state` };
  if (c.kind === 'peer-cold-start' && restartedInSession) {
    return { kind: 'peer-cold-start', detail: `the shoe restarted without its sequence state after seq ${c.lastDelivered}: events it had not had acknowledged are lost` };
  }
  return null;
}

/**
 * §8.6 session nonces of the peer: the current one, those it moved on from, and how many of its
 * frames were delivered under the current one.
 */
export class PeerSessions {
  private current_ = 0;
  private readonly past = new Set<number>();
  private delivered_ = 0;

  get current(): number {
    return this.current_;
  }
  /** Frames delivered since the current nonce was adopted. */
  get deliveredInSession(): number {
    return this.delivered_;
  }

  noteDelivered(): void {
    this.delivered_++;
  }

  /** A new power-up of a peer this end was in session with: its nonce changed. */
  restartedInSession(h: HelloMessage): boolean {
    return this.current_ !== 0 && h.bootNonce !== undefined && h.bootNonce !== this.current_;
  }

  /**
   * Why `h` is a HELLO from a session that is over, or null: a nonce the peer moved on from; or a
   * cold start under the current nonce after that session delivered frames (a shoe announces cold
   * start only until its first session is up, and sends events only once it is up).
   */
  staleHello(h: HelloMessage): string | null {
    const n = h.bootNonce;
    if (n === undefined) return null;
    if (this.past.has(n)) return `HELLO under session nonce ${n}, from an earlier power-up of the shoe (current ${this.current_})`;
    if (h.coldStart && n === this.current_ && this.delivered_ > 0) {
      return `cold-start HELLO under the current session nonce ${n}, after ${this.delivered_} events of that session were delivered`;
    }
    return null;
  }

  /** Takes the HELLO's nonce as the current one (at most 64 past nonces are remembered). */
  adopt(h: HelloMessage): void {
    const n = h.bootNonce ?? 0;
    if (n === this.current_) return;
    if (this.current_ !== 0) this.past.add(this.current_);
    if (this.past.size > 64) this.past.delete(this.past.values().next().value as number);
    this.current_ = n;
    this.delivered_ = 0;
  }
}
