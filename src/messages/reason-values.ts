// A reason's code and values in a language's words (docs/event-log.md, "Reasons"; docs/adr/0014-message-catalogue.md):
// the code picks the message `reason.<code>`, and each value is put in words by its name — hands count
// from 1 as the pages count them, money in major units, a phase, a fault, a bet kind, an action, a hand's
// status, a game, a role, a command and a link's state by their own messages, a card with its suit symbol.
// No English is read here: a value no message names is shown as it came. Pure and DOM-free, so the pages
// bundle it without the older logs' sentence patterns (./legacy-reasons.ts).
import type { Reason } from '../round/reasons.js';
import { formatMessage, formatMoney, formatOr, hasMessage, type MessageValues } from './format-message.js';
import type { Language } from './catalogue.js';
import { cardText } from './card-text.js';

type Value = string | number;

function valueIn(lang: Language, name: string, value: Value, all: Readonly<Record<string, Value>>): Value {
  if (name.endsWith('Amount')) return typeof value === 'number' ? formatMoney(lang, value) : value;
  switch (name) {
    case 'count': return value;
    case 'phase': return formatMessage(lang, `now.${value}`, { round: String(all.round ?? '') });
    case 'hand': case 'turn': return typeof value === 'number' ? String(value + 1) : value;
    case 'card': case 'read': return cardText(String(value));
    case 'cause': return formatOr(lang, `burnCause.${value}`, String(value));
    case 'game': return formatOr(lang, `game.${value}`, String(value));
    case 'fault': return formatOr(lang, `fault.${value}`, String(value));
    case 'faults': return String(value).split(', ').map((fault) => formatOr(lang, `fault.${fault}`, fault)).join(', ');
    case 'kind': return formatOr(lang, `bet.${value}`, String(value));
    case 'action': return formatOr(lang, `action.${value}`, String(value));
    case 'status': return formatOr(lang, `handStatus.${value}`, String(value));
    // The adapters' codes (web refusals, link states): identifiers with a message each.
    case 'role': return formatOr(lang, `role.${value}`, String(value));
    case 'roles': return String(value).split(', ').map((role) => formatOr(lang, `role.${role}`, role))
      .reduce((items, last) => formatMessage(lang, 'list.or', { items, last }));
    case 'what': return formatOr(lang, `what.${value}`, String(value));
    case 'command': return formatOr(lang, `command.${value}`, String(value));
    case 'state': return formatOr(lang, `linkState.${value}`, String(value));
    case 'detail': return innerIn(lang, value, all, 'detailCode');
    case 'reason': return innerIn(lang, value, all, 'reasonCode');
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

/** Whether the catalogue has words for `code` (`reason.<code>`). */
export function hasReason(code: string): boolean {
  return hasMessage(`reason.${code}`);
}

/**
 * A code and values as a client receives them (docs/web-api.md, "Refusals": values as text) in `lang`:
 * a whole number given as text is the number (a hand, an amount, a count). Null when the catalogue has no
 * message for the code, or the message needs a value not given.
 */
export function renderCode(lang: Language, code: string, params: Readonly<Record<string, unknown>> = {}): string | null {
  if (!hasReason(code)) return null;
  const values: Record<string, Value> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') values[name] = value;
    else if (typeof value === 'string') values[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
    else if (value !== undefined && value !== null) values[name] = String(value);
  }
  try {
    return formatMessage(lang, `reason.${code}`, reasonValues(lang, values));
  } catch {
    return null;
  }
}
