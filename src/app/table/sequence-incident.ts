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
import type { CodedUnion } from '../../messages/coded-reason.js';

/** The incident's cause, coded where the link saw it (src/adapters/serial/link-incident.ts); its message is `reason.<code>`. */
export type IncidentCause = CodedUnion<{
  /** §8.4 b: the shoe announced `announced`, this link expected `expected`. */
  incidentGap: { expected: string; announced: string };
  /** §8.4 b: the shoe announced `announced`, behind the last delivered `seq`. */
  incidentRollback: { announced: string; seq: string };
  /** §8.4 a: a shoe in session restarted without its sequence state after `seq`. */
  incidentColdStart: { seq: string };
  /** §8.6: a HELLO under the nonce `nonce` of an earlier power-up (the shoe's is `current`). */
  incidentEarlierPowerUp: { nonce: string; current: string };
  /** §8.6: a cold-start HELLO under the current nonce after `count` events of that session were delivered. */
  incidentStaleColdStart: { nonce: string; count: string };
}>;

/** The link's evidence, as plain data (src/adapters/serial/shoe-link.ts `SequenceIncident`). */
export interface SequenceIncidentEvidence {
  readonly kind: 'peer-cold-start' | 'gap' | 'rollback' | 'stale-hello';
  readonly detail: string;
  /** The same, coded (absent from a link that did not code it). */
  readonly cause?: IncidentCause;
  readonly hello: Readonly<Record<string, unknown>>;
  readonly link: Readonly<Record<string, unknown>>;
}

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
