// The par sheet as one self-contained html page: the markdown sheet's content as tables, the pictures as
// inline SVG (svg-charts.ts), styles inline, no script and nothing fetched, laid out to print on A4 from a
// browser (print styles keep tables and charts whole on a page). Every word from the catalogue of the
// sheet's language (the rows the markdown shows: render-markdown.ts). Pure: a string from the record.
import type { ParSheetDocument } from './par-sheet-document.js';
import { parSheetWords, type ParSheetWords } from './par-sheet-words.js';
import { figureRows, frequencyRows, penetrationRows, returnRows, simulatedLine, summaryRows } from './render-markdown.js';
import { outcomeChart, penetrationChart, strategyChart } from './svg-charts.js';
import { escapeXml as esc } from '../../messages/escape-xml.js';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;margin:24px auto;max-width:980px;padding:0 16px}
h1{font-size:24px;margin:0 0 8px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:16px;margin:18px 0 6px}
table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f3f5f7}
td.n{text-align:right;white-space:nowrap}.convention{background:#eef6ff;border-left:4px solid #3b82f6;padding:8px 12px;margin:12px 0}
.warning{background:#fff1f0;border:2px solid #d4380d;padding:8px 14px;margin:12px 0}.warning strong{color:#a8071a}
.chart{width:100%;max-width:720px;height:auto}.strategy{max-width:100%;height:auto}
svg text{font:11px system-ui,sans-serif;fill:#1b1f24}svg .axis{font-size:12px}svg .section{font-weight:600;font-size:13px}svg .code{font-size:10px;font-weight:600}
svg .grid{stroke:#e5e7eb}svg .win{fill:#2f9e44}svg .loss{fill:#e03131}svg .push{fill:#868e96}svg .exact{stroke:#1971c2;stroke-dasharray:6 4;stroke-width:1.5}
svg .interval{stroke:#495057;stroke-width:2}svg .point{fill:#f08c00}
svg .a-hit{fill:#ffe066}svg .a-stand{fill:#69db7c}svg .a-double{fill:#74c0fc}svg .a-split{fill:#e599f7}svg .a-surrender{fill:#ced4da}svg .a-none{fill:#f8f9fa}
.legend span{display:inline-block;padding:1px 8px;margin-right:6px;border:1px solid #adb5bd}.legend .a-hit{background:#ffe066}.legend .a-stand{background:#69db7c}.legend .a-double{background:#74c0fc}.legend .a-split{background:#e599f7}.legend .a-surrender{background:#ced4da}
section.sheet{page-break-after:always}section.sheet:last-child{page-break-after:auto}
@media print{body{margin:0;max-width:none;font-size:11px}h2{page-break-after:avoid}table,svg,.warning,.convention{page-break-inside:avoid}a{color:inherit}}
@page{size:A4;margin:14mm}`;

function table(head: readonly string[], rows: readonly (readonly string[])[], numeric: readonly number[] = []): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="n"' : ''}>${esc(c)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function identityTable(s: ParSheetDocument, w: ParSheetWords): string {
  const id = s.identity;
  return table([w.identification, ''], [
    [w.identityRows.product, w.product(id.product.name, id.product.version, id.product.commit, id.product.modified)],
    [w.identityRows.ruleFile, w.ruleFile(id.rules.path, id.rules.name, id.rules.sha256)],
    [w.identityRows.strategy, id.strategy.source === 'computed' ? w.strategyComputed : w.strategyFile(id.strategy.path, id.strategy.sha256)],
    [w.identityRows.generated, w.generated(id.generated, id.command, id.runSeconds)],
    [w.identityRows.machine, w.machine(id.machine.host, id.machine.os, id.machine.cores, id.machine.cpu, id.machine.memoryGiB, id.machine.node)],
  ]);
}

function warningBox(warnings: readonly string[], w: ParSheetWords): string {
  if (warnings.length === 0) return '';
  return `<div class="warning" role="alert"><strong>${esc(w.warningTitle)}</strong><ul>${warnings.map((x) => `<li>${esc(x)}</li>`).join('')}</ul></div>`;
}

function sheetSection(s: ParSheetDocument): string {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  const computed = s.identity.strategy.source === 'computed';
  const legend = (['hit', 'stand', 'double', 'split', 'surrender'] as const)
    .map((k) => `<span class="a-${k}">${esc(w.chartLegend[k])}</span>`).join('');
  return `<section class="sheet">
<h1>${esc(w.sheetTitle(s.title))} (${esc(s.rules)})</h1>
${identityTable(s, w)}
<p class="convention"><strong>${esc(w.signConventionLabel)}</strong> ${esc(s.signConvention)}</p>
${warningBox(s.warnings, w)}
<h2>${esc(w.rulesHeading)}</h2><ul>${s.words.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>
<h2>${esc(w.returnHeading)}</h2>
${table(w.returnColumns, returnRows(s), [1, 2, 3, 4])}
<p><strong>${esc(w.howExactLabel)}</strong> ${esc(`${w.howExactLead} ${s.exactness.splits} ${s.exactness.note}`)}</p>
<p><strong>${esc(w.simulatedLabel)}</strong> ${esc(simulatedLine(s))}</p>
<h2>${esc(w.figuresHeading)}</h2>
${table(w.figureColumns, figureRows(s), [1])}
<h3>${esc(w.outcomesHeading)}</h3>
${outcomeChart(s.lab.outcomes, w.outcomeChartTitle(s.rules), w)}
${table(w.outcomeColumns, s.lab.outcomes.map((o) => [o.label, n.int(o.count), n.fixed(o.probability, 6)]), [1, 2])}
<h3>${esc(w.frequenciesHeading)}</h3>
${table(w.frequencyColumns, frequencyRows(s), [1, 2])}
<h3>${esc(w.penetrationHeading)}</h3>
${penetrationChart(s.penetration, s.exactMain, w.penetrationChartTitle(s.rules), w)}
${table(w.penetrationColumns, penetrationRows(s), [2, 3])}
<p>${esc(w.penetrationNote(s.exactMain))}</p>
${s.sideBets.map((b) => `<h2>${esc(w.sideBetHeading(b.name))}</h2>${table(w.sideBetColumns, b.outcomes.map((o) => [o.name, o.pays ?? w.loses, n.fixed(o.probability, 8), o.count]), [2, 3])}`).join('\n')}
<h2>${esc(w.strategyHeading(computed))}</h2>
<p class="legend">${legend} ${esc(w.chartLegendNote)}</p>
${strategyChart(s.chartSections, s.chartColumns, w.strategyChartTitle(s.rules), w)}
</section>`;
}

/** --all: every rule set on one row, before the sheets. */
function summary(sheets: readonly ParSheetDocument[], w: ParSheetWords): string {
  return `<section class="sheet"><h1>${esc(w.allTitle)}</h1>${table(w.summaryColumns, summaryRows(sheets), [2, 3, 5, 6])}</section>`;
}

export function parSheetHtml(sheets: readonly ParSheetDocument[]): string {
  const w = parSheetWords(sheets[0]?.lang ?? 'en');
  const title = sheets.length === 1 ? w.sheetTitle(sheets[0]?.title ?? '') : w.allTitle;
  const top = sheets.length > 1 ? warningBox(sheets.flatMap((s) => s.warnings), w) + summary(sheets, w) : '';
  return `<!doctype html>
<html lang="${w.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body>
${top}
${sheets.map(sheetSection).join('\n')}
</body></html>
`;
}
