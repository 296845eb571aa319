import { describe, expect, test } from 'vitest';
import { parseStrictJson } from './strict-json.js';

describe('parseStrictJson', () => {
  test('reads what JSON.parse reads when no key repeats, nested and escaped', () => {
    const text = '{"a":1,"b":{"a":[{"a":"x\\",\\"a\\":"},{"a":2}]},"c":"{\\"a\\":1}","a2":[]}';
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
  });

  test('refuses a key twice in one object, at any depth', () => {
    expect(() => parseStrictJson('{"tableId":"t","tableId":"t"}')).toThrow('duplicate key "tableId"');
    expect(() => parseStrictJson('{"a":[{"b":1,"c":{"d":1,"d":2}}]}')).toThrow('duplicate key "d"');
    expect(() => parseStrictJson('{"a\\u0062":1,"ab":2}')).toThrow('duplicate key "ab"');
  });

  test('refuses what is not JSON', () => {
    expect(() => parseStrictJson('serving t at http://127.0.0.1:1')).toThrow(SyntaxError);
  });
});
