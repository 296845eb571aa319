// A table opening on a rule set that pays the player (analysis/edge-warnings.ts) says so in its log: the
// exact analysis runs in a worker (exact-in-worker.ts, a few seconds; the table serves meanwhile) and each
// warning is handed to `warn` (e.g. the table logger's warn). Wire it where the table's rules are loaded:
//   void warnIfTablePaysPlayer(rules, (message, edge) => log.warn({ edge }, message));
import type { RuleSet } from '../../rules/rule-set.js';
import { edgeWarnings } from '../../analysis/edge-warnings.js';
import { mainInWorker } from './exact-in-worker.js';
import { sideBetsOf } from './assemble-par-sheet.js';

export interface TableEdge {
  readonly main: number;
  readonly sideBets: Array<{ bet: string; expectedReturn: number }>;
}

/** Resolves with the warnings given to `warn` (none when the house keeps an edge everywhere); a failed
 *  analysis is reported through `onError` and warns nothing. */
export async function warnIfTablePaysPlayer(
  rules: RuleSet,
  warn: (message: string, edge: TableEdge) => void,
  onError: (err: unknown) => void = () => undefined,
): Promise<string[]> {
  try {
    const exact = await mainInWorker(rules);
    const edge: TableEdge = { main: exact.main.expectedReturn, sideBets: sideBetsOf(rules).map((s) => ({ bet: s.bet, expectedReturn: s.expectedReturn })) };
    const warnings = edgeWarnings({ rules: rules.name, ...edge });
    for (const w of warnings) warn(`this table pays the player: ${w}`, edge);
    return warnings;
  } catch (err) {
    onError(err);
    return [];
  }
}
