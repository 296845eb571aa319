// A machine action, written once: context and event in, the next context out, facts through `emit`,
// drafts from the engine that steps it. ChartRunner calls these directly; round-machine.ts hands xstate
// the same functions wrapped by xstateAction, so xstate's actor and the runner run one implementation.
import { enqueueActions } from 'xstate';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { Reason } from './reasons.js';
import { PER_OPERATION_COPY, type TableDrafts } from './change-table.js';
import { applyOperation, rejection, type Operation, type RoundContext } from './round-context.js';

export type StepAction = (context: RoundContext, event: MachineEvent, emit: (e: TableEvent) => void, drafts: TableDrafts) => RoundContext;

/** A pure operation as an action: run it on a draft; the draft becomes the context's table. */
export function operation(op: Operation): StepAction {
  return (context, event, emit, drafts) => {
    const table = applyOperation(context, event, op, emit, drafts);
    return table === context.table ? context : { rules: context.rules, table };
  };
}

/** An action that refuses the input: one input.rejected with the reason, the context unchanged. */
export function reject(reason: (context: RoundContext, event: MachineEvent) => Reason): StepAction {
  return (context, event, emit) => {
    emit(rejection(event, reason(context, event)));
    return context;
  };
}

/** The xstate form of a step action: it runs on its own copy of the table (an actor has no step), assigns
 *  the next table if it changed and emits the facts, in order. */
export function xstateAction(step: StepAction) {
  return enqueueActions<RoundContext, MachineEvent, undefined, MachineEvent, never, never, never, never, TableEvent>(({ context, event, enqueue }) => {
    const facts: TableEvent[] = [];
    const next = step(context, event, (e) => facts.push(e), PER_OPERATION_COPY);
    if (next !== context) enqueue.assign({ table: next.table });
    for (const e of facts) enqueue.emit(e);
  });
}

/** Every action of a table in its xstate form, under the same names. */
export function xstateActions<K extends string>(steps: Record<K, StepAction>): Record<K, ReturnType<typeof xstateAction>> {
  const out = {} as Record<K, ReturnType<typeof xstateAction>>;
  for (const name of Object.keys(steps) as K[]) out[name] = xstateAction(steps[name]);
  return out;
}
