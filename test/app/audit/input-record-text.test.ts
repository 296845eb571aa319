// Verify's re-run reads an input record's input and line from its stored text, parsing the input's own text
// once per distinct text (src/app/audit/input-record-text.ts): whatever it returns must be what JSON.parse of
// the whole text gives, and a text it cannot vouch for is left to JSON.parse.
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../../../src/log/canonical-json.js';
import { inputOfText } from '../../../src/app/audit/input-record-text.js';
import { mulberry32 } from '../../../src/random/prng.js';

/** inputOfText agrees with JSON.parse, or declines. Returns whether it read the text itself. */
function agrees(text: string): boolean {
  const read = inputOfText(text);
  let whole: { input?: unknown; line?: unknown } | undefined;
  try {
    whole = JSON.parse(text) as { input?: unknown; line?: unknown };
  } catch {
    whole = undefined;
  }
  if (read === undefined) return false;
  expect(whole, text).toBeDefined();
  expect(read.input, text).toEqual(whole?.input);
  expect(read.line, text).toBe(whole?.line);
  return true;
}

const inputs = [
  { type: 'card', card: '7H' },
  { type: 'bet', seat: 3, player: 'p3', amount: 1000, kind: 'main' },
  { type: 'betting.closed' },
  { type: 'decision', seat: 1, action: 'stand' },
  { type: 'supervisor', action: 'pause', by: 'sup', reason: 'a "quoted" },"line":5 reason\\' },
  { type: 'shoe.fault', fault: 'linkDown', detail: { line: 7, source: 'x' } },
];
const origins = [
  { source: 'session', line: 36961 },
  { source: 'shoe', shoeSeq: 0 },
  { source: 'shoe', shoeSeq: 4_294_967_295 },
  { source: 'api', by: 'dealer-1' },
  { source: 'api', by: 'gs', idempotencyKey: 'k-1', requestDigest: 'ab'.repeat(32) },
  { source: 'timer', by: 'betting timer' },
  { source: 'system', by: 'controller' },
];

describe("an input record's text", () => {
  test('every record as the table writes it (canonical JSON) is read without parsing it whole, as JSON.parse reads it', () => {
    for (const input of inputs) for (const origin of origins) expect(agrees(canonicalJson({ input, ...origin }))).toBe(true);
  });

  test('the same input text read twice is the same frozen object', () => {
    const a = inputOfText('{"input":{"card":"9S","type":"card"},"line":1,"source":"session"}');
    const b = inputOfText('{"input":{"card":"9S","type":"card"},"line":2,"source":"session"}');
    expect(a?.input).toBe(b?.input);
    expect(Object.isFrozen(a?.input)).toBe(true);
    expect([a?.line, b?.line]).toEqual([1, 2]);
  });

  test('texts of another shape are left to JSON.parse', () => {
    const declined = [
      '{"input":{"card":"9S","type":"card"},"line":01,"source":"session"}', // not JSON
      '{"input":{"card":"9S","type":"card"},"line":1.5,"source":"session"}',
      '{"input":{"card":"9S","type":"card"},"line":"1","source":"session"}',
      '{"input":{"card":"9S","type":"card"},"line":1e3,"source":"session"}',
      '{"input":{"card":"9S","type":"card"}, "line":1,"source":"session"}',
      '{"input":{"card":"9S","type":"card"},"line":1,"source":"session","x":1}',
      '{"input":{"card":"9S","type":"card"},"line":1,"line":2,"source":"session"}',
      '{"input":{"card":"9S","type":"card"},"source":"session"',
      '{"input":{"card":"9S","type":"card"}},"source":"session"}',
      '{"input":{"card":"9S","type":"card","source":"shoe"}',
      '{"input":[1],"source":"session"}',
      '{"input":{"a":"},\\"source\\":\\"x\\"}","source":"session"}',
      '{"by":"a\\"b","input":{"card":"9S","type":"card"},"source":"api"}',
      '{"source":"api","input":{"card":"9S","type":"card"}}',
      '{"input":{"card":"9S","type":"card"},"line":1,"source":"session"} ',
      '',
    ];
    for (const text of declined) expect(agrees(text), text).toBe(false);
  });

  test('random texts near the shape: read as JSON.parse reads them, or declined', () => {
    const random = mulberry32(50);
    const pieces = ['{', '}', '"', ',', ':', '\\', '"input":', '"line":', '"source":"shoe"', '"shoeSeq":', '"by":"x",', '1', '0', '{"card":"9S"}', '},"', ' '];
    const base = canonicalJson({ input: { type: 'card', card: 'AS' }, line: 12, source: 'session' });
    let read = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = base;
      for (let k = Math.floor(random() * 3); k >= 0; k--) {
        const at = Math.floor(random() * (text.length + 1));
        const cut = random() < 0.5 ? Math.floor(random() * 3) : 0;
        text = text.slice(0, at) + (pieces[Math.floor(random() * pieces.length)] as string) + text.slice(at + cut);
      }
      if (agrees(text)) read++;
    }
    expect(read).toBeGreaterThan(100);
  });
});
