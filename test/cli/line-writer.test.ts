// Lines written in chunks with backpressure: the writer waits when the stream is full,
// so a slow reader bounds the memory, and every line arrives once, in order.
import { describe, expect, test } from 'vitest';
import { Writable } from 'node:stream';
import { LineWriter } from '../../src/cli/line-writer.js';

describe('LineWriter', () => {
  test('waits for a slow reader and delivers every line in order', async () => {
    const received: string[] = [];
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        received.push(chunk.toString());
        setTimeout(done, 1);
      },
    });
    const writer = new LineWriter(slow, 256);
    let waits = 0;
    for (let i = 0; i < 2000; i++) {
      const wait = writer.line(`line ${i}`);
      maxBuffered = Math.max(maxBuffered, slow.writableLength);
      if (wait) {
        waits++;
        await wait;
      }
    }
    await writer.flush();
    await new Promise<void>((resolve) => slow.end(resolve));
    expect(waits).toBeGreaterThan(10);
    expect(maxBuffered).toBeLessThan(1024 + 256 + 16);
    expect(received.join('')).toBe(Array.from({ length: 2000 }, (_, i) => `line ${i}\n`).join(''));
  });

  test('small output stays in one chunk until flushed', async () => {
    const chunks: string[] = [];
    const sink = new Writable({ write(chunk: Buffer, _enc, done) { chunks.push(chunk.toString()); done(); } });
    const writer = new LineWriter(sink);
    expect(writer.line('a')).toBeUndefined();
    expect(writer.line('b')).toBeUndefined();
    expect(chunks).toEqual([]);
    await writer.flush();
    expect(chunks).toEqual(['a\nb\n']);
  });
});
