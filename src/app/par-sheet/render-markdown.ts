// The par sheet in markdown: identification and the sign convention first, then warnings, the rules, the
// returns (exact, with how exact; simulated, with its 95 % interval), the lab's figures, the distribution
// of net outcomes, the frequencies, the return by penetration, naive players, side bets combination by
// combination, and the strategy. Pure: renders the record it is given.
import type { ParSheetDocument } from './par-sheet-document.js';

export const pct = (x: number, d = 3): string => `${x < 0 ? '−' : ''}${(Math.abs(x) * 100).toFixed(d)} %`;
const signed = (x: number, d = 3): string => `${x > 0 ? '+' : ''}${pct(x, d)}`;

export function identityLines(s: Pick<ParSheetDocument, 'identity' | 'signConvention'>): string[] {
  const id = s.identity;
  const product = `${id.product.name} ${id.product.version}, commit ${id.product.commit ?? 'unknown (not a git checkout)'}${id.product.modified ? ' with local changes to tracked files' : ''}`;
  const strategy = id.strategy.source === 'computed' ? 'computed from the rule file by this program' : `read from ${id.strategy.path} (SHA-256 ${id.strategy.sha256})`;
  return [
    '| identification | |', '|---|---|',
    `| product | ${product} |`,
    `| rule file | ${id.rules.path} (\`${id.rules.name}\`), SHA-256 \`${id.rules.sha256}\` |`,
    `| strategy | ${strategy} |`,
    `| generated | ${id.generated} by \`${id.command}\`, ${id.runSeconds} s |`,
    `| machine | ${id.machine.host}: ${id.machine.os}, ${id.machine.cores} × ${id.machine.cpu}, ${id.machine.memoryGiB} GiB, Node ${id.machine.node} |`,
    '', `**Sign convention.** ${s.signConvention}`, '',
  ];
}

export function warningLines(warnings: readonly string[]): string[] {
  if (warnings.length === 0) return [];
  return ['> **WARNING — this game pays the player.**', ...warnings.map((w) => `> - ${w}`), ''];
}

function simulated(s: ParSheetDocument, bet: string): string {
  const b = s.simulation.bets[bet];
  return b ? `${signed(b.returnRatio)} ± ${pct(b.interval95)}` : '—';
}

export function parSheetMarkdown(s: ParSheetDocument): string[] {
  const sim = s.simulation;
  const lines = [`# Par sheet: ${s.title} (\`${s.rules}\`)`, '', ...identityLines(s), ...warningLines(s.warnings)];
  lines.push('## Rules', '', ...s.words.map((w) => `- ${w}`), '');
  lines.push('## Return', '', '| bet | exact return | RTP | simulated (95 % interval) | sd per unit |', '|---|---|---|---|---|');
  const sd = (bet: string) => sim.bets[bet]?.sdPerBet.toFixed(3) ?? '—';
  lines.push(`| main (${s.identity.strategy.source === 'computed' ? 'computed' : 'given'} strategy) | ${signed(s.exactMain)} | ${pct(1 + s.exactMain)} | ${simulated(s, 'main')} | ${sd('main')} |`);
  for (const b of s.sideBets) lines.push(`| ${b.bet} | ${signed(b.expectedReturn)} (${b.fraction}) | ${pct(1 + b.expectedReturn)} | ${simulated(s, b.bet)} | ${sd(b.bet)} |`);
  if (s.insuranceExact !== null) lines.push(`| insurance (taken on every offer) | ${signed(s.insuranceExact)} | ${pct(1 + s.insuranceExact)} | ${simulated(s, 'insurance')} | ${sd('insurance')} |`);
  if (sim.bets['behind']) lines.push(`| behind (follows doubles and splits) | ${signed(s.exactMain)} | ${pct(1 + s.exactMain)} | ${simulated(s, 'behind')} | ${sd('behind')} |`);
  for (const n of s.naivePlayers) lines.push(`| main, ${n.description} | ${signed(n.exact)} | ${pct(1 + n.exact)} | — | — |`);
  lines.push('', `**How exact.** Off the top of a full shoe, every up card and two-card start weighted by its exact probability. ${s.exactness.splits} ${s.exactness.note}`);
  lines.push('', `**Simulated.** ${sim.rounds.toLocaleString('en')} rounds × ${sim.seats} seat(s) through the production round machine, seeded shoes dealt to the cut card (${sim.cutCard} of ${sim.shoeSize} cards), seed ${sim.seed}, ${sim.seconds.toFixed(1)} s; ${sim.sizing}. The interval takes the round as the unit.`, '');
  const lab = s.lab;
  lines.push('## Figures', '', '| figure | value |', '|---|---|');
  lines.push(`| hit frequency (main bets won, splits and doubles counted as one bet) | ${pct(lab.hitFrequency, 2)} |`);
  lines.push(`| pushed / lost | ${pct(lab.pushFrequency, 2)} / ${pct(lab.lossFrequency, 2)} |`);
  lines.push(`| standard deviation per round (a box, in units of a hand's initial bet) | ${lab.sdPerRound.toFixed(3)} |`);
  lines.push(`| standard deviation per initial unit staked | ${lab.sdPerUnit.toFixed(3)} |`);
  lines.push(`| volatility index (1.96 × sd per unit) | ${lab.volatilityIndex.toFixed(3)} |`, '');
  lines.push('### Net outcome per round (a box\'s main bet, units of a hand\'s initial bet), simulated', '', '| net | rounds | probability |', '|---|---|---|');
  for (const o of lab.outcomes) lines.push(`| ${o.label} | ${o.count.toLocaleString('en')} | ${o.probability.toFixed(6)} |`);
  lines.push('');
  const f = sim.frequencies;
  lines.push('### Frequencies', '', '| | exact | simulated |', '|---|---|---|');
  lines.push(`| player naturals, per 100 hands | ${(s.playerNatural * 100).toFixed(3)} | ${f['playerBlackjack']?.toFixed(3)} |`);
  lines.push(`| dealer naturals, per 100 rounds | ${(s.dealerBlackjack * 100).toFixed(3)} | ${f['dealerBlackjack']?.toFixed(3)} |`);
  for (const [k, label] of [['playerBust', 'player busts'], ['push', 'pushes'], ['double', 'doubles'], ['split', 'splits'], ['surrender', 'surrenders'], ['evenMoney', 'even money'], ['switch', 'switches'], ['autoPlay', 'auto-plays']] as const) {
    lines.push(`| ${label}, per 100 hands | | ${f[k]?.toFixed(3)} |`);
  }
  lines.push(`| dealer busts, per 100 rounds | | ${f['dealerBust']?.toFixed(3)} |`, '');
  lines.push('### Return by penetration (simulated, same seed: the same shuffles, the cut card moved)', '', '| penetration | cut card | rounds | return (95 % interval) |', '|---|---|---|---|');
  for (const p of s.penetration) lines.push(`| ${Math.round(p.penetration * 100)} % | ${p.cutCard} of ${p.shoeSize} | ${p.rounds.toLocaleString('en')} | ${signed(p.returnRatio)} ± ${pct(p.interval95)} |`);
  lines.push('', `Exact, off the top: ${signed(s.exactMain)}. A cut card deeper than the reserve allows is set at the reserve (the cut-card column says where it went).`, '');
  for (const b of s.sideBets) {
    lines.push(`## Side bet ${b.bet}: every combination, exact`, '', '| combination | pays | probability | deals |', '|---|---|---|---|');
    for (const o of b.outcomes) lines.push(`| ${o.combination} | ${o.pays ?? 'loses'} | ${o.probability.toFixed(8)} | ${o.count} |`);
    lines.push('');
  }
  lines.push(`## Strategy (${s.identity.strategy.source === 'computed' ? 'computed' : 'given'})`, '', ...s.chart);
  return lines;
}

/** `par-sheet --all`: warnings first, a summary row per rule set, then each sheet in full. */
export function allMarkdown(sheets: readonly ParSheetDocument[]): string[] {
  const warnings = sheets.flatMap((s) => s.warnings);
  // The product and the machine are the same for every sheet; each sheet below names its own rule file,
  // date and run time.
  const shared = sheets[0] ? identityLines(sheets[0]).filter((l) => !/^\| (rule file|strategy|generated) /.test(l)) : [];
  const lines = ['# Par sheets: every rule set', '', ...shared, ...warningLines(warnings)];
  lines.push('| rule set | rule file SHA-256 | main, exact | main, simulated (95 %) | side bets, exact RTP | insurance, exact | rounds simulated | warning |', '|---|---|---|---|---|---|---|---|');
  for (const s of sheets) {
    const side = s.sideBets.map((b) => `${b.bet} ${pct(1 + b.expectedReturn)}`).join(', ') || '—';
    lines.push(`| ${s.rules} | \`${s.identity.rules.sha256.slice(0, 12)}…\` | ${signed(s.exactMain)} | ${simulated(s, 'main')} | ${side} | ${s.insuranceExact === null ? '—' : signed(s.insuranceExact)} | ${s.simulation.rounds.toLocaleString('en')} | ${s.warnings.length > 0 ? '**PAYS THE PLAYER**' : ''} |`);
  }
  lines.push('');
  for (const s of sheets) lines.push(...parSheetMarkdown(s).map((l) => (l.startsWith('#') ? `#${l}` : l)), '');
  return lines;
}
