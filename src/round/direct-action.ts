// A machine action's direct form: the same pure operation the xstate action runs, callable without an
// actor (context and event in, the next context out, facts through `emit`). ChartRunner runs these.
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';

export type DirectAction = (context: RoundContext, event: MachineEvent, emit: (e: TableEvent) => void) => RoundContext;

const DIRECT = Symbol.for('table.directAction');

/** Attaches the direct form to an xstate action, so both run one implementation. */
export function withDirect<A extends object>(action: A, direct: DirectAction): A {
  Object.defineProperty(action, DIRECT, { value: direct });
  return action;
}

export function directOf(action: unknown): DirectAction | undefined {
  return action !== null && (typeof action === 'object' || typeof action === 'function') ? (action as Record<symbol, DirectAction>)[DIRECT] : undefined;
}
