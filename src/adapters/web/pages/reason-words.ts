// The server's sentences in the page's words (docs/adr/0008-page-language.md). The table explains a
// refusal, a pause or a link's state in an English sentence (the round machine's reasons go on the log
// word for word). Every such sentence has a `reason.<code>` message in each catalogue; the English one is
// also its pattern: `{name}` matches the value there. An API refusal carries the code and the values
// already (docs/web-api.md, "Refusals"); a sentence from a view or the log is read here. A sentence
// nobody taught the catalogue is shown as it came.
import { CATALOGUES, currentLanguage, formatIn, formatMoneyIn } from './i18n.js';
import { cardText } from './cards.js';

const REASON = 'reason.';

/** The English message as a pattern: literal text, and a lazy group for each `{name}`. */
function compile(key, template) {
  const names = [];
  const source = template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '(.+?)';
  }).join('');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
}

const patterns = (prefix) => Object.entries(CATALOGUES.en)
  .filter(([key, text]) => key.startsWith(prefix) && typeof text === 'string')
  .map(([key, text]) => compile(key, text));
const REASONS = patterns(REASON);
const PHASES = patterns('now.');

function match(list, sentence) {
  for (const { key, names, pattern } of list) {
    const found = pattern.exec(sentence);
    if (!found) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
    // A phase or a hand status must itself be one the catalogue knows, or the sentence is another one.
    if ('phase' in params && !match(PHASES, params.phase)) continue;
    if ('status' in params && !(`handStatus.${params.status}` in CATALOGUES.en)) continue;
    return { key, params };
  }
  return null;
}

/** The code and the values of a server sentence ('no bet on seat 3' → { code: 'noBetOnSeat', params: { seat: '3' } }); null when unknown. */
export function reasonCode(sentence) {
  if (typeof sentence !== 'string') return null;
  const found = match(REASONS, sentence);
  return found ? { code: found.key.slice(REASON.length), params: found.params } : null;
}

const known = (key) => key in CATALOGUES.en;
const wordFor = (lang, key, fallback) => (known(key) ? formatIn(lang, key) : fallback);
const reverse = (prefix, text) => Object.keys(CATALOGUES.en).find((key) => key.startsWith(prefix) && CATALOGUES.en[key] === text);

function listIn(lang, items) {
  if (items.length < 2) return items.join('');
  return formatIn(lang, 'list.or', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

/** A zod issue list ("seat: Too big: …; player: player name empty") as fields and what is wrong with each. */
function issuesIn(lang, text) {
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

function durationIn(lang, text) {
  const found = /^(\d+) (ms|seconds?|minutes?)$/.exec(text);
  if (!found) return text;
  const unit = found[2] === 'ms' ? 'ms' : found[2].startsWith('second') ? 'seconds' : 'minutes';
  return formatIn(lang, `duration.${unit}`, { count: Number(found[1]) });
}

const digits = (text) => /^\d+$/.test(text);

/** A value of a sentence in words, by its name. */
function valueIn(lang, name, value) {
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

function render(lang, code, params) {
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, valueIn(lang, name, String(value))]));
  // A counted message picks its form by the number itself.
  if ('count' in values && digits(String(params.count))) values.count = Number(params.count);
  return formatIn(lang, `${REASON}${code}`, values);
}

/**
 * A server's reason in `lang`: a sentence, or an API answer ({ code, params, reason }). A code the
 * catalogue knows is put in words with its values; otherwise the sentence is read; an unknown sentence
 * is returned as it is.
 */
export function reasonIn(lang, reason) {
  if (reason && typeof reason === 'object') {
    if (typeof reason.code === 'string' && known(`${REASON}${reason.code}`)) return render(lang, reason.code, reason.params);
    return reasonIn(lang, reason.reason);
  }
  if (typeof reason !== 'string') return '';
  const found = reasonCode(reason);
  return found ? render(lang, found.code, found.params) : reason;
}

/** The same in the page's language. */
export function reasonWords(reason) {
  return reasonIn(currentLanguage(), reason);
}
