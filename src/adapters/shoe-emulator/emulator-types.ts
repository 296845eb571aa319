// The emulator's public types: options, the events it reports, and its statistics.

import type { Card, FaultCode, GateState, VersionRange } from '../../../firmware-protocol/src/index.js';
import type { Clock } from '../../ports/clock.js';
import type { Rng } from '../../random/prng.js';
import type { FaultPlan } from './faults.js';

export type EmulatorSession = 'offline' | 'handshaking' | 'up' | 'incompatible';

export interface ShoeEmulatorOptions {
  /** The clock the shoe runs on (the table's: real, or virtual in tests). */
  clock: Clock;
  /** Seeded PRNG for fault dice and read confidence. */
  rng: Rng;
  /** The shoe's cards in dealing order (first card first). */
  cards: readonly Card[];
  /** Cards dealt before the cut card comes out; omit for no cut card. */
  cutCardAfter?: number;
  decks?: number;
  faults?: FaultPlan;
  serialNumber?: string;
  firmwareVersion?: string;
  /** Advertised protocol versions (tests use this to provoke a mismatch, §8.3). */
  protocolVersions?: VersionRange;
  /** Transmit queue capacity (§9.5, at least 16). */
  queueCapacity?: number;
  /** Time the dealer takes to pass an unreadable card over the reader again (§7.4.2). */
  rescanMs?: number;
  /** §8.6: draws the session nonce at every power-up (1..2^32-1); default: node:crypto. */
  nonceSource?: () => number;
}

export type DrawOutcome = { drawIndex: number; card: Card; misread: boolean } | { empty: true };

export type EmulatorEvent =
  | { type: 'session'; state: EmulatorSession; reason: string }
  | { type: 'unplugged'; durationMs: number }
  | { type: 'replugged' }
  | { type: 'dealt'; drawIndex: number; card: Card }
  | { type: 'gate'; state: GateState }
  | { type: 'fault'; code: FaultCode; state: 'raised' | 'cleared' }
  | { type: 'injected'; fault: 'drop' | 'corrupt' | 'dup' | 'delay' | 'rx-drop' | 'rx-corrupt' | 'misread'; detail: string };

export interface EmulatorStats {
  framesSent: number;
  bytesSent: number;
  retransmissions: number;
  sessionsLost: number;
  handshakes: number;
  commandsExecuted: number;
  duplicateCommands: number;
  naksSent: number;
  naksReceived: number;
  discardedBytes: number;
  injected: Record<'drop' | 'corrupt' | 'dup' | 'delay' | 'rxDrop' | 'rxCorrupt' | 'misread', number>;
}
