// Why the round machine refuses an input where no validating rule gives a reason of its own: the
// default reason of an input.rejected, from the input and the table's phase.
import { parseCard } from '../rules/cards.js';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import { describePhase } from './describe-phase.js';
import { shoeReadyForBetting } from './operations/shoe.js';
import { refuseBet } from './operations/betting.js';
import { refuseUseOfFaultCard } from './operations/play.js';
import { SHOE_FAULTS, SUPERVISOR_ACTIONS, SUPERVISOR_CLEARED_SHOE_FAULTS } from './inputs.js';
import { roundOpen } from './round-guards.js';

/** Why an input is refused here: from the validating rule where there is one, else the table's phase. */
export function refusalReason({ rules, table }: RoundContext, event: MachineEvent): string {
  switch (event.type) {
    case 'card': {
      const parsed = parseCard(event.input.card);
      if (!parsed.ok) return parsed.reason;
      return `card ${parsed.card} not expected: ${describePhase(table)}`;
    }
    case 'bet':
      if (!shoeReadyForBetting(table) || table.boxes.length > 0) return `no betting now: ${describePhase(table)}`;
      return refuseBet(table, rules, event.input) ?? 'bet refused';
    case 'bet.cancel':
      return `no bets to cancel now: ${describePhase(table)}`;
    case 'betting.closed':
    case 'betting.timeout':
      return table.boxes.length === 0 && shoeReadyForBetting(table) ? 'no main bet on the table' : `betting is not open: ${describePhase(table)}`;
    case 'supervisor': {
      const action = event.input.action;
      if (!(SUPERVISOR_ACTIONS as readonly string[]).includes(action)) return `unknown supervisor action "${action}"`;
      if (action === 'resume') return 'the table is not paused';
      if (action === 'useCard') return refuseUseOfFaultCard(table) ?? 'the table is not paused';
      if (action === 'shoeChange') return 'no shoe to change';
      if (action === 'pause') return 'the table is already paused';
      return 'no round to void';
    }
    case 'shoe.loaded':
      return roundOpen(table) ? 'a round is open: void it before changing the shoe' : `no shoe change now: ${describePhase(table)}`;
    case 'cut-card':
      return 'no shoe is loaded';
    case 'decision':
    case 'decision.timeout':
      return `no decision expected: ${describePhase(table)}`;
    case 'shoe.fault':
      return `unknown shoe fault "${event.input.fault}"; known: ${SHOE_FAULTS.join(', ')}`;
    case 'shoe.recovered':
      return SUPERVISOR_CLEARED_SHOE_FAULTS.includes(event.input.fault as never)
        ? `a "${event.input.fault}" fault is cleared only by a supervisor's resume`
        : `no open "${event.input.fault}" fault to clear`;
    case 'table.recovered':
      return 'recovery marker not accepted';
  }
}
