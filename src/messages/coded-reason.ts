// A reason the adapters and the application give outside the round machine — a refusal of the API, a
// link's or the host's state, a fault of the log — as a code and its values, made where it arises
// (docs/adr/0014-message-catalogue.md, docs/event-log.md "Reasons"). Each area keeps its codes as a
// closed union (e.g. src/adapters/web/web-reasons.ts); the message of a code is `reason.<code>` in every
// catalogue, and its English sentence (what the log and an API client's `reason` read) is the English
// message with the values as given.
import type { Phase } from '../round/reasons.js';
import { phaseSentence } from '../round/reason-sentence.js';
import { formatMessage } from './format-message.js';
import type { Language } from './catalogue.js';
import { reasonValues } from './render-reason.js';

/** A code and its values, as text (a phase as its code, with `round` for a round being played). */
export interface CodedReason<C extends string = string> {
  readonly code: C;
  readonly params: Readonly<Record<string, string>>;
}

/** A closed union of codes from a table of each code's values: `{ code, params }` for each entry. */
export type CodedUnion<P extends Record<string, Readonly<Record<string, string>>>> = {
  [C in keyof P & string]: { readonly code: C; readonly params: Readonly<P[C]> };
}[keyof P & string];

/** The English sentence of a coded reason: its English message with its values in English words, a phase in the log's words (src/round/reason-sentence.ts). */
export function reasonSentence(reason: CodedReason): string {
  const { phase, round, ...rest } = reason.params;
  const values: Record<string, string | number> = { ...reasonValues('en', rest), ...(round !== undefined ? { round } : {}) };
  if (phase !== undefined) values.phase = phaseSentence(phase === 'round' || phase === 'results' ? { phase, round: Number(round) } : { phase: phase as Exclude<Phase, 'round' | 'results'> });
  return formatMessage('en', `reason.${reason.code}`, values);
}

/** A coded reason in `lang`: its message, with each value in words by its name (./render-reason.ts). */
export function renderCodedReason(lang: Language, reason: CodedReason): string {
  return formatMessage(lang, `reason.${reason.code}`, reasonValues(lang, reason.params));
}

/**
 * A reason inside another, as the outer one's values: `reason` its English sentence, `reasonCode` its code,
 * and its own values beside them, so the outer message renders it in the reader's language
 * (./render-reason.ts). Its values must not share a name with the outer reason's.
 */
export function nestedReason(inner: CodedReason): { readonly reason: string; readonly reasonCode: string } & Readonly<Record<string, string>> {
  return { ...inner.params, reason: reasonSentence(inner), reasonCode: inner.code };
}
