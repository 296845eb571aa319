/**
 * Sealing: new events become stored envelopes chained after the stream's head (event-chain.ts defines the
 * envelope and its hash). Every store seals alike, so a log's hashes do not depend on where it is kept.
 * Pure apart from node:crypto.
 */
import type { JsonObject, NewEvent, StoredEvent, StreamHead, UnsealedEvent } from '../ports/event-store.js';
import { canonicalJson, ENVELOPE_HEAD, envelopeTail, sha256Hex } from './event-chain.js';

/** A sealed event with the two stored pieces of the text its hash covers: ENVELOPE_HEAD + dataJson + tail. */
export interface SealedEnvelope {
  readonly event: StoredEvent;
  readonly dataJson: string;
  readonly tail: string;
}

/**
 * Turns validated new events into stored envelopes chained after `head`. The data is copied
 * through its canonical form, so the stored object is exactly what any adapter reads back.
 */
export function sealEvents(tableId: string, head: StreamHead, events: readonly NewEvent[]): StoredEvent[] {
  return sealEnvelopes(tableId, head, events).map((s) => s.event);
}

/** sealEvents with the stored pieces of each envelope (the SQLite log keeps them as they are hashed). */
export function sealEnvelopes(tableId: string, head: StreamHead, events: readonly NewEvent[]): SealedEnvelope[] {
  let seq = head.version;
  let prevHash = head.hash;
  return events.map((e) => {
    seq += 1;
    const dataJson = canonicalJson(e.data);
    // Members in the order events have always had (anything that prints a StoredEvent prints the same).
    const unsealed: UnsealedEvent = {
      tableId,
      seq,
      round: e.round,
      monoTime: e.monoTime === 0 ? 0 : e.monoTime, // -0 is stored as 0, as JSON would
      wallTime: e.wallTime,
      rulesId: e.rulesId,
      type: e.type,
      data: JSON.parse(dataJson) as JsonObject,
      prevHash,
    };
    const tail = envelopeTail(unsealed);
    const event: StoredEvent = { ...unsealed, hash: sha256Hex(ENVELOPE_HEAD + dataJson + tail) };
    prevHash = event.hash;
    return { event, dataJson, tail };
  });
}
