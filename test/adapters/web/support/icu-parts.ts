// The parts of an ICU message (docs/adr/0014-message-catalogue.md), read from intl-messageformat's own
// parser: the names of the values it takes, its literal words, and the forms of each plural in it.
import { IntlMessageFormat } from 'intl-messageformat';

interface Element {
  readonly type: number;
  readonly value?: string;
  readonly options?: Readonly<Record<string, { readonly value: readonly Element[] }>>;
}

// intl-messageformat's element types (@formatjs/icu-messageformat-parser TYPE).
const LITERAL = 0;
const POUND = 7;
const PLURAL = 6;

function elements(text: string): readonly Element[] {
  return new IntlMessageFormat(text, 'en', undefined, { ignoreTag: true }).getAst() as unknown as Element[];
}

function walk(list: readonly Element[], visit: (element: Element) => void): void {
  for (const element of list) {
    visit(element);
    for (const option of Object.values(element.options ?? {})) walk(option.value, visit);
  }
}

/** The names of the values a message takes (plurals and selects included). */
export function argumentNames(text: string): string[] {
  const names = new Set<string>();
  walk(elements(text), (e) => { if (e.type !== LITERAL && e.type !== POUND && e.value !== undefined) names.add(e.value); });
  return [...names];
}

/** The message's own words: its literal text, every branch of a plural or select joined. */
export function literalText(text: string): string {
  const parts: string[] = [];
  walk(elements(text), (e) => { if (e.type === LITERAL && e.value !== undefined) parts.push(e.value); });
  return parts.join(' ');
}

/** The forms of each plural in the message (`one`, `few`, …), by the value it counts. */
export function pluralForms(text: string): Record<string, string[]> {
  const forms: Record<string, string[]> = {};
  walk(elements(text), (e) => { if (e.type === PLURAL && e.value !== undefined) forms[e.value] = Object.keys(e.options ?? {}).sort(); });
  return forms;
}
