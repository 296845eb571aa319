// The server's sentences in the page's words (docs/adr/0008-page-language.md). The table explains a
// refusal, a pause or a link's state in an English sentence (the round machine's reasons go on the log
// word for word). Every such sentence has a `reason.<code>` message in each catalogue; the English one is
// also its pattern: `{name}` matches the value there. An API refusal carries the code and the values
// already (docs/web-api.md, "Refusals"); a sentence from a view or the log is read here. A sentence
// nobody taught the catalogue is shown as it came.
import { CATALOGUES, currentLanguage, formatIn, formatMoneyIn } from './i18n.js';
import { cardText } from './cards.js';

const REASON = 'reason.';

/** A message as a pattern: its key, the names of its values in order, and the expression that reads them. */
interface Pattern {
  readonly key: string;
  readonly names: readonly string[];
  readonly pattern: RegExp;
}

/** A sentence read back: the message's key and its values, as text. */
interface Found {
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
}

/** An API refusal's code and values (docs/web-api.md, "Refusals"). */
export interface ReasonCode {
  readonly code: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The English message as a pattern: literal text, and a lazy group for each `{name}`. */
function compile(key: string, template: string): Pattern {
  const names: string[] = [];
  const source = template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '(.+?)';
  }).join('');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
}

const patterns = (prefix: string): Pattern[] => Object.entries(CATALOGUES.en)
  .flatMap(([key, text]) => (key.startsWith(prefix) && typeof text === 'string' ? [compile(key, text)] : []));
const REASONS = patterns(REASON);
const PHASES = patterns('now.');

function match(list: readonly Pattern[], sentence: string): Found | null {
  for (const { key, names, pattern } of list) {
    const found = pattern.exec(sentence);
    if (!found) continue;
    const params: Record<string, string> = Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? '']));
    // A phase or a hand status must itself be one the catalogue knows, or the sentence is another one.
    if ('phase' in params && !match(PHASES, params.phase)) continue;
    if ('status' in params && !(`handStatus.${params.status}` in CATALOGUES.en)) continue;
    return { key, params };
  }
  return null;
}

/** The code and the values of a server sentence ('no bet on seat 3' → { code: 'noBetOnSeat', params: { seat: '3' } }); null when unknown. */
export function reasonCode(sentence: unknown): ReasonCode | null {
  if (typeof sentence !== 'string') return null;
  const found = match(REASONS, sentence);
  return found ? { code: found.key.slice(REASON.length), params: found.params } : null;
}

const known = (key: string): boolean => key in CATALOGUES.en;
const wordFor = (lang: string, key: string, fallback: string): string => (known(key) ? formatIn(lang, key) : fallback);
const reverse = (prefix: string, text: string): string | undefined => Object.keys(CATALOGUES.en).find((key) => key.startsWith(prefix) && CATALOGUES.en[key] === text);

function listIn(lang: string, items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return formatIn(lang, 'list.or', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

/** A zod issue list ("seat: Too big: …; player: player name empty") as fields and what is wrong with each. */
function issuesIn(lang: string, text: string): string {
  if (lang === 'en') return text;
  return text.split('; ').map((issue) => {
    const at = issue.indexOf(': ');
    const path = at < 0 ? '' : issue.slice(0, at);
    const problem = at < 0 ? issue : issue.slice(at + 2);
    const field = wordFor(lang, `field.${path.split('.')[0] || 'body'}`, path);
    const nested = reasonCode(problem);
    const words = nested ? render(lang, nested.code, nested.params) : formatIn(lang, /^Unrecognized key/.test(problem) ? 'issue.unknownField' : 'issue.invalid');
    return `${field}: ${words}`;
  }).join('; ');
}

function durationIn(lang: string, text: string): string {
  const found = /^(\d+) (ms|seconds?|minutes?)$/.exec(text);
  if (!found) return text;
  const unit = found[2] === 'ms' ? 'ms' : found[2]?.startsWith('second') ? 'seconds' : 'minutes';
  return formatIn(lang, `duration.${unit}`, { count: Number(found[1]) });
}

const digits = (text: string): boolean => /^\d+$/.test(text);

/** A value of a sentence in words, by its name. */
function valueIn(lang: string, name: string, value: string): string {
  if (name.endsWith('Amount')) return digits(value) ? formatMoneyIn(lang, Number(value)) : value;
  switch (name) {
    case 'phase': {
      const phase = match(PHASES, value);
      return phase ? formatIn(lang, phase.key, phase.params) : value;
    }
    case 'reason': case 'detail': return reasonIn(lang, value);
    case 'hand': case 'turn': return digits(value) ? String(Number(value) + 1) : value; // in words hands count from 1
    case 'game': return wordFor(lang, `game.${value}`, value);
    case 'fault': return wordFor(lang, `fault.${value}`, value);
    case 'faults': return value.split(', ').map((fault) => wordFor(lang, `fault.${fault}`, fault)).join(', ');
    case 'kind': return wordFor(lang, `bet.${value}`, value);
    case 'action': return wordFor(lang, `action.${value}`, value);
    case 'status': return wordFor(lang, `handStatus.${value}`, value);
    case 'state': return wordFor(lang, `linkState.${value}`, value);
    case 'role': return wordFor(lang, `role.${value}`, value);
    case 'roles': return listIn(lang, value.split(/, | or /).map((role) => wordFor(lang, `role.${role}`, role)));
    case 'what': {
      const key = reverse('what.', value);
      return key ? formatIn(lang, key) : value;
    }
    case 'command': return wordFor(lang, `command.${value}`, value);
    case 'card': return cardText(value);
    case 'issues': return issuesIn(lang, value);
    case 'after': return durationIn(lang, value);
    default: return value;
  }
}

function render(lang: string, code: string, params: Readonly<Record<string, unknown>> | undefined): string {
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, valueIn(lang, name, String(value))]));
  // A counted message picks its form by the number itself.
  if ('count' in values && digits(String(params?.count))) values.count = Number(params?.count);
  return formatIn(lang, `${REASON}${code}`, values);
}

/**
 * A server's reason in `lang`: a sentence, or an API answer ({ code, params, reason }). A code the
 * catalogue knows is put in words with its values; otherwise the sentence is read; an unknown sentence
 * is returned as it is.
 */
export function reasonIn(lang: string, reason: unknown): string {
  if (reason && typeof reason === 'object') {
    const answer = reason as { readonly code?: unknown; readonly params?: Readonly<Record<string, unknown>>; readonly reason?: unknown };
    if (typeof answer.code === 'string' && known(`${REASON}${answer.code}`)) return render(lang, answer.code, answer.params);
    return reasonIn(lang, answer.reason);
  }
  if (typeof reason !== 'string') return '';
  const found = reasonCode(reason);
  return found ? render(lang, found.code, found.params) : reason;
}

/** The same in the page's language. */
export function reasonWords(reason: unknown): string {
  return reasonIn(currentLanguage(), reason);
}
