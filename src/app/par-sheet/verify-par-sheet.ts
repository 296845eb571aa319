// `par-sheet --verify FILE`: does a saved (json) par sheet still hold for today's rule file and code? The
// sheet is computed again with the saved seed, rounds dealt, seats and language (simulations are seeded
// and chunk-deterministic, so they must give the very same counts) and compared figure by figure. The comparison is
// pure; differences are named (what, saved, now). A different commit is reported but is not by itself a
// difference: the figures are what must hold.
import { SHEET_FORMAT, type ParSheetDocument } from './par-sheet-document.js';

export interface SheetVerdict {
  readonly holds: boolean;
  readonly differences: string[];
  /** Facts that do not decide (the code's commit, the machine, the date). */
  readonly notes: string[];
}

const same = (a: number | null | undefined, b: number | null | undefined): boolean =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b)));

export function compareSheets(saved: ParSheetDocument, now: ParSheetDocument): SheetVerdict {
  const differences: string[] = [];
  const notes: string[] = [];
  const number = (what: string, a: number | null | undefined, b: number | null | undefined) => {
    if (!same(a, b)) differences.push(`${what}: saved ${String(a)}, now ${String(b)}`);
  };
  const text = (what: string, a: unknown, b: unknown) => {
    const x = JSON.stringify(a), y = JSON.stringify(b);
    if (x !== y) differences.push(`${what}: saved ${x}, now ${y}`);
  };
  text('rule file SHA-256', saved.identity.rules.sha256, now.identity.rules.sha256);
  text('strategy source', saved.identity.strategy, now.identity.strategy);
  text('rules in words', saved.words, now.words);
  number('exact main return', saved.exactMain, now.exactMain);
  number('player naturals', saved.playerNatural, now.playerNatural);
  number('dealer naturals', saved.dealerBlackjack, now.dealerBlackjack);
  number('insurance return', saved.insuranceExact, now.insuranceExact);
  text('split model', saved.exactness, now.exactness);
  for (const n of now.naivePlayers) number(`return of ${n.player}`, saved.naivePlayers?.find((x) => x.player === n.player)?.exact, n.exact);
  text('side bets', saved.sideBets.map((b) => [b.bet, b.fraction, b.outcomes.map((o) => [o.combination, o.pays, o.count])]), now.sideBets.map((b) => [b.bet, b.fraction, b.outcomes.map((o) => [o.combination, o.pays, o.count])]));
  text('strategy chart', saved.chart, now.chart);
  const s = saved.simulation, n = now.simulation;
  text('simulation (rounds dealt, rounds counted, seats, seed, cut card)', [s.dealt, s.rounds, s.seats, s.seed, s.cutCard], [n.dealt, n.rounds, n.seats, n.seed, n.cutCard]);
  for (const bet of new Set([...Object.keys(s.bets), ...Object.keys(n.bets)])) {
    const a = s.bets[bet], b = n.bets[bet];
    text(`simulated ${bet} (bets, staked, net)`, a ? [a.bets, a.staked, a.net] : null, b ? [b.bets, b.staked, b.net] : null);
  }
  text('simulated counts', s.counts, n.counts);
  text('simulated net outcomes', s.mainNets, n.mainNets);
  text('return by penetration', saved.penetration.map((p) => [p.penetration, p.cutCard, p.rounds, p.seed, p.returnRatio]), now.penetration.map((p) => [p.penetration, p.cutCard, p.rounds, p.seed, p.returnRatio]));
  text('warnings', saved.warnings, now.warnings);
  const a = saved.identity.product, b = now.identity.product;
  if (a.version !== b.version || a.commit !== b.commit) notes.push(`saved by ${a.name} ${a.version} at commit ${a.commit ?? 'unknown'}; verified with ${b.version} at commit ${b.commit ?? 'unknown'}${b.modified ? ' (with local changes)' : ''}`);
  else notes.push(`same product: ${b.version} at commit ${b.commit ?? 'unknown'}${b.modified ? ' (with local changes)' : ''}`);
  return { holds: differences.length === 0, differences, notes };
}

/** What a saved sheet must have for a re-computation; null when it is not a par sheet of this format. */
export function savedSheetProblem(x: unknown): string | null {
  const s = x as Partial<ParSheetDocument> | null;
  if (typeof s !== 'object' || s === null) return 'not a json object';
  if (s.format !== SHEET_FORMAT) return `not a par sheet of format ${SHEET_FORMAT} (format: ${JSON.stringify(s.format)})`;
  if (!s.identity?.rules?.path || !s.simulation || typeof s.simulation.dealt !== 'number' || !Array.isArray(s.penetration)) return 'a par sheet without its identification or simulations';
  if (s.lang !== 'en' && s.lang !== 'ru') return `a par sheet in an unknown language (${JSON.stringify(s.lang)})`;
  return null;
}
