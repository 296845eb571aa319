// The round machine's context and the glue that lets a pure operation run as a machine action:
// the operation changes a draft of the table state and emits facts; the action assigns and emits them.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { Emit, TableState } from './table-state.js';

export interface RoundContext {
  readonly rules: RuleSet;
  readonly table: TableState;
}

export type Operation = (draft: TableState, rules: RuleSet, event: MachineEvent, emit: Emit) => void;

/** Runs a pure operation on a copy of the table state; the copy replaces the state, the facts are emitted. */
export function runOperation(context: RoundContext, event: MachineEvent, operation: Operation): { table: TableState; events: TableEvent[] } {
  const draft = structuredClone(context.table);
  const events: TableEvent[] = [];
  operation(draft, context.rules, event, (e) => events.push(e));
  return { table: draft, events };
}

export function rejection(event: MachineEvent, reason: string): TableEvent {
  return { type: 'input.rejected', ...(event.line !== undefined ? { line: event.line } : {}), input: event.input, reason };
}
