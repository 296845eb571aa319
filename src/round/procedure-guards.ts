// The round machine's guards for the dealer-error procedures (docs/procedures.md), by name: each asks the
// procedure's own refusal (./operations/misscan.ts, misplaced-card.ts, called-burn.ts, shoe-out.ts, stub-count.ts) whether
// the input is taken now. Merged into roundGuards (round-guards.ts).
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import { judgeCorrection, refuseEntry } from './operations/misscan.js';
import { refuseMove } from './operations/misplaced-card.js';
import { refuseBurnCall, refuseFaultCardBurn } from './operations/called-burn.js';
import { shoeRunOut } from './operations/shoe-out.js';
import { refuseStubCount } from './operations/stub-count.js';

type GuardArgs = { context: RoundContext; event: MachineEvent };

const supervisorInput = (event: MachineEvent, action: string) =>
  event.type === 'supervisor' && event.input.action === action ? event.input : null;

export const procedureGuards = {
  entryAcceptable: ({ context, event }) => {
    const sup = supervisorInput(event, 'enterCard');
    return sup !== null && refuseEntry(context.table, context.rules, sup) === null;
  },
  correctionStands: ({ context, event }) => {
    const sup = supervisorInput(event, 'correctCard');
    if (!sup) return false;
    const judged = judgeCorrection(context.table, context.rules, sup);
    return judged.refused === null && judged.stands;
  },
  correctionVoids: ({ context, event }) => {
    const sup = supervisorInput(event, 'correctCard');
    if (!sup) return false;
    const judged = judgeCorrection(context.table, context.rules, sup);
    return judged.refused === null && !judged.stands;
  },
  moveAcceptable: ({ context, event }) => {
    const sup = supervisorInput(event, 'moveCard');
    return sup !== null && refuseMove(context.table, sup) === null;
  },
  faultCardBurnable: ({ context, event }) => {
    const sup = supervisorInput(event, 'burnCard');
    return sup !== null && refuseFaultCardBurn(context.table, sup) === null;
  },
  burnCallable: ({ context, event }) => {
    const sup = supervisorInput(event, 'burnCard');
    return sup !== null && context.table.faultCard === null && refuseBurnCall(context.table, sup) === null;
  },
  burnCalled: ({ context }) => context.table.burnCalled !== undefined,
  discardsLoadable: ({ context, event }) =>
    (event.type === 'shoe.loaded' || supervisorInput(event, 'loadDiscards') !== null) && shoeRunOut(context.table, context.rules),
  stubCountable: ({ context, event }) => {
    const sup = supervisorInput(event, 'countStub');
    return sup !== null && refuseStubCount(context.table, sup) === null;
  },
} satisfies Record<string, (args: GuardArgs) => boolean>;
