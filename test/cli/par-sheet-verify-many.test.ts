// --verify of a file holding several sheets (what `par-sheet --all --format json` writes), through the real
// CLI with few rounds: the sheets' exact analyses start ahead, one after another (app/par-sheet/analyses-ahead.ts),
// and each sheet is checked against its own rule set's: every one holds, in the file's order, and the process
// ends. A sheet whose saved exact figure is changed differs, naming it (its analysis is not another's).
//
// SLOW (43 s in its worker, 2026-12-07: four CLI processes, each computing the two rule sets' exact analyses in the
// product's worker as a user's run does; the tests' analysis cache is not used here, since the worker chain of
// analyses-ahead.ts is what the file checks).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../support/run-cli.js';
import type { ParSheetDocument } from '../../src/app/par-sheet/par-sheet-document.js';

const dir = mkdtempSync(join(tmpdir(), 'par-sheet-many-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The two single decks the exact analysis takes quickest (about a second each).
const NAMES = ['classic-17plus4', 'classic'];
const SMALL = ['--rounds', '300', '--workers', '1', '--seed', '2', '--format', 'json'];

describe('par-sheet --verify of several sheets', () => {
  test('each holds against its own rule set; a changed exact figure differs in its own sheet', async () => {
    const sheets: ParSheetDocument[] = [];
    for (const name of NAMES) {
      const r = await runCli(['par-sheet', '--rules', name, ...SMALL]);
      expect(r.code, r.stderr).toBe(0);
      sheets.push(JSON.parse(r.stdout) as ParSheetDocument);
    }
    const file = join(dir, 'sheets.json');
    writeFileSync(file, JSON.stringify(sheets));
    const held = await runCli(['par-sheet', '--verify', file, '--quiet']);
    expect(held.code, held.stderr + held.stdout).toBe(0);
    expect(held.stdout.split('\n').filter((l) => / HOLDS /.test(l)).map((l) => l.split(':')[0])).toEqual(NAMES);

    const changed = sheets.map((s, i) => (i === 1 ? { ...s, exactMain: s.exactMain + 0.01 } : s));
    writeFileSync(file, JSON.stringify(changed));
    const differs = await runCli(['par-sheet', '--verify', file, '--quiet']);
    expect(differs.code, differs.stderr).toBe(1);
    expect(differs.stdout).toMatch(/^classic-17plus4: HOLDS /m);
    expect(differs.stdout).toMatch(/^classic: DIFFERS /m);
  }, 600_000);
});
