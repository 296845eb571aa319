// The par sheet as one self-contained html page: the markdown sheet's content as tables, the pictures as
// inline SVG (svg-charts.ts), styles inline, no script and nothing fetched, laid out to print on A4 from a
// browser (print styles keep tables and charts whole on a page). Pure: a string from the record.
import type { ParSheetDocument } from './par-sheet-document.js';
import { pct } from './render-markdown.js';
import { escapeXml as esc, outcomeChart, penetrationChart, strategyChart } from './svg-charts.js';

const signed = (x: number, d = 3) => `${x > 0 ? '+' : ''}${pct(x, d)}`;

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;margin:24px auto;max-width:980px;padding:0 16px}
h1{font-size:24px;margin:0 0 8px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:16px;margin:18px 0 6px}
table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f3f5f7}
td.n{text-align:right}.convention{background:#eef6ff;border-left:4px solid #3b82f6;padding:8px 12px;margin:12px 0}
.warning{background:#fff1f0;border:2px solid #d4380d;padding:8px 14px;margin:12px 0}.warning strong{color:#a8071a}
.chart{width:100%;max-width:720px;height:auto}.strategy{max-width:100%;height:auto}
svg text{font:11px system-ui,sans-serif;fill:#1b1f24}svg .axis{font-size:12px}svg .section{font-weight:600;font-size:13px}svg .code{font-size:10px;font-weight:600}
svg .grid{stroke:#e5e7eb}svg .win{fill:#2f9e44}svg .loss{fill:#e03131}svg .push{fill:#868e96}svg .exact{stroke:#1971c2;stroke-dasharray:6 4;stroke-width:1.5}
svg .interval{stroke:#495057;stroke-width:2}svg .point{fill:#f08c00}
svg .a-hit{fill:#ffe066}svg .a-stand{fill:#69db7c}svg .a-double{fill:#74c0fc}svg .a-split{fill:#e599f7}svg .a-surrender{fill:#ced4da}svg .a-none{fill:#f8f9fa}
.legend span{display:inline-block;padding:1px 8px;margin-right:6px;border:1px solid #adb5bd}
section.sheet{page-break-after:always}section.sheet:last-child{page-break-after:auto}
@media print{body{margin:0;max-width:none;font-size:11px}h2{page-break-after:avoid}table,svg,.warning,.convention{page-break-inside:avoid}a{color:inherit}}
@page{size:A4;margin:14mm}`;

function table(head: readonly string[], rows: readonly (readonly string[])[], numeric: readonly number[] = []): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="n"' : ''}>${esc(c)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function identityTable(s: ParSheetDocument): string {
  const id = s.identity;
  return table(['identification', ''], [
    ['product', `${id.product.name} ${id.product.version}, commit ${id.product.commit ?? 'unknown (not a git checkout)'}${id.product.modified ? ' with local changes to tracked files' : ''}`],
    ['rule file', `${id.rules.path} (${id.rules.name}), SHA-256 ${id.rules.sha256}`],
    ['strategy', id.strategy.source === 'computed' ? 'computed from the rule file by this program' : `read from ${id.strategy.path} (SHA-256 ${id.strategy.sha256})`],
    ['generated', `${id.generated} by ${id.command}, ${id.runSeconds} s`],
    ['machine', `${id.machine.host}: ${id.machine.os}, ${id.machine.cores} × ${id.machine.cpu}, ${id.machine.memoryGiB} GiB, Node ${id.machine.node}`],
  ]);
}

function warningBox(warnings: readonly string[]): string {
  if (warnings.length === 0) return '';
  return `<div class="warning" role="alert"><strong>WARNING — this game pays the player.</strong><ul>${warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></div>`;
}

function sheetSection(s: ParSheetDocument): string {
  const sim = s.simulation;
  const simulated = (bet: string) => {
    const b = sim.bets[bet];
    return b ? `${signed(b.returnRatio)} ± ${pct(b.interval95)}` : '—';
  };
  const sd = (bet: string) => sim.bets[bet]?.sdPerBet.toFixed(3) ?? '—';
  const returns: string[][] = [[`main (${s.identity.strategy.source} strategy)`, signed(s.exactMain), pct(1 + s.exactMain), simulated('main'), sd('main')]];
  for (const b of s.sideBets) returns.push([b.bet, `${signed(b.expectedReturn)} (${b.fraction})`, pct(1 + b.expectedReturn), simulated(b.bet), sd(b.bet)]);
  if (s.insuranceExact !== null) returns.push(['insurance (taken on every offer)', signed(s.insuranceExact), pct(1 + s.insuranceExact), simulated('insurance'), sd('insurance')]);
  if (sim.bets['behind']) returns.push(['behind (follows doubles and splits)', signed(s.exactMain), pct(1 + s.exactMain), simulated('behind'), sd('behind')]);
  for (const n of s.naivePlayers) returns.push([`main, ${n.description}`, signed(n.exact), pct(1 + n.exact), '—', '—']);
  const f = sim.frequencies;
  const freq: string[][] = [
    ['player naturals, per 100 hands', (s.playerNatural * 100).toFixed(3), f['playerBlackjack']?.toFixed(3) ?? ''],
    ['dealer naturals, per 100 rounds', (s.dealerBlackjack * 100).toFixed(3), f['dealerBlackjack']?.toFixed(3) ?? ''],
    ...([['playerBust', 'player busts'], ['push', 'pushes'], ['double', 'doubles'], ['split', 'splits'], ['surrender', 'surrenders'], ['evenMoney', 'even money'], ['switch', 'switches'], ['autoPlay', 'auto-plays']] as const).map(([k, l]) => [`${l}, per 100 hands`, '', f[k]?.toFixed(3) ?? '']),
    ['dealer busts, per 100 rounds', '', f['dealerBust']?.toFixed(3) ?? ''],
  ];
  const lab = s.lab;
  return `<section class="sheet">
<h1>Par sheet: ${esc(s.title)} (${esc(s.rules)})</h1>
${identityTable(s)}
<p class="convention"><strong>Sign convention.</strong> ${esc(s.signConvention)}</p>
${warningBox(s.warnings)}
<h2>Rules</h2><ul>${s.words.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>
<h2>Return</h2>
${table(['bet', 'exact return', 'RTP', 'simulated (95 % interval)', 'sd per unit'], returns, [1, 2, 3, 4])}
<p><strong>How exact.</strong> ${esc(s.exactness.splits)} ${esc(s.exactness.note)}</p>
<p><strong>Simulated.</strong> ${esc(`${sim.rounds.toLocaleString('en')} rounds × ${sim.seats} seat(s) through the production round machine, seeded shoes dealt to the cut card (${sim.cutCard} of ${sim.shoeSize} cards), seed ${sim.seed}, ${sim.seconds.toFixed(1)} s; ${sim.sizing}.`)}</p>
<h2>Figures</h2>
${table(['figure', 'value'], [
    ['hit frequency (main bets won)', pct(lab.hitFrequency, 2)], ['pushed / lost', `${pct(lab.pushFrequency, 2)} / ${pct(lab.lossFrequency, 2)}`],
    ['standard deviation per round (a box, units of a hand\'s initial bet)', lab.sdPerRound.toFixed(3)], ['standard deviation per initial unit', lab.sdPerUnit.toFixed(3)],
    ['volatility index (1.96 × sd per unit)', lab.volatilityIndex.toFixed(3)],
  ], [1])}
<h3>Net outcome per round, simulated</h3>
${outcomeChart(lab.outcomes, `${s.rules}: distribution of net outcomes per round`)}
${table(['net (units)', 'rounds', 'probability'], lab.outcomes.map((o) => [o.label, o.count.toLocaleString('en'), o.probability.toFixed(6)]), [1, 2])}
<h3>Frequencies</h3>
${table(['', 'exact', 'simulated'], freq, [1, 2])}
<h3>Return by penetration, simulated (same seed: the same shuffles, the cut card moved)</h3>
${penetrationChart(s.penetration, s.exactMain, `${s.rules}: return by penetration`)}
${table(['penetration', 'cut card', 'rounds', 'return (95 % interval)'], s.penetration.map((p) => [`${Math.round(p.penetration * 100)} %`, `${p.cutCard} of ${p.shoeSize}`, p.rounds.toLocaleString('en'), `${signed(p.returnRatio)} ± ${pct(p.interval95)}`]), [2, 3])}
${s.sideBets.map((b) => `<h2>Side bet ${esc(b.bet)}: every combination, exact</h2>${table(['combination', 'pays', 'probability', 'deals'], b.outcomes.map((o) => [o.combination, o.pays ?? 'loses', o.probability.toFixed(8), o.count]), [2, 3])}`).join('\n')}
<h2>Strategy (${esc(s.identity.strategy.source)})</h2>
<p class="legend"><span style="background:#ffe066">H hit</span><span style="background:#69db7c">S stand</span><span style="background:#74c0fc">D double / T triple</span><span style="background:#e599f7">P split</span><span style="background:#ced4da">R surrender</span> a second letter: the play when the first is not allowed</p>
${strategyChart(s.chartSections, s.chartColumns, `${s.rules}: strategy chart`)}
</section>`;
}

/** --all: every rule set on one row, before the sheets. */
function summary(sheets: readonly ParSheetDocument[]): string {
  const rows = sheets.map((s) => {
    const main = s.simulation.bets['main'];
    return [
      s.rules, `${s.identity.rules.sha256.slice(0, 12)}…`, signed(s.exactMain), main ? `${signed(main.returnRatio)} ± ${pct(main.interval95)}` : '—',
      s.sideBets.map((b) => `${b.bet} ${pct(1 + b.expectedReturn)}`).join(', ') || '—', s.simulation.rounds.toLocaleString('en'), s.warnings.length > 0 ? 'PAYS THE PLAYER' : '',
    ];
  });
  return `<section class="sheet"><h1>Par sheets: every rule set</h1>${table(['rule set', 'rule file SHA-256', 'main, exact', 'main, simulated (95 %)', 'side bets, exact RTP', 'rounds', 'warning'], rows, [2, 3, 5])}</section>`;
}

export function parSheetHtml(sheets: readonly ParSheetDocument[]): string {
  const title = sheets.length === 1 ? `Par sheet: ${sheets[0]?.title ?? ''}` : 'Par sheets: every rule set';
  const warnings = sheets.length > 1 ? warningBox(sheets.flatMap((s) => s.warnings)) + summary(sheets) : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body>
${warnings}
${sheets.map(sheetSection).join('\n')}
</body></html>
`;
}
