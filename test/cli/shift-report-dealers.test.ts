// `shoe shift-report` per dealer when the log changes dealer mid-shift: a two-round stacked-shoe scenario
// (test/scenarios) with a `dealer.changed` input between its rounds. Rounds before the change go to the
// dealer the table file names, those after it to the dealer the change names; the money of each is what
// `shoe replay` tells of the settlements on its side of the change.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { ROOT } from '../support/run-cli.js';

interface Fact { type: string; outcome?: string; stake?: number; net?: number; bet?: string; voided?: boolean; dealer?: string }
interface Line { rounds: number; hands: number; drop: number; houseWin: number }

const dir = mkdtempSync(join(tmpdir(), 'shift-dealers-'));
const tablesDir = mkdtempSync(join(tmpdir(), 'shift-dealers-tables-'));
const told = new Map<string, Line>();

function figuresOf(facts: readonly Fact[]): Line {
  const live = facts.filter((f) => f.type === 'bet.settled' && f.outcome !== 'void');
  return {
    rounds: facts.filter((f) => f.type === 'round.ended' && f.voided !== true).length,
    hands: live.filter((f) => f.bet === 'main').length,
    drop: live.reduce((s, f) => s + f.stake!, 0),
    houseWin: -live.reduce((s, f) => s + f.net!, 0),
  };
}

beforeAll(async () => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'test/scenarios/classic-17plus4-shoe-runs-out.json'), 'utf8')) as { rules: string; inputs: object[] };
  // The change comes with the second round's first bet (input 33): the first round is settled by then.
  const inputs = [...scenario.inputs.slice(0, 33), { type: 'dealer.changed', dealer: 'Boris Ivanov' }, ...scenario.inputs.slice(33)];
  const session = join(dir, 't-change.jsonl');
  writeFileSync(session, inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
  const run = await shoeInProcess('run', session, '--rules', scenario.rules, '--db', join(dir, 't-change.db'), '--table', 't-change', '-q');
  expect(run.stderr).toBe('');
  const replay = await shoeInProcess('replay', session, '--rules', scenario.rules, '--format', 'jsonl');
  const facts = replay.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Fact);
  const change = facts.findIndex((f) => f.type === 'dealer.changed');
  expect(facts[change]?.dealer).toBe('Boris Ivanov');
  told.set('Anna Petrova', figuresOf(facts.slice(0, change)));
  told.set('Boris Ivanov', figuresOf(facts.slice(change)));
  writeFileSync(join(tablesDir, 'change.yaml'), 'id: t-change\nrules: classic-17plus4\ndemo: true\ndealer: Anna Petrova\nroles: {}\n');
}, 120_000);

describe('shoe shift-report follows the dealer changes on the log', () => {
  test('the per-dealer figures split at the change; the table line is their sum', async () => {
    const r = await shoeInProcess('shift-report', dir, '--from', '2000-01-01T00:00:00Z', '--to', '2100-01-01T00:00:00Z', '--tables', tablesDir, '--format', 'json');
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { tables: Record<string, Line>; dealers: Record<string, Line> };
    expect(Object.keys(report.dealers)).toEqual(['Anna Petrova', 'Boris Ivanov']);
    for (const [dealer, line] of told) {
      expect(line.rounds, dealer).toBe(1);
      expect(report.dealers[dealer], dealer).toMatchObject(line);
    }
    const table = report.tables['t-change']!;
    expect(table.drop).toBe(told.get('Anna Petrova')!.drop + told.get('Boris Ivanov')!.drop);
    expect(table.houseWin).toBe(told.get('Anna Petrova')!.houseWin + told.get('Boris Ivanov')!.houseWin);
  });
});
