// The record of a sequence incident (PROTOCOL.md §8.4, §8.6): what the HELLO said, its exact wire
// bytes, and the link's sequence state before and after.

import { encodeFrame, toHex, type HelloMessage, type SequenceContinuity } from '../../../firmware-protocol/src/index.js';
import type { IncidentCause } from '../../ports/sequence-incident.js';
import type { SequenceIncident } from './link-types.js';

/** The cause of a gap, a rollback or a peer's cold start, coded with the continuity's values (§8.4). */
export function continuityCause(c: SequenceContinuity): IncidentCause | undefined {
  if (c.kind === 'gap') return { code: 'incidentGap', params: { expected: String(c.expected), announced: String(c.announced) } };
  if (c.kind === 'rollback') return { code: 'incidentRollback', params: { announced: String(c.announced), seq: String(c.lastDelivered) } };
  if (c.kind === 'peer-cold-start') return { code: 'incidentColdStart', params: { seq: String(c.lastDelivered) } };
  return undefined;
}

/** The cause of a stale HELLO (§8.6), coded: a nonce the shoe moved on from, or a cold start under the current one. */
export function staleCause(h: HelloMessage, current: number, delivered: number): IncidentCause {
  const nonce = String(h.bootNonce ?? 0);
  return h.coldStart && h.bootNonce === current
    ? { code: 'incidentStaleColdStart', params: { nonce, count: String(delivered) } }
    : { code: 'incidentEarlierPowerUp', params: { nonce, current: String(current) } };
}

export function incidentRecord(kind: SequenceIncident['kind'], detail: string, cause: IncidentCause | undefined, h: HelloMessage, link: SequenceIncident['link']): SequenceIncident {
  return {
    kind,
    detail,
    ...(cause ? { cause } : {}),
    hello: {
      coldStart: h.coldStart, reply: h.reply, nextTxSeq: h.nextTxSeq, lastRxSeq: h.lastRxSeq,
      bootNonce: h.bootNonce ?? null, peerNonce: h.peerNonce ?? null, serialNumber: h.serialNumber,
      hex: toHex(encodeFrame({ seq: 0, message: h })),
    },
    link,
  };
}
