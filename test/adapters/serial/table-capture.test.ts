// The capture file of `shoe start --capture` (src/adapters/serial/table-capture.ts): when it cannot be opened
// or written, it says so once through its error callback and stops; the table writing to it goes on, and
// closing it does not wait on a stream that failed.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableCaptureWriter } from '../../../src/adapters/serial/table-capture.js';

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the capture writer', () => {
  test('writes each frame and input as a JSON line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'capture-')), 'cap.jsonl');
    const errors: Error[] = [];
    const capture = new TableCaptureWriter(path, (err) => errors.push(err), () => 7);
    capture.record(5, 'rx', Uint8Array.of(0x02, 0xff));
    capture.recordInput({ type: 'card', card: 'AS' }, { source: 'shoe', shoeSeq: 3 });
    await capture.close();
    expect(readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { t: 5, dir: 'rx', hex: '02ff' },
      { t: 7, dir: 'input', input: { type: 'card', card: 'AS' }, source: 'shoe', shoeSeq: 3 },
    ]);
    expect(errors).toEqual([]);
  });

  test('a file that cannot be opened: one error, later records ignored, close does not wait', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'capture-')), 'no-such-folder', 'cap.jsonl');
    const errors: Error[] = [];
    const capture = new TableCaptureWriter(path, (err) => errors.push(err), () => 7);
    capture.record(1, 'tx', Uint8Array.of(1));
    await settled();
    capture.record(2, 'rx', Uint8Array.of(2));
    capture.recordInput({ type: 'bet' }, { source: 'api' });
    await settled();
    await capture.close();
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['ENOENT']);
    expect(existsSync(path)).toBe(false);
  });

  test('a write that fails (a full disk: /dev/full): one error, then silence', async () => {
    const errors: Error[] = [];
    const capture = new TableCaptureWriter('/dev/full', (err) => errors.push(err), () => 7);
    for (let i = 0; i < 5; i++) {
      capture.record(i, 'rx', Uint8Array.of(i));
      await settled();
    }
    await capture.close();
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['ENOSPC']);
  });
});
