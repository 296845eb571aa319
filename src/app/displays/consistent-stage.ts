// One phase per staff view: the header's stage (the log's view of the table) and the next step (the live
// table's) come from two sources, and a view built while the log's fold is a step behind the live table
// could read "Dealer's turn" beside "Betting is open". The next step wins: it is what the dealer acts on,
// and the fold catches up on the next event. A dealing step keeps the fold's finer stage (playing, offers,
// the dealer's turn) unless that stage belongs to a moment outside the deal.
import type { DealerInstruction } from './dealer-instruction.js';
import type { Stage } from './table-view.js';

/** Stages of the moments outside a round's deal (no card for a seat or the dealer is due in them). */
const OUTSIDE_DEAL: ReadonlySet<Stage> = new Set(['noShoe', 'newShoe', 'betting', 'roundOver', 'results']);

/** The stage a staff view shows beside `instruction`, given the fold's `stage`. */
export function stageBeside(instruction: DealerInstruction, stage: Stage): Stage {
  switch (instruction.kind) {
    case 'bettingOpen':
      return 'betting';
    case 'collect':
      return 'results';
    case 'loadShoe':
      return 'noShoe';
    case 'burn':
      return 'newShoe';
    case 'cardToDealer':
      return OUTSIDE_DEAL.has(stage) ? (instruction.hole ? 'dealing' : 'dealer') : stage;
    case 'cardToSeat':
    case 'awaitDecision':
      return OUTSIDE_DEAL.has(stage) ? 'playing' : stage;
    case 'paused':
    case 'halted':
    case 'wait':
    // A procedure's step (docs/procedures.md) comes in the moment the fold already shows.
    case 'burnCalled':
    case 'shoeOut':
      return stage;
  }
}
