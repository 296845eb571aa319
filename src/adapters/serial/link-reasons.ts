// Why the shoe link is in its state, coded where the link changes it (PROTOCOL.md §8, §9.2, §10.2;
// docs/event-log.md "Reasons"): the `link.state` note on the log carries the code and its values beside
// the English sentence (src/messages/coded-reason.ts), and the supervisor's link panel renders the code.
import { nestedReason, type CodedUnion } from '../../messages/coded-reason.js';

type None = Record<never, string>;
/** A reason nested in this one (its sentence, code and values: src/messages/coded-reason.ts `nestedReason`). */
type Nested = Readonly<Record<string, string>> & { reason: string };

/** Each code and its values, as text. */
export interface LinkReasonParams {
  readonly openingPort: None;
  readonly reopeningPort: None;
  readonly portOpen: { address: string; count: string };
  /** Connecting again after `reason` (a cannotOpen, deviceGone or portClosed, nested: coded-reason.ts `nestedReason`), in `ms`. */
  readonly retrying: Nested & { ms: string };
  readonly helloReply: None;
  readonly helloAnswered: None;
  readonly protocolMismatch: { low: string; high: string; min: string; max: string };
  readonly nakVersion: None;
  readonly nak: { code: string };
  readonly noAck: { code: string; seq: string; count: string };
  readonly noFrame: { ms: string; count: string };
  readonly closedByApp: None;
}

/** Why a port attempt ended; the link says it inside `retrying`. */
export interface PortEndParams {
  readonly cannotOpen: { address: string; error: string };
  readonly deviceGone: { error: string };
  readonly portClosed: None;
}

export type LinkReasonCode = keyof LinkReasonParams;
export type LinkReason = CodedUnion<{ [C in LinkReasonCode]: LinkReasonParams[C] }>;
export type PortEnd = CodedUnion<{ [C in keyof PortEndParams]: PortEndParams[C] }>;

/** A link reason from its code and values (the compiler checks the values the code takes). */
export function linkReason<C extends LinkReasonCode>(code: C, ...params: [keyof LinkReasonParams[C]] extends [never] ? [] : [LinkReasonParams[C]]): LinkReason {
  return { code, params: params[0] ?? {} } as LinkReason;
}

/** Connecting again after a port attempt ended (its sentence is the `reason` value). */
export function retrying(end: PortEnd, ms: number): LinkReason {
  return linkReason('retrying', { ...nestedReason(end), ms: String(ms) });
}
