// A summary being written when its window ends is waited for on close: every refusal is on the log once
// the server has closed, however slow the log's append.
import { describe, expect, test } from 'vitest';
import { RefusalLog } from '../../../src/adapters/web/refusal-log.js';

describe('refusal log on close', () => {
  test('flushAll waits for a summary its window\'s timer started', async () => {
    const written: Array<Record<string, unknown>> = [];
    // Records one by one are appended at once; a summary takes 200 ms.
    const slowAppend = (record: Record<string, unknown>) => new Promise<void>((resolve) => setTimeout(() => {
      written.push(record);
      resolve();
    }, 'count' in record ? 200 : 0));
    const log = new RefusalLog(slowAppend, { windowMs: 50, firstRecords: 1 });
    const refusal = { path: '/api/bets', reason: 'unknown credential', client: '10.0.0.1', bodyBytes: 3 };
    await log.refused(refusal);
    await log.refused(refusal);
    await log.refused(refusal);
    await new Promise((resolve) => setTimeout(resolve, 80)); // the window has ended: its summary is being written
    await log.flushAll();
    expect(written.map((r) => r['count'] ?? 1)).toEqual([1, 2]);
  });
});
