// Sequence incidents are table incidents (firmware-protocol/PROTOCOL.md §8.4, §8.6).
//
// When the shoe's sequence state does not follow on — a shoe already in session announces a cold
// start, a gap, a rollback, or a HELLO from a session that is over (a replayed or flushed stale
// frame, told apart from a genuine restart by the session nonce) — events may have been lost or may
// be phantoms. So:
//   - the incident is a `shoe.fault` input of kind `sequenceIncident` carrying the link's evidence
//     (the HELLO's fields and exact bytes, the link's sequence state before and after): it is on the
//     durable log, and it pauses the table;
//   - only a supervisor's resume clears it (`shoe.recovered` for it is refused, src/round/inputs.ts);
//   - until then the link HOLDS what came with the incident: it hands no shoe event to the table and
//     ACKs none, so the shoe keeps each one and retransmits it (§9.2: never discarded on a timeout).
//     Nothing the incident carried becomes an input before the supervisor has looked; after the
//     resume the shoe's next retransmission is delivered in order. A stale replayed frame is never
//     delivered at all: the link keeps its sequence state, so the replayed numbers are NAKed (§6.3).
import type { TableInput } from '../../round/inputs.js';
import type { SequenceIncidentEvidence } from '../../ports/sequence-incident.js';

export const SEQUENCE_INCIDENT_FAULT = 'sequenceIncident' as const;

/** The input that puts an incident on the log and pauses the table. */
export function sequenceIncidentInput(evidence: SequenceIncidentEvidence): TableInput {
  return {
    type: 'shoe.fault',
    fault: SEQUENCE_INCIDENT_FAULT,
    detail: `${evidence.kind}: ${evidence.detail}`,
    ...(evidence.cause ? { detailCode: evidence.cause.code, detailParams: { ...evidence.cause.params } } : {}),
    evidence: { kind: evidence.kind, detail: evidence.detail, hello: { ...evidence.hello }, link: { ...evidence.link } },
  };
}
