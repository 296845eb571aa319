// A reason in a language's words (docs/event-log.md, "Reasons"): the code picks the message
// `reason.<code>`, and each value is put in words by its name first — hands count from 1 as the pages
// count them, money in major units, a phase, a fault, a bet kind, an action, a hand's status and a game
// by their own messages, a card with its suit symbol. A fact from a log older than the codes is read back
// to its code (./legacy-reasons.ts); a sentence nobody knows is shown as it was written.
import type { Reason } from '../round/reasons.js';
import type { StoredReason } from '../round/events.js';
import { formatMessage, formatMoney, formatOr, hasMessage, type MessageValues } from './format-message.js';
import type { Language } from './catalogue.js';
import { legacyReason } from './legacy-reasons.js';
import { cardText } from './card-text.js';

type Value = string | number;

function valueIn(lang: Language, name: string, value: Value, all: Readonly<Record<string, Value>>): Value {
  if (name.endsWith('Amount')) return typeof value === 'number' ? formatMoney(lang, value) : value;
  switch (name) {
    case 'count': return value;
    case 'phase': return formatMessage(lang, `now.${value}`, { round: String(all.round ?? '') });
    case 'hand': case 'turn': return typeof value === 'number' ? String(value + 1) : value;
    case 'card': return cardText(String(value));
    case 'game': return formatOr(lang, `game.${value}`, String(value));
    case 'fault': return formatOr(lang, `fault.${value}`, String(value));
    case 'faults': return String(value).split(', ').map((fault) => formatOr(lang, `fault.${fault}`, fault)).join(', ');
    case 'kind': return formatOr(lang, `bet.${value}`, String(value));
    case 'action': return formatOr(lang, `action.${value}`, String(value));
    case 'status': return formatOr(lang, `handStatus.${value}`, String(value));
    case 'state': return formatOr(lang, `linkState.${value}`, String(value));
    case 'detail': return innerIn(lang, value, all, 'detailCode');
    case 'reason': return innerIn(lang, value, all, 'reasonCode');
    case 'what': return formatOr(lang, `what.${value}`, String(value));
    case 'role': return formatOr(lang, `role.${value}`, String(value));
    case 'roles': return String(value).split(', ').map((role) => formatOr(lang, `role.${role}`, role))
      .reduce((items, last) => formatMessage(lang, 'list.or', { items, last }));
    default: return String(value);
  }
}

/**
 * A reason inside another — a fault's cause (`detail`, `detailCode`), or a reason the adapters nest (`reason`,
 * `reasonCode`: src/messages/coded-reason.ts `nestedReason`) — in its own message when it was coded, its
 * values beside it; else as written.
 */
function innerIn(lang: Language, value: Value, all: Readonly<Record<string, Value>>, codeName: 'detailCode' | 'reasonCode'): Value {
  const code = all[codeName];
  if (typeof code !== 'string' || !hasMessage(`reason.${code}`)) return value;
  const values = Object.fromEntries(Object.entries(all).filter(([name]) => !['detail', 'detailCode', 'reason', 'reasonCode', 'fault'].includes(name)));
  return formatMessage(lang, `reason.${code}`, reasonValues(lang, values));
}

/** The values of a reason in words, ready for its message. */
export function reasonValues(lang: Language, params: Readonly<Record<string, Value>>): MessageValues {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, valueIn(lang, name, value, params)]));
}

/** A reason in `lang`. */
export function renderReason(lang: Language, reason: Reason): string {
  return formatMessage(lang, `reason.${reason.code}`, reasonValues(lang, reason.params as Readonly<Record<string, Value>>));
}

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
