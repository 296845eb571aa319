// A stored reason in a language's words (docs/event-log.md, "Reasons"): rendered from its code and values
// (./reason-values.ts); a fact from a log older than the codes is read back to its code
// (./legacy-reasons.ts); a sentence nobody knows is shown as it was written.
import type { Reason } from '../round/reasons.js';
import type { StoredReason } from '../round/events.js';
import { hasMessage } from './format-message.js';
import type { Language } from './catalogue.js';
import { legacyReason } from './legacy-reasons.js';
import { renderReason } from './reason-values.js';

export { reasonValues, renderReason } from './reason-values.js';

/** The code and values of a stored reason: from the fact, else read back from an older log's sentence; null when unknown. */
export function reasonOf(stored: StoredReason): Reason | null {
  if (stored.code !== undefined && stored.params !== undefined) return { code: stored.code, params: stored.params } as Reason;
  return legacyReason(stored.reason);
}

/** A stored reason's code and values for a view (older logs' sentences read back); nothing for a person's own words or an unknown sentence. */
export function codeFields(stored: StoredReason): { readonly code: Reason['code']; readonly params: Reason['params'] } | Record<string, never> {
  const found = reasonOf(stored);
  return found && found.code !== 'typed' ? { code: found.code, params: found.params } : {};
}

/** A stored reason (a fact's `reason`, `code`, `params`) in `lang`; an unknown sentence as it was written. */
export function renderStoredReason(lang: Language, stored: StoredReason): string {
  const found = reasonOf(stored);
  return found && hasMessage(`reason.${found.code}`) ? renderReason(lang, found) : stored.reason;
}
