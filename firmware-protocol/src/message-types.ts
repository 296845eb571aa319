// The protocol's messages as types (PROTOCOL.md §7.2–§7.5) and their enumerations (§7.3); the catalogue that
// lays them out as bytes is messages.ts. Pure: no I/O, no clock, no randomness.

import type { Card } from './cards.js';

/** Who transmits a message (§7). */
export type Sender = 'shoe' | 'controller';

// ---- Enumerations (§7.3) -------------------------------------------------------------------

export const GATE_STATES = { 1: 'locked', 2: 'unlocked' } as const;
export type GateState = (typeof GATE_STATES)[keyof typeof GATE_STATES];

export const ROLES = { 1: 'shoe', 2: 'controller' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const FAULT_CODES = { 1: 'JAM', 2: 'DIRTY_SENSOR', 3: 'CARD_REVERSED' } as const;
export type FaultCode = (typeof FAULT_CODES)[keyof typeof FAULT_CODES];

export const FAULT_STATES = { 1: 'raised', 2: 'cleared' } as const;
export type FaultState = (typeof FAULT_STATES)[keyof typeof FAULT_STATES];

export const BUTTONS = { 1: 'primary', 2: 'secondary' } as const;
export type Button = (typeof BUTTONS)[keyof typeof BUTTONS];

export const PRESS_KINDS = { 1: 'short', 2: 'long' } as const;
export type PressKind = (typeof PRESS_KINDS)[keyof typeof PRESS_KINDS];

export const INDICATOR_TARGETS = { 0: 'off', 1: 'burn', 2: 'seat', 3: 'dealer' } as const;
export type IndicatorTarget = (typeof INDICATOR_TARGETS)[keyof typeof INDICATOR_TARGETS];

/** §7.2.3 NAK reasons and what the sender of the NAKed frame does. */
export const NAK_REASONS = {
  1: 'CRC_ERROR',
  2: 'UNKNOWN_MESSAGE',
  3: 'BAD_LENGTH',
  4: 'BAD_FIELD',
  5: 'UNEXPECTED_SEQ',
  6: 'NO_SESSION',
  7: 'VERSION_MISMATCH',
} as const;
export type NakReason = (typeof NAK_REASONS)[keyof typeof NAK_REASONS];

// ---- Messages (§7.2, §7.4, §7.5) -------------------------------------------------------------

export interface HelloMessage {
  type: 'HELLO';
  /** Highest protocol version the sender speaks (1 for this document). */
  protocolVersion: number;
  /** Lowest protocol version the sender speaks. */
  minProtocolVersion: number;
  role: Role;
  /** This HELLO answers a HELLO request; it must not be answered (§8.1). */
  reply: boolean;
  /** The sender lost (or never had) its sequence state; its next_tx_seq is 1 (§8.4 a). */
  coldStart: boolean;
  /** Sender's firmware/software version "major.minor.patch", each 0..255. */
  firmwareVersion: string;
  /** Printable ASCII, at most 16 characters. */
  serialNumber: string;
  /** Shoe: decks it is configured for (1..8). Controller: decks it expects, 0 = any. */
  deckCount: number;
  /** Sequence number of the sender's outstanding frame, or of the next new frame (§8.4). */
  nextTxSeq: number;
  /** Last sequence number the sender delivered from the receiver; 0 = none (§8.4). */
  lastRxSeq: number;
  /**
   * Version 2 (§7.2.1, §8.6): the sender's session nonce, drawn afresh at every power-up (non-zero).
   * Absent in a version-1 HELLO.
   */
  bootNonce?: number;
  /** Version 2 (§8.6): the receiver's bootNonce that `lastRxSeq` refers to; 0 = none. Absent in version 1. */
  peerNonce?: number;
}
export interface AckMessage {
  type: 'ACK';
  ackSeq: number;
}
export interface NakMessage {
  type: 'NAK';
  /** Sequence number of the rejected frame; 0 when unknown (CRC_ERROR). */
  nakSeq: number;
  reason: NakReason;
}
export interface HeartbeatMessage {
  type: 'HEARTBEAT';
  uptimeMs: number;
  gate: GateState;
  /** Reliable frames waiting in the shoe's transmit queue, outstanding one included (saturates at 255). */
  queued: number;
}
export interface CardDrawnMessage {
  type: 'CARD_DRAWN';
  /** 1-based position of this card since SHOE_LOADED (§7.4.1). */
  drawIndex: number;
  card: Card;
  /** Read confidence 0..100. */
  confidence: number;
  /** This read resolves the CARD_UNREADABLE with the same drawIndex (§7.4.2). */
  rescan: boolean;
}
export interface CardUnreadableMessage {
  type: 'CARD_UNREADABLE';
  drawIndex: number;
}
export interface CutCardSeenMessage {
  type: 'CUT_CARD_SEEN';
  /** Cards drawn before the cut card. */
  drawIndex: number;
}
export interface ShoeLoadedMessage {
  type: 'SHOE_LOADED';
  deckCount: number;
  /** Cards counted on loading, 0 = not counted. */
  cardCount: number;
}
export interface ShoeRemovedMessage {
  type: 'SHOE_REMOVED';
  /** drawIndex of the last card drawn from the removed shoe. */
  cardsDealt: number;
}
export interface DealerButtonMessage {
  type: 'DEALER_BUTTON';
  button: Button;
  press: PressKind;
}
export interface FaultMessage {
  type: 'FAULT';
  code: FaultCode;
  state: FaultState;
  /** drawIndex of the card involved, 0 = not card-related. */
  drawIndex: number;
}
export interface StatusMessage {
  type: 'STATUS';
  /** Sequence number of the STATUS_REQUEST answered, 0 = unsolicited. */
  inReplyTo: number;
  gate: GateState;
  shoePresent: boolean;
  deckCount: number;
  cardsDealt: number;
  cutCardSeen: boolean;
  jam: boolean;
  dirtySensor: boolean;
  cardReversed: boolean;
}
export interface GateLockMessage {
  type: 'GATE_LOCK';
}
export interface GateUnlockMessage {
  type: 'GATE_UNLOCK';
  /** Cards the shoe may release before it relocks by itself; 0 = until GATE_LOCK (§7.5.3). */
  allowance: number;
  /**
   * Version 2 (§7.5.3): the last shoe seq the controller had delivered when it granted `allowance`;
   * cards the shoe released in frames numbered after it count against the allowance. 0 (or absent
   * when encoding) = no anchor: the allowance counts from the moment the shoe carries out the command.
   */
  seenSeq?: number;
}
export interface IndicatorMessage {
  type: 'INDICATOR';
  target: IndicatorTarget;
  /** 1..15 when target is "seat", else 0. */
  seat: number;
  /** 1..8 when target is "seat", else 0. */
  hand: number;
}
export interface StatusRequestMessage {
  type: 'STATUS_REQUEST';
}
export interface TimeSyncMessage {
  type: 'TIME_SYNC';
  /** Milliseconds since 1970-01-01T00:00:00Z (u64 on the wire; this codec accepts 0..2^53-1). */
  epochMs: number;
}

export type ShoeMessage =
  | HelloMessage
  | AckMessage
  | NakMessage
  | HeartbeatMessage
  | CardDrawnMessage
  | CardUnreadableMessage
  | CutCardSeenMessage
  | ShoeLoadedMessage
  | ShoeRemovedMessage
  | DealerButtonMessage
  | FaultMessage
  | StatusMessage;

export type ControllerMessage =
  | HelloMessage
  | AckMessage
  | NakMessage
  | GateLockMessage
  | GateUnlockMessage
  | IndicatorMessage
  | StatusRequestMessage
  | TimeSyncMessage;

export type Message = ShoeMessage | ControllerMessage;
export type MessageType = Message['type'];
export type MessageOf<T extends MessageType> = Extract<Message, { type: T }>;

/** Shoe → controller messages that are sequenced and handed to the application (§7.4). */
export type ShoeEvent = Extract<ShoeMessage, { type: (typeof SHOE_EVENT_TYPES)[number] }>;
export const SHOE_EVENT_TYPES = [
  'CARD_DRAWN',
  'CARD_UNREADABLE',
  'CUT_CARD_SEEN',
  'SHOE_LOADED',
  'SHOE_REMOVED',
  'DEALER_BUTTON',
  'FAULT',
  'STATUS',
] as const;

/** Controller → shoe commands that are sequenced (§7.5). */
export type ControllerCommand = Extract<ControllerMessage, { type: (typeof CONTROLLER_COMMAND_TYPES)[number] }>;
export const CONTROLLER_COMMAND_TYPES = ['GATE_LOCK', 'GATE_UNLOCK', 'INDICATOR', 'STATUS_REQUEST', 'TIME_SYNC'] as const;
