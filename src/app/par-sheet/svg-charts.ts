// The par sheet's pictures as inline SVG (no script, no external file: the page prints as it shows):
// the distribution of net outcomes per round, the return by penetration with its 95 % intervals beside the
// exact return, and the strategy chart coloured by action; words and numbers from the sheet's catalogue.
// Pure: strings from figures.
import type { ChartSection } from '../../analysis/strategy-chart.js';
import type { OutcomeRow, PenetrationRow } from './par-sheet-document.js';
import type { ParSheetWords } from './par-sheet-words-type.js';
import { escapeXml } from '../../messages/escape-xml.js';

const fixed = (x: number, d = 1) => x.toFixed(d);

/** Bars of the probability of each net outcome (units of a hand's initial bet). */
export function outcomeChart(rows: readonly OutcomeRow[], title: string, w: ParSheetWords): string {
  const width = 720, height = 300, left = 56, bottom = 44, top = 28, right = 12;
  const plotW = width - left - right, plotH = height - top - bottom;
  const max = Math.max(...rows.map((r) => r.probability), 1e-9);
  const step = rows.length > 0 ? plotW / rows.length : plotW;
  const y = (p: number) => top + plotH - (p / max) * plotH;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`, `<title>${escapeXml(title)}</title>`];
  for (let i = 0; i <= 4; i++) {
    const p = (max * i) / 4;
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${fixed(y(p))}" y2="${fixed(y(p))}" class="grid"/>`, `<text x="${left - 6}" y="${fixed(y(p) + 4)}" text-anchor="end" class="tick">${w.numbers.pct(p, 1)}</text>`);
  }
  rows.forEach((r, i) => {
    const x = left + i * step;
    const cls = r.units > 0 ? 'win' : r.units < 0 ? 'loss' : 'push';
    parts.push(`<rect x="${fixed(x + step * 0.12)}" y="${fixed(y(r.probability))}" width="${fixed(step * 0.76)}" height="${fixed(top + plotH - y(r.probability))}" class="${cls}"><title>${escapeXml(r.label)}: ${w.numbers.pct(r.probability, 4)}</title></rect>`);
    parts.push(`<text x="${fixed(x + step / 2)}" y="${height - bottom + 16}" text-anchor="middle" class="tick">${escapeXml(r.label)}</text>`);
  });
  parts.push(`<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle" class="axis">${escapeXml(w.outcomeAxis)}</text>`, `<text x="${left}" y="16" class="axis">${escapeXml(w.probabilityAxis)}</text>`, '</svg>');
  return parts.join('');
}

/** The simulated return at each penetration with its 95 % interval, and the exact return off the top. */
export function penetrationChart(rows: readonly PenetrationRow[], exact: number, title: string, w: ParSheetWords): string {
  const width = 720, height = 300, left = 72, bottom = 44, top = 28, right = 24;
  const plotW = width - left - right, plotH = height - top - bottom;
  const values = rows.flatMap((r) => [r.returnRatio - r.interval95, r.returnRatio + r.interval95]).concat([exact]);
  let lo = Math.min(...values), hi = Math.max(...values);
  const pad = (hi - lo) * 0.1 || 0.001;
  lo -= pad;
  hi += pad;
  const y = (v: number) => top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const x = (p: number) => left + ((p - 0.45) / 0.45) * plotW;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`, `<title>${escapeXml(title)}</title>`];
  for (let i = 0; i <= 4; i++) {
    const v = lo + ((hi - lo) * i) / 4;
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}" class="grid"/>`, `<text x="${left - 6}" y="${fixed(y(v) + 4)}" text-anchor="end" class="tick">${w.numbers.pct(v, 2)}</text>`);
  }
  parts.push(`<line x1="${left}" x2="${width - right}" y1="${fixed(y(exact))}" y2="${fixed(y(exact))}" class="exact"/>`, `<text x="${width - right}" y="${fixed(y(exact) - 6)}" text-anchor="end" class="axis">${escapeXml(w.exactOffTop(exact))}</text>`);
  for (const r of rows) {
    const cx = x(r.penetration);
    parts.push(`<line x1="${fixed(cx)}" x2="${fixed(cx)}" y1="${fixed(y(r.returnRatio - r.interval95))}" y2="${fixed(y(r.returnRatio + r.interval95))}" class="interval"/>`);
    parts.push(`<circle cx="${fixed(cx)}" cy="${fixed(y(r.returnRatio))}" r="4.5" class="point"><title>${w.numbers.pct(r.penetration, 0)}: ${w.numbers.signed(r.returnRatio)} ± ${w.numbers.pct(r.interval95)}</title></circle>`);
    parts.push(`<text x="${fixed(cx)}" y="${height - bottom + 16}" text-anchor="middle" class="tick">${w.numbers.pct(r.penetration, 0)}</text>`);
  }
  parts.push(`<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle" class="axis">${escapeXml(w.penetrationAxis)}</text>`, `<text x="${left}" y="16" class="axis">${escapeXml(w.returnAxis)}</text>`, '</svg>');
  return parts.join('');
}

/** The strategy chart, one grid per section, cells coloured by their first action (its letter in the
 *  catalogue's chartLetters; the triple coloured as a double). */
export function strategyChart(sections: readonly ChartSection[], columns: readonly string[], title: string, w: ParSheetWords): string {
  const actionClass = new Map<string, string>(Object.entries(w.chartLetters).map(([action, letter]) => [letter, action === 'triple' ? 'double' : action]));
  const cell = 30, labelW = 70, headH = 22, gap = 16;
  const width = labelW + columns.length * cell + 8;
  const height = sections.reduce((h, s) => h + headH + s.rows.length * cell + gap, 8);
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" class="strategy" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`, `<title>${escapeXml(title)}</title>`];
  let y0 = 0;
  for (const s of sections) {
    parts.push(`<text x="4" y="${y0 + 16}" class="section">${escapeXml(s.title)}</text>`);
    columns.forEach((c, i) => parts.push(`<text x="${labelW + i * cell + cell / 2}" y="${y0 + 16}" text-anchor="middle" class="tick">${escapeXml(c)}</text>`));
    y0 += headH;
    for (const row of s.rows) {
      parts.push(`<text x="${labelW - 6}" y="${y0 + cell / 2 + 4}" text-anchor="end" class="tick">${escapeXml(row.label)}</text>`);
      row.cells.forEach((code, i) => {
        const cls = actionClass.get(code[0] ?? '-') ?? 'none';
        parts.push(`<rect x="${labelW + i * cell}" y="${y0}" width="${cell - 1}" height="${cell - 1}" class="a-${cls}"/><text x="${labelW + i * cell + cell / 2}" y="${y0 + cell / 2 + 4}" text-anchor="middle" class="code">${escapeXml(code)}</text>`);
      });
      y0 += cell;
    }
    y0 += gap;
  }
  parts.push('</svg>');
  return parts.join('');
}
