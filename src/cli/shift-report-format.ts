// A shift's figures as `shoe shift-report` prints them: text (aligned columns, money in major units as
// every verb prints it), json (one document, minor units), csv (a row per table and per dealer, minor
// units, RFC 4180 quoting), md (Markdown tables, major units).
import { majorUnits } from '../app/audit/money-text.js';
import { holdPercent, type ShiftFigures, type ShiftLine } from '../app/floor/shift-figures.js';

export type ShiftFormat = 'text' | 'json' | 'csv' | 'md';

interface Shift {
  readonly from: string;
  readonly to: string;
  readonly currency: string;
  readonly format: ShiftFormat;
}

const HEAD = ['rounds', 'hands', 'drop', 'house win', 'hold %', 'voids', 'faults', 'procedures'] as const;

function cells(line: ShiftLine): string[] {
  const hold = holdPercent(line);
  return [String(line.rounds), String(line.hands), majorUnits(line.drop), majorUnits(line.houseWin), hold === null ? '-' : hold.toFixed(2), String(line.voids), String(line.faults), String(line.procedures)];
}

const sorted = (m: ReadonlyMap<string, ShiftLine>): Array<[string, ShiftLine]> => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function text(f: ShiftFigures, s: Shift): string {
  const rows: string[][] = [['', ...HEAD]];
  rows.push(...sorted(f.tables).map(([t, l]) => [`table ${t}`, ...cells(l)]));
  rows.push(['all tables', ...cells(f.total())]);
  rows.push(...sorted(f.dealers).map(([d, l]) => [`dealer ${d}`, ...cells(l)]));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  const lines = rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
  return `Shift ${s.from} to ${s.to}, money in ${s.currency}\n${lines.join('\n')}\n`;
}

function md(f: ShiftFigures, s: Shift): string {
  const table = (title: string, rows: Array<[string, ShiftLine]>) =>
    [`| ${title} | ${HEAD.join(' | ')} |`, `|---|${HEAD.map(() => '---:').join('|')}|`, ...rows.map(([k, l]) => `| ${k} | ${cells(l).join(' | ')} |`)].join('\n');
  return `## Shift ${s.from} to ${s.to}\n\nMoney in ${s.currency}.\n\n${table('table', [...sorted(f.tables), ['all tables', f.total()]])}\n\n${table('dealer', sorted(f.dealers))}\n`;
}

const csvCell = (v: string | number): string => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : String(v));

function csv(f: ShiftFigures, s: Shift): string {
  const row = (kind: string, name: string, l: ShiftLine) => [kind, name, l.rounds, l.hands, l.drop, l.houseWin, holdPercent(l) ?? '', l.voids, l.faults, l.procedures, s.currency].map(csvCell).join(',');
  return [
    'kind,name,rounds,hands,drop,houseWin,holdPercent,voids,faults,procedures,currency',
    ...sorted(f.tables).map(([t, l]) => row('table', t, l)),
    row('floor', 'all tables', f.total()),
    ...sorted(f.dealers).map(([d, l]) => row('dealer', d, l)),
  ].join('\r\n') + '\r\n';
}

function json(f: ShiftFigures, s: Shift): string {
  const withHold = (l: ShiftLine) => ({ ...l, holdPercent: holdPercent(l) });
  return `${JSON.stringify({
    from: s.from,
    to: s.to,
    currency: s.currency,
    tables: Object.fromEntries(sorted(f.tables).map(([t, l]) => [t, withHold(l)])),
    total: withHold(f.total()),
    dealers: Object.fromEntries(sorted(f.dealers).map(([d, l]) => [d, withHold(l)])),
  })}\n`;
}

export function formatShiftReport(f: ShiftFigures, s: Shift): string {
  switch (s.format) {
    case 'text': return text(f, s);
    case 'md': return md(f, s);
    case 'csv': return csv(f, s);
    case 'json': return json(f, s);
  }
}
