// `shoe start --capture FILE` is checked before the table opens anything (src/composition/preflight.ts): a
// folder that does not exist, or a folder given as the file, is refused in one line, and nothing is created.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StartupError, checkCaptureWritable } from '../../src/composition/preflight.js';

describe('the capture file, before start', () => {
  test('a new file in a folder that exists, or a file there already: accepted, nothing created', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-check-'));
    expect(() => checkCaptureWritable(join(dir, 'new.jsonl'))).not.toThrow();
    expect(readdirSync(dir)).toEqual([]);
    writeFileSync(join(dir, 'old.jsonl'), '');
    expect(() => checkCaptureWritable(join(dir, 'old.jsonl'))).not.toThrow();
  });

  test('a folder that does not exist: refused, naming it, and not created', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-check-'));
    const path = join(dir, 'missing', 'cap.jsonl');
    expect(() => checkCaptureWritable(path)).toThrow(StartupError);
    expect(() => checkCaptureWritable(path)).toThrow(`--capture ${path}: the folder ${join(dir, 'missing')} does not exist`);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  test('a folder given as the capture file: refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-check-'));
    expect(() => checkCaptureWritable(dir)).toThrow(`--capture ${dir} is a folder: give the path of a file for the capture`);
  });
});
