// An input record's data read from its stored canonical text without parsing all of it (verify's re-run,
// docs/audit.md "How verify spends its time"): the re-run needs the input and the session line it came from,
// and a table's inputs repeat (the same card, bet or decision many times a shoe), while the members around
// them (shoeSeq, line) change every time. So the input's own text is cut out and parsed once per distinct
// text; the members after it are read by one strict pattern. Any text of another shape is left to JSON.parse
// (the caller's), so every log reads the same either way:
//   text = HEAD + S + TAIL, S a JSON object by itself (JSON.parse(S) succeeded) and TAIL of TAIL_PATTERN's
//   shape, is a JSON object whose `input` is S's value and whose `line` is TAIL's (a JSON value's extent is
//   fixed by its first character, so no other cut of the text gives another input).
import type { TableInput } from '../../round/inputs.js';

/** What the re-run takes of an input record: the input and the session line it came from (if any). */
export interface InputText {
  readonly input: TableInput;
  readonly line: number | undefined;
}

/** The members before `input` in RFC 8785 order (`by`, `idempotencyKey`), each a string without escapes. */
const HEAD = /^\{(?:"by":"[^"\\\u0000-\u001f]*",)?(?:"idempotencyKey":"[^"\\\u0000-\u001f]*",)?"input":/;
/** The members after `input` in RFC 8785 order: line, requestDigest, shoeSeq (whole numbers as JSON writes
 *  them), then the source; nothing else. */
const TAIL = /^,(?:"line":(0|[1-9][0-9]{0,14}),)?(?:"requestDigest":"[0-9a-f]{0,128}",)?(?:"shoeSeq":(?:0|[1-9][0-9]{0,14}),)?"source":"[a-z]{1,16}"\}$/;

/** Inputs parsed, by their text; each frozen, as every record with that text shares it. Bounded. */
const parsed = new Map<string, TableInput>();
const INPUTS_KEPT = 8192;

/** The input and line of an input record's stored text, or undefined: parse the whole text instead. */
export function inputOfText(dataJson: string): InputText | undefined {
  const head = HEAD.exec(dataJson);
  if (head === null) return undefined;
  const end = dataJson.lastIndexOf('},"'); // the input object's last character, when the text is of this shape
  if (end < head[0].length) return undefined;
  const tail = TAIL.exec(dataJson.slice(end + 1));
  if (tail === null) return undefined;
  const input = inputOf(dataJson.slice(head[0].length, end + 1));
  if (input === undefined) return undefined;
  const line = tail[1];
  return { input, line: line === undefined ? undefined : Number(line) };
}

function inputOf(text: string): TableInput | undefined {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = deepFrozen(value) as TableInput;
  if (parsed.size < INPUTS_KEPT) parsed.set(text, input);
  return input;
}

/** Frozen through and through: a round machine that changed an input it was given would throw, not alter every record sharing it. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFrozen(member);
    Object.freeze(value);
  }
  return value;
}
