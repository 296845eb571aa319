// A refusal's reason with its code and values (docs/web-api.md, "Refusals"): the sentence stays as the
// table says it, and the code names its message in the catalogue (src/messages, `reason.<code>`), so a
// page or a client puts it in its own words. A fact's reason carries its code (src/round/reasons.ts); a
// sentence is read back to one only where it has none yet (src/messages/legacy-reasons.ts: older logs,
// and the adapters' own refusals and states).
import type { StoredReason } from '../../round/events.js';
import { reasonOf } from '../../messages/render-reason.js';
import { adapterSentenceCode } from '../../messages/legacy-reasons.js';

export interface ExplainedReason {
  readonly reason: string;
  /** The catalogue's name for the reason (`reason.<code>`), when it has one. */
  readonly code?: string;
  /** Its values, by name, as text. */
  readonly params?: Readonly<Record<string, string>>;
}

const asText = (params: object): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));

/** A reason as a fact stores it (`reason`, `code`, `params`), or a sentence the table or the adapters make. */
export function explained(reason: string | StoredReason): ExplainedReason {
  const stored: StoredReason = typeof reason === 'string' ? { reason } : reason;
  const found = reasonOf(stored);
  // A person's own words are no code's: they are shown as typed.
  if (found) return found.code === 'typed' ? { reason: stored.reason } : { reason: stored.reason, code: found.code, params: asText(found.params) };
  const adapter = adapterSentenceCode(stored.reason);
  return adapter ? { reason: stored.reason, code: adapter.code, params: adapter.params } : { reason: stored.reason };
}
