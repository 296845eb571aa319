// `shoe shift-report` over table logs with known settlements: the stacked-shoe scenarios of test/scenarios
// (their `expect` lists every bet's stake and net) played into logs with `shoe run`; the report's money
// equals the scenarios' settlements, its rounds, voids, faults and procedures what `shoe replay` tells of
// the same sessions; tables attributed to the dealer their file names (else "unknown"); the four formats.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { ROOT } from '../support/run-cli.js';
import { loadScenario, playIntoLog, type Scenario } from '../support/scenario.js';

interface Line { rounds: number; hands: number; drop: number; houseWin: number; voids: number; faults: number; procedures: number; holdPercent: number | null }

// table id → scenario: a double, a void for a card out of turn, pairs side bets, even money and insurance, a foreign card.
const TABLES: Record<string, string> = {
  't-double': 'basic-01-double-soft-hand-allowed',
  't-void': 'six-deck-17-out-of-turn-card-void-round',
  't-pairs': 'deluxe-03-pairs-side-bet-payouts',
  't-insure': 'classic-05-even-money-insurance-against-ace-dealer-blackjack',
  't-foreign': 'classic-08-foreign-duplicate-card-void',
};
const dir = mkdtempSync(join(tmpdir(), 'shift-report-'));
const tablesDir = mkdtempSync(join(tmpdir(), 'shift-tables-'));
const scenarios = new Map<string, Scenario>();
const told = new Map<string, { rounds: number; voids: number; faults: number; procedures: number }>();

beforeAll(async () => {
  for (const [table, name] of Object.entries(TABLES)) {
    const scenario = loadScenario(join(ROOT, 'test/scenarios'), name);
    scenarios.set(table, scenario);
    const { session, stderr } = await playIntoLog(scenario, join(dir, `${table}.db`), table);
    expect(stderr).toBe('');
    // What `shoe replay` tells of the same session: its facts, one JSON line each.
    const replay = await shoeInProcess('replay', session, '--rules', scenario.rules, '--format', 'jsonl');
    const facts = replay.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { type: string; voided?: boolean; fault?: unknown });
    told.set(table, {
      rounds: facts.filter((f) => f.type === 'round.ended' && !f.voided).length,
      voids: facts.filter((f) => f.type === 'round.ended' && f.voided).length,
      faults: facts.filter((f) => f.type === 'table.paused' && f.fault !== undefined).length,
      procedures: facts.filter((f) => (f.type === 'table.paused' && f.fault === undefined) || ['table.resumed', 'round.voided', 'card.setAside'].includes(f.type)).length,
    });
  }
  writeFileSync(join(tablesDir, 'double.yaml'), 'id: t-double\nrules: basic\ndemo: true\ndealer: Anna Petrova\nroles: {}\n');
  writeFileSync(join(tablesDir, 'pairs.yaml'), 'id: t-pairs\nrules: deluxe\ndemo: true\ndealer: Anna Petrova\nroles: {}\n');
  writeFileSync(join(tablesDir, 'void.yaml'), 'id: t-void\nrules: six-deck\ndemo: true\ndealer: Boris Ivanov\nroles: {}\n');
}, 120_000);

const SHIFT = ['--from', '2000-01-01T00:00:00Z', '--to', '2100-01-01T00:00:00Z'];

function expected(table: string): Omit<Line, 'holdPercent'> {
  const s = scenarios.get(table)!;
  const live = s.expect.filter((e) => e.outcome !== 'void');
  return {
    hands: live.filter((e) => e.bet === 'main').length,
    drop: live.reduce((sum, e) => sum + (e.stake ?? 0), 0),
    houseWin: -live.reduce((sum, e) => sum + e.net, 0),
    ...told.get(table)!,
  };
}

describe('shoe shift-report over logs with known settlements', () => {
  test('per table: the scenarios\' money, and the rounds, voids, faults and procedures replay tells', async () => {
    const r = await shoeInProcess('shift-report', dir, ...SHIFT, '--tables', tablesDir, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { currency: string; tables: Record<string, Line>; total: Line; dealers: Record<string, Line> };
    expect(Object.keys(report.tables)).toEqual(Object.keys(TABLES).sort());
    for (const table of Object.keys(TABLES)) {
      const { holdPercent, ...figures } = report.tables[table]!;
      expect(figures, table).toEqual(expected(table));
      expect(holdPercent).toBe(figures.drop === 0 ? null : Math.round((figures.houseWin / figures.drop) * 10_000) / 100);
    }
    expect(report.tables['t-void']!.voids).toBeGreaterThan(0);
    expect(report.tables['t-void']!.faults).toBeGreaterThan(0);
    expect(report.total.drop).toBe(Object.keys(TABLES).reduce((sum, t) => sum + expected(t).drop, 0));
    // Dealers: the one each table file names; tables without a file, "unknown".
    const add = (...tables: string[]) => tables.map(expected).reduce((a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof typeof a] + b[k as keyof typeof b]])) as typeof a);
    expect(Object.keys(report.dealers)).toEqual(['Anna Petrova', 'Boris Ivanov', 'unknown']);
    expect({ ...report.dealers['Anna Petrova'], holdPercent: undefined }).toEqual({ ...add('t-double', 't-pairs'), holdPercent: undefined });
    expect({ ...report.dealers['unknown'], holdPercent: undefined }).toEqual({ ...add('t-insure', 't-foreign'), holdPercent: undefined });
  });

  test('a shift that holds none of the events reports no table; --to before --from is refused in one line', async () => {
    const r = await shoeInProcess('shift-report', dir, '--from', '2001-01-01T00:00:00Z', '--to', '2001-01-02T00:00:00Z', '--format', 'json');
    expect(JSON.parse(r.stdout)).toMatchObject({ tables: {}, dealers: {}, total: { rounds: 0, drop: 0 } });
    const bad = await shoeInProcess('shift-report', dir, '--from', '2001-01-02T00:00:00Z', '--to', '2001-01-01T00:00:00Z');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--to (2001-01-01T00:00:00Z) must come after --from');
  });

  test('text in major units, csv in minor units, md as tables', async () => {
    const text = await shoeInProcess('shift-report', join(dir, 't-double.db'), ...SHIFT, '--tables', tablesDir);
    expect(text.stdout.split('\n')).toEqual([
      'Shift 2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z, money in EUR',
      '                     rounds  hands   drop  house win   hold %  voids  faults  procedures',
      'table t-double            1      1  20.00     -20.00  -100.00      0       0           0',
      'all tables                1      1  20.00     -20.00  -100.00      0       0           0',
      'dealer Anna Petrova       1      1  20.00     -20.00  -100.00      0       0           0',
      '',
    ]);
    const csv = await shoeInProcess('shift-report', join(dir, 't-double.db'), ...SHIFT, '--format', 'csv');
    expect(csv.stdout.split('\r\n')).toEqual([
      'kind,name,rounds,hands,drop,houseWin,holdPercent,voids,faults,procedures,currency',
      'table,t-double,1,1,2000,-2000,-100,0,0,0,EUR',
      'floor,all tables,1,1,2000,-2000,-100,0,0,0,EUR',
      'dealer,unknown,1,1,2000,-2000,-100,0,0,0,EUR',
      '',
    ]);
    const md = await shoeInProcess('shift-report', join(dir, 't-double.db'), ...SHIFT, '--format', 'md');
    expect(md.stdout).toContain('| t-double | 1 | 1 | 20.00 | -20.00 | -100.00 | 0 | 0 | 0 |');
    expect(md.stdout).toContain('|---|---:|');
  });
});
