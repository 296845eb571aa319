// The results moment (docs/live-table.md, "The results moment"): after a round settles the table holds
// for the table file's `resultsSeconds` — the dealer collects and pays, every display shows the round's
// results — before betting opens. The hold is on the log: it begins with the settlement's facts
// (`results.shown`) and ends with the results timer's `results.timeout` input (`results.cleared`). How long
// it lasts is itself an input (`results.configured`), so a log replays the same whatever the table file
// says today; a table that never recorded one has no hold and deals as it always did.
// Also here: the dealer on duty (`dealer.changed`), a fact of the table that changes no round.
import type { InputOf } from '../inputs.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Emit, TableState } from '../table-state.js';
import { callDealerChangeBurn } from './called-burn.js';

/** The table file's results moment, recorded: it applies from the next round that settles. */
export function configureResults(s: TableState, input: InputOf<'results.configured'>, emit: Emit): void {
  if (input.seconds > 0) s.resultsSeconds = input.seconds;
  else delete s.resultsSeconds;
  emit({ type: 'results.configured', seconds: input.seconds });
}

/** Whether a settled round holds for its results. */
export function holdsResults(s: TableState): boolean {
  return (s.resultsSeconds ?? 0) > 0;
}

/**
 * The round settled: with a results moment the table holds, its round closed (no bet or box is open, so
 * nothing can be voided or is interrupted by a restart), until the results timer ends the moment.
 */
export function showResults(s: TableState, emit: Emit): void {
  if (!holdsResults(s)) return;
  s.showingResults = true;
  s.bets = [];
  s.boxes = [];
  emit({ type: 'results.shown', round: s.round, seconds: s.resultsSeconds ?? 0 });
}

/** The moment ends (its timer, or a shoe change that ends the shoe): the displays clear the results. */
export function clearResults(s: TableState, emit: Emit): void {
  if (s.showingResults !== true) return;
  delete s.showingResults;
  emit({ type: 'results.cleared', round: s.round });
}

/** The dealer on duty changed (from the dealer's page or the API). Where the rule set asks for it, the
 *  next card in play is burned (operations/called-burn.ts). */
export function changeDealer(s: TableState, rules: RuleSet, input: InputOf<'dealer.changed'>, emit: Emit): void {
  emit({ type: 'dealer.changed', round: s.round, dealer: input.dealer });
  if (rules.burnOnDealerChange === true) callDealerChangeBurn(s, emit);
}
