// Why the table is not ready or only degraded (docs/web-api.md, "Many viewers, abuse, health"), coded
// where /readyz judges it: each problem's code and values beside its English sentence
// (src/messages/coded-reason.ts), so a page renders the code in its own language.
import { reasonSentence, type CodedReason, type CodedUnion } from '../../messages/coded-reason.js';

type None = Record<never, string>;

/** Each code and its values, as text. */
export interface HealthReasonParams {
  /** The log cannot be written: why, in the store's words or the halted table's sentence. */
  readonly logUnwritable: { reason: string };
  readonly noShoeLink: None;
  /** The shoe link's state (connecting, handshaking, down, incompatible, closed). */
  readonly shoeLinkState: { state: string };
  readonly loopStalled: { ms: string; limit: string };
  /** The floor's NATS is away: its state and why (the sentence of a NATS reason, src/adapters/store/nats-trouble.ts). */
  readonly floorLink: Readonly<Record<string, string>> & { state: string; reason: string };
  /** A display gateway's NATS is away: no new views reach its displays. */
  readonly gatewayNatsDown: { address: string };
  /** The table's heartbeat stopped (src/adapters/floor/table-liveness.ts): its views are old. */
  readonly tableStale: { table: string; seconds: string };
  /** The table's heartbeats say its JetStream copy stays behind its log. */
  readonly tableReplicaBehind: { table: string; seconds: string; events: string };
}

export type HealthReason = CodedUnion<{ [C in keyof HealthReasonParams]: HealthReasonParams[C] }>;

/** A health reason from its code and values. */
export function healthReason<C extends keyof HealthReasonParams>(code: C, ...params: [keyof HealthReasonParams[C]] extends [never] ? [] : [HealthReasonParams[C]]): HealthReason {
  return { code, params: params[0] ?? {} } as HealthReason;
}

/** A coded reason as /readyz lists it: the sentence, the code and its values. */
export function listed(reason: CodedReason): { readonly reason: string; readonly code: string; readonly params: Readonly<Record<string, string>> } {
  return { reason: reasonSentence(reason), code: reason.code, params: { ...reason.params } };
}
