// The basic-strategy chart as people read it: rows hard totals, soft totals and pairs, columns
// the dealer's up cards, one code per cell. Pure.
import { deckModel, valueLabel, type DeckModel } from './deck-model.js';
import type { Action } from './hand-rules.js';
import type { ChartRows, Strategy } from './strategy.js';
import type { RuleSet } from '../rules/rule-set.js';

const CODE: Record<Action, string> = { hit: 'H', stand: 'S', double: 'D', split: 'P', surrender: 'R' };

/** H, S; D/R/P followed by what to do when it is not allowed (Dh = double, else hit). */
export function cellCode(order: readonly Action[] | undefined): string {
  if (!order || order.length === 0) return '-';
  const [first, second] = order as [Action, Action | undefined];
  const code = CODE[first];
  if ((first === 'double' || first === 'surrender' || first === 'split') && second !== undefined) return code + CODE[second].toLowerCase();
  return code;
}

/** Up cards in the familiar order: 2..9, T, A (17+4: J Q K 7 8 9 T A). */
export function columnOrder(strategy: Strategy): number[] {
  return [...strategy.upCards].sort((a, b) => (a === 1 ? 11 : a) - (b === 1 ? 11 : b));
}

export interface ChartSection {
  readonly title: string;
  readonly rows: Array<{ label: string; cells: string[] }>;
}

/** The words of the chart's sections and rows (`shoe strategy` prints the English; a par sheet gives its own). */
export interface ChartLabels {
  readonly hard: string;
  readonly soft: string;
  readonly pairs: string;
  readonly triple: string;
  softTotal(total: number): string;
  hardTotal(total: number): string;
}

export const CHART_LABELS_EN: ChartLabels = {
  hard: 'Hard', soft: 'Soft', pairs: 'Pairs', triple: 'Triple', softTotal: (t) => `soft ${t}`, hardTotal: (t) => `hard ${t}`,
};

export function chartSections(strategy: Strategy, rules: RuleSet, deck: DeckModel = deckModel(rules), labels: ChartLabels = CHART_LABELS_EN): ChartSection[] {
  const columns = columnOrder(strategy);
  const section = (title: string, rows: ChartRows, label: (key: string) => string, sort: (a: string, b: string) => number): ChartSection => ({
    title,
    rows: Object.keys(rows).sort(sort).map((key) => ({ label: label(key), cells: columns.map((up) => cellCode(rows[key]?.[String(up)])) })),
  });
  const numeric = (a: string, b: string) => Number(a) - Number(b);
  const pairValue = (k: string) => k.split('-').map(Number).map((v) => (v === 1 ? 11 : v)).reduce((x, y) => x * 100 + y, 0);
  const sections = [
    section(labels.hard, strategy.hard, (k) => k, numeric),
    section(labels.soft, strategy.soft, (k) => {
      const other = Number(k) - 11;
      return other >= 1 && other <= 10 && (deck.counts[other - 1] ?? 0) > 0 ? `A,${valueLabel(deck, other)}` : labels.softTotal(Number(k));
    }, numeric),
    section(labels.pairs, strategy.pairs, (k) => k.split('-').map((v) => valueLabel(deck, Number(v))).join(','), (a, b) => pairValue(a) - pairValue(b)),
  ];
  const tripleRows = { ...Object.fromEntries(Object.entries(strategy.triple.hard).map(([t, r]) => [labels.hardTotal(Number(t)), r])), ...Object.fromEntries(Object.entries(strategy.triple.soft).map(([t, r]) => [labels.softTotal(Number(t)), r])) };
  if (Object.keys(tripleRows).length > 0) {
    sections.push({
      title: labels.triple,
      rows: Object.entries(tripleRows).map(([label, r]) => ({ label, cells: columns.map((up) => (r[String(up)] === undefined ? '-' : r[String(up)] ? 'T' : 'S')) })),
    });
  }
  return sections;
}

export function formatChart(strategy: Strategy, rules: RuleSet): string[] {
  const deck = deckModel(rules);
  const columns = columnOrder(strategy);
  const lines = [`${rules.name} — ${rules.title}: basic strategy computed from the rule file`, ''];
  for (const s of chartSections(strategy, rules, deck)) {
    lines.push(`${s.title.padEnd(8)}${columns.map((up) => valueLabel(deck, up).padStart(4)).join('')}`);
    for (const row of s.rows) lines.push(`${row.label.padEnd(8)}${row.cells.map((c) => c.padStart(4)).join('')}`);
    lines.push('');
  }
  const insurance = Object.values(strategy.insurance).some(Boolean) ? 'take it (positive expected value)' : 'never';
  const evenMoney = Object.entries(strategy.evenMoney).map(([up, take]) => `against ${valueLabel(deck, Number(up))}: ${take ? 'take' : 'decline'}`);
  lines.push(`Insurance: ${insurance}.${evenMoney.length > 0 ? ` Even money: ${evenMoney.join(', ')}.` : ''}`);
  if (strategy.switchValues) lines.push('Switch: when the two switched hands are worth more together than the two dealt (values in --format json).');
  lines.push('H hit · S stand · D double · P split · R surrender; a second letter is the play when the first is not allowed');
  lines.push('(Dh: double, else hit). After a hit the same rows apply. Triple rows (after a double): T add the third stake, S stand.');
  return lines;
}
