// The betting countdown as the log tells it, for every audience. It follows the betting timer
// (src/app/table/betting-timer.ts): it runs while betting is open with at least one main bet and the table is
// not paused, from the wall time of the input that started it (the first main bet of the round, or the
// resume), for the table's `bettingSeconds`; it ends when betting closes (by the countdown, the dealer's
// button or the dealer page), when the last main bet is withdrawn, and while the table is paused.
import { countdownFrom } from './countdown.js';
import type { Draft } from './draft.js';
import type { TableView } from './table-view.js';
import type { TimedViewFact } from '../../ports/view-facts.js';

function hasMainBet(view: Draft<TableView>): boolean {
  return view.seats.some((s) => s.bets.some((b) => b.kind === 'main'));
}

/**
 * Updates `bettingCountdown` of a view the fact has just been applied to (no countdown without `seconds`),
 * and `bettingWaits`: from the moment betting opens until the first main bet, the countdown's length, so the
 * pages show it waiting ("8 s from the first bet") instead of nothing.
 */
export function advanceBettingCountdown(view: Draft<TableView>, { at }: TimedViewFact, seconds: number | undefined): void {
  const open = seconds !== undefined && view.stage === 'betting' && !view.paused;
  const bet = open && hasMainBet(view);
  const waits = open && !bet ? seconds : null;
  if ((view.bettingWaits ?? null) !== waits) view.bettingWaits = waits;
  if (!bet) {
    view.bettingCountdown = null;
    return;
  }
  if (view.bettingCountdown === null) view.bettingCountdown = countdownFrom(at, seconds);
}
