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

