// The par sheet in markdown: identification and the sign convention first, then warnings, the rules, the
// returns (exact, with how exact; simulated, with its 95 % interval), the lab's figures, the distribution
// of net outcomes, the frequencies, the return by penetration, naive players, side bets combination by
// combination, and the strategy — every word from the catalogue of the sheet's language, numbers per its
// locale. Pure: renders the record it is given.
import type { ParSheetDocument } from './par-sheet-document.js';
import { parSheetWords, type ParSheetWords } from './par-sheet-words.js';
import type { FrequencyName } from './par-sheet-words-type.js';

export const HAND_FREQUENCIES: readonly FrequencyName[] = ['playerBust', 'push', 'double', 'split', 'surrender', 'evenMoney', 'switch', 'autoPlay'];

export function identityLines(s: Pick<ParSheetDocument, 'identity' | 'signConvention' | 'lang'>, only?: ReadonlyArray<keyof ParSheetWords['identityRows']>): string[] {
  const w = parSheetWords(s.lang);
  const id = s.identity;
  const rows: Array<[keyof ParSheetWords['identityRows'], string]> = [
    ['product', w.product(id.product.name, id.product.version, id.product.commit, id.product.modified)],
    ['ruleFile', w.ruleFile(id.rules.path, `\`${id.rules.name}\``, `\`${id.rules.sha256}\``)],
    ['strategy', id.strategy.source === 'computed' ? w.strategyComputed : w.strategyFile(id.strategy.path, id.strategy.sha256)],
    ['generated', w.generated(id.generated, `\`${id.command}\``, id.runSeconds)],
    ['machine', w.machine(id.machine.host, id.machine.os, id.machine.cores, id.machine.cpu, id.machine.memoryGiB, id.machine.node)],
  ];
  return [
    `| ${w.identification} | |`, '|---|---|',
    ...rows.filter(([k]) => !only || only.includes(k)).map(([k, v]) => `| ${w.identityRows[k]} | ${v} |`),
    '', `**${w.signConventionLabel}** ${s.signConvention}`, '',
  ];
}

export function warningLines(warnings: readonly string[], w: ParSheetWords): string[] {
  if (warnings.length === 0) return [];
  return [`> **${w.warningTitle}**`, ...warnings.map((x) => `> - ${x}`), ''];
}

/** The simulated return of a bet with its 95 % interval, or a dash. */
export function simulatedReturn(s: ParSheetDocument, bet: string): string {
  const n = parSheetWords(s.lang).numbers;
  const b = s.simulation.bets[bet];
  return b ? `${n.signed(b.returnRatio)} ± ${n.pct(b.interval95)}` : '—';
}

/** The table of returns, row by row: bet, exact, RTP, simulated, sd per unit. */
export function returnRows(s: ParSheetDocument): string[][] {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  const sd = (bet: string) => (s.simulation.bets[bet] ? n.fixed(s.simulation.bets[bet].sdPerBet, 3) : '—');
  const rows = [[w.mainRow(s.identity.strategy.source === 'computed'), n.signed(s.exactMain), n.pct(1 + s.exactMain), simulatedReturn(s, 'main'), sd('main')]];
  for (const b of s.sideBets) rows.push([b.name, `${n.signed(b.expectedReturn)} (${b.fraction})`, n.pct(1 + b.expectedReturn), simulatedReturn(s, b.bet), sd(b.bet)]);
  if (s.insuranceExact !== null) rows.push([w.insuranceRow, n.signed(s.insuranceExact), n.pct(1 + s.insuranceExact), simulatedReturn(s, 'insurance'), sd('insurance')]);
  if (s.simulation.bets['behind']) rows.push([w.behindRow, n.signed(s.exactMain), n.pct(1 + s.exactMain), simulatedReturn(s, 'behind'), sd('behind')]);
  for (const p of s.naivePlayers) rows.push([w.naiveRow(p.description), n.signed(p.exact), n.pct(1 + p.exact), '—', '—']);
  return rows;
}

export function simulatedLine(s: ParSheetDocument): string {
  const w = parSheetWords(s.lang);
  const sim = s.simulation;
  return `${w.simulated({ dealt: sim.dealt, seats: sim.seats, seed: sim.seed, seconds: sim.seconds, rounds: sim.rounds, cutCard: sim.cutCard, shoeSize: sim.shoeSize })} ${sim.sizingText}`;
}

export function figureRows(s: ParSheetDocument): string[][] {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  const lab = s.lab;
  return [
    [w.hitFrequency, n.pct(lab.hitFrequency, 2)], [w.pushedLost, `${n.pct(lab.pushFrequency, 2)} / ${n.pct(lab.lossFrequency, 2)}`],
    [w.sdPerRound, n.fixed(lab.sdPerRound, 3)], [w.sdPerUnit, n.fixed(lab.sdPerUnit, 3)], [w.volatilityIndex, n.fixed(lab.volatilityIndex, 3)],
  ];
}

export function frequencyRows(s: ParSheetDocument): string[][] {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  const f = (k: FrequencyName) => n.fixed(s.simulation.frequencies[k] ?? 0, 3);
  return [
    [w.perHundredHands(w.frequencyNames.playerBlackjack), n.fixed(s.playerNatural * 100, 3), f('playerBlackjack')],
    [w.perHundredRounds(w.frequencyNames.dealerBlackjack), n.fixed(s.dealerBlackjack * 100, 3), f('dealerBlackjack')],
    ...HAND_FREQUENCIES.map((k) => [w.perHundredHands(w.frequencyNames[k]), '', f(k)]),
    [w.perHundredRounds(w.frequencyNames.dealerBust), '', f('dealerBust')],
  ];
}

export function penetrationRows(s: ParSheetDocument): string[][] {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  return s.penetration.map((p) => [n.pct(p.penetration, 0), w.cutCardOf(p.cutCard, p.shoeSize), n.int(p.rounds), `${n.signed(p.returnRatio)} ± ${n.pct(p.interval95)}`]);
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const head = (cells: readonly string[]) => [row(cells), `|${cells.map(() => '---').join('|')}|`];

export function parSheetMarkdown(s: ParSheetDocument): string[] {
  const w = parSheetWords(s.lang);
  const n = w.numbers;
  const computed = s.identity.strategy.source === 'computed';
  const lines = [`# ${w.sheetTitle(s.title)} (\`${s.rules}\`)`, '', ...identityLines(s), ...warningLines(s.warnings, w)];
  lines.push(`## ${w.rulesHeading}`, '', ...s.words.map((x) => `- ${x}`), '');
  lines.push(`## ${w.returnHeading}`, '', ...head(w.returnColumns), ...returnRows(s).map(row));
  lines.push('', `**${w.howExactLabel}** ${w.howExactLead} ${s.exactness.splits} ${s.exactness.note}`);
  lines.push('', `**${w.simulatedLabel}** ${simulatedLine(s)}`, '');
  lines.push(`## ${w.figuresHeading}`, '', ...head(w.figureColumns), ...figureRows(s).map(row), '');
  lines.push(`### ${w.outcomesHeading}`, '', ...head(w.outcomeColumns));
  for (const o of s.lab.outcomes) lines.push(row([o.label, n.int(o.count), n.fixed(o.probability, 6)]));
  lines.push('', `### ${w.frequenciesHeading}`, '', ...head(w.frequencyColumns), ...frequencyRows(s).map(row), '');
  lines.push(`### ${w.penetrationHeading}`, '', ...head(w.penetrationColumns), ...penetrationRows(s).map(row));
  lines.push('', w.penetrationNote(s.exactMain), '');
  for (const b of s.sideBets) {
    lines.push(`## ${w.sideBetHeading(b.name)}`, '', ...head(w.sideBetColumns));
    for (const o of b.outcomes) lines.push(row([o.name, o.pays ?? w.loses, n.fixed(o.probability, 8), o.count]));
    lines.push('');
  }
  lines.push(`## ${w.strategyHeading(computed)}`, '', ...s.chart);
  return lines;
}

/** The summary of every rule set (--all), one row each. */
export function summaryRows(sheets: readonly ParSheetDocument[]): string[][] {
  return sheets.map((s) => {
    const w = parSheetWords(s.lang);
    const n = w.numbers;
    const side = s.sideBets.map((b) => `${b.name} ${n.pct(1 + b.expectedReturn)}`).join(', ') || '—';
    return [s.rules, `${s.identity.rules.sha256.slice(0, 12)}…`, n.signed(s.exactMain), simulatedReturn(s, 'main'), side, s.insuranceExact === null ? '—' : n.signed(s.insuranceExact), n.int(s.simulation.rounds), s.warnings.length > 0 ? w.paysPlayerFlag : ''];
  });
}

/** `par-sheet --all`: warnings first, a summary row per rule set, then each sheet in full. */
export function allMarkdown(sheets: readonly ParSheetDocument[]): string[] {
  const first = sheets[0];
  if (!first) return [];
  const w = parSheetWords(first.lang);
  // The product and the machine are the same for every sheet; each sheet below names its own rule file,
  // date and run time.
  const lines = [`# ${w.allTitle}`, '', ...identityLines(first, ['product', 'machine']), ...warningLines(sheets.flatMap((s) => s.warnings), w)];
  // The hash as code, the warning in bold.
  lines.push(...head(w.summaryColumns), ...summaryRows(sheets).map((r) => row(r.map((c, j) => (j === 1 ? `\`${c}\`` : j === 7 && c ? `**${c}**` : c)))), '');
  for (const s of sheets) lines.push(...parSheetMarkdown(s).map((l) => (l.startsWith('#') ? `#${l}` : l)), '');
  return lines;
}
