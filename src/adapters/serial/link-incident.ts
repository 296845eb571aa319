// The record of a sequence incident (PROTOCOL.md §8.4, §8.6): what the HELLO said, its exact wire
// bytes, and the link's sequence state before and after.

import { encodeFrame, toHex, type HelloMessage } from '../../../firmware-protocol/src/index.js';
import type { SequenceIncident } from './link-types.js';

export function incidentRecord(kind: SequenceIncident['kind'], detail: string, h: HelloMessage, link: SequenceIncident['link']): SequenceIncident {
  return {
    kind,
    detail,
    hello: {
      coldStart: h.coldStart, reply: h.reply, nextTxSeq: h.nextTxSeq, lastRxSeq: h.lastRxSeq,
      bootNonce: h.bootNonce ?? null, peerNonce: h.peerNonce ?? null, serialNumber: h.serialNumber,
      hex: toHex(encodeFrame({ seq: 0, message: h })),
    },
    link,
  };
}
