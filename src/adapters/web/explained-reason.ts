// A refusal's reason with its code and values (docs/web-api.md, "Refusals"): the sentence stays as the
// table says it, and the code names its message in the catalogue (src/messages, `reason.<code>`), so a
// page or a client puts it in its own words. Every reason is coded where it arises: a fact's reason
// carries its code (src/round/reasons.ts), the adapters' own are coded reasons (./web-reasons.ts,
// src/messages/coded-reason.ts). Nothing here reads a sentence back to a code: a sentence that came
// without one is answered as it is.
import type { StoredReason } from '../../round/events.js';
import { reasonSentence, type CodedReason } from '../../messages/coded-reason.js';

export interface ExplainedReason {
  readonly reason: string;
  /** The catalogue's name for the reason (`reason.<code>`), when it has one. */
  readonly code?: string;
  /** Its values, by name, as text. */
  readonly params?: Readonly<Record<string, string>>;
}

const asText = (params: object): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));

/** A reason as a fact stores it (`reason`, `code`, `params`), a coded reason, or a sentence with no code. */
export function explained(reason: string | StoredReason | CodedReason): ExplainedReason {
  if (typeof reason === 'string') return { reason };
  if (!('reason' in reason)) return { reason: reasonSentence(reason), code: reason.code, params: { ...reason.params } };
  // A person's own words are no code's: they are shown as typed.
  if (reason.code === undefined || reason.params === undefined || reason.code === 'typed') return { reason: reason.reason };
  return { reason: reason.reason, code: reason.code, params: asText(reason.params) };
}
