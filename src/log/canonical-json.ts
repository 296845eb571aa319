/**
 * RFC 8785 canonical JSON (JSON Canonicalization Scheme), the text every event's hash covers
 * (event-chain.ts): object members sorted by their UTF-16 code units, no whitespace, numbers and strings
 * serialised as ECMAScript's JSON.stringify does.
 *
 * Pure: no clock, no I/O.
 */
/** RFC 8785 canonical JSON. Throws a TypeError on anything that is not JSON (cycles included). */
export function canonicalJson(value: unknown): string {
  return serialise(value, 0);
}

const MAX_NESTING = 1000;

function serialise(value: unknown, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not JSON: ${value}`);
      return JSON.stringify(value); // ECMAScript shortest round-trip form, as RFC 8785 requires; -0 -> 0
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (depth >= MAX_NESTING) throw new TypeError(`not JSON: nested deeper than ${MAX_NESTING} (cyclic structure?)`);
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + serialise(value[i], depth + 1);
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (!inOrder(keys)) keys.sort(); // default sort compares UTF-16 code units (RFC 8785 3.2.3)
      let out = '{';
      for (let i = 0; i < keys.length; i += 1) {
        const key = keys[i]!;
        out += (i === 0 ? '' : ',') + memberName(key) + serialise(record[key], depth + 1);
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`not JSON: ${typeof value}`);
  }
}

/** Whether `keys` already stand in RFC 8785 order (an engine's facts mostly do): no sort needed then. */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i += 1) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

/**
 * A member's name as JSON followed by ':'. Facts reuse a few dozen names millions of times (verify
 * serialises every derived fact), so each is quoted once and kept; the cache is bounded, and a name
 * past the bound is quoted afresh: the text is the same either way.
 */
const memberNames = new Map<string, string>();
const MEMBER_NAMES_KEPT = 4096;
function memberName(key: string): string {
  let quoted = memberNames.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (memberNames.size < MEMBER_NAMES_KEPT) memberNames.set(key, quoted);
  }
  return quoted;
}

/** The sorted order of one list of member names, with each name quoted once (canonicalJsonWithout). */
interface Shape {
  /** The member names as Object.keys gave them, and the one left out. */
  readonly keys: readonly string[];
  readonly omitted: string;
  /** The names written, in RFC 8785 order. */
  readonly order: readonly string[];
  /** `order` quoted as JSON, each followed by ':'. */
  readonly names: readonly string[];
}

const shapes = new Map<string, Shape[]>();
const SHAPE_GROUPS_KEPT = 4096;
const SHAPES_PER_GROUP = 16;

/**
 * canonicalJson of `record` without its member `omitted` — the same text, character for character, as
 * canonicalJson of the copy `{ [omitted]: _, ...rest }` leaves — with the sorted order of each list of
 * member names (and the member left out) worked out once and kept under `group`. Verify's re-run compares
 * every derived fact's data (the fact without its `type`, grouped by type) with the stored text this way:
 * a fact's members come in the order the engine wrote them, not RFC 8785's, and copying the fact and
 * sorting its names again for every fact was most of the comparison's cost (docs/audit.md, "How verify
 * spends its time"). The kept orders are bounded; a list of names past the bound is sorted afresh.
 */
export function canonicalJsonWithout(record: Readonly<Record<string, unknown>>, omitted: string, group: string): string {
  const shape = shapeOf(Object.keys(record), omitted, group);
  const { order, names } = shape;
  let out = '{';
  for (let i = 0; i < order.length; i += 1) out += (i === 0 ? '' : ',') + (names[i] as string) + memberValue(record[order[i] as string]);
  return `${out}}`;
}

/**
 * Whether `text` is canonicalJsonWithout(record, omitted, group), character for character, found without
 * building that text: each member's name and value is looked for at its place in `text` (verify's re-run
 * compares every derived fact with the stored text, docs/audit.md "How verify spends its time").
 */
export function isCanonicalJsonWithout(record: Readonly<Record<string, unknown>>, omitted: string, group: string, text: string): boolean {
  const { order, names } = shapeOf(Object.keys(record), omitted, group);
  if (text.charCodeAt(0) !== 0x7b) return false; // '{'
  let at = 1;
  for (let i = 0; i < order.length; i += 1) {
    if (i > 0) {
      if (text.charCodeAt(at) !== 0x2c) return false; // ','
      at += 1;
    }
    const name = names[i] as string;
    if (!text.startsWith(name, at)) return false;
    at += name.length;
    const value = memberValue(record[order[i] as string]);
    if (!text.startsWith(value, at)) return false;
    at += value.length;
  }
  return at === text.length - 1 && text.charCodeAt(at) === 0x7d; // '}'
}

/** Small whole numbers and short strings as JSON, each written once and kept (facts repeat them: seats,
 *  totals, rounds, cards, statuses); anything else as serialise writes it. The same text either way. */
const SMALL_NUMBERS_KEPT = 65_536;
const smallNumbers: string[] = [];
const SHORT_STRING = 32;
const SHORT_STRINGS_KEPT = 4096;
const shortStrings = new Map<string, string>();
function memberValue(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < SMALL_NUMBERS_KEPT) {
    return (smallNumbers[value] ??= JSON.stringify(value)); // -0 is kept as 0's "0", as JSON.stringify writes it
  }
  if (typeof value === 'string' && value.length <= SHORT_STRING) {
    let quoted = shortStrings.get(value);
    if (quoted === undefined) {
      quoted = JSON.stringify(value);
      if (shortStrings.size < SHORT_STRINGS_KEPT) shortStrings.set(value, quoted);
    }
    return quoted;
  }
  return serialise(value, 1);
}

function shapeOf(keys: string[], omitted: string, group: string): Shape {
  const known = shapes.get(group);
  if (known !== undefined) {
    for (const shape of known) if (shape.omitted === omitted && sameNames(shape.keys, keys)) return shape;
  }
  const order = keys.filter((key) => key !== omitted).sort(); // UTF-16 code units, as serialise sorts
  const shape: Shape = { keys, omitted, order, names: order.map((key) => `${JSON.stringify(key)}:`) };
  if (known !== undefined) {
    if (known.length < SHAPES_PER_GROUP) known.push(shape);
  } else if (shapes.size < SHAPE_GROUPS_KEPT) {
    shapes.set(group, [shape]);
  }
  return shape;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
