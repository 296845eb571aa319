// Message catalogue, PROTOCOL.md §7, as data: each message type has an id, a direction, whether
// it is sequenced (reliable) and an ordered list of payload fields. The generic encoder and
// decoder in codec.ts walk these tables; nothing else knows a byte offset.
// Pure: no I/O, no clock, no randomness.

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

// ---- Field kinds -----------------------------------------------------------------------------

type FieldName<T extends MessageType> = Exclude<keyof MessageOf<T>, 'type'> & string;

export type FieldSpec<T extends MessageType = MessageType> =
  | { kind: 'u8' | 'u16' | 'u32'; name: FieldName<T>; min?: number; max?: number; absentAs?: number }
  | { kind: 'u64'; name: FieldName<T> }
  | { kind: 'bool'; name: FieldName<T> }
  | { kind: 'enum'; name: FieldName<T>; values: Readonly<Record<number, string>> }
  | { kind: 'card'; name: FieldName<T> }
  | { kind: 'ascii'; name: FieldName<T>; length: number }
  | { kind: 'version3'; name: FieldName<T> }
  /** One byte whose bit i is the boolean property bits[i]; unlisted bits must be 0. */
  | { kind: 'flags'; name: string; bits: readonly FieldName<T>[] };

export interface MessageSpec<T extends MessageType = MessageType> {
  type: T;
  id: number;
  /** Who may send it (§7). */
  from: readonly Sender[];
  /** Sequenced (reliable, ACKed, in order) or link-control (seq 0, never ACKed) (§6). */
  sequenced: boolean;
  fields: readonly FieldSpec<T>[];
  /** HELLO only: later protocol versions may append bytes, which v1 receivers ignore (§8.3). */
  extensible?: boolean;
  /**
   * HELLO only (§15.2): fields a later version appended. Decoded when the payload is long enough
   * (else absent: an older peer's HELLO); encoded when the message carries all of them.
   */
  tail?: readonly FieldSpec<T>[];
  /** Cross-field rule, returning a reason when violated. */
  check?: (m: MessageOf<T>) => string | null;
}

/** Payload length in bytes of a field list. */
export function fieldsLength(fields: readonly FieldSpec[]): number {
  let n = 0;
  for (const f of fields) n += fieldLength(f);
  return n;
}
export function fieldLength(f: FieldSpec): number {
  switch (f.kind) {
    case 'u8':
    case 'bool':
    case 'enum':
    case 'flags':
      return 1;
    case 'u16':
    case 'card':
      return 2;
    case 'u32':
      return 4;
    case 'u64':
      return 8;
    case 'version3':
      return 3;
    case 'ascii':
      return f.length;
  }
}

// ---- The catalogue (§7) ----------------------------------------------------------------------

const BOTH: readonly Sender[] = ['shoe', 'controller'];
const SHOE: readonly Sender[] = ['shoe'];
const CONTROLLER: readonly Sender[] = ['controller'];

type Catalogue = { readonly [T in MessageType]: MessageSpec<T> };

export const MESSAGES: Catalogue = {
  // §7.2 link control (both directions unless stated; header seq is 0)
  HELLO: {
    type: 'HELLO',
    id: 0x01,
    from: BOTH,
    sequenced: false,
    extensible: true,
    fields: [
      { kind: 'u8', name: 'protocolVersion', min: 1 },
      { kind: 'u8', name: 'minProtocolVersion', min: 1 },
      { kind: 'enum', name: 'role', values: ROLES },
      { kind: 'flags', name: 'flags', bits: ['reply', 'coldStart'] },
      { kind: 'version3', name: 'firmwareVersion' },
      { kind: 'ascii', name: 'serialNumber', length: 16 },
      { kind: 'u8', name: 'deckCount', max: 8 },
      { kind: 'u16', name: 'nextTxSeq', min: 1 },
      { kind: 'u16', name: 'lastRxSeq' },
    ],
    // Version 2 (§7.2.1, §8.6): session nonces.
    tail: [
      { kind: 'u32', name: 'bootNonce', min: 1 },
      { kind: 'u32', name: 'peerNonce' },
    ],
    check: (m) =>
      m.minProtocolVersion > m.protocolVersion
        ? 'minProtocolVersion above protocolVersion'
        : m.coldStart && m.nextTxSeq !== 1
          ? 'a cold-start HELLO must announce nextTxSeq 1'
          : null,
  },
  ACK: { type: 'ACK', id: 0x02, from: BOTH, sequenced: false, fields: [{ kind: 'u16', name: 'ackSeq', min: 1 }] },
  NAK: {
    type: 'NAK',
    id: 0x03,
    from: BOTH,
    sequenced: false,
    fields: [
      { kind: 'u16', name: 'nakSeq' },
      { kind: 'enum', name: 'reason', values: NAK_REASONS },
    ],
    check: (m) => (m.reason !== 'CRC_ERROR' && m.nakSeq === 0 ? `NAK ${m.reason} must name the rejected seq` : null),
  },
  HEARTBEAT: {
    type: 'HEARTBEAT',
    id: 0x04,
    from: SHOE,
    sequenced: false,
    fields: [
      { kind: 'u32', name: 'uptimeMs' },
      { kind: 'enum', name: 'gate', values: GATE_STATES },
      { kind: 'u8', name: 'queued' },
    ],
  },
  // §7.4 shoe → controller events (sequenced)
  CARD_DRAWN: {
    type: 'CARD_DRAWN',
    id: 0x10,
    from: SHOE,
    sequenced: true,
    fields: [
      { kind: 'u16', name: 'drawIndex', min: 1 },
      { kind: 'card', name: 'card' },
      { kind: 'u8', name: 'confidence', max: 100 },
      { kind: 'flags', name: 'flags', bits: ['rescan'] },
    ],
  },
  CARD_UNREADABLE: {
    type: 'CARD_UNREADABLE',
    id: 0x11,
    from: SHOE,
    sequenced: true,
    fields: [{ kind: 'u16', name: 'drawIndex', min: 1 }],
  },
  CUT_CARD_SEEN: { type: 'CUT_CARD_SEEN', id: 0x12, from: SHOE, sequenced: true, fields: [{ kind: 'u16', name: 'drawIndex' }] },
  SHOE_LOADED: {
    type: 'SHOE_LOADED',
    id: 0x13,
    from: SHOE,
    sequenced: true,
    fields: [
      { kind: 'u8', name: 'deckCount', min: 1, max: 8 },
      { kind: 'u16', name: 'cardCount' },
    ],
  },
  SHOE_REMOVED: { type: 'SHOE_REMOVED', id: 0x14, from: SHOE, sequenced: true, fields: [{ kind: 'u16', name: 'cardsDealt' }] },
  DEALER_BUTTON: {
    type: 'DEALER_BUTTON',
    id: 0x15,
    from: SHOE,
    sequenced: true,
    fields: [
      { kind: 'enum', name: 'button', values: BUTTONS },
      { kind: 'enum', name: 'press', values: PRESS_KINDS },
    ],
  },
  FAULT: {
    type: 'FAULT',
    id: 0x16,
    from: SHOE,
    sequenced: true,
    fields: [
      { kind: 'enum', name: 'code', values: FAULT_CODES },
      { kind: 'enum', name: 'state', values: FAULT_STATES },
      { kind: 'u16', name: 'drawIndex' },
    ],
  },
  STATUS: {
    type: 'STATUS',
    id: 0x17,
    from: SHOE,
    sequenced: true,
    fields: [
      { kind: 'u16', name: 'inReplyTo' },
      { kind: 'enum', name: 'gate', values: GATE_STATES },
      { kind: 'bool', name: 'shoePresent' },
      { kind: 'u8', name: 'deckCount', max: 8 },
      { kind: 'u16', name: 'cardsDealt' },
      { kind: 'bool', name: 'cutCardSeen' },
      { kind: 'flags', name: 'activeFaults', bits: ['jam', 'dirtySensor', 'cardReversed'] },
    ],
  },
  // §7.5 controller → shoe commands (sequenced)
  GATE_LOCK: { type: 'GATE_LOCK', id: 0x20, from: CONTROLLER, sequenced: true, fields: [] },
  GATE_UNLOCK: {
    type: 'GATE_UNLOCK',
    id: 0x21,
    from: CONTROLLER,
    sequenced: true,
    fields: [
      { kind: 'u8', name: 'allowance' },
      // Version 2 (§7.5.3): the allowance is anchored to the shoe events the controller had seen.
      { kind: 'u16', name: 'seenSeq', absentAs: 0 },
    ],
  },
  INDICATOR: {
    type: 'INDICATOR',
    id: 0x22,
    from: CONTROLLER,
    sequenced: true,
    fields: [
      { kind: 'enum', name: 'target', values: INDICATOR_TARGETS },
      { kind: 'u8', name: 'seat', max: 15 },
      { kind: 'u8', name: 'hand', max: 8 },
    ],
    check: (m) =>
      m.target === 'seat'
        ? m.seat >= 1 && m.hand >= 1
          ? null
          : 'target "seat" needs seat 1..15 and hand 1..8'
        : m.seat === 0 && m.hand === 0
          ? null
          : `target "${m.target}" needs seat 0 and hand 0`,
  },
  STATUS_REQUEST: { type: 'STATUS_REQUEST', id: 0x23, from: CONTROLLER, sequenced: true, fields: [] },
  TIME_SYNC: { type: 'TIME_SYNC', id: 0x24, from: CONTROLLER, sequenced: true, fields: [{ kind: 'u64', name: 'epochMs' }] },
};

export const MESSAGE_TYPES = Object.keys(MESSAGES) as MessageType[];

const BY_ID: ReadonlyMap<number, MessageSpec> = new Map(
  MESSAGE_TYPES.map((t) => [MESSAGES[t].id, MESSAGES[t] as unknown as MessageSpec]),
);

export function specById(id: number): MessageSpec | undefined {
  return BY_ID.get(id);
}
export function specOf<T extends MessageType>(type: T): MessageSpec<T> {
  return MESSAGES[type] as MessageSpec<T>;
}
export function isSequenced(type: MessageType): boolean {
  return MESSAGES[type].sequenced;
}
