// Message catalogue, PROTOCOL.md §7, as data: each message type has an id, a direction, whether
// it is sequenced (reliable) and an ordered list of payload fields. The generic encoder and
// decoder (frame-encoder.ts, frame-decoder.ts) walk these tables; nothing else knows a byte offset.
// Pure: no I/O, no clock, no randomness.
import { BUTTONS, FAULT_CODES, FAULT_STATES, GATE_STATES, INDICATOR_TARGETS, NAK_REASONS, PRESS_KINDS, ROLES, type Sender, type MessageOf, type MessageType } from './message-types.js';

export * from './message-types.js';

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
