// The round machine's context and the glue that lets a pure operation run as a machine action:
// the operation changes a draft of the table state and emits facts; the draft becomes the next state.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { Emit, TableState } from './table-state.js';
import type { TableDrafts } from './change-table.js';
import type { Reason } from './reasons.js';
import { withSentence } from './reason-sentence.js';

export interface RoundContext {
  readonly rules: RuleSet;
  readonly table: TableState;
}

export type Operation = (draft: TableState, rules: RuleSet, event: MachineEvent, emit: Emit) => void;

/** Runs a pure operation on a draft of the table state (see change-table.ts); returns the next table state. */
export function applyOperation(context: RoundContext, event: MachineEvent, operation: Operation, emit: Emit, drafts: TableDrafts): TableState {
  const draft = drafts.draftOf(context.table);
  operation(draft, context.rules, event, emit);
  return drafts.done(draft);
}

export function rejection(event: MachineEvent, why: Reason): TableEvent {
  const stored = withSentence(why);
  return event.line !== undefined
    ? { type: 'input.rejected', line: event.line, input: event.input, ...stored }
    : { type: 'input.rejected', input: event.input, ...stored };
}
