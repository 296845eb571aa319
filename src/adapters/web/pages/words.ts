// Human words for what the views carry as identifiers: the table's phase, faults, alarms, decisions and
// bet kinds, from the message catalogue (i18n.ts). Anything new to the catalogue gets readable words from
// its identifier ("dealerTurn" → "Dealer turn").
import type { OpenFault } from '../../../app/displays/open-faults.js';
import type { Answer } from './api.js';
import { t, tOr } from './i18n.js';
import { reasonWords } from './reason-words.js';

/** "active.dealerTurn" → "Dealer turn", "cutCardMissing" → "Cut card missing". */
export function humanize(id: unknown): string {
  const last = String(id).split('.').pop() ?? '';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase().trim()
    .replace(/\b(crc|ack|nak|id)\b/g, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function phaseWords(phase: unknown): string {
  const name = String(phase).replace(/^active\./, '');
  return tOr(`phase.${name}`, humanize(phase));
}

/** A fault's name and what to do about it, in the page's language (the server's English advice is the fallback). */
export function faultName(kind: string): string {
  return tOr(`fault.${kind}`, humanize(kind));
}

export function faultTodo(fault: Pick<OpenFault, 'kind'> & { readonly advice?: string | null; readonly params?: OpenFault['params'] }): string {
  // A sequence incident says what happened and what Resume will do for its cause (the shoe's restart: PROTOCOL.md §8.4).
  const general = tOr(`todo.${fault.kind}`, fault.advice ?? t('todo.other'));
  const params: Readonly<Record<string, unknown>> = fault.params ?? {};
  const cause = params['detailCode'];
  return typeof cause === 'string' ? tOr(`todo.${fault.kind}.${cause}`, general, params) : general;
}

/** The halt's kind as the catalogue names it ("lost-writer" → "lostWriter"). */
const haltKey = (kind: string): string => kind.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The table halted by an append fault (the view's `halt`): its name and what to do, in the page's language. */
export function haltName(kind: string): string {
  return tOr(`halt.${haltKey(kind)}`, humanize(kind));
}

export function haltTodo(kind: string): string {
  return tOr(`todo.halt.${haltKey(kind)}`, t('todo.other'));
}

export function alarmName(kind: string): string {
  return tOr(`alarm.${kind}`, humanize(kind));
}

export function alarmTodo(kind: string): string {
  return tOr(`alarmTodo.${kind}`, t('alarmTodo.other'));
}

export function actionLabel(action: string): string {
  return tOr(`action.${action}`, humanize(action));
}

export function betKindLabel(kind: string): string {
  return tOr(`bet.${kind}`, humanize(kind));
}

export function gameName(game: string): string {
  return tOr(`game.${game}`, game);
}

/** Why a request was refused: the server's reason in words (./reason-words.ts), else its status. */
export function refusedReason(answer: Answer | null | undefined, status: number): string {
  return answer?.reason || answer?.code ? reasonWords(answer) : t('refused.status', { status });
}

/** A refusal: its category in words, then why. */
export function refusalWords(answer: Answer | null | undefined, status: number): string {
  const category = answer?.refused ? tOr(`refused.${answer.refused}`, answer.refused) : null;
  const reason = refusedReason(answer, status);
  return category ? `${category} (${reason})` : reason;
}
