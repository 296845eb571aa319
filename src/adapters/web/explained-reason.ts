// A refusal's reason with its code and values (docs/web-api.md, "Refusals"): the sentence stays as the
// table says it, and the code names it in the pages' catalogue (pages/reasons-en.js, read by
// pages/reason-words.js), so a page or a client puts it in its own words.
import { reasonCode } from './pages/reason-words.js';

export interface ExplainedReason {
  readonly reason: string;
  /** The catalogue's name for the sentence (`reason.<code>`), when it has one. */
  readonly code?: string;
  /** The values in the sentence, by name, as text. */
  readonly params?: Readonly<Record<string, string>>;
}

export function explained(reason: string): ExplainedReason {
  const found = reasonCode(reason);
  return found ? { reason, code: found.code, params: found.params } : { reason };
}
