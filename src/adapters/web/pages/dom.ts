// A tiny element builder: text always goes in as text (names and reasons come from outside).

/** An attribute's value: absent when null, undefined or false; a bare attribute when true. */
export type AttributeValue = string | number | boolean | null | undefined;
/** Attributes by name; `on<event>` takes a listener. */
export type Attributes = Readonly<Record<string, AttributeValue | ((event: Event) => void)>>;
/** What an element holds: nodes, text, nothing, or lists of these. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

function flat(children: readonly Child[]): (Node | string | number)[] {
  const out: (Node | string | number)[] = [];
  for (const child of children) {
    if (Array.isArray(child)) out.push(...flat(child as readonly Child[]));
    else if (child !== null && child !== undefined && child !== false) out.push(child as Node | string | number);
  }
  return out;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = String(value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of flat(children)) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

/** Replaces the content of `root` (by id) with `children`. */
export function replace(id: string, ...children: Child[]): void {
  const root = document.getElementById(id);
  if (root) root.replaceChildren(...flat(children).map((child) => (child instanceof Node ? child : String(child))));
}

export function tokenFromAddress(): string {
  return new URLSearchParams(location.search).get('token') ?? '';
}

/** The element with `id`, of the kind the page's HTML gives it; a page without it is broken, so this throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}
