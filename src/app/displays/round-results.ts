// The round's results as the results moment shows them (docs/live-table.md, "The results moment"): for each
// box its owner, what its hands came to and the net of every bet on it, the dealer's total, and the house's
// net for the round — made once from the table view when the moment begins (`results.shown`), kept until it
// ends (`results.cleared`). Amounts are integer minor units; the pages put them in words and the table's currency.
import type { Outcome } from '../../rules/settle-hand.js';
import type { Draft } from './draft.js';
import type { CountdownView, TableView } from './table-view.js';

export interface BoxResultView {
  readonly seat: number;
  readonly player: string | null;
  /** Each hand's outcome for its owner's main bet, in play order (a split box has more than one). */
  readonly outcomes: readonly Outcome[];
  /** Each hand's total, in play order (null: no card). */
  readonly totals: readonly (number | null)[];
  /** Everything staked on the box (main, behind, side bets, insurance, doubles). */
  readonly staked: number;
  /** The net of everything settled on the box, for the players (positive: they won). */
  readonly net: number;
}

export interface RoundResultsView {
  readonly round: number;
  /** How long the moment lasts, from `startedAt` to `deadline` (wall time of the settlement). */
  readonly countdown: CountdownView;
  readonly boxes: readonly BoxResultView[];
  readonly dealerTotal: number | null;
  readonly dealerBlackjack: boolean;
  /** The house's net for the round (positive: the house won). */
  readonly houseNet: number;
}

/** The results of the round in `view`, when its moment begins at `at` for `seconds`. */
export function roundResults(view: Draft<TableView>, round: number, seconds: number, at: string): RoundResultsView {
  const boxes: BoxResultView[] = [];
  let houseNet = 0;
  for (const seat of view.seats) {
    if (seat.hands.length === 0 && seat.results.length === 0) continue;
    const settled = [...seat.hands.flatMap((h) => h.results), ...seat.results];
    const net = settled.reduce((sum, r) => sum + r.net, 0);
    const staked = settled.reduce((sum, r) => sum + r.stake, 0);
    houseNet -= net;
    boxes.push({
      seat: seat.seat,
      player: seat.owner,
      outcomes: seat.hands.map((h) => h.results.find((r) => r.bet === 'main' && r.player === seat.owner)?.outcome ?? h.results[0]?.outcome ?? 'void'),
      totals: seat.hands.map((h) => h.total),
      staked,
      net,
    });
  }
  const started = Date.parse(at);
  const deadline = Number.isNaN(started) ? at : new Date(started + seconds * 1000).toISOString();
  return {
    round,
    countdown: { startedAt: at, deadline, seconds },
    boxes,
    dealerTotal: view.dealer.total,
    dealerBlackjack: view.dealer.blackjack,
    houseNet,
  };
}
