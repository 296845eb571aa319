// A table opening on a rule set that pays the player says so in its log (composition/table-runtime.ts with
// app/par-sheet/table-edge-warning.ts): classic as configured from seed 000 returns about +1.7 % to the
// player and logs one WARN in an operator's words; six-deck keeps a house edge and logs none. Either way
// the verdict is kept beside the log by the rule file's SHA-256.
//
// SLOW (31 s of CPU: each table opening computes its rule set's main analysis (a worker) for the edge check;
// docs/testing.md, "Where the time goes").
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { startTable } from '../../src/composition/table-runtime.js';
import { edgeCachePath } from '../../src/app/par-sheet/rule-edge-cache.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { tableConfigFor } from '../support/anchored-table.js';

interface LogLine { level: number; msg: string; edge?: { main: number }; rulesFile?: string }

async function openAndWatch(rules: string): Promise<{ lines: LogLine[]; kept: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), `edge-${rules}-`));
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  const runtime = await startTable({ config: tableConfigFor(join(dir, 't1.db'), 't1', { rules }), logger, quiet: true });
  const cache = edgeCachePath(dir, loadRuleSet(rules).rulesId);
  try {
    // The table runs at once; the verdict follows (after a few seconds' grace and the analysis).
    expect(lines.some((l) => l.msg === 'table running')).toBe(true);
    for (const end = Date.now() + 90_000; !existsSync(cache) && Date.now() < end;) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 200));
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
