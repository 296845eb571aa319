// Port: a sequence incident as the shoe link hands it to the table (firmware-protocol/PROTOCOL.md §8.4,
// §8.6). The link codes the cause where it saw it (src/adapters/serial/link-incident.ts) and hands over its
// evidence as plain data; the application puts it on the log and pauses the table
// (src/app/table/sequence-incident.ts).
import type { CodedUnion } from '../messages/coded-reason.js';

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
