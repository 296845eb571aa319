// A table opening on a rule set that pays the player says so in its log (composition/table-runtime.ts with
// app/par-sheet/table-edge-warning.ts): classic as configured from seed 000 returns about +1.7 % to the
// player and logs one WARN in an operator's words; six-deck keeps a house edge and logs none. Either way
// the verdict is kept beside the log by the rule file's SHA-256. The tables take the analysis from the tests'
// cache of the product's (test/support/exact-analysis-cache.ts; app/par-sheet/table-edge-warning.test.ts
// holds the check with the worker computing it).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { startTable } from '../../src/composition/table-runtime.js';
import { edgeCachePath } from '../../src/app/par-sheet/rule-edge-cache.js';
import { EDGE_CHECK_DELAY_MS } from '../../src/app/par-sheet/table-edge-warning.js';
import { VirtualClock, flushIo } from '../../src/adapters/clock/virtual-clock.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { tableConfigFor } from '../support/anchored-table.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

interface LogLine { level: number; msg: string; edge?: { main: number }; rulesFile?: string }

async function openAndWatch(rules: string): Promise<{ lines: LogLine[]; kept: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), `edge-${rules}-`));
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  // The table on virtual time: its few seconds' grace before the check pass at once.
  const clock = new VirtualClock({ wall: '2026-05-01T10:00:00.000Z' });
  const runtime = await startTable({ config: tableConfigFor(join(dir, 't1.db'), 't1', { rules }), logger, quiet: true, clock, analysis: cachedAnalysisSource });
  const cache = edgeCachePath(dir, loadRuleSet(rules).rulesId);
  try {
    // The table runs at once; the verdict follows (after the grace and the analysis).
    expect(lines.some((l) => l.msg === 'table running')).toBe(true);
    await clock.advance(EDGE_CHECK_DELAY_MS - 1);
    expect(existsSync(cache)).toBe(false);
    await clock.advance(1);
    // The analysis is read from the cache (or computed by the product's worker, in real time, when missing).
    for (const end = Date.now() + 90_000; !existsSync(cache) && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    await flushIo();
  } finally {
    await runtime.stop();
  }
  return { lines, kept: existsSync(cache) };
}

test('classic pays the player: one WARN naming the edge and the rule file', async () => {
  const { lines, kept } = await openAndWatch('classic');
  expect(kept).toBe(true);
  const warnings = lines.filter((l) => l.level === 40 && l.msg.startsWith('this table pays the player'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]?.msg).toMatch(/^this table pays the player \+1\.7\d\d % on the main game \(return to player 101\.7\d\d %\): .* check the rule file .*config\/rules\/classic\.yaml$/);
  expect(warnings[0]?.edge?.main).toBeGreaterThan(0.015);
}, 120_000);

test('six-deck keeps a house edge: no such WARN', async () => {
  const { lines, kept } = await openAndWatch('six-deck');
  expect(kept).toBe(true);
  expect(lines.filter((l) => l.msg.includes('pays the player'))).toEqual([]);
  expect(lines.filter((l) => l.level >= 40 && /rule set|edge/.test(l.msg))).toEqual([]);
}, 120_000);
