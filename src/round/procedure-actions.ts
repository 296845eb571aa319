// The round machine's actions for the dealer-error procedures (docs/procedures.md), by name, each a
// StepAction over the pure operations; refusals say the procedure's own reason. Merged into roundActions
// (round-actions.ts).
import type { RuleSet } from '../rules/rule-set.js';
import type { InputOf } from './inputs.js';
import type { Emit, TableState } from './table-state.js';
import { operation, type StepAction } from './step-action.js';
import { cardOf } from './round-guards.js';
import { applyCorrection, enterCard } from './operations/misscan.js';
import { recordMove } from './operations/misplaced-card.js';
import { burnCalledCard, burnFaultCard, callBurn } from './operations/called-burn.js';
import { loadDiscards } from './operations/shoe-out.js';
import { countStub } from './operations/stub-count.js';

type Sup = InputOf<'supervisor'>;

const withSupervisor = (op: (s: TableState, rules: RuleSet, sup: Sup, emit: Emit) => void) =>
  operation((s, rules, e, emit) => {
    if (e.type === 'supervisor') op(s, rules, e.input, emit);
  });

export const procedureActions = {
  enterCard: withSupervisor(enterCard),
  correctCard: withSupervisor(applyCorrection),
  recordCardMove: withSupervisor((s, _r, sup, emit) => recordMove(s, sup, emit)),
  burnFaultCard: withSupervisor((s, _r, sup, emit) => burnFaultCard(s, sup, emit)),
  callBurn: withSupervisor((s, _r, sup, emit) => callBurn(s, sup, emit)),
  burnCalledCard: operation((s, _r, e, emit) => {
    const card = cardOf(e);
    if (card) burnCalledCard(s, card, emit);
  }),
  loadDiscards: operation((s, rules, e, emit) => loadDiscards(s, rules, e.type === 'supervisor' ? e.input.by : undefined, emit, false)),
  /** Paused (the dealer stopped when the shoe ran out): the discards loaded, the table resumes. */
  loadDiscardsAndResume: operation((s, rules, e, emit) => loadDiscards(s, rules, e.type === 'supervisor' ? e.input.by : undefined, emit, true)),
  countStub: withSupervisor((s, _r, sup, emit) => countStub(s, sup, emit)),
} satisfies Record<string, StepAction>;
