// A shoe port that does not open (a serial path that names no device, a shoe unplugged at start): the link keeps
// trying, and the operator reads why at WARN — once per reason, not at every retry (src/composition/table-shoe-link.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { startTable } from '../../src/composition/table-runtime.js';
import { tableConfigFor } from '../support/anchored-table.js';

test('a serial path that names no device: one WARN saying which path and why, while the link retries', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shoe-port-'));
  const lines: Array<{ level: number; msg: string; link?: { type?: string } }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const serialPath = join(dir, 'ttyUSB-not-here');
  const runtime = await startTable({ config: tableConfigFor(join(dir, 't1.db'), 't1'), logger: pino({ level: 'info' }, sink), serialPath, quiet: true });
  try {
    const deadline = Date.now() + 30_000;
    while (runtime.link.counters.openFailures < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(runtime.link.counters.openFailures).toBeGreaterThanOrEqual(3);
  } finally {
    await runtime.stop();
  }
  const warnings = lines.filter((l) => l.level === 40 && l.msg.startsWith('shoe link: cannot open'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]?.msg).toContain(`cannot open ${serialPath} (`);
  expect(warnings[0]?.msg).toContain('check that the shoe is plugged in');
  expect(warnings[0]?.link?.type).toBe('open-failed');
}, 60_000);
