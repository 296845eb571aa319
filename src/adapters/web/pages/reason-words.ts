// The server's reasons in the page's words (docs/web-api.md, "Refusals"; docs/adr/0008-page-language.md):
// a reason that comes with its code — an API refusal, a view's pause, fault or alarm, a fact of the log or
// of the recall — is rendered from its code and values through the one catalogue (src/messages). A
// sentence that comes without a code (a link's state, the host's health, the watchdog, a refusal not yet
// coded at its source) is shown as it came: no sentence is read back to a code here.
import { isLanguage } from '../../../messages/catalogue.js';
import { renderCode } from '../../../messages/reason-values.js';
import { currentLanguage } from './i18n.js';

/** A reason as the server sends it: a sentence, and its code and values when it has them. */
export interface CodedReason {
  readonly reason?: unknown;
  readonly code?: unknown;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A reason in `lang`: from its code when the catalogue knows it, else its sentence as it came. */
export function reasonIn(lang: string, reason: CodedReason | string | null | undefined): string {
  if (reason === null || reason === undefined) return '';
  if (typeof reason === 'string') return reason;
  if (typeof reason.code === 'string') {
    const words = renderCode(isLanguage(lang) ? lang : 'en', reason.code, reason.params ?? {});
    if (words !== null) return words;
  }
  return typeof reason.reason === 'string' ? reason.reason : '';
}

/** The same in the page's language. */
export function reasonWords(reason: CodedReason | string | null | undefined): string {
  return reasonIn(currentLanguage(), reason);
}
