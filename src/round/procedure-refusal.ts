// Why a procedure's input (docs/procedures.md) is refused now: the first of the procedure's own refusals
// that applies. refusal-reason.ts asks it for every supervisor action that names a procedure.
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import { NO_PARAMS } from '../rules/rule-reasons.js';
import { reason, type Reason } from './reasons.js';
import { judgeCorrection, refuseEntry } from './operations/misscan.js';
import { refuseMove } from './operations/misplaced-card.js';
import { refuseBurnCall, refuseFaultCardBurn } from './operations/called-burn.js';
import { refuseStubCount } from './operations/stub-count.js';

export function refuseProcedure({ table, rules }: RoundContext, event: MachineEvent): Reason | null {
  if (event.type !== 'supervisor') return null;
  const sup = event.input;
  switch (sup.action) {
    case 'enterCard': return refuseEntry(table, rules, sup);
    case 'correctCard': return judgeCorrection(table, rules, sup).refused;
    case 'moveCard': return refuseMove(table, sup);
    case 'burnCard': return table.faultCard ? refuseFaultCardBurn(table, sup) : refuseBurnCall(table, sup);
    case 'loadDiscards': return reason('shoeNotOut', NO_PARAMS);
    case 'countStub': return refuseStubCount(table, sup);
    default: return null;
  }
}
