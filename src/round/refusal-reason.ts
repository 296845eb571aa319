// Why the round machine refuses an input where no validating rule gives a reason of its own: the
// default reason of an input.rejected, from the input and the table's phase.
import { parseCard } from '../rules/cards.js';
import { NO_PARAMS } from '../rules/rule-reasons.js';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import { phaseOf } from './describe-phase.js';
import { reason, type Reason } from './reasons.js';
import { shoeReadyForBetting } from './operations/shoe.js';
import { refuseBet } from './operations/betting.js';
import { refuseUseOfFaultCard } from './operations/play.js';
import { SHOE_FAULTS, SUPERVISOR_ACTIONS, SUPERVISOR_CLEARED_SHOE_FAULTS } from './inputs.js';
import { roundOpen } from './round-guards.js';
import { PROCEDURE_ACTIONS } from './procedure-names.js';
import { refuseProcedure } from './procedure-refusal.js';

/** Why an input is refused here: from the validating rule where there is one, else the table's phase. */
export function refusalReason({ rules, table }: RoundContext, event: MachineEvent): Reason {
  switch (event.type) {
    case 'card': {
      const parsed = parseCard(event.input.card);
      if (!parsed.ok) return parsed.why;
      return reason('cardNotExpected', { card: parsed.card, ...phaseOf(table) });
    }
    case 'bet':
      if (!shoeReadyForBetting(table) || table.boxes.length > 0 || table.showingResults === true) return reason('noBettingNow', phaseOf(table));
      return refuseBet(table, rules, event.input) ?? reason('betRefused', NO_PARAMS);
    case 'bet.cancel':
      return reason('noBetsToCancel', phaseOf(table));
    case 'betting.closed':
    case 'betting.timeout':
      return table.boxes.length === 0 && shoeReadyForBetting(table) && table.showingResults !== true ? reason('noMainBet', NO_PARAMS) : reason('bettingNotOpen', phaseOf(table));
    case 'supervisor': {
      const action = event.input.action;
      if (!(SUPERVISOR_ACTIONS as readonly string[]).includes(action)) return reason('unknownSupervisorAction', { action });
      if (action === 'resume') return reason('notPaused', NO_PARAMS);
      if (action === 'useCard') return refuseUseOfFaultCard(table) ?? reason('notPaused', NO_PARAMS);
      if (action === 'shoeChange') return table.shoe?.finished === true ? reason('shoeAlreadyOut', { shoe: table.shoe.number }) : reason('noShoeToChange', NO_PARAMS);
      if (action === 'pause') return reason('alreadyPaused', NO_PARAMS);
      if ((PROCEDURE_ACTIONS as readonly string[]).includes(action)) return refuseProcedure({ rules, table }, event) ?? reason('pausedTable', NO_PARAMS);
      return reason('noRoundToVoid', NO_PARAMS);
    }
    case 'shoe.loaded':
      return roundOpen(table) ? reason('roundOpenShoe', NO_PARAMS) : reason('noShoeChangeNow', phaseOf(table));
    case 'cut-card':
      return reason('noShoeLoaded', NO_PARAMS);
    case 'decision':
    case 'decision.timeout':
      return reason('noDecisionExpected', phaseOf(table));
    case 'shoe.fault':
      return reason('unknownShoeFault', { text: String(event.input.fault), list: SHOE_FAULTS.join(', ') });
    case 'shoe.recovered':
      return SUPERVISOR_CLEARED_SHOE_FAULTS.includes(event.input.fault as never)
        ? reason('faultClearedBySupervisor', { fault: String(event.input.fault) })
        : reason('noFaultToClear', { fault: String(event.input.fault) });
    case 'table.recovered':
      return reason('recoveryRefused', NO_PARAMS);
    case 'results.timeout':
    // The table's settings are taken in every phase (round-machine.ts): never refused.
    case 'results.configured':
    case 'receipts.configured':
    case 'dealer.changed':
      return reason('noResultsShowing', phaseOf(table));
  }
}
