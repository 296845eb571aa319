// The round machine's context and the glue that lets a pure operation run as a machine action:
// the operation changes a draft of the table state and emits facts; the action assigns and emits them.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { Emit, TableState } from './table-state.js';
import { changeTable, copyDraftOf } from './change-table.js';

export interface RoundContext {
  readonly rules: RuleSet;
  readonly table: TableState;
}

export type Operation = (draft: TableState, rules: RuleSet, event: MachineEvent, emit: Emit) => void;

/** Runs a pure operation on a draft of the table state (see change-table.ts); the result replaces the state. */
export function runOperation(context: RoundContext, event: MachineEvent, operation: Operation): { table: TableState; events: TableEvent[] } {
  const events: TableEvent[] = [];
  const table = applyOperation(context, event, operation, (e) => events.push(e));
  return { table, events };
}

/** The same for a direct step: the facts go straight to `emit`; returns the next table state. */
export function applyOperation(context: RoundContext, event: MachineEvent, operation: Operation, emit: Emit): TableState {
  const draft = copyDraftOf(context.table);
  if (draft !== null) {
    operation(draft, context.rules, event, emit);
    return draft;
  }
  return changeTable(context.table, (d) => operation(d, context.rules, event, emit));
}

export function rejection(event: MachineEvent, reason: string): TableEvent {
  return event.line !== undefined
    ? { type: 'input.rejected', line: event.line, input: event.input, reason }
    : { type: 'input.rejected', input: event.input, reason };
}
